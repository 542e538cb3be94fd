package io.gpurelay.emulator.blas;

/**
 * Straightforward CPU evaluations of the formulas the emulated routines document, written element by element
 * without regard to speed: column-major matrices addressed through op(), vectors through their increment, sums
 * accumulated in ascending index order and rounded to the element type after every operation.
 */
final class Reference
{
    private Reference()
    {
    }

    /**
     * Index in memory of logical vector element i, BLAS style.
     */
    static int at(final int n, final int inc, final int i)
    {
        return inc >= 0 ? i * inc : (n - 1 - i) * -inc;
    }

    static double op(final double[] a, final int lda, final boolean transpose, final int i, final int j)
    {
        return transpose ? a[j + i * lda] : a[i + j * lda];
    }

    static double sumOfProducts(final ElementType type, final double[] left, final double[] right)
    {
        double sum = 0.0;
        for (int l = 0; l < left.length; l++)
        {
            sum = type.round(sum + type.round(left[l] * right[l]));
        }
        return sum;
    }

    /**
     * alpha s + beta c, or alpha s when beta is zero.
     */
    static double combine(final ElementType type, final double alpha, final double sum, final double beta,
        final double c)
    {
        final double scaled = type.round(alpha * sum);
        return beta == 0.0 ? scaled : type.round(scaled + type.round(beta * c));
    }

    static double[] gemm(final ElementType type, final boolean transposeA, final boolean transposeB, final int m,
        final int n, final int k, final double alpha, final double[] a, final int lda, final double[] b,
        final int ldb, final double beta, final double[] c, final int ldc)
    {
        final double[] result = c.clone();
        for (int i = 0; i < m; i++)
        {
            for (int j = 0; j < n; j++)
            {
                final double[] row = new double[k];
                final double[] column = new double[k];
                for (int l = 0; l < k; l++)
                {
                    row[l] = op(a, lda, transposeA, i, l);
                    column[l] = op(b, ldb, transposeB, l, j);
                }
                result[i + j * ldc] = alpha == 0.0 ?
                    (beta == 0.0 ? 0.0 : type.round(beta * c[i + j * ldc])) :
                    combine(type, alpha, sumOfProducts(type, row, column), beta, c[i + j * ldc]);
            }
        }
        return result;
    }

    /**
     * y = alpha op(A) x + beta y with op(A) given element-wise.
     */
    static double[] gemv(final ElementType type, final boolean transpose, final int m, final int n,
        final double alpha, final double[] a, final int lda, final double[] x, final int incx, final double beta,
        final double[] y, final int incy)
    {
        final int rows = transpose ? n : m;
        final int cols = transpose ? m : n;
        final double[] result = y.clone();
        for (int i = 0; i < rows; i++)
        {
            final double[] row = new double[cols];
            final double[] xs = new double[cols];
            for (int l = 0; l < cols; l++)
            {
                row[l] = op(a, lda, transpose, i, l);
                xs[l] = x[at(cols, incx, l)];
            }
            final int iy = at(rows, incy, i);
            result[iy] = alpha == 0.0 ?
                (beta == 0.0 ? 0.0 : type.round(beta * y[iy])) :
                combine(type, alpha, sumOfProducts(type, row, xs), beta, y[iy]);
        }
        return result;
    }

    static double[] symmetric(final int n, final double[] a, final int lda, final boolean lower)
    {
        final double[] full = new double[n * n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                final boolean stored = lower ? i >= j : i <= j;
                full[i + j * n] = stored ? a[i + j * lda] : a[j + i * lda];
            }
        }
        return full;
    }

    /**
     * op(A) of a triangular A as a full n x n matrix with its zero triangle, for the references that need element
     * access; {@link #inTriangle} says which elements the formulas sum over.
     */
    static double triangular(final double[] a, final int lda, final boolean transpose, final boolean unit,
        final int i, final int j)
    {
        return unit && i == j ? 1.0 : op(a, lda, transpose, i, j);
    }

    static boolean inTriangle(final boolean lowerOp, final int i, final int j)
    {
        return lowerOp ? i >= j : i <= j;
    }

    /**
     * x = op(A) x: element i sums op(A)(i, l) x(l) over the triangle in ascending l.
     */
    static double[] trmv(final ElementType type, final boolean lowerStored, final boolean transpose,
        final boolean unit, final int n, final double[] a, final int lda, final double[] x, final int incx)
    {
        final boolean lowerOp = lowerStored != transpose;
        final double[] result = x.clone();
        for (int i = 0; i < n; i++)
        {
            double sum = 0.0;
            for (int l = 0; l < n; l++)
            {
                if (inTriangle(lowerOp, i, l))
                {
                    sum = type.round(sum + type.round(triangular(a, lda, transpose, unit, i, l) * x[at(n, incx, l)]));
                }
            }
            result[at(n, incx, i)] = sum;
        }
        return result;
    }

    /**
     * Solve op(A) x = b by substitution: x(i) = (b(i) - sum over solved l ascending of op(A)(i, l) x(l)) / op(A)(i, i).
     */
    static double[] trsv(final ElementType type, final boolean lowerStored, final boolean transpose,
        final boolean unit, final int n, final double[] a, final int lda, final double[] b, final int incx)
    {
        final boolean lowerOp = lowerStored != transpose;
        final double[] x = new double[n];
        for (int i = 0; i < n; i++)
        {
            x[i] = b[at(n, incx, i)];
        }
        for (int step = 0; step < n; step++)
        {
            final int i = lowerOp ? step : n - 1 - step;
            double sum = 0.0;
            for (int l = 0; l < n; l++)
            {
                if (l != i && inTriangle(lowerOp, i, l))
                {
                    sum = type.round(sum + type.round(op(a, lda, transpose, i, l) * x[l]));
                }
            }
            final double difference = type.round(x[i] - sum);
            x[i] = unit ? difference : type.round(difference / op(a, lda, transpose, i, i));
        }
        final double[] result = b.clone();
        for (int i = 0; i < n; i++)
        {
            result[at(n, incx, i)] = x[i];
        }
        return result;
    }

    /**
     * A = A + x (alpha y)^T.
     */
    static double[] ger(final ElementType type, final int m, final int n, final double alpha, final double[] x,
        final int incx, final double[] y, final int incy, final double[] a, final int lda)
    {
        final double[] result = a.clone();
        for (int j = 0; j < n; j++)
        {
            final double scaled = type.round(alpha * y[at(n, incy, j)]);
            for (int i = 0; i < m; i++)
            {
                result[i + j * lda] = type.round(a[i + j * lda] + type.round(x[at(m, incx, i)] * scaled));
            }
        }
        return result;
    }

    /**
     * The uplo triangle of C = alpha op(A) op(A)^T + beta C, op(A) being n x k; the other triangle is kept.
     */
    static double[] syrk(final ElementType type, final boolean lower, final boolean transpose, final int n,
        final int k, final double alpha, final double[] a, final int lda, final double beta, final double[] c,
        final int ldc)
    {
        final double[] result = c.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                if (!inTriangle(lower, i, j))
                {
                    continue;
                }
                final double[] left = new double[k];
                final double[] right = new double[k];
                for (int l = 0; l < k; l++)
                {
                    left[l] = op(a, lda, transpose, i, l);
                    right[l] = op(a, lda, transpose, j, l);
                }
                result[i + j * ldc] = alpha == 0.0 || k == 0 ?
                    (beta == 0.0 ? 0.0 : type.round(beta * c[i + j * ldc])) :
                    combine(type, alpha, sumOfProducts(type, left, right), beta, c[i + j * ldc]);
            }
        }
        return result;
    }

    /**
     * C = alpha op(A) B (left) or alpha B op(A) (right), each sum over the triangle in ascending order.
     */
    static double[] trmm(final ElementType type, final boolean left, final boolean lowerStored,
        final boolean transpose, final boolean unit, final int m, final int n, final double alpha, final double[] a,
        final int lda, final double[] b, final int ldb, final double[] c, final int ldc)
    {
        final boolean lowerOp = lowerStored != transpose;
        final int order = left ? m : n;
        final double[] result = c.clone();
        for (int i = 0; i < m; i++)
        {
            for (int j = 0; j < n; j++)
            {
                double sum = 0.0;
                for (int l = 0; l < order; l++)
                {
                    final boolean inside = left ? inTriangle(lowerOp, i, l) : inTriangle(lowerOp, l, j);
                    if (inside)
                    {
                        final double product = left ?
                            triangular(a, lda, transpose, unit, i, l) * b[l + j * ldb] :
                            b[i + l * ldb] * triangular(a, lda, transpose, unit, l, j);
                        sum = type.round(sum + type.round(product));
                    }
                }
                result[i + j * ldc] = alpha == 0.0 ? 0.0 : type.round(alpha * sum);
            }
        }
        return result;
    }

    /**
     * Solve op(A) X = alpha B (left) or X op(A) = alpha B (right): each unknown is (alpha B - sum) / diagonal, the
     * sum over the already solved unknowns in ascending order.
     */
    static double[] trsm(final ElementType type, final boolean left, final boolean lowerStored,
        final boolean transpose, final boolean unit, final int m, final int n, final double alpha, final double[] a,
        final int lda, final double[] b, final int ldb)
    {
        final boolean lowerOp = lowerStored != transpose;
        final double[] x = b.clone();
        if (alpha == 0.0)
        {
            for (int j = 0; j < n; j++)
            {
                for (int i = 0; i < m; i++)
                {
                    x[i + j * ldb] = 0.0;
                }
            }
            return x;
        }
        if (left)
        {
            for (int j = 0; j < n; j++)
            {
                for (int step = 0; step < m; step++)
                {
                    final int i = lowerOp ? step : m - 1 - step;
                    double sum = 0.0;
                    for (int l = 0; l < m; l++)
                    {
                        if (l != i && inTriangle(lowerOp, i, l))
                        {
                            sum = type.round(sum + type.round(op(a, lda, transpose, i, l) * x[l + j * ldb]));
                        }
                    }
                    final double difference = type.round(type.round(alpha * b[i + j * ldb]) - sum);
                    x[i + j * ldb] = unit ? difference : type.round(difference / op(a, lda, transpose, i, i));
                }
            }
        }
        else
        {
            for (int step = 0; step < n; step++)
            {
                final int j = lowerOp ? n - 1 - step : step;
                for (int i = 0; i < m; i++)
                {
                    double sum = 0.0;
                    for (int l = 0; l < n; l++)
                    {
                        if (l != j && inTriangle(lowerOp, l, j))
                        {
                            sum = type.round(sum + type.round(x[i + l * ldb] * op(a, lda, transpose, l, j)));
                        }
                    }
                    final double difference = type.round(type.round(alpha * b[i + j * ldb]) - sum);
                    x[i + j * ldb] = unit ? difference : type.round(difference / op(a, lda, transpose, j, j));
                }
            }
        }
        return x;
    }

    static double[] geam(final ElementType type, final boolean transposeA, final boolean transposeB, final int m,
        final int n, final double alpha, final double[] a, final int lda, final double beta, final double[] b,
        final int ldb, final double[] c, final int ldc)
    {
        final double[] result = c.clone();
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                final double fromA = alpha == 0.0 ? 0.0 : type.round(alpha * op(a, lda, transposeA, i, j));
                final double fromB = beta == 0.0 ? 0.0 : type.round(beta * op(b, ldb, transposeB, i, j));
                result[i + j * ldc] = alpha == 0.0 ? fromB : beta == 0.0 ? fromA : type.round(fromA + fromB);
            }
        }
        return result;
    }

    /**
     * A times B for square n x n matrices with leading dimension n, in double precision.
     */
    static double[] product(final int n, final double[] a, final double[] b)
    {
        final double[] c = new double[n * n];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                double sum = 0.0;
                for (int l = 0; l < n; l++)
                {
                    sum += a[i + l * n] * b[l + j * n];
                }
                c[i + j * n] = sum;
            }
        }
        return c;
    }
}
