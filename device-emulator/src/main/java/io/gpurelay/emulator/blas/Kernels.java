package io.gpurelay.emulator.blas;

/**
 * Sends a routine's operands to {@link FloatKernels} or {@link DoubleKernels} by the type of array they were read
 * into, so that each routine's argument handling is written once for both precisions. Scalars arrive as doubles;
 * single-precision ones narrow back exactly.
 */
final class Kernels
{
    private Kernels()
    {
    }

    static void axpy(final int n, final double alpha, final Object x, final int xFirst, final int incx,
        final Object y, final int yFirst, final int incy)
    {
        if (x instanceof float[] xf)
        {
            FloatKernels.axpy(n, (float)alpha, xf, xFirst, incx, (float[])y, yFirst, incy);
        }
        else
        {
            DoubleKernels.axpy(n, alpha, (double[])x, xFirst, incx, (double[])y, yFirst, incy);
        }
    }

    static double dot(final int n, final Object x, final int xFirst, final int incx,
        final Object y, final int yFirst, final int incy)
    {
        return x instanceof float[] xf ?
            FloatKernels.dot(n, xf, xFirst, incx, (float[])y, yFirst, incy) :
            DoubleKernels.dot(n, (double[])x, xFirst, incx, (double[])y, yFirst, incy);
    }

    static double asum(final int n, final Object x, final int incx)
    {
        return x instanceof float[] xf ? FloatKernels.asum(n, xf, incx) : DoubleKernels.asum(n, (double[])x, incx);
    }

    static double nrm2(final int n, final Object x, final int incx)
    {
        return x instanceof float[] xf ? FloatKernels.nrm2(n, xf, incx) : DoubleKernels.nrm2(n, (double[])x, incx);
    }

    static int iamax(final int n, final Object x, final int incx)
    {
        return x instanceof float[] xf ? FloatKernels.iamax(n, xf, incx) : DoubleKernels.iamax(n, (double[])x, incx);
    }

    static int iamin(final int n, final Object x, final int incx)
    {
        return x instanceof float[] xf ? FloatKernels.iamin(n, xf, incx) : DoubleKernels.iamin(n, (double[])x, incx);
    }

    static void scal(final int n, final double alpha, final Object x, final int incx)
    {
        if (x instanceof float[] xf)
        {
            FloatKernels.scal(n, (float)alpha, xf, incx);
        }
        else
        {
            DoubleKernels.scal(n, alpha, (double[])x, incx);
        }
    }

    static void copy(final int n, final Object x, final int xFirst, final int incx,
        final Object y, final int yFirst, final int incy)
    {
        if (x instanceof float[] xf)
        {
            FloatKernels.copy(n, xf, xFirst, incx, (float[])y, yFirst, incy);
        }
        else
        {
            DoubleKernels.copy(n, (double[])x, xFirst, incx, (double[])y, yFirst, incy);
        }
    }

    static void swap(final int n, final Object x, final int xFirst, final int incx,
        final Object y, final int yFirst, final int incy)
    {
        if (x instanceof float[] xf)
        {
            FloatKernels.swap(n, xf, xFirst, incx, (float[])y, yFirst, incy);
        }
        else
        {
            DoubleKernels.swap(n, (double[])x, xFirst, incx, (double[])y, yFirst, incy);
        }
    }

    static void rot(final int n, final Object x, final int xFirst, final int incx,
        final Object y, final int yFirst, final int incy, final double c, final double s)
    {
        if (x instanceof float[] xf)
        {
            FloatKernels.rot(n, xf, xFirst, incx, (float[])y, yFirst, incy, (float)c, (float)s);
        }
        else
        {
            DoubleKernels.rot(n, (double[])x, xFirst, incx, (double[])y, yFirst, incy, c, s);
        }
    }

    static void gemv(final boolean transpose, final int m, final int n, final double alpha,
        final Object a, final int lda, final Object x, final int xFirst, final int incx,
        final double beta, final Object y, final int yFirst, final int incy)
    {
        if (a instanceof float[] af)
        {
            FloatKernels.gemv(transpose, m, n, (float)alpha, af, lda, (float[])x, xFirst, incx,
                (float)beta, (float[])y, yFirst, incy);
        }
        else
        {
            DoubleKernels.gemv(transpose, m, n, alpha, (double[])a, lda, (double[])x, xFirst, incx,
                beta, (double[])y, yFirst, incy);
        }
    }

    static void ger(final int m, final int n, final double alpha, final Object x, final int xFirst, final int incx,
        final Object y, final int yFirst, final int incy, final Object a, final int lda)
    {
        if (a instanceof float[] af)
        {
            FloatKernels.ger(m, n, (float)alpha, (float[])x, xFirst, incx, (float[])y, yFirst, incy, af, lda);
        }
        else
        {
            DoubleKernels.ger(m, n, alpha, (double[])x, xFirst, incx, (double[])y, yFirst, incy, (double[])a, lda);
        }
    }

    static void scaleVector(final int n, final double beta, final Object y, final int yFirst, final int incy)
    {
        if (y instanceof float[] yf)
        {
            FloatKernels.scaleVector(n, (float)beta, yf, yFirst, incy);
        }
        else
        {
            DoubleKernels.scaleVector(n, beta, (double[])y, yFirst, incy);
        }
    }

    static Object symmetric(final int n, final Object a, final int lda, final int fillMode)
    {
        return a instanceof float[] af ?
            FloatKernels.symmetric(n, af, lda, fillMode) : DoubleKernels.symmetric(n, (double[])a, lda, fillMode);
    }

    static Object pack(final boolean transpose, final int rows, final int cols, final Object a, final int lda)
    {
        return a instanceof float[] af ?
            FloatKernels.pack(transpose, rows, cols, af, lda) :
            DoubleKernels.pack(transpose, rows, cols, (double[])a, lda);
    }

    static void trmv(final int n, final Object t, final boolean lower, final boolean unit,
        final Object x, final int xFirst, final int incx)
    {
        if (t instanceof float[] tf)
        {
            FloatKernels.trmv(n, tf, lower, unit, (float[])x, xFirst, incx);
        }
        else
        {
            DoubleKernels.trmv(n, (double[])t, lower, unit, (double[])x, xFirst, incx);
        }
    }

    static void trsv(final int n, final Object r, final boolean lower, final boolean unit,
        final Object x, final int xFirst, final int incx)
    {
        if (r instanceof float[] rf)
        {
            FloatKernels.trsv(n, rf, lower, unit, (float[])x, xFirst, incx);
        }
        else
        {
            DoubleKernels.trsv(n, (double[])r, lower, unit, (double[])x, xFirst, incx);
        }
    }

    static void gemm(final int m, final int n, final int k, final double alpha, final Object a, final int lda,
        final Object b, final int ldb, final boolean transposeB, final double beta, final Object c, final int ldc)
    {
        if (a instanceof float[] af)
        {
            FloatKernels.gemm(m, n, k, (float)alpha, af, lda, (float[])b, ldb, transposeB, (float)beta,
                (float[])c, ldc);
        }
        else
        {
            DoubleKernels.gemm(m, n, k, alpha, (double[])a, lda, (double[])b, ldb, transposeB, beta,
                (double[])c, ldc);
        }
    }

    static void scaleMatrix(final int m, final int n, final double beta, final Object c, final int ldc)
    {
        if (c instanceof float[] cf)
        {
            FloatKernels.scaleMatrix(m, n, (float)beta, cf, ldc);
        }
        else
        {
            DoubleKernels.scaleMatrix(m, n, beta, (double[])c, ldc);
        }
    }

    static void syrk(final int n, final int k, final double alpha, final Object a, final double beta,
        final Object c, final int ldc, final boolean lower)
    {
        if (a instanceof float[] af)
        {
            FloatKernels.syrk(n, k, (float)alpha, af, (float)beta, (float[])c, ldc, lower);
        }
        else
        {
            DoubleKernels.syrk(n, k, alpha, (double[])a, beta, (double[])c, ldc, lower);
        }
    }

    static void scaleTriangle(final int n, final double beta, final Object c, final int ldc, final boolean lower)
    {
        if (c instanceof float[] cf)
        {
            FloatKernels.scaleTriangle(n, (float)beta, cf, ldc, lower);
        }
        else
        {
            DoubleKernels.scaleTriangle(n, beta, (double[])c, ldc, lower);
        }
    }

    static void trmm(final boolean left, final int m, final int n, final double alpha, final Object t,
        final boolean lower, final boolean unit, final Object b, final int ldb, final Object c, final int ldc)
    {
        if (t instanceof float[] tf)
        {
            if (left)
            {
                FloatKernels.trmmLeft(m, n, (float)alpha, tf, lower, unit, (float[])b, ldb, (float[])c, ldc);
            }
            else
            {
                FloatKernels.trmmRight(m, n, (float)alpha, tf, lower, unit, (float[])b, ldb, (float[])c, ldc);
            }
        }
        else if (left)
        {
            DoubleKernels.trmmLeft(m, n, alpha, (double[])t, lower, unit, (double[])b, ldb, (double[])c, ldc);
        }
        else
        {
            DoubleKernels.trmmRight(m, n, alpha, (double[])t, lower, unit, (double[])b, ldb, (double[])c, ldc);
        }
    }

    static void trsm(final boolean left, final int m, final int n, final double alpha, final Object t,
        final boolean lower, final boolean unit, final Object b, final int ldb)
    {
        if (t instanceof float[] tf)
        {
            if (left)
            {
                FloatKernels.trsmLeft(m, n, (float)alpha, tf, lower, unit, (float[])b, ldb);
            }
            else
            {
                FloatKernels.trsmRight(m, n, (float)alpha, tf, lower, unit, (float[])b, ldb);
            }
        }
        else if (left)
        {
            DoubleKernels.trsmLeft(m, n, alpha, (double[])t, lower, unit, (double[])b, ldb);
        }
        else
        {
            DoubleKernels.trsmRight(m, n, alpha, (double[])t, lower, unit, (double[])b, ldb);
        }
    }

    static void geam(final int m, final int n, final double alpha, final Object a, final int lda,
        final boolean transposeA, final double beta, final Object b, final int ldb, final boolean transposeB,
        final Object c, final int ldc)
    {
        if (c instanceof float[] cf)
        {
            FloatKernels.geam(m, n, (float)alpha, (float[])a, lda, transposeA, (float)beta, (float[])b, ldb,
                transposeB, cf, ldc);
        }
        else
        {
            DoubleKernels.geam(m, n, alpha, (double[])a, lda, transposeA, beta, (double[])b, ldb, transposeB,
                (double[])c, ldc);
        }
    }

    static int getrf(final int n, final Object a, final int lda, final int[] pivots)
    {
        return a instanceof float[] af ?
            FloatKernels.getrf(n, af, lda, pivots) : DoubleKernels.getrf(n, (double[])a, lda, pivots);
    }

    static int getri(final int n, final Object lu, final int lda, final int[] pivots, final Object c, final int ldc)
    {
        return lu instanceof float[] luf ?
            FloatKernels.getri(n, luf, lda, pivots, (float[])c, ldc) :
            DoubleKernels.getri(n, (double[])lu, lda, pivots, (double[])c, ldc);
    }
}
