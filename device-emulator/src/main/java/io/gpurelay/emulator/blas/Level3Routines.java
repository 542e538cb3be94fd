package io.gpurelay.emulator.blas;

import static io.gpurelay.emulator.blas.Level2Routines.lowerOp;

/**
 * gemm, symm, syrk, trmm (cuBLAS's out-of-place form), trsm and geam, with the argument checks cuBLAS documents,
 * each of which cuBLAS 13.1 was measured to enforce.
 */
final class Level3Routines
{
    private Level3Routines()
    {
    }

    /**
     * The device ranges of one product C = alpha op(A) op(B) + beta C; A and B are absent when the product
     * contributes nothing (alpha or k is zero), since cuBLAS does not read them then.
     */
    record GemmOperands(DeviceRegion a, DeviceRegion b, DeviceRegion c)
    {
    }

    static int gemm(final Precision precision, final String routine, final CublasHandle handle, final int transa,
        final int transb, final int m, final int n, final int k, final Scalar alpha, final long a, final int lda,
        final long b, final int ldb, final Scalar beta, final long c, final int ldc)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            checkGemm(call, transa, transb, m, n, k, lda, ldb, ldc);
            if (m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            if (nothingToDo(k, alphaValue, betaValue))
            {
                return;
            }
            final GemmOperands operands =
                gemmOperands(call, "", transa, transb, m, n, k, alphaValue, a, lda, b, ldb, c, ldc);
            computeGemm(call.precision, operands, transa, transb, m, n, k, alphaValue, lda, ldb, betaValue, ldc);
        });
    }

    static void checkGemm(final BlasCall call, final int transa, final int transb, final int m, final int n,
        final int k, final int lda, final int ldb, final int ldc)
    {
        call.requireOperation("transa", transa);
        call.requireOperation("transb", transb);
        call.requireNonNegative("m", m);
        call.requireNonNegative("n", n);
        call.requireNonNegative("k", k);
        call.requireLeadingDimension("lda", lda, CublasOperation.transposes(transa) ? k : m);
        call.requireLeadingDimension("ldb", ldb, CublasOperation.transposes(transb) ? n : k);
        call.requireLeadingDimension("ldc", ldc, m);
    }

    /**
     * Whether C = alpha op(A) op(B) + beta C leaves C as it is, which the reference BLAS returns early for.
     */
    static boolean nothingToDo(final int k, final double alpha, final double beta)
    {
        return (alpha == 0.0 || k == 0) && beta == 1.0;
    }

    /**
     * Check the ranges of one product; {@code suffix} tells the matrices of a batch apart in messages.
     */
    static GemmOperands gemmOperands(final BlasCall call, final String suffix, final int transa, final int transb,
        final int m, final int n, final int k, final double alpha, final long a, final int lda, final long b,
        final int ldb, final long c, final int ldc)
    {
        final boolean contributes = alpha != 0.0 && k > 0;
        final boolean transposeA = CublasOperation.transposes(transa);
        final boolean transposeB = CublasOperation.transposes(transb);
        final DeviceRegion aRegion = contributes ?
            call.matrix("A" + suffix, a, transposeA ? k : m, transposeA ? m : k, lda) : null;
        final DeviceRegion bRegion = contributes ?
            call.matrix("B" + suffix, b, transposeB ? n : k, transposeB ? k : n, ldb) : null;
        return new GemmOperands(aRegion, bRegion, call.matrix("C" + suffix, c, m, n, ldc));
    }

    static void computeGemm(final Precision precision, final GemmOperands operands, final int transa,
        final int transb, final int m, final int n, final int k, final double alpha, final int lda, final int ldb,
        final double beta, final int ldc)
    {
        final Object cValues = operands.c().read(precision);
        if (operands.a() == null)
        {
            precision.kernels.scaleMatrix(m, n, beta, cValues, ldc);
        }
        else
        {
            final boolean transposeA = CublasOperation.transposes(transa);
            final Object aValues = operands.a().read(precision);
            final Object opA = transposeA ? precision.kernels.pack(true, m, k, aValues, lda) : aValues;
            precision.kernels.gemm(m, n, k, alpha, opA, transposeA ? m : lda, operands.b().read(precision), ldb,
                CublasOperation.transposes(transb), beta, cValues, ldc);
        }
        operands.c().writeMatrix(cValues, m, n, ldc);
    }

    static int symm(final Precision precision, final String routine, final CublasHandle handle, final int side,
        final int uplo, final int m, final int n, final Scalar alpha, final long a, final int lda, final long b,
        final int ldb, final Scalar beta, final long c, final int ldc)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireSide(side);
            call.requireFillMode(uplo);
            call.requireNonNegative("m", m);
            call.requireNonNegative("n", n);
            final boolean left = side == CublasSideMode.LEFT;
            final int order = left ? m : n;
            call.requireLeadingDimension("lda", lda, order);
            call.requireLeadingDimension("ldb", ldb, m);
            call.requireLeadingDimension("ldc", ldc, m);
            if (m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            if (nothingToDo(order, alphaValue, betaValue))
            {
                return;
            }
            final DeviceRegion aRegion = alphaValue == 0.0 ? null : call.matrix("A", a, order, order, lda);
            final DeviceRegion bRegion = alphaValue == 0.0 ? null : call.matrix("B", b, m, n, ldb);
            final DeviceRegion cRegion = call.matrix("C", c, m, n, ldc);
            final Object cValues = cRegion.read(precision);
            if (alphaValue == 0.0)
            {
                precision.kernels.scaleMatrix(m, n, betaValue, cValues, ldc);
            }
            else
            {
                final Object full = precision.kernels.symmetric(order, aRegion.read(precision), lda, uplo);
                final Object bValues = bRegion.read(precision);
                if (left)
                {
                    precision.kernels.gemm(m, n, m, alphaValue, full, m, bValues, ldb, false, betaValue, cValues, ldc);
                }
                else
                {
                    precision.kernels.gemm(m, n, n, alphaValue, bValues, ldb, full, n, false, betaValue, cValues, ldc);
                }
            }
            cRegion.writeMatrix(cValues, m, n, ldc);
        });
    }

    static int syrk(final Precision precision, final String routine, final CublasHandle handle, final int uplo,
        final int trans, final int n, final int k, final Scalar alpha, final long a, final int lda, final Scalar beta,
        final long c, final int ldc)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireFillMode(uplo);
            call.requireOperation("trans", trans);
            call.requireNonNegative("n", n);
            call.requireNonNegative("k", k);
            final boolean transpose = CublasOperation.transposes(trans);
            call.requireLeadingDimension("lda", lda, transpose ? k : n);
            call.requireLeadingDimension("ldc", ldc, n);
            if (n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            if (nothingToDo(k, alphaValue, betaValue))
            {
                return;
            }
            final boolean contributes = alphaValue != 0.0 && k > 0;
            final boolean lower = uplo == CublasFillMode.LOWER;
            final DeviceRegion aRegion = contributes ?
                call.matrix("A", a, transpose ? k : n, transpose ? n : k, lda) : null;
            final DeviceRegion cRegion = call.matrix("C", c, n, n, ldc);
            final Object cValues = cRegion.read(precision);
            if (contributes)
            {
                final Object opA = precision.kernels.pack(transpose, n, k, aRegion.read(precision), lda);
                precision.kernels.syrk(n, k, alphaValue, opA, betaValue, cValues, ldc, lower);
            }
            else
            {
                precision.kernels.scaleTriangle(n, betaValue, cValues, ldc, lower);
            }
            cRegion.writeTriangle(cValues, n, ldc, uplo);
        });
    }

    /**
     * C = alpha op(A) B or alpha B op(A). Passing B's address as C gives the in-place product of the BLAS API,
     * which works here as on the GPU since B is read whole before C is written.
     */
    static int trmm(final Precision precision, final String routine, final CublasHandle handle, final int side,
        final int uplo, final int trans, final int diag, final int m, final int n, final Scalar alpha, final long a,
        final int lda, final long b, final int ldb, final long c, final int ldc)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            final int order = checkTriangularSolveOrProduct(call, side, uplo, trans, diag, m, n, lda, ldb);
            call.requireLeadingDimension("ldc", ldc, m);
            if (m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final DeviceRegion aRegion = alphaValue == 0.0 ? null : call.matrix("A", a, order, order, lda);
            final DeviceRegion bRegion = alphaValue == 0.0 ? null : call.matrix("B", b, m, n, ldb);
            final DeviceRegion cRegion = call.matrix("C", c, m, n, ldc);
            final Object cValues = cRegion.read(precision);
            if (alphaValue == 0.0)
            {
                precision.kernels.scaleMatrix(m, n, 0.0, cValues, ldc);
            }
            else
            {
                final boolean transpose = CublasOperation.transposes(trans);
                final Object opA = precision.kernels.pack(transpose, order, order, aRegion.read(precision), lda);
                precision.kernels.trmm(side == CublasSideMode.LEFT, m, n, alphaValue, opA, lowerOp(uplo, transpose),
                    diag == CublasDiagType.UNIT, bRegion.read(precision), ldb, cValues, ldc);
            }
            cRegion.writeMatrix(cValues, m, n, ldc);
        });
    }

    /**
     * Solve op(A) X = alpha B or X op(A) = alpha B in place of B. On the left the kernel takes op(A) transposed,
     * so that the rows it sums along are contiguous; on the right it takes op(A) itself.
     */
    static int trsm(final Precision precision, final String routine, final CublasHandle handle, final int side,
        final int uplo, final int trans, final int diag, final int m, final int n, final Scalar alpha, final long a,
        final int lda, final long b, final int ldb)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            final int order = checkTriangularSolveOrProduct(call, side, uplo, trans, diag, m, n, lda, ldb);
            if (m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final DeviceRegion aRegion = alphaValue == 0.0 ? null : call.matrix("A", a, order, order, lda);
            final DeviceRegion bRegion = call.matrix("B", b, m, n, ldb);
            final Object bValues = bRegion.read(precision);
            if (alphaValue == 0.0)
            {
                precision.kernels.scaleMatrix(m, n, 0.0, bValues, ldb);
            }
            else
            {
                final boolean transpose = CublasOperation.transposes(trans);
                final boolean left = side == CublasSideMode.LEFT;
                final Object aValues = aRegion.read(precision);
                final Object triangle = left ?
                    precision.kernels.pack(!transpose, order, order, aValues, lda) :
                    precision.kernels.pack(transpose, order, order, aValues, lda);
                precision.kernels.trsm(left, m, n, alphaValue, triangle, lowerOp(uplo, transpose),
                    diag == CublasDiagType.UNIT, bValues, ldb);
            }
            bRegion.writeMatrix(bValues, m, n, ldb);
        });
    }

    /**
     * C = alpha op(A) + beta op(B). C may be A or B (in place) only untransposed and with the same leading
     * dimension, as cuBLAS documents and enforces; an operand whose scalar is zero is not read.
     */
    static int geam(final Precision precision, final String routine, final CublasHandle handle, final int transa,
        final int transb, final int m, final int n, final Scalar alpha, final long a, final int lda,
        final Scalar beta, final long b, final int ldb, final long c, final int ldc)
    {
        return BlasCall.run(handle, routine, precision, call ->
        {
            call.requireOperation("transa", transa);
            call.requireOperation("transb", transb);
            call.requireNonNegative("m", m);
            call.requireNonNegative("n", n);
            final boolean transposeA = CublasOperation.transposes(transa);
            final boolean transposeB = CublasOperation.transposes(transb);
            call.requireLeadingDimension("lda", lda, transposeA ? n : m);
            call.requireLeadingDimension("ldb", ldb, transposeB ? n : m);
            call.requireLeadingDimension("ldc", ldc, m);
            call.require(c != a || (!transposeA && lda == ldc), "C is A in place but transa is not N or lda != ldc");
            call.require(c != b || (!transposeB && ldb == ldc), "C is B in place but transb is not N or ldb != ldc");
            if (m == 0 || n == 0)
            {
                return;
            }
            final double alphaValue = call.scalar("alpha", alpha);
            final double betaValue = call.scalar("beta", beta);
            final DeviceRegion aRegion = alphaValue == 0.0 ? null :
                call.matrix("A", a, transposeA ? n : m, transposeA ? m : n, lda);
            final DeviceRegion bRegion = betaValue == 0.0 ? null :
                call.matrix("B", b, transposeB ? n : m, transposeB ? m : n, ldb);
            final DeviceRegion cRegion = call.matrix("C", c, m, n, ldc);
            final Object cValues = cRegion.read(precision);
            precision.kernels.geam(m, n, alphaValue, aRegion == null ? null : aRegion.read(precision), lda, transposeA,
                betaValue, bRegion == null ? null : bRegion.read(precision), ldb, transposeB, cValues, ldc);
            cRegion.writeMatrix(cValues, m, n, ldc);
        });
    }

    /**
     * The checks trmm and trsm share.
     *
     * @return the order of the triangular matrix: m on the left, n on the right.
     */
    private static int checkTriangularSolveOrProduct(final BlasCall call, final int side, final int uplo,
        final int trans, final int diag, final int m, final int n, final int lda, final int ldb)
    {
        call.requireSide(side);
        call.requireFillMode(uplo);
        call.requireOperation("trans", trans);
        call.requireDiagType(diag);
        call.requireNonNegative("m", m);
        call.requireNonNegative("n", n);
        final int order = side == CublasSideMode.LEFT ? m : n;
        call.requireLeadingDimension("lda", lda, order);
        call.requireLeadingDimension("ldb", ldb, m);
        return order;
    }
}
