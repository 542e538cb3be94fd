package io.gpurelay.emulator.solver;

/**
 * getrf, getrs, potrf and potrs and their workspace queries, for either precision. Each validates its arguments as
 * cuSOLVER does ({@link CusolverStatus#INVALID_VALUE}, nothing touched), returns early when there is nothing to
 * compute, checks every range it will read or write ({@link CusolverStatus#EXECUTION_FAILED}, nothing written),
 * then computes on Java copies (see {@link SolverKernels}) and stores the outputs.
 * <p>
 * The workspace the emulator asks for is what one row (getrf) or one column (potrf) of the matrix holds, n
 * elements: enough that a program which sizes it from the query and passes it is checked for having done so. The
 * emulator checks that range but neither reads nor writes it; the kernels work on Java arrays.
 */
final class DenseRoutines
{
    private DenseRoutines()
    {
    }

    /**
     * The Lwork, in elements, that {@code getrf_bufferSize} reports for an m x n matrix and getrf checks.
     */
    static int getrfWorkspace(final int m, final int n)
    {
        return n;
    }

    /**
     * The Lwork, in elements, that {@code potrf_bufferSize} reports for an n x n matrix and potrf requires.
     */
    static int potrfWorkspace(final int n)
    {
        return n;
    }

    static int getrfBufferSize(final Precision precision, final String routine, final CusolverDnHandle handle,
        final int m, final int n, final int lda, final int[] lwork)
    {
        return SolverCall.run(handle, routine, precision, call ->
        {
            checkGetrf(call, m, n, lda);
            call.requireResult(lwork);
            lwork[0] = getrfWorkspace(m, n);
        });
    }

    /**
     * LU factorisation with partial pivoting of A in place, P A = L U, pivots 1-based to {@code devIpiv} (min(m, n)
     * ints) unless it is 0, which asks for no pivoting; info 0, or the first i (1-based) where U(i,i) is exactly
     * zero, the factorisation completed all the same.
     */
    static int getrf(final Precision precision, final String routine, final CusolverDnHandle handle, final int m,
        final int n, final long a, final int lda, final long workspace, final long devIpiv, final long devInfo)
    {
        return SolverCall.run(handle, routine, precision, call ->
        {
            checkGetrf(call, m, n, lda);
            if (m == 0 || n == 0)
            {
                call.quickReturn(devInfo);
                return;
            }
            final int steps = Math.min(m, n);
            final SolverRegion matrix = call.matrix("A", a, m, n, lda);
            call.region("Workspace", workspace, getrfWorkspace(m, n), precision.elementSize);
            final boolean pivoting = devIpiv != 0;
            final SolverRegion pivotRegion = pivoting ? call.region("devIpiv", devIpiv, steps, Integer.BYTES) : null;
            final SolverRegion infoRegion = call.region("devInfo", devInfo, 1, Integer.BYTES);
            final Object lu = matrix.read(precision);
            final int[] pivots = pivoting ? new int[steps] : null;
            final int info = precision.kernels.getrf(m, n, lu, lda, pivots);
            matrix.writeMatrix(lu, m, n, lda);
            if (pivoting)
            {
                pivotRegion.writeRun(pivots, 0, steps);
            }
            infoRegion.writeInt(info);
        });
    }

    /**
     * Solve op(A) X = B in place of B (n x nrhs) from getrf's LU and pivots ({@code devIpiv} 0: none); info 0. A
     * pivot outside [1, n] would index outside B on the GPU: {@link CusolverStatus#EXECUTION_FAILED}, B untouched.
     */
    static int getrs(final Precision precision, final String routine, final CusolverDnHandle handle, final int trans,
        final int n, final int nrhs, final long a, final int lda, final long devIpiv, final long b, final int ldb,
        final long devInfo)
    {
        return SolverCall.run(handle, routine, precision, call ->
        {
            final boolean transpose = call.requireOperation(trans);
            call.requireNonNegative("n", n);
            call.requireNonNegative("nrhs", nrhs);
            call.requireLeadingDimension("lda", lda, n);
            call.requireLeadingDimension("ldb", ldb, n);
            if (n == 0 || nrhs == 0)
            {
                call.quickReturn(devInfo);
                return;
            }
            final SolverRegion factors = call.matrix("A", a, n, n, lda);
            final SolverRegion pivotRegion = devIpiv != 0 ? call.region("devIpiv", devIpiv, n, Integer.BYTES) : null;
            final SolverRegion rightHandSides = call.matrix("B", b, n, nrhs, ldb);
            final SolverRegion infoRegion = call.region("devInfo", devInfo, 1, Integer.BYTES);
            final int[] pivots = pivotRegion == null ? null : pivotRegion.readInts();
            for (int k = 0; pivots != null && k < n; k++)
            {
                if (pivots[k] < 1 || pivots[k] > n)
                {
                    throw call.executionFailed("devIpiv[" + k + "] (" + pivots[k] + ") is outside [1, " + n + "]");
                }
            }
            final Object x = rightHandSides.read(precision);
            precision.kernels.getrs(transpose, n, nrhs, factors.read(precision), lda, pivots, x, ldb);
            rightHandSides.writeMatrix(x, n, nrhs, ldb);
            infoRegion.writeInt(0);
        });
    }

    static int potrfBufferSize(final Precision precision, final String routine, final CusolverDnHandle handle,
        final int uplo, final int n, final int lda, final int[] lwork)
    {
        return SolverCall.run(handle, routine, precision, call ->
        {
            checkPotrf(call, uplo, n, lda);
            call.requireResult(lwork);
            lwork[0] = potrfWorkspace(n);
        });
    }

    /**
     * Cholesky factorisation in place of the triangle {@code uplo} names (A = L L^T or U^T U), the other triangle
     * neither read nor written; info 0, or the order i of the first leading minor that is not positive definite, the
     * factorisation stopped there. Lwork below what {@link #potrfWorkspace} gives is
     * {@link CusolverStatus#INVALID_VALUE}.
     */
    static int potrf(final Precision precision, final String routine, final CusolverDnHandle handle, final int uplo,
        final int n, final long a, final int lda, final long workspace, final int lwork, final long devInfo)
    {
        return SolverCall.run(handle, routine, precision, call ->
        {
            final boolean lower = checkPotrf(call, uplo, n, lda);
            final int required = potrfWorkspace(n);
            call.require(lwork >= required, "Lwork (" + lwork + ") < " + required + ", what potrf_bufferSize gives");
            if (n == 0)
            {
                call.quickReturn(devInfo);
                return;
            }
            final SolverRegion matrix = call.matrix("A", a, n, n, lda);
            call.region("Workspace", workspace, required, precision.elementSize);
            final SolverRegion infoRegion = call.region("devInfo", devInfo, 1, Integer.BYTES);
            final Object factor = matrix.read(precision);
            final int info = precision.kernels.potrf(lower, n, factor, lda);
            matrix.writeTriangle(factor, n, lda, lower);
            infoRegion.writeInt(info);
        });
    }

    /**
     * Solve A X = B in place of B (n x nrhs) from potrf's factor in the triangle {@code uplo} names; info 0.
     */
    static int potrs(final Precision precision, final String routine, final CusolverDnHandle handle, final int uplo,
        final int n, final int nrhs, final long a, final int lda, final long b, final int ldb, final long devInfo)
    {
        return SolverCall.run(handle, routine, precision, call ->
        {
            final boolean lower = checkPotrf(call, uplo, n, lda);
            call.requireNonNegative("nrhs", nrhs);
            call.requireLeadingDimension("ldb", ldb, n);
            if (n == 0 || nrhs == 0)
            {
                call.quickReturn(devInfo);
                return;
            }
            final SolverRegion factorRegion = call.matrix("A", a, n, n, lda);
            final SolverRegion rightHandSides = call.matrix("B", b, n, nrhs, ldb);
            final SolverRegion infoRegion = call.region("devInfo", devInfo, 1, Integer.BYTES);
            final Object x = rightHandSides.read(precision);
            precision.kernels.potrs(lower, n, nrhs, factorRegion.read(precision), lda, x, ldb);
            rightHandSides.writeMatrix(x, n, nrhs, ldb);
            infoRegion.writeInt(0);
        });
    }

    private static void checkGetrf(final SolverCall call, final int m, final int n, final int lda)
    {
        call.requireNonNegative("m", m);
        call.requireNonNegative("n", n);
        call.requireLeadingDimension("lda", lda, m);
    }

    private static boolean checkPotrf(final SolverCall call, final int uplo, final int n, final int lda)
    {
        final boolean lower = call.requireFillMode(uplo);
        call.requireNonNegative("n", n);
        call.requireLeadingDimension("lda", lda, n);
        return lower;
    }
}
