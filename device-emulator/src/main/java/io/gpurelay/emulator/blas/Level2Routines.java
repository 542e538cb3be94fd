package io.gpurelay.emulator.blas;

import static io.gpurelay.emulator.blas.Level1Routines.first;

/**
 * gemv, ger, symv, trmv and trsv, with the argument checks cuBLAS documents for them.
 * <p>
 * cuBLAS 13.1 itself was measured returning {@link CublasStatus#SUCCESS} from gemv for an invalid trans, m &lt; 0
 * and zero increments, and for lda = 0 with m = 0, while refusing lda &lt; m; the emulator follows the
 * documentation, which refuses all of them, as it does for the other routines where cuBLAS does too.
 */
final class Level2Routines
{
    private Level2Routines()
    {
    }

    static int gemv(final Precision precision, final String routine, final CublasHandle handle, final int trans,
        final int m, final int n, final Scalar alpha, final long a, final int lda, final long x, final int incx,
        final Scalar beta, final long y, final int incy)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireOperation("trans", trans);
            call.requireNonNegative("m", m);
            call.requireNonNegative("n", n);
            call.requireLeadingDimension("lda", lda, m);
            call.requireIncrement("incx", incx);
            call.requireIncrement("incy", incy);
            if (m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            if (alphaValue == 0.0 && betaValue == 1.0)
            {
                return;
            }
            final boolean transpose = CublasOperation.transposes(trans);
            final int xLength = transpose ? m : n;
            final int yLength = transpose ? n : m;
            final DeviceRegion aRegion = alphaValue == 0.0 ? null : call.matrix("A", a, m, n, lda);
            final DeviceRegion xRegion = alphaValue == 0.0 ? null : call.vector("x", x, xLength, incx);
            final DeviceRegion yRegion = call.vector("y", y, yLength, incy);
            final Object yValues = yRegion.read(precision);
            if (alphaValue == 0.0)
            {
                precision.kernels.scaleVector(yLength, betaValue, yValues, first(yLength, incy), incy);
            }
            else
            {
                precision.kernels.gemv(transpose, m, n, alphaValue, aRegion.read(precision), lda,
                    xRegion.read(precision), first(xLength, incx), incx, betaValue, yValues, first(yLength, incy),
                    incy);
            }
            yRegion.writeVector(yValues, yLength, incy);
        });
    }

    static int ger(final Precision precision, final String routine, final CublasHandle handle, final int m,
        final int n, final Scalar alpha, final long x, final int incx, final long y, final int incy, final long a,
        final int lda)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireNonNegative("m", m);
            call.requireNonNegative("n", n);
            call.requireIncrement("incx", incx);
            call.requireIncrement("incy", incy);
            call.requireLeadingDimension("lda", lda, m);
            if (m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            if (alphaValue == 0.0)
            {
                return;
            }
            final DeviceRegion xRegion = call.vector("x", x, m, incx);
            final DeviceRegion yRegion = call.vector("y", y, n, incy);
            final DeviceRegion aRegion = call.matrix("A", a, m, n, lda);
            final Object aValues = aRegion.read(precision);
            precision.kernels.ger(m, n, alphaValue, xRegion.read(precision), first(m, incx), incx,
                yRegion.read(precision), first(n, incy), incy, aValues, lda);
            aRegion.writeMatrix(aValues, m, n, lda);
        });
    }

    static int symv(final Precision precision, final String routine, final CublasHandle handle, final int uplo,
        final int n, final Scalar alpha, final long a, final int lda, final long x, final int incx,
        final Scalar beta, final long y, final int incy)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireFillMode(uplo);
            call.requireNonNegative("n", n);
            call.requireLeadingDimension("lda", lda, n);
            call.requireIncrement("incx", incx);
            call.requireIncrement("incy", incy);
            if (n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            if (alphaValue == 0.0 && betaValue == 1.0)
            {
                return;
            }
            final DeviceRegion aRegion = alphaValue == 0.0 ? null : call.matrix("A", a, n, n, lda);
            final DeviceRegion xRegion = alphaValue == 0.0 ? null : call.vector("x", x, n, incx);
            final DeviceRegion yRegion = call.vector("y", y, n, incy);
            final Object yValues = yRegion.read(precision);
            if (alphaValue == 0.0)
            {
                precision.kernels.scaleVector(n, betaValue, yValues, first(n, incy), incy);
            }
            else
            {
                final Object full = precision.kernels.symmetric(n, aRegion.read(precision), lda, uplo);
                precision.kernels.gemv(false, n, n, alphaValue, full, n, xRegion.read(precision), first(n, incx), incx,
                    betaValue, yValues, first(n, incy), incy);
            }
            yRegion.writeVector(yValues, n, incy);
        });
    }

    static int trmv(final Precision precision, final String routine, final CublasHandle handle, final int uplo,
        final int trans, final int diag, final int n, final long a, final int lda, final long x, final int incx)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            checkTriangular(call, uplo, trans, diag, n, lda, incx);
            if (n == 0)
            {
                return;
            }
            final boolean transpose = CublasOperation.transposes(trans);
            final DeviceRegion aRegion = call.matrix("A", a, n, n, lda);
            final DeviceRegion xRegion = call.vector("x", x, n, incx);
            final Object xValues = xRegion.read(precision);
            final Object opA = precision.kernels.pack(transpose, n, n, aRegion.read(precision), lda);
            precision.kernels.trmv(n, opA, lowerOp(uplo, transpose), diag == CublasDiagType.UNIT, xValues,
                first(n, incx), incx);
            xRegion.writeVector(xValues, n, incx);
        });
    }

    static int trsv(final Precision precision, final String routine, final CublasHandle handle, final int uplo,
        final int trans, final int diag, final int n, final long a, final int lda, final long x, final int incx)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            checkTriangular(call, uplo, trans, diag, n, lda, incx);
            if (n == 0)
            {
                return;
            }
            final boolean transpose = CublasOperation.transposes(trans);
            final DeviceRegion aRegion = call.matrix("A", a, n, n, lda);
            final DeviceRegion xRegion = call.vector("x", x, n, incx);
            final Object xValues = xRegion.read(precision);
            final Object opATransposed = precision.kernels.pack(!transpose, n, n, aRegion.read(precision), lda);
            precision.kernels.trsv(n, opATransposed, lowerOp(uplo, transpose), diag == CublasDiagType.UNIT,
                xValues, first(n, incx), incx);
            xRegion.writeVector(xValues, n, incx);
        });
    }

    /**
     * Whether op(A) is lower triangular: A's stored triangle, flipped by a transpose.
     */
    static boolean lowerOp(final int uplo, final boolean transpose)
    {
        return (uplo == CublasFillMode.LOWER) != transpose;
    }

    private static void checkTriangular(final BlasCall call, final int uplo, final int trans, final int diag,
        final int n, final int lda, final int incx)
    {
        call.requireFillMode(uplo);
        call.requireOperation("trans", trans);
        call.requireDiagType(diag);
        call.requireNonNegative("n", n);
        call.requireLeadingDimension("lda", lda, n);
        call.requireIncrement("incx", incx);
    }
}
