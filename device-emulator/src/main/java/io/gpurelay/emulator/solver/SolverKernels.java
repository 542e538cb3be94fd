package io.gpurelay.emulator.solver;

/**
 * The arithmetic of the emulated cuSOLVER in one precision, on column-major Java arrays read from device memory:
 * {@link Precision#kernels} is {@code FloatSolverKernels} or {@code DoubleSolverKernels}, both generated from
 * {@code src/main/templates/io/gpurelay/emulator/solver/RealSolverKernels.java.in}, where each kernel is documented.
 * Arrays are the precision's {@code float[]} or {@code double[]}.
 */
interface SolverKernels
{
    /**
     * LU factorisation of the m x n matrix in place, with partial pivoting when {@code pivots} is not null.
     *
     * @return 0, or the 1-based index of the first exactly zero diagonal element of U.
     */
    int getrf(int m, int n, Object a, int lda, int[] pivots);

    /**
     * Solve op(A) X = B in place of B from getrf's factors and pivots (null: none).
     */
    void getrs(boolean transpose, int n, int nrhs, Object lu, int lda, int[] pivots, Object b, int ldb);

    /**
     * Cholesky factorisation of the lower or upper triangle in place.
     *
     * @return 0, or the order of the first leading minor that is not positive definite.
     */
    int potrf(boolean lower, int n, Object a, int lda);

    /**
     * Solve A X = B in place of B from potrf's factor in the lower or upper triangle.
     */
    void potrs(boolean lower, int n, int nrhs, Object factor, int lda, Object b, int ldb);
}
