package io.gpurelay.emulator.blas;

/**
 * The emulated cuBLAS: one method per cuBLAS v2 entry point, named as in cuBLAS without the {@code cublas} prefix,
 * each returning a {@link CublasStatus}. Matrix and vector arguments are device addresses in the handle's device
 * memory, scalars are {@link Scalar}s and reductions deliver through a {@link ScalarResult}; enum arguments take the
 * cuBLAS values ({@link CublasOperation}, {@link CublasFillMode}, {@link CublasDiagType}, {@link CublasSideMode}).
 * <p>
 * Arguments are validated as the cuBLAS documentation says ({@link CublasStatus#INVALID_VALUE}). cuBLAS does not
 * check memory, but the emulator must never crash: every range a call would touch is checked against the owner's
 * live allocations before anything is computed, and one that is not inside a single allocation fails the call with
 * {@link CublasStatus#EXECUTION_FAILED} and a message naming the routine and the argument
 * ({@link CublasHandle#lastErrorMessage()}), leaving memory untouched.
 * <p>
 * Results equal a CPU loop that evaluates each routine's formula in the element type, summing in ascending index
 * order without fused multiply-adds (see {@link Kernels}); on a GPU they differ by rounding.
 */
public final class Cublas
{
    private Cublas()
    {
    }

    /**
     * {@code cublasSaxpy}: y = alpha x + y; nothing is read or written when alpha is zero.
     */
    public static int saxpy(
        final CublasHandle handle, final int n, final Scalar alpha, final long x, final int incx, final long y,
        final int incy)
    {
        return Level1Routines.axpy(Precision.SINGLE, "cublasSaxpy", handle, n, alpha, x, incx, y, incy);
    }

    /**
     * {@code cublasDaxpy}: y = alpha x + y; nothing is read or written when alpha is zero.
     */
    public static int daxpy(
        final CublasHandle handle, final int n, final Scalar alpha, final long x, final int incx, final long y,
        final int incy)
    {
        return Level1Routines.axpy(Precision.DOUBLE, "cublasDaxpy", handle, n, alpha, x, incx, y, incy);
    }

    /**
     * {@code cublasSdot}: the sum of x(i) y(i) over ascending i.
     */
    public static int sdot(
        final CublasHandle handle, final int n, final long x, final int incx, final long y, final int incy,
        final ScalarResult result)
    {
        return Level1Routines.dot(Precision.SINGLE, "cublasSdot", handle, n, x, incx, y, incy, result);
    }

    /**
     * {@code cublasDdot}: the sum of x(i) y(i) over ascending i.
     */
    public static int ddot(
        final CublasHandle handle, final int n, final long x, final int incx, final long y, final int incy,
        final ScalarResult result)
    {
        return Level1Routines.dot(Precision.DOUBLE, "cublasDdot", handle, n, x, incx, y, incy, result);
    }

    /**
     * {@code cublasSnrm2}: the Euclidean norm, scaled against overflow as the reference BLAS scales it.
     */
    public static int snrm2(
        final CublasHandle handle, final int n, final long x, final int incx, final ScalarResult result)
    {
        return Level1Routines.nrm2(Precision.SINGLE, "cublasSnrm2", handle, n, x, incx, result);
    }

    /**
     * {@code cublasDnrm2}: the Euclidean norm, scaled against overflow as the reference BLAS scales it.
     */
    public static int dnrm2(
        final CublasHandle handle, final int n, final long x, final int incx, final ScalarResult result)
    {
        return Level1Routines.nrm2(Precision.DOUBLE, "cublasDnrm2", handle, n, x, incx, result);
    }

    /**
     * {@code cublasSasum}: the sum of |x(i)| over ascending i.
     */
    public static int sasum(
        final CublasHandle handle, final int n, final long x, final int incx, final ScalarResult result)
    {
        return Level1Routines.asum(Precision.SINGLE, "cublasSasum", handle, n, x, incx, result);
    }

    /**
     * {@code cublasDasum}: the sum of |x(i)| over ascending i.
     */
    public static int dasum(
        final CublasHandle handle, final int n, final long x, final int incx, final ScalarResult result)
    {
        return Level1Routines.asum(Precision.DOUBLE, "cublasDasum", handle, n, x, incx, result);
    }

    /**
     * {@code cublasSscal}: x = alpha x.
     */
    public static int sscal(
        final CublasHandle handle, final int n, final Scalar alpha, final long x, final int incx)
    {
        return Level1Routines.scal(Precision.SINGLE, "cublasSscal", handle, n, alpha, x, incx);
    }

    /**
     * {@code cublasDscal}: x = alpha x.
     */
    public static int dscal(
        final CublasHandle handle, final int n, final Scalar alpha, final long x, final int incx)
    {
        return Level1Routines.scal(Precision.DOUBLE, "cublasDscal", handle, n, alpha, x, incx);
    }

    /**
     * {@code cublasScopy}: y = x.
     */
    public static int scopy(
        final CublasHandle handle, final int n, final long x, final int incx, final long y, final int incy)
    {
        return Level1Routines.copy(Precision.SINGLE, "cublasScopy", handle, n, x, incx, y, incy);
    }

    /**
     * {@code cublasDcopy}: y = x.
     */
    public static int dcopy(
        final CublasHandle handle, final int n, final long x, final int incx, final long y, final int incy)
    {
        return Level1Routines.copy(Precision.DOUBLE, "cublasDcopy", handle, n, x, incx, y, incy);
    }

    /**
     * {@code cublasSswap}: Exchange x and y.
     */
    public static int sswap(
        final CublasHandle handle, final int n, final long x, final int incx, final long y, final int incy)
    {
        return Level1Routines.swap(Precision.SINGLE, "cublasSswap", handle, n, x, incx, y, incy);
    }

    /**
     * {@code cublasDswap}: Exchange x and y.
     */
    public static int dswap(
        final CublasHandle handle, final int n, final long x, final int incx, final long y, final int incy)
    {
        return Level1Routines.swap(Precision.DOUBLE, "cublasDswap", handle, n, x, incx, y, incy);
    }

    /**
     * {@code cublasSrot}: the plane rotation x = c x + s y, y = c y - s x.
     */
    public static int srot(
        final CublasHandle handle, final int n, final long x, final int incx, final long y, final int incy,
        final Scalar c, final Scalar s)
    {
        return Level1Routines.rot(Precision.SINGLE, "cublasSrot", handle, n, x, incx, y, incy, c, s);
    }

    /**
     * {@code cublasDrot}: the plane rotation x = c x + s y, y = c y - s x.
     */
    public static int drot(
        final CublasHandle handle, final int n, final long x, final int incx, final long y, final int incy,
        final Scalar c, final Scalar s)
    {
        return Level1Routines.rot(Precision.DOUBLE, "cublasDrot", handle, n, x, incx, y, incy, c, s);
    }

    /**
     * {@code cublasSgemv}: y = alpha op(A) x + beta y; y is not read when beta is zero.
     */
    public static int sgemv(
        final CublasHandle handle, final int trans, final int m, final int n, final Scalar alpha, final long a,
        final int lda, final long x, final int incx, final Scalar beta, final long y, final int incy)
    {
        return Level2Routines.gemv(Precision.SINGLE, "cublasSgemv", handle, trans, m, n, alpha, a, lda, x, incx, beta,
            y, incy);
    }

    /**
     * {@code cublasDgemv}: y = alpha op(A) x + beta y; y is not read when beta is zero.
     */
    public static int dgemv(
        final CublasHandle handle, final int trans, final int m, final int n, final Scalar alpha, final long a,
        final int lda, final long x, final int incx, final Scalar beta, final long y, final int incy)
    {
        return Level2Routines.gemv(Precision.DOUBLE, "cublasDgemv", handle, trans, m, n, alpha, a, lda, x, incx, beta,
            y, incy);
    }

    /**
     * {@code cublasSger}: A = A + x (alpha y)^T.
     */
    public static int sger(
        final CublasHandle handle, final int m, final int n, final Scalar alpha, final long x, final int incx,
        final long y, final int incy, final long a, final int lda)
    {
        return Level2Routines.ger(Precision.SINGLE, "cublasSger", handle, m, n, alpha, x, incx, y, incy, a, lda);
    }

    /**
     * {@code cublasDger}: A = A + x (alpha y)^T.
     */
    public static int dger(
        final CublasHandle handle, final int m, final int n, final Scalar alpha, final long x, final int incx,
        final long y, final int incy, final long a, final int lda)
    {
        return Level2Routines.ger(Precision.DOUBLE, "cublasDger", handle, m, n, alpha, x, incx, y, incy, a, lda);
    }

    /**
     * {@code cublasSsymv}: y = alpha A x + beta y for A symmetric, stored in the uplo triangle.
     */
    public static int ssymv(
        final CublasHandle handle, final int uplo, final int n, final Scalar alpha, final long a, final int lda,
        final long x, final int incx, final Scalar beta, final long y, final int incy)
    {
        return Level2Routines.symv(Precision.SINGLE, "cublasSsymv", handle, uplo, n, alpha, a, lda, x, incx, beta, y,
            incy);
    }

    /**
     * {@code cublasDsymv}: y = alpha A x + beta y for A symmetric, stored in the uplo triangle.
     */
    public static int dsymv(
        final CublasHandle handle, final int uplo, final int n, final Scalar alpha, final long a, final int lda,
        final long x, final int incx, final Scalar beta, final long y, final int incy)
    {
        return Level2Routines.symv(Precision.DOUBLE, "cublasDsymv", handle, uplo, n, alpha, a, lda, x, incx, beta, y,
            incy);
    }

    /**
     * {@code cublasStrmv}: x = op(A) x for A triangular.
     */
    public static int strmv(
        final CublasHandle handle, final int uplo, final int trans, final int diag, final int n, final long a,
        final int lda, final long x, final int incx)
    {
        return Level2Routines.trmv(Precision.SINGLE, "cublasStrmv", handle, uplo, trans, diag, n, a, lda, x, incx);
    }

    /**
     * {@code cublasDtrmv}: x = op(A) x for A triangular.
     */
    public static int dtrmv(
        final CublasHandle handle, final int uplo, final int trans, final int diag, final int n, final long a,
        final int lda, final long x, final int incx)
    {
        return Level2Routines.trmv(Precision.DOUBLE, "cublasDtrmv", handle, uplo, trans, diag, n, a, lda, x, incx);
    }

    /**
     * {@code cublasStrsv}: Solve op(A) x = b in place of b; a zero on the diagonal is not checked for, as in cuBLAS.
     */
    public static int strsv(
        final CublasHandle handle, final int uplo, final int trans, final int diag, final int n, final long a,
        final int lda, final long x, final int incx)
    {
        return Level2Routines.trsv(Precision.SINGLE, "cublasStrsv", handle, uplo, trans, diag, n, a, lda, x, incx);
    }

    /**
     * {@code cublasDtrsv}: Solve op(A) x = b in place of b; a zero on the diagonal is not checked for, as in cuBLAS.
     */
    public static int dtrsv(
        final CublasHandle handle, final int uplo, final int trans, final int diag, final int n, final long a,
        final int lda, final long x, final int incx)
    {
        return Level2Routines.trsv(Precision.DOUBLE, "cublasDtrsv", handle, uplo, trans, diag, n, a, lda, x, incx);
    }

    /**
     * {@code cublasSgemm}: C = alpha op(A) op(B) + beta C; C is not read when beta is zero, A and B not when alpha or k
     * is.
     */
    public static int sgemm(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final Scalar alpha, final long a, final int lda, final long b, final int ldb, final Scalar beta,
        final long c, final int ldc)
    {
        return Level3Routines.gemm(Precision.SINGLE, "cublasSgemm", handle, transa, transb, m, n, k, alpha, a, lda, b,
            ldb, beta, c, ldc);
    }

    /**
     * {@code cublasDgemm}: C = alpha op(A) op(B) + beta C; C is not read when beta is zero, A and B not when alpha or k
     * is.
     */
    public static int dgemm(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final Scalar alpha, final long a, final int lda, final long b, final int ldb, final Scalar beta,
        final long c, final int ldc)
    {
        return Level3Routines.gemm(Precision.DOUBLE, "cublasDgemm", handle, transa, transb, m, n, k, alpha, a, lda, b,
            ldb, beta, c, ldc);
    }

    /**
     * {@code cublasSsymm}: C = alpha A B + beta C (left) or alpha B A + beta C (right) for A symmetric.
     */
    public static int ssymm(
        final CublasHandle handle, final int side, final int uplo, final int m, final int n, final Scalar alpha,
        final long a, final int lda, final long b, final int ldb, final Scalar beta, final long c, final int ldc)
    {
        return Level3Routines.symm(Precision.SINGLE, "cublasSsymm", handle, side, uplo, m, n, alpha, a, lda, b, ldb,
            beta, c, ldc);
    }

    /**
     * {@code cublasDsymm}: C = alpha A B + beta C (left) or alpha B A + beta C (right) for A symmetric.
     */
    public static int dsymm(
        final CublasHandle handle, final int side, final int uplo, final int m, final int n, final Scalar alpha,
        final long a, final int lda, final long b, final int ldb, final Scalar beta, final long c, final int ldc)
    {
        return Level3Routines.symm(Precision.DOUBLE, "cublasDsymm", handle, side, uplo, m, n, alpha, a, lda, b, ldb,
            beta, c, ldc);
    }

    /**
     * {@code cublasSsyrk}: the uplo triangle of C = alpha op(A) op(A)^T + beta C; the other triangle is never written.
     */
    public static int ssyrk(
        final CublasHandle handle, final int uplo, final int trans, final int n, final int k, final Scalar alpha,
        final long a, final int lda, final Scalar beta, final long c, final int ldc)
    {
        return Level3Routines.syrk(Precision.SINGLE, "cublasSsyrk", handle, uplo, trans, n, k, alpha, a, lda, beta, c,
            ldc);
    }

    /**
     * {@code cublasDsyrk}: the uplo triangle of C = alpha op(A) op(A)^T + beta C; the other triangle is never written.
     */
    public static int dsyrk(
        final CublasHandle handle, final int uplo, final int trans, final int n, final int k, final Scalar alpha,
        final long a, final int lda, final Scalar beta, final long c, final int ldc)
    {
        return Level3Routines.syrk(Precision.DOUBLE, "cublasDsyrk", handle, uplo, trans, n, k, alpha, a, lda, beta, c,
            ldc);
    }

    /**
     * {@code cublasStrmm}: C = alpha op(A) B (left) or alpha B op(A) (right), cuBLAS's out-of-place form; C may be B.
     */
    public static int strmm(
        final CublasHandle handle, final int side, final int uplo, final int trans, final int diag, final int m,
        final int n, final Scalar alpha, final long a, final int lda, final long b, final int ldb, final long c,
        final int ldc)
    {
        return Level3Routines.trmm(Precision.SINGLE, "cublasStrmm", handle, side, uplo, trans, diag, m, n, alpha, a,
            lda, b, ldb, c, ldc);
    }

    /**
     * {@code cublasDtrmm}: C = alpha op(A) B (left) or alpha B op(A) (right), cuBLAS's out-of-place form; C may be B.
     */
    public static int dtrmm(
        final CublasHandle handle, final int side, final int uplo, final int trans, final int diag, final int m,
        final int n, final Scalar alpha, final long a, final int lda, final long b, final int ldb, final long c,
        final int ldc)
    {
        return Level3Routines.trmm(Precision.DOUBLE, "cublasDtrmm", handle, side, uplo, trans, diag, m, n, alpha, a,
            lda, b, ldb, c, ldc);
    }

    /**
     * {@code cublasStrsm}: Solve op(A) X = alpha B (left) or X op(A) = alpha B (right) in place of B.
     */
    public static int strsm(
        final CublasHandle handle, final int side, final int uplo, final int trans, final int diag, final int m,
        final int n, final Scalar alpha, final long a, final int lda, final long b, final int ldb)
    {
        return Level3Routines.trsm(Precision.SINGLE, "cublasStrsm", handle, side, uplo, trans, diag, m, n, alpha, a,
            lda, b, ldb);
    }

    /**
     * {@code cublasDtrsm}: Solve op(A) X = alpha B (left) or X op(A) = alpha B (right) in place of B.
     */
    public static int dtrsm(
        final CublasHandle handle, final int side, final int uplo, final int trans, final int diag, final int m,
        final int n, final Scalar alpha, final long a, final int lda, final long b, final int ldb)
    {
        return Level3Routines.trsm(Precision.DOUBLE, "cublasDtrsm", handle, side, uplo, trans, diag, m, n, alpha, a,
            lda, b, ldb);
    }

    /**
     * {@code cublasSdgmm}: C = A diag(x) (side right) or diag(x) A (side left).
     */
    public static int sdgmm(final CublasHandle handle, final int side, final int m, final int n, final long a,
        final int lda, final long x, final int incx, final long c, final int ldc)
    {
        return ConversionRoutines.dgmm(Precision.SINGLE, "cublasSdgmm", handle, side, m, n, a, lda, x, incx, c, ldc);
    }

    /**
     * {@code cublasDdgmm}: C = A diag(x) (side right) or diag(x) A (side left).
     */
    public static int ddgmm(final CublasHandle handle, final int side, final int m, final int n, final long a,
        final int lda, final long x, final int incx, final long c, final int ldc)
    {
        return ConversionRoutines.dgmm(Precision.DOUBLE, "cublasDdgmm", handle, side, m, n, a, lda, x, incx, c, ldc);
    }

    /**
     * {@code cublasStpttr} (toPacked false: packed AP into the triangle of A) and {@code cublasStrttp} (toPacked:
     * the triangle of A into AP).
     */
    public static int stpttr(final CublasHandle handle, final boolean toPacked, final int uplo, final int n,
        final long ap, final long a, final int lda)
    {
        return ConversionRoutines.tpttr(Precision.SINGLE, toPacked ? "cublasStrttp" : "cublasStpttr", handle,
            toPacked, uplo, n, ap, a, lda);
    }

    /**
     * {@code cublasDtpttr} (toPacked false) and {@code cublasDtrttp} (toPacked).
     */
    public static int dtpttr(final CublasHandle handle, final boolean toPacked, final int uplo, final int n,
        final long ap, final long a, final int lda)
    {
        return ConversionRoutines.tpttr(Precision.DOUBLE, toPacked ? "cublasDtrttp" : "cublasDtpttr", handle,
            toPacked, uplo, n, ap, a, lda);
    }

    /**
     * {@code cublasSgeam}: C = alpha op(A) + beta op(B).
     */
    public static int sgeam(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n,
        final Scalar alpha, final long a, final int lda, final Scalar beta, final long b, final int ldb,
        final long c, final int ldc)
    {
        return Level3Routines.geam(Precision.SINGLE, "cublasSgeam", handle, transa, transb, m, n, alpha, a, lda, beta,
            b, ldb, c, ldc);
    }

    /**
     * {@code cublasDgeam}: C = alpha op(A) + beta op(B).
     */
    public static int dgeam(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n,
        final Scalar alpha, final long a, final int lda, final Scalar beta, final long b, final int ldb,
        final long c, final int ldc)
    {
        return Level3Routines.geam(Precision.DOUBLE, "cublasDgeam", handle, transa, transb, m, n, alpha, a, lda, beta,
            b, ldb, c, ldc);
    }

    /**
     * {@code cublasSgemmBatched}: gemm on each matrix named by the device arrays of device pointers aArray, bArray and
     * cArray.
     */
    public static int sgemmBatched(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final Scalar alpha, final long aArray, final int lda, final long bArray, final int ldb,
        final Scalar beta, final long cArray, final int ldc, final int batchCount)
    {
        return BatchedRoutines.gemmBatched(Precision.SINGLE, "cublasSgemmBatched", handle, transa, transb, m, n, k,
            alpha, aArray, lda, bArray, ldb, beta, cArray, ldc, batchCount);
    }

    /**
     * {@code cublasDgemmBatched}: gemm on each matrix named by the device arrays of device pointers aArray, bArray and
     * cArray.
     */
    public static int dgemmBatched(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final Scalar alpha, final long aArray, final int lda, final long bArray, final int ldb,
        final Scalar beta, final long cArray, final int ldc, final int batchCount)
    {
        return BatchedRoutines.gemmBatched(Precision.DOUBLE, "cublasDgemmBatched", handle, transa, transb, m, n, k,
            alpha, aArray, lda, bArray, ldb, beta, cArray, ldc, batchCount);
    }

    /**
     * {@code cublasSgemmStridedBatched}: gemm on matrices a stride (in elements) apart.
     */
    public static int sgemmStridedBatched(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final Scalar alpha, final long a, final int lda, final long strideA, final long b, final int ldb,
        final long strideB, final Scalar beta, final long c, final int ldc, final long strideC,
        final int batchCount)
    {
        return BatchedRoutines.gemmStridedBatched(Precision.SINGLE, "cublasSgemmStridedBatched", handle, transa, transb,
            m, n, k, alpha, a, lda, strideA, b, ldb, strideB, beta, c, ldc, strideC, batchCount);
    }

    /**
     * {@code cublasDgemmStridedBatched}: gemm on matrices a stride (in elements) apart.
     */
    public static int dgemmStridedBatched(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final Scalar alpha, final long a, final int lda, final long strideA, final long b, final int ldb,
        final long strideB, final Scalar beta, final long c, final int ldc, final long strideC,
        final int batchCount)
    {
        return BatchedRoutines.gemmStridedBatched(Precision.DOUBLE, "cublasDgemmStridedBatched", handle, transa, transb,
            m, n, k, alpha, a, lda, strideA, b, ldb, strideB, beta, c, ldc, strideC, batchCount);
    }

    /**
     * {@code cublasSgetrfBatched}: LU factorisation with partial pivoting of each matrix in place; pivots 1-based, info
     * per matrix.
     */
    public static int sgetrfBatched(
        final CublasHandle handle, final int n, final long aArray, final int lda, final long pivotArray,
        final long infoArray, final int batchSize)
    {
        return BatchedRoutines.getrfBatched(Precision.SINGLE, "cublasSgetrfBatched", handle, n, aArray, lda, pivotArray,
            infoArray, batchSize);
    }

    /**
     * {@code cublasDgetrfBatched}: LU factorisation with partial pivoting of each matrix in place; pivots 1-based, info
     * per matrix.
     */
    public static int dgetrfBatched(
        final CublasHandle handle, final int n, final long aArray, final int lda, final long pivotArray,
        final long infoArray, final int batchSize)
    {
        return BatchedRoutines.getrfBatched(Precision.DOUBLE, "cublasDgetrfBatched", handle, n, aArray, lda, pivotArray,
            infoArray, batchSize);
    }

    /**
     * {@code cublasSgetriBatched}: the inverses of matrices factored by getrfBatched, into separate outputs.
     */
    public static int sgetriBatched(
        final CublasHandle handle, final int n, final long aArray, final int lda, final long pivotArray,
        final long cArray, final int ldc, final long infoArray, final int batchSize)
    {
        return BatchedRoutines.getriBatched(Precision.SINGLE, "cublasSgetriBatched", handle, n, aArray, lda, pivotArray,
            cArray, ldc, infoArray, batchSize);
    }

    /**
     * {@code cublasDgetriBatched}: the inverses of matrices factored by getrfBatched, into separate outputs.
     */
    public static int dgetriBatched(
        final CublasHandle handle, final int n, final long aArray, final int lda, final long pivotArray,
        final long cArray, final int ldc, final long infoArray, final int batchSize)
    {
        return BatchedRoutines.getriBatched(Precision.DOUBLE, "cublasDgetriBatched", handle, n, aArray, lda, pivotArray,
            cArray, ldc, infoArray, batchSize);
    }

    /**
     * {@code cublasIsamax}: the 1-based index of the first element of largest magnitude; 0 when n or incx is not
     * positive.
     */
    public static int isamax(
        final CublasHandle handle, final int n, final long x, final int incx, final ScalarResult result)
    {
        return Level1Routines.iamax(Precision.SINGLE, "cublasIsamax", handle, n, x, incx, result);
    }

    /**
     * {@code cublasIsamin}: the 1-based index of the first element of smallest magnitude; 0 when n or incx is not
     * positive.
     */
    public static int isamin(
        final CublasHandle handle, final int n, final long x, final int incx, final ScalarResult result)
    {
        return Level1Routines.iamin(Precision.SINGLE, "cublasIsamin", handle, n, x, incx, result);
    }

    /**
     * {@code cublasIdamax}: the 1-based index of the first element of largest magnitude; 0 when n or incx is not
     * positive.
     */
    public static int idamax(
        final CublasHandle handle, final int n, final long x, final int incx, final ScalarResult result)
    {
        return Level1Routines.iamax(Precision.DOUBLE, "cublasIdamax", handle, n, x, incx, result);
    }

    /**
     * {@code cublasIdamin}: the 1-based index of the first element of smallest magnitude; 0 when n or incx is not
     * positive.
     */
    public static int idamin(
        final CublasHandle handle, final int n, final long x, final int incx, final ScalarResult result)
    {
        return Level1Routines.iamin(Precision.DOUBLE, "cublasIdamin", handle, n, x, incx, result);
    }

    /**
     * {@code cublasGemmEx} for single or double precision operands; see {@link BatchedRoutines#gemmEx}.
     */
    public static int gemmEx(
        final CublasHandle handle, final int transa, final int transb, final int m, final int n, final int k,
        final Scalar alpha, final long a, final int aType, final int lda, final long b, final int bType, final int ldb,
        final Scalar beta, final long c, final int cType, final int ldc, final int computeType, final int algo)
    {
        return BatchedRoutines.gemmEx(handle, transa, transb, m, n, k, alpha, a, aType, lda, b, bType, ldb, beta, c,
            cType, ldc, computeType, algo);
    }

    // Complex routines (C and Z): a complex scalar is two scalars, its real and imaginary parts; see ComplexRoutines.

    /**
     * {@code cublasCaxpy} / {@code cublasZaxpy}: y = alpha x + y.
     */
    public static int complexAxpy(
        final CublasHandle handle, final boolean doublePrecision, final String routine, final int n,
        final Scalar alphaRe, final Scalar alphaIm, final long x, final int incx, final long y, final int incy)
    {
        return ComplexRoutines.axpy(precision(doublePrecision), routine, handle, n, alphaRe, alphaIm, x, incx, y,
            incy);
    }

    /**
     * {@code cublasCdotu} / {@code cublasCdotc} / {@code cublasZdotu} / {@code cublasZdotc}: the sum of x(i) y(i),
     * or of conj(x(i)) y(i), into two results (real and imaginary part; on the device, one complex value at
     * {@code re}'s address).
     */
    public static int complexDot(
        final CublasHandle handle, final boolean doublePrecision, final String routine, final boolean conjugate,
        final int n, final long x, final int incx, final long y, final int incy, final ScalarResult re,
        final ScalarResult im)
    {
        return ComplexRoutines.dot(precision(doublePrecision), routine, handle, conjugate, n, x, incx, y, incy, re,
            im);
    }

    /**
     * {@code cublasCscal} / {@code cublasZscal}, and with a null {@code alphaIm} the real-alpha {@code cublasCsscal}
     * / {@code cublasZdscal}: x = alpha x.
     */
    public static int complexScal(
        final CublasHandle handle, final boolean doublePrecision, final String routine, final int n,
        final Scalar alphaRe, final Scalar alphaIm, final long x, final int incx)
    {
        return ComplexRoutines.scal(precision(doublePrecision), routine, handle, n, alphaRe, alphaIm, x, incx);
    }

    /**
     * {@code cublasCgemm} / {@code cublasZgemm}: C = alpha op(A) op(B) + beta C, op being N, T or C (the conjugate
     * transpose).
     */
    public static int complexGemm(
        final CublasHandle handle, final boolean doublePrecision, final String routine, final int transa,
        final int transb, final int m, final int n, final int k, final Scalar alphaRe, final Scalar alphaIm,
        final long a, final int lda, final long b, final int ldb, final Scalar betaRe, final Scalar betaIm,
        final long c, final int ldc)
    {
        return ComplexRoutines.gemm(precision(doublePrecision), routine, handle, transa, transb, m, n, k, alphaRe,
            alphaIm, a, lda, b, ldb, betaRe, betaIm, c, ldc);
    }

    private static Precision precision(final boolean doublePrecision)
    {
        return doublePrecision ? Precision.DOUBLE : Precision.SINGLE;
    }
}
