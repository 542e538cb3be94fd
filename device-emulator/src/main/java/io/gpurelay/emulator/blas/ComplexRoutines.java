package io.gpurelay.emulator.blas;

/**
 * The complex routines the emulator has: axpy, dotu and dotc, scal (with a complex or a real alpha) and gemm, in
 * single (C) and double (Z) precision. A complex element is its real part followed by its imaginary part, each of the
 * precision's size; increments and leading dimensions count complex elements. Each product is computed in double
 * precision and rounded once to the element type, so single-precision results can differ from a GPU's, which rounds
 * every fused multiply-add, in the last bits. Argument checks are those of the real routines of the same name.
 */
final class ComplexRoutines
{
    private ComplexRoutines()
    {
    }

    static int axpy(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final Scalar alphaRe, final Scalar alphaIm, final long x, final int incx, final long y, final int incy)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            if (n <= 0)
            {
                return;
            }
            final double ar = call.scalar("alpha", alphaRe);
            final double ai = call.scalar("alpha", alphaIm);
            if (ar == 0.0 && ai == 0.0)
            {
                return;
            }
            final double[] xs = vector(call, "x", x, n, incx).values;
            final ComplexVector yv = vector(call, "y", y, n, incy);
            final double[] ys = yv.values;
            for (int i = 0; i < n; i++)
            {
                final int xi = 2 * position(i, n, incx);
                final int yi = 2 * position(i, n, incy);
                final double xr = xs[xi];
                final double xim = xs[xi + 1];
                ys[yi] += ar * xr - ai * xim;
                ys[yi + 1] += ar * xim + ai * xr;
            }
            yv.writeElements(precision, n, incy);
        });
    }

    /**
     * @param conjugate dotc (the sum of conj(x(i)) y(i)) rather than dotu.
     */
    static int dot(final Precision precision, final String routine, final CublasHandle handle,
        final boolean conjugate, final int n, final long x, final int incx, final long y, final int incy,
        final ScalarResult re, final ScalarResult im)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            final long reTarget = call.resultTarget(re, 2 * precision.elementSize);
            final long imTarget = reTarget == 0 ? 0 : reTarget + precision.elementSize;
            double sumRe = 0;
            double sumIm = 0;
            if (n > 0)
            {
                final double[] xs = vector(call, "x", x, n, incx).values;
                final double[] ys = vector(call, "y", y, n, incy).values;
                for (int i = 0; i < n; i++)
                {
                    final int xi = 2 * position(i, n, incx);
                    final int yi = 2 * position(i, n, incy);
                    final double xr = xs[xi];
                    final double xim = conjugate ? -xs[xi + 1] : xs[xi + 1];
                    sumRe += xr * ys[yi] - xim * ys[yi + 1];
                    sumIm += xr * ys[yi + 1] + xim * ys[yi];
                }
            }
            call.storeResult(re, reTarget, sumRe);
            call.storeResult(im, imTarget, sumIm);
        });
    }

    /**
     * x = alpha x; a real alpha (csscal, zdscal) is a complex one whose imaginary part is 0. An increment &lt;= 0
     * does nothing, as in the real scal.
     */
    static int scal(final Precision precision, final String routine, final CublasHandle handle, final int n,
        final Scalar alphaRe, final Scalar alphaIm, final long x, final int incx)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            if (n <= 0 || incx <= 0)
            {
                return;
            }
            final double ar = call.scalar("alpha", alphaRe);
            final double ai = alphaIm == null ? 0.0 : call.scalar("alpha", alphaIm);
            final ComplexVector xv = vector(call, "x", x, n, incx);
            final double[] xs = xv.values;
            for (int i = 0; i < n; i++)
            {
                final int xi = 2 * i * incx;
                final double xr = xs[xi];
                final double xim = xs[xi + 1];
                xs[xi] = ar * xr - ai * xim;
                xs[xi + 1] = ar * xim + ai * xr;
            }
            xv.writeElements(precision, n, incx);
        });
    }

    static int gemm(final Precision precision, final String routine, final CublasHandle handle, final int transa,
        final int transb, final int m, final int n, final int k, final Scalar alphaRe, final Scalar alphaIm,
        final long a, final int lda, final long b, final int ldb, final Scalar betaRe, final Scalar betaIm,
        final long c, final int ldc)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireOperation("transa", transa);
            call.requireOperation("transb", transb);
            call.requireNonNegative("m", m);
            call.requireNonNegative("n", n);
            call.requireNonNegative("k", k);
            final boolean aNormal = transa == CublasOperation.N;
            final boolean bNormal = transb == CublasOperation.N;
            call.requireLeadingDimension("lda", lda, aNormal ? m : k);
            call.requireLeadingDimension("ldb", ldb, bNormal ? k : n);
            call.requireLeadingDimension("ldc", ldc, m);
            if (m == 0 || n == 0)
            {
                return;
            }
            final double ar = call.scalar("alpha", alphaRe);
            final double ai = call.scalar("alpha", alphaIm);
            final double br = call.scalar("beta", betaRe);
            final double bi = call.scalar("beta", betaIm);
            final boolean product = k > 0 && (ar != 0.0 || ai != 0.0);
            final double[] as = product ? matrix(call, "A", a, aNormal ? m : k, aNormal ? k : m, lda).values : null;
            final double[] bs = product ? matrix(call, "B", b, bNormal ? k : n, bNormal ? n : k, ldb).values : null;
            final ComplexVector cm = matrix(call, "C", c, m, n, ldc);
            final double[] cs = cm.values;
            final boolean conjugateA = transa == CublasOperation.C;
            final boolean conjugateB = transb == CublasOperation.C;
            for (int j = 0; j < n; j++)
            {
                for (int i = 0; i < m; i++)
                {
                    double sumRe = 0;
                    double sumIm = 0;
                    for (int p = 0; product && p < k; p++)
                    {
                        final int ap = 2 * (aNormal ? i + p * lda : p + i * lda);
                        final int bp = 2 * (bNormal ? p + j * ldb : j + p * ldb);
                        final double aRe = as[ap];
                        final double aIm = conjugateA ? -as[ap + 1] : as[ap + 1];
                        final double bRe = bs[bp];
                        final double bIm = conjugateB ? -bs[bp + 1] : bs[bp + 1];
                        sumRe += aRe * bRe - aIm * bIm;
                        sumIm += aRe * bIm + aIm * bRe;
                    }
                    final int cp = 2 * (i + j * ldc);
                    // beta = 0 ignores C, which may hold NaN, as cuBLAS does.
                    final double cRe = br == 0.0 && bi == 0.0 ? 0.0 : br * cs[cp] - bi * cs[cp + 1];
                    final double cIm = br == 0.0 && bi == 0.0 ? 0.0 : br * cs[cp + 1] + bi * cs[cp];
                    cs[cp] = ar * sumRe - ai * sumIm + cRe;
                    cs[cp + 1] = ar * sumIm + ai * sumRe + cIm;
                }
            }
            cm.writeColumns(precision, m, n, ldc);
        });
    }

    /**
     * Where the i-th element of a vector of n elements with increment inc lies, in elements from its lowest one.
     */
    private static int position(final int i, final int n, final int inc)
    {
        return inc >= 0 ? i * inc : (n - 1 - i) * -inc;
    }

    private static ComplexVector vector(final BlasCall call, final String name, final long address, final int n,
        final int inc)
    {
        final long span = n <= 0 ? 0 : 1 + (n - 1) * Math.abs((long)inc);
        return new ComplexVector(call.region(name, address, 2 * span, call.precision.elementSize),
            call.precision);
    }

    private static ComplexVector matrix(final BlasCall call, final String name, final long address, final int rows,
        final int cols, final int ld)
    {
        final long span = rows <= 0 || cols <= 0 ? 0 : (cols - 1) * (long)ld + rows;
        return new ComplexVector(call.region(name, address, 2 * span, call.precision.elementSize),
            call.precision);
    }

    /**
     * The reals of a device region as doubles, written back rounded to the element type.
     */
    private static final class ComplexVector
    {
        final DeviceRegion region;
        final double[] values;

        ComplexVector(final DeviceRegion region, final Precision precision)
        {
            this.region = region;
            if (precision == Precision.SINGLE)
            {
                final float[] floats = region.readFloats();
                values = new double[floats.length];
                for (int i = 0; i < floats.length; i++)
                {
                    values[i] = floats[i];
                }
            }
            else
            {
                values = region.readDoubles();
            }
        }

        /**
         * Store the n complex elements of a vector with increment inc, and nothing between them.
         */
        void writeElements(final Precision precision, final int n, final int inc)
        {
            final Object stored = rounded(precision);
            final int step = Math.max(1, Math.abs(inc));
            for (int i = 0; i < n; i++)
            {
                region.writeRun(stored, 2 * i * step, 2);
            }
        }

        /**
         * Store the rows x cols complex matrix with leading dimension ld, one column at a time.
         */
        void writeColumns(final Precision precision, final int rows, final int cols, final int ld)
        {
            final Object stored = rounded(precision);
            for (int j = 0; j < cols; j++)
            {
                region.writeRun(stored, 2 * j * ld, 2 * rows);
            }
        }

        private Object rounded(final Precision precision)
        {
            if (precision == Precision.DOUBLE)
            {
                return values;
            }
            final float[] floats = new float[values.length];
            for (int i = 0; i < floats.length; i++)
            {
                floats[i] = (float)values[i];
            }
            return floats;
        }
    }
}
