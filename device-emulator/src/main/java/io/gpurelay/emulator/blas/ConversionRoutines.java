package io.gpurelay.emulator.blas;

/**
 * dgmm and the conversions between full and packed triangular storage (tpttr, trttp), in single and double
 * precision. dgmm's elements are one product each, rounded once to the precision (as the GPU's multiply rounds it);
 * the conversions only move elements.
 */
final class ConversionRoutines
{
    private ConversionRoutines()
    {
    }

    /**
     * C = A diag(x) (right) or diag(x) A (left); a negative increment reads x backwards, a zero one repeats x[0].
     */
    static int dgmm(final Precision precision, final String routine, final CublasHandle handle, final int side,
        final int m, final int n, final long a, final int lda, final long x, final int incx, final long c,
        final int ldc)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireSide(side);
            call.requireNonNegative("m", m);
            call.requireNonNegative("n", n);
            call.requireLeadingDimension("lda", lda, m);
            call.requireLeadingDimension("ldc", ldc, m);
            if (m == 0 || n == 0)
            {
                return;
            }
            final int length = side == CublasSideMode.LEFT ? m : n;
            final double[] diagonal = doubles(call.vector("x", x, length, incx).read(precision));
            final double[] aValues = doubles(call.matrix("A", a, m, n, lda).read(precision));
            final DeviceRegion cRegion = call.matrix("C", c, m, n, ldc);
            final Object cValues = cRegion.read(precision);
            final int step = Math.abs(incx);
            for (int j = 0; j < n; j++)
            {
                for (int i = 0; i < m; i++)
                {
                    final int k = side == CublasSideMode.LEFT ? i : j;
                    final int index = incx >= 0 ? k * step : (length - 1 - k) * step;
                    set(cValues, i + j * ldc, aValues[i + j * lda] * diagonal[index]);
                }
            }
            cRegion.writeMatrix(cValues, m, n, ldc);
        });
    }

    /**
     * tpttr (toPacked false): the packed triangle AP into the triangle of A that uplo names, the other left as it is;
     * trttp (toPacked true): that triangle of A into AP. Packed storage is column by column.
     */
    static int tpttr(final Precision precision, final String routine, final CublasHandle handle,
        final boolean toPacked, final int uplo, final int n, final long ap, final long a, final int lda)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireFillMode(uplo);
            call.requireNonNegative("n", n);
            call.requireLeadingDimension("lda", lda, n);
            if (n == 0)
            {
                return;
            }
            final int packedLength = n * (n + 1) / 2;
            final DeviceRegion packed = call.region("AP", ap, packedLength, precision.elementSize);
            final DeviceRegion full = call.matrix("A", a, n, n, lda);
            final Object packedValues = packed.read(precision);
            final Object fullValues = full.read(precision);
            int p = 0;
            for (int j = 0; j < n; j++)
            {
                final int first = uplo == CublasFillMode.UPPER ? 0 : j;
                final int last = uplo == CublasFillMode.UPPER ? j : n - 1;
                for (int i = first; i <= last; i++, p++)
                {
                    if (toPacked)
                    {
                        set(packedValues, p, get(fullValues, i + j * lda));
                    }
                    else
                    {
                        set(fullValues, i + j * lda, get(packedValues, p));
                    }
                }
            }
            if (toPacked)
            {
                packed.writeRun(packedValues, 0, packedLength);
            }
            else
            {
                full.writeTriangle(fullValues, n, lda, uplo);
            }
        });
    }

    private static double[] doubles(final Object values)
    {
        if (values instanceof double[] doubles)
        {
            return doubles;
        }
        final float[] floats = (float[])values;
        final double[] doubles = new double[floats.length];
        for (int i = 0; i < floats.length; i++)
        {
            doubles[i] = floats[i];
        }
        return doubles;
    }

    private static double get(final Object values, final int index)
    {
        return values instanceof float[] floats ? floats[index] : ((double[])values)[index];
    }

    private static void set(final Object values, final int index, final double value)
    {
        if (values instanceof float[] floats)
        {
            floats[index] = (float)value;
        }
        else
        {
            ((double[])values)[index] = value;
        }
    }
}
