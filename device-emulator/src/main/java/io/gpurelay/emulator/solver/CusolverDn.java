package io.gpurelay.emulator.solver;

/**
 * The emulated cuSOLVER dense API: one method per {@code cusolverDn} entry point, named as in cuSOLVER without the
 * {@code cusolverDn} prefix (and without the underscore of {@code _bufferSize}), each returning a
 * {@link CusolverStatus}. Matrices, pivots, info and workspaces are device addresses in the handle's device memory,
 * column-major with leading dimensions; a workspace query delivers Lwork, in elements, to {@code lwork[0]}. Enum
 * arguments take the cuBLAS values cuSOLVER uses: {@code cublasFillMode_t} for uplo
 * ({@link io.gpurelay.emulator.blas.CublasFillMode}: 0 lower, 1 upper) and {@code cublasOperation_t} for trans
 * ({@link io.gpurelay.emulator.blas.CublasOperation}: 0 N, 1 T, 2 C, which for real types is T).
 * <p>
 * A null or destroyed handle is {@link CusolverStatus#NOT_INITIALIZED}. Sizes, leading dimensions, enum values and
 * potrf's Lwork are validated first ({@link CusolverStatus#INVALID_VALUE}, nothing touched); sizes of 0 succeed at
 * once, with info set to 0 where devInfo is a valid address. Then every range a call would touch (the matrix spans
 * from their dimensions and leading dimensions, min(m, n) or n pivots, one info int, the workspace's Lwork elements)
 * must lie inside one live allocation of the owner, or the call fails with {@link CusolverStatus#EXECUTION_FAILED}
 * and a message naming the routine and the argument ({@link CusolverDnHandle#lastErrorMessage()}), leaving memory
 * untouched.
 * <p>
 * S routines compute in float, D routines in double, as LAPACK's unblocked algorithms do (see
 * {@code RealSolverKernels.java.in}); on a GPU, cuSOLVER's blocked algorithms give results that differ by rounding.
 */
public final class CusolverDn
{
    private CusolverDn()
    {
    }

    /**
     * {@code cusolverDnSgetrf_bufferSize}: Lwork, in elements, for getrf of an m x n matrix: n (A is not read).
     */
    public static int sgetrfBufferSize(
        final CusolverDnHandle handle, final int m, final int n, final long a, final int lda, final int[] lwork)
    {
        return DenseRoutines.getrfBufferSize(Precision.SINGLE, "cusolverDnSgetrf_bufferSize",
            handle, m, n, lda, lwork);
    }

    /**
     * {@code cusolverDnSgetrf}: P A = L U in place, partial pivoting, pivots 1-based to devIpiv (0: no
     * pivoting), info the first exactly zero U(i,i), 1-based, or 0. The workspace holds the Lwork floats
     * getrf_bufferSize gives.
     */
    public static int sgetrf(
        final CusolverDnHandle handle, final int m, final int n, final long a, final int lda, final long workspace,
        final long devIpiv, final long devInfo)
    {
        return DenseRoutines.getrf(Precision.SINGLE, "cusolverDnSgetrf",
            handle, m, n, a, lda, workspace, devIpiv, devInfo);
    }

    /**
     * {@code cusolverDnSgetrs}: solve op(A) X = B in place of B from getrf's LU and pivots (devIpiv 0: none); info 0.
     */
    public static int sgetrs(
        final CusolverDnHandle handle, final int trans, final int n, final int nrhs, final long a, final int lda,
        final long devIpiv, final long b, final int ldb, final long devInfo)
    {
        return DenseRoutines.getrs(Precision.SINGLE, "cusolverDnSgetrs",
            handle, trans, n, nrhs, a, lda, devIpiv, b, ldb, devInfo);
    }

    /**
     * {@code cusolverDnSpotrf_bufferSize}: Lwork, in elements, for potrf of an n x n matrix: n (A is not read).
     */
    public static int spotrfBufferSize(
        final CusolverDnHandle handle, final int uplo, final int n, final long a, final int lda, final int[] lwork)
    {
        return DenseRoutines.potrfBufferSize(Precision.SINGLE, "cusolverDnSpotrf_bufferSize",
            handle, uplo, n, lda, lwork);
    }

    /**
     * {@code cusolverDnSpotrf}: Cholesky factorisation in place of the uplo triangle; info the order of the
     * first leading minor that is not positive definite, or 0. Lwork below potrf_bufferSize's answer is INVALID_VALUE.
     */
    public static int spotrf(
        final CusolverDnHandle handle, final int uplo, final int n, final long a, final int lda,
        final long workspace, final int lwork, final long devInfo)
    {
        return DenseRoutines.potrf(Precision.SINGLE, "cusolverDnSpotrf",
            handle, uplo, n, a, lda, workspace, lwork, devInfo);
    }

    /**
     * {@code cusolverDnSpotrs}: solve A X = B in place of B from potrf's factor in the uplo triangle; info 0.
     */
    public static int spotrs(
        final CusolverDnHandle handle, final int uplo, final int n, final int nrhs, final long a, final int lda,
        final long b, final int ldb, final long devInfo)
    {
        return DenseRoutines.potrs(Precision.SINGLE, "cusolverDnSpotrs",
            handle, uplo, n, nrhs, a, lda, b, ldb, devInfo);
    }

    /**
     * {@code cusolverDnDgetrf_bufferSize}: Lwork, in elements, for getrf of an m x n matrix: n (A is not read).
     */
    public static int dgetrfBufferSize(
        final CusolverDnHandle handle, final int m, final int n, final long a, final int lda, final int[] lwork)
    {
        return DenseRoutines.getrfBufferSize(Precision.DOUBLE, "cusolverDnDgetrf_bufferSize",
            handle, m, n, lda, lwork);
    }

    /**
     * {@code cusolverDnDgetrf}: P A = L U in place, partial pivoting, pivots 1-based to devIpiv (0: no
     * pivoting), info the first exactly zero U(i,i), 1-based, or 0. The workspace holds the Lwork doubles
     * getrf_bufferSize gives.
     */
    public static int dgetrf(
        final CusolverDnHandle handle, final int m, final int n, final long a, final int lda, final long workspace,
        final long devIpiv, final long devInfo)
    {
        return DenseRoutines.getrf(Precision.DOUBLE, "cusolverDnDgetrf",
            handle, m, n, a, lda, workspace, devIpiv, devInfo);
    }

    /**
     * {@code cusolverDnDgetrs}: solve op(A) X = B in place of B from getrf's LU and pivots (devIpiv 0: none); info 0.
     */
    public static int dgetrs(
        final CusolverDnHandle handle, final int trans, final int n, final int nrhs, final long a, final int lda,
        final long devIpiv, final long b, final int ldb, final long devInfo)
    {
        return DenseRoutines.getrs(Precision.DOUBLE, "cusolverDnDgetrs",
            handle, trans, n, nrhs, a, lda, devIpiv, b, ldb, devInfo);
    }

    /**
     * {@code cusolverDnDpotrf_bufferSize}: Lwork, in elements, for potrf of an n x n matrix: n (A is not read).
     */
    public static int dpotrfBufferSize(
        final CusolverDnHandle handle, final int uplo, final int n, final long a, final int lda, final int[] lwork)
    {
        return DenseRoutines.potrfBufferSize(Precision.DOUBLE, "cusolverDnDpotrf_bufferSize",
            handle, uplo, n, lda, lwork);
    }

    /**
     * {@code cusolverDnDpotrf}: Cholesky factorisation in place of the uplo triangle; info the order of the
     * first leading minor that is not positive definite, or 0. Lwork below potrf_bufferSize's answer is INVALID_VALUE.
     */
    public static int dpotrf(
        final CusolverDnHandle handle, final int uplo, final int n, final long a, final int lda,
        final long workspace, final int lwork, final long devInfo)
    {
        return DenseRoutines.potrf(Precision.DOUBLE, "cusolverDnDpotrf",
            handle, uplo, n, a, lda, workspace, lwork, devInfo);
    }

    /**
     * {@code cusolverDnDpotrs}: solve A X = B in place of B from potrf's factor in the uplo triangle; info 0.
     */
    public static int dpotrs(
        final CusolverDnHandle handle, final int uplo, final int n, final int nrhs, final long a, final int lda,
        final long b, final int ldb, final long devInfo)
    {
        return DenseRoutines.potrs(Precision.DOUBLE, "cusolverDnDpotrs",
            handle, uplo, n, nrhs, a, lda, b, ldb, devInfo);
    }
}
