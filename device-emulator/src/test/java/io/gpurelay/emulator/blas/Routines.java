package io.gpurelay.emulator.blas;

/**
 * The S or D entry point of each routine for a test's element type, so that one test covers both.
 */
final class Routines
{
    private Routines()
    {
    }

    static boolean single(final ElementType type)
    {
        return type == ElementType.SINGLE;
    }

    static int axpy(final ElementType t, final CublasHandle h, final int n, final Scalar alpha, final long x,
        final int incx, final long y, final int incy)
    {
        return single(t) ? Cublas.saxpy(h, n, alpha, x, incx, y, incy) : Cublas.daxpy(h, n, alpha, x, incx, y, incy);
    }

    static int dot(final ElementType t, final CublasHandle h, final int n, final long x, final int incx, final long y,
        final int incy, final ScalarResult result)
    {
        return single(t) ? Cublas.sdot(h, n, x, incx, y, incy, result) : Cublas.ddot(h, n, x, incx, y, incy, result);
    }

    static int nrm2(final ElementType t, final CublasHandle h, final int n, final long x, final int incx,
        final ScalarResult result)
    {
        return single(t) ? Cublas.snrm2(h, n, x, incx, result) : Cublas.dnrm2(h, n, x, incx, result);
    }

    static int asum(final ElementType t, final CublasHandle h, final int n, final long x, final int incx,
        final ScalarResult result)
    {
        return single(t) ? Cublas.sasum(h, n, x, incx, result) : Cublas.dasum(h, n, x, incx, result);
    }

    static int iamax(final ElementType t, final CublasHandle h, final int n, final long x, final int incx,
        final ScalarResult result)
    {
        return single(t) ? Cublas.isamax(h, n, x, incx, result) : Cublas.idamax(h, n, x, incx, result);
    }

    static int iamin(final ElementType t, final CublasHandle h, final int n, final long x, final int incx,
        final ScalarResult result)
    {
        return single(t) ? Cublas.isamin(h, n, x, incx, result) : Cublas.idamin(h, n, x, incx, result);
    }

    static int scal(final ElementType t, final CublasHandle h, final int n, final Scalar alpha, final long x,
        final int incx)
    {
        return single(t) ? Cublas.sscal(h, n, alpha, x, incx) : Cublas.dscal(h, n, alpha, x, incx);
    }

    static int copy(final ElementType t, final CublasHandle h, final int n, final long x, final int incx,
        final long y, final int incy)
    {
        return single(t) ? Cublas.scopy(h, n, x, incx, y, incy) : Cublas.dcopy(h, n, x, incx, y, incy);
    }

    static int swap(final ElementType t, final CublasHandle h, final int n, final long x, final int incx,
        final long y, final int incy)
    {
        return single(t) ? Cublas.sswap(h, n, x, incx, y, incy) : Cublas.dswap(h, n, x, incx, y, incy);
    }

    static int rot(final ElementType t, final CublasHandle h, final int n, final long x, final int incx, final long y,
        final int incy, final Scalar c, final Scalar s)
    {
        return single(t) ? Cublas.srot(h, n, x, incx, y, incy, c, s) : Cublas.drot(h, n, x, incx, y, incy, c, s);
    }

    static int gemv(final ElementType t, final CublasHandle h, final int trans, final int m, final int n,
        final Scalar alpha, final long a, final int lda, final long x, final int incx, final Scalar beta,
        final long y, final int incy)
    {
        return single(t) ?
            Cublas.sgemv(h, trans, m, n, alpha, a, lda, x, incx, beta, y, incy) :
            Cublas.dgemv(h, trans, m, n, alpha, a, lda, x, incx, beta, y, incy);
    }

    static int ger(final ElementType t, final CublasHandle h, final int m, final int n, final Scalar alpha,
        final long x, final int incx, final long y, final int incy, final long a, final int lda)
    {
        return single(t) ?
            Cublas.sger(h, m, n, alpha, x, incx, y, incy, a, lda) :
            Cublas.dger(h, m, n, alpha, x, incx, y, incy, a, lda);
    }

    static int symv(final ElementType t, final CublasHandle h, final int uplo, final int n, final Scalar alpha,
        final long a, final int lda, final long x, final int incx, final Scalar beta, final long y, final int incy)
    {
        return single(t) ?
            Cublas.ssymv(h, uplo, n, alpha, a, lda, x, incx, beta, y, incy) :
            Cublas.dsymv(h, uplo, n, alpha, a, lda, x, incx, beta, y, incy);
    }

    static int trmv(final ElementType t, final CublasHandle h, final int uplo, final int trans, final int diag,
        final int n, final long a, final int lda, final long x, final int incx)
    {
        return single(t) ?
            Cublas.strmv(h, uplo, trans, diag, n, a, lda, x, incx) :
            Cublas.dtrmv(h, uplo, trans, diag, n, a, lda, x, incx);
    }

    static int trsv(final ElementType t, final CublasHandle h, final int uplo, final int trans, final int diag,
        final int n, final long a, final int lda, final long x, final int incx)
    {
        return single(t) ?
            Cublas.strsv(h, uplo, trans, diag, n, a, lda, x, incx) :
            Cublas.dtrsv(h, uplo, trans, diag, n, a, lda, x, incx);
    }

    static int gemm(final ElementType t, final CublasHandle h, final int transa, final int transb, final int m,
        final int n, final int k, final Scalar alpha, final long a, final int lda, final long b, final int ldb,
        final Scalar beta, final long c, final int ldc)
    {
        return single(t) ?
            Cublas.sgemm(h, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc) :
            Cublas.dgemm(h, transa, transb, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    static int symm(final ElementType t, final CublasHandle h, final int side, final int uplo, final int m,
        final int n, final Scalar alpha, final long a, final int lda, final long b, final int ldb, final Scalar beta,
        final long c, final int ldc)
    {
        return single(t) ?
            Cublas.ssymm(h, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc) :
            Cublas.dsymm(h, side, uplo, m, n, alpha, a, lda, b, ldb, beta, c, ldc);
    }

    static int syrk(final ElementType t, final CublasHandle h, final int uplo, final int trans, final int n,
        final int k, final Scalar alpha, final long a, final int lda, final Scalar beta, final long c, final int ldc)
    {
        return single(t) ?
            Cublas.ssyrk(h, uplo, trans, n, k, alpha, a, lda, beta, c, ldc) :
            Cublas.dsyrk(h, uplo, trans, n, k, alpha, a, lda, beta, c, ldc);
    }

    static int trmm(final ElementType t, final CublasHandle h, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final Scalar alpha, final long a, final int lda, final long b,
        final int ldb, final long c, final int ldc)
    {
        return single(t) ?
            Cublas.strmm(h, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb, c, ldc) :
            Cublas.dtrmm(h, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb, c, ldc);
    }

    static int trsm(final ElementType t, final CublasHandle h, final int side, final int uplo, final int trans,
        final int diag, final int m, final int n, final Scalar alpha, final long a, final int lda, final long b,
        final int ldb)
    {
        return single(t) ?
            Cublas.strsm(h, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb) :
            Cublas.dtrsm(h, side, uplo, trans, diag, m, n, alpha, a, lda, b, ldb);
    }

    static int geam(final ElementType t, final CublasHandle h, final int transa, final int transb, final int m,
        final int n, final Scalar alpha, final long a, final int lda, final Scalar beta, final long b, final int ldb,
        final long c, final int ldc)
    {
        return single(t) ?
            Cublas.sgeam(h, transa, transb, m, n, alpha, a, lda, beta, b, ldb, c, ldc) :
            Cublas.dgeam(h, transa, transb, m, n, alpha, a, lda, beta, b, ldb, c, ldc);
    }

    static int gemmBatched(final ElementType t, final CublasHandle h, final int transa, final int transb,
        final int m, final int n, final int k, final Scalar alpha, final long aArray, final int lda, final long bArray,
        final int ldb, final Scalar beta, final long cArray, final int ldc, final int batchCount)
    {
        return single(t) ?
            Cublas.sgemmBatched(h, transa, transb, m, n, k, alpha, aArray, lda, bArray, ldb, beta, cArray, ldc,
                batchCount) :
            Cublas.dgemmBatched(h, transa, transb, m, n, k, alpha, aArray, lda, bArray, ldb, beta, cArray, ldc,
                batchCount);
    }

    static int gemmStridedBatched(final ElementType t, final CublasHandle h, final int transa, final int transb,
        final int m, final int n, final int k, final Scalar alpha, final long a, final int lda, final long strideA,
        final long b, final int ldb, final long strideB, final Scalar beta, final long c, final int ldc,
        final long strideC, final int batchCount)
    {
        return single(t) ?
            Cublas.sgemmStridedBatched(h, transa, transb, m, n, k, alpha, a, lda, strideA, b, ldb, strideB, beta, c,
                ldc, strideC, batchCount) :
            Cublas.dgemmStridedBatched(h, transa, transb, m, n, k, alpha, a, lda, strideA, b, ldb, strideB, beta, c,
                ldc, strideC, batchCount);
    }

    static int getrfBatched(final ElementType t, final CublasHandle h, final int n, final long aArray, final int lda,
        final long pivots, final long info, final int batchSize)
    {
        return single(t) ?
            Cublas.sgetrfBatched(h, n, aArray, lda, pivots, info, batchSize) :
            Cublas.dgetrfBatched(h, n, aArray, lda, pivots, info, batchSize);
    }

    static int getriBatched(final ElementType t, final CublasHandle h, final int n, final long aArray, final int lda,
        final long pivots, final long cArray, final int ldc, final long info, final int batchSize)
    {
        return single(t) ?
            Cublas.sgetriBatched(h, n, aArray, lda, pivots, cArray, ldc, info, batchSize) :
            Cublas.dgetriBatched(h, n, aArray, lda, pivots, cArray, ldc, info, batchSize);
    }
}
