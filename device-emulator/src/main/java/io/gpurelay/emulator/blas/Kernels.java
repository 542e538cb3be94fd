package io.gpurelay.emulator.blas;

/**
 * The arithmetic of the emulated cuBLAS in one precision, on Java arrays read from device memory: {@link
 * Precision#kernels} is {@code FloatKernels} or {@code DoubleKernels}, both generated from
 * {@code src/main/templates/io/gpurelay/emulator/blas/RealKernels.java.in}, where each kernel is documented. Arrays
 * are the precision's {@code float[]} or {@code double[]}; scalars arrive as doubles, and single-precision ones
 * narrow back exactly.
 */
interface Kernels
{
    void axpy(int n, double alpha, Object x, int xFirst, int incx, Object y, int yFirst, int incy);

    double dot(int n, Object x, int xFirst, int incx, Object y, int yFirst, int incy);

    double asum(int n, Object x, int incx);

    double nrm2(int n, Object x, int incx);

    int iamax(int n, Object x, int incx);

    int iamin(int n, Object x, int incx);

    void scal(int n, double alpha, Object x, int incx);

    void copy(int n, Object x, int xFirst, int incx, Object y, int yFirst, int incy);

    void swap(int n, Object x, int xFirst, int incx, Object y, int yFirst, int incy);

    void rot(int n, Object x, int xFirst, int incx, Object y, int yFirst, int incy, double c, double s);

    void gemv(boolean transpose, int m, int n, double alpha, Object a, int lda, Object x, int xFirst, int incx,
        double beta, Object y, int yFirst, int incy);

    void ger(int m, int n, double alpha, Object x, int xFirst, int incx, Object y, int yFirst, int incy, Object a,
        int lda);

    void scaleVector(int n, double beta, Object y, int yFirst, int incy);

    Object symmetric(int n, Object a, int lda, int fillMode);

    Object pack(boolean transpose, int rows, int cols, Object a, int lda);

    void trmv(int n, Object t, boolean lower, boolean unit, Object x, int xFirst, int incx);

    void trsv(int n, Object r, boolean lower, boolean unit, Object x, int xFirst, int incx);

    void gemm(int m, int n, int k, double alpha, Object a, int lda, Object b, int ldb, boolean transposeB, double beta,
        Object c, int ldc);

    void scaleMatrix(int m, int n, double beta, Object c, int ldc);

    void syrk(int n, int k, double alpha, Object a, double beta, Object c, int ldc, boolean lower);

    void scaleTriangle(int n, double beta, Object c, int ldc, boolean lower);

    void trmmLeft(int m, int n, double alpha, Object t, boolean lower, boolean unit, Object b, int ldb, Object c,
        int ldc);

    void trmmRight(int m, int n, double alpha, Object t, boolean lower, boolean unit, Object b, int ldb, Object c,
        int ldc);

    void trsmLeft(int m, int n, double alpha, Object r, boolean lower, boolean unit, Object b, int ldb);

    void trsmRight(int m, int n, double alpha, Object t, boolean lower, boolean unit, Object b, int ldb);

    void geam(int m, int n, double alpha, Object a, int lda, boolean transposeA, double beta, Object b, int ldb,
        boolean transposeB, Object c, int ldc);

    int getrf(int n, Object a, int lda, int[] pivots);

    int getri(int n, Object lu, int lda, int[] pivots, Object c, int ldc);

    /**
     * B = alpha op(A) B (left) or B = alpha B op(A) (right), written to C; see {@code trmmLeft} and {@code trmmRight}.
     */
    default void trmm(final boolean left, final int m, final int n, final double alpha, final Object t,
        final boolean lower, final boolean unit, final Object b, final int ldb, final Object c, final int ldc)
    {
        if (left)
        {
            trmmLeft(m, n, alpha, t, lower, unit, b, ldb, c, ldc);
        }
        else
        {
            trmmRight(m, n, alpha, t, lower, unit, b, ldb, c, ldc);
        }
    }

    /**
     * Solve op(A) X = alpha B (left) or X op(A) = alpha B (right) in place of B; see {@code trsmLeft} and {@code
     * trsmRight}.
     */
    default void trsm(final boolean left, final int m, final int n, final double alpha, final Object t,
        final boolean lower, final boolean unit, final Object b, final int ldb)
    {
        if (left)
        {
            trsmLeft(m, n, alpha, t, lower, unit, b, ldb);
        }
        else
        {
            trsmRight(m, n, alpha, t, lower, unit, b, ldb);
        }
    }
}
