package io.gpurelay.emulator.blas;

import java.util.Arrays;

/**
 * The double-precision arithmetic of the emulated cuBLAS, on Java arrays copied from device memory.
 * <p>
 * Each result is computed by the formula its routine documents, in the element type, each sum accumulated in the
 * order its index ascends, and without fused multiply-adds: a CPU loop written straight from the formula gives the
 * same bits. The GPU sums in other orders and contracts to FMA, so its results differ by rounding.
 * <p>
 * Vectors are an array, the index of logical element 0 and an increment; matrices are column-major with a leading
 * dimension. The loops that carry most of the work run over contiguous memory so that the JIT vectorises them.
 * It is {@link FloatKernels} with {@code double} for {@code float}; keep the two in step.
 */
final class DoubleKernels
{
    private DoubleKernels()
    {
    }

    static void axpy(final int n, final double alpha, final double[] x, final int xFirst, final int incx,
        final double[] y, final int yFirst, final int incy)
    {
        for (int i = 0, ix = xFirst, iy = yFirst; i < n; i++, ix += incx, iy += incy)
        {
            y[iy] = y[iy] + alpha * x[ix];
        }
    }

    static double dot(final int n, final double[] x, final int xFirst, final int incx,
        final double[] y, final int yFirst, final int incy)
    {
        double sum = 0.0;
        for (int i = 0, ix = xFirst, iy = yFirst; i < n; i++, ix += incx, iy += incy)
        {
            sum += x[ix] * y[iy];
        }
        return sum;
    }

    static double asum(final int n, final double[] x, final int incx)
    {
        double sum = 0.0;
        for (int i = 0, ix = 0; i < n; i++, ix += incx)
        {
            sum += Math.abs(x[ix]);
        }
        return sum;
    }

    /**
     * The Euclidean norm with the scaling of the reference BLAS before 3.10 (a running scale and a sum of squares
     * of ratios), so that no square overflows or underflows on the way to a representable result.
     */
    static double nrm2(final int n, final double[] x, final int incx)
    {
        double scale = 0.0;
        double sumOfSquares = 1.0;
        for (int i = 0, ix = 0; i < n; i++, ix += incx)
        {
            if (x[ix] != 0.0)
            {
                final double magnitude = Math.abs(x[ix]);
                if (scale < magnitude)
                {
                    final double ratio = scale / magnitude;
                    sumOfSquares = 1.0 + sumOfSquares * ratio * ratio;
                    scale = magnitude;
                }
                else
                {
                    final double ratio = magnitude / scale;
                    sumOfSquares += ratio * ratio;
                }
            }
        }
        return scale * Math.sqrt(sumOfSquares);
    }

    /**
     * 1-based index of the first element of largest magnitude; a NaN never compares larger, as in the reference
     * BLAS and as cuBLAS 13.1 answered for {1, NaN, 3, 2}.
     */
    static int iamax(final int n, final double[] x, final int incx)
    {
        int best = 0;
        double bestMagnitude = Math.abs(x[0]);
        for (int i = 1, ix = incx; i < n; i++, ix += incx)
        {
            final double magnitude = Math.abs(x[ix]);
            if (magnitude > bestMagnitude)
            {
                best = i;
                bestMagnitude = magnitude;
            }
        }
        return best + 1;
    }

    static int iamin(final int n, final double[] x, final int incx)
    {
        int best = 0;
        double bestMagnitude = Math.abs(x[0]);
        for (int i = 1, ix = incx; i < n; i++, ix += incx)
        {
            final double magnitude = Math.abs(x[ix]);
            if (magnitude < bestMagnitude)
            {
                best = i;
                bestMagnitude = magnitude;
            }
        }
        return best + 1;
    }

    static void scal(final int n, final double alpha, final double[] x, final int incx)
    {
        for (int i = 0, ix = 0; i < n; i++, ix += incx)
        {
            x[ix] = alpha * x[ix];
        }
    }

    static void copy(final int n, final double[] x, final int xFirst, final int incx,
        final double[] y, final int yFirst, final int incy)
    {
        for (int i = 0, ix = xFirst, iy = yFirst; i < n; i++, ix += incx, iy += incy)
        {
            y[iy] = x[ix];
        }
    }

    static void swap(final int n, final double[] x, final int xFirst, final int incx,
        final double[] y, final int yFirst, final int incy)
    {
        for (int i = 0, ix = xFirst, iy = yFirst; i < n; i++, ix += incx, iy += incy)
        {
            final double held = x[ix];
            x[ix] = y[iy];
            y[iy] = held;
        }
    }

    /**
     * The plane rotation x = c x + s y, y = c y - s x.
     */
    static void rot(final int n, final double[] x, final int xFirst, final int incx,
        final double[] y, final int yFirst, final int incy, final double c, final double s)
    {
        for (int i = 0, ix = xFirst, iy = yFirst; i < n; i++, ix += incx, iy += incy)
        {
            final double rotatedX = c * x[ix] + s * y[iy];
            y[iy] = c * y[iy] - s * x[ix];
            x[ix] = rotatedX;
        }
    }

    /**
     * y = alpha op(A) x + beta y, each element of op(A) x summed over ascending column of op(A); y is not read
     * when beta is zero.
     */
    static void gemv(final boolean transpose, final int m, final int n, final double alpha,
        final double[] a, final int lda, final double[] x, final int xFirst, final int incx,
        final double beta, final double[] y, final int yFirst, final int incy)
    {
        final int rows = transpose ? n : m;
        final int cols = transpose ? m : n;
        final double[] products = new double[rows];
        if (transpose)
        {
            for (int row = 0; row < rows; row++)
            {
                double sum = 0.0;
                final int column = row * lda;
                for (int l = 0, ix = xFirst; l < cols; l++, ix += incx)
                {
                    sum += a[column + l] * x[ix];
                }
                products[row] = sum;
            }
        }
        else
        {
            for (int l = 0, ix = xFirst; l < cols; l++, ix += incx)
            {
                final double xl = x[ix];
                final int column = l * lda;
                for (int row = 0; row < rows; row++)
                {
                    products[row] += a[column + row] * xl;
                }
            }
        }
        for (int row = 0, iy = yFirst; row < rows; row++, iy += incy)
        {
            y[iy] = beta == 0.0 ? alpha * products[row] : alpha * products[row] + beta * y[iy];
        }
    }

    /**
     * A = A + x (alpha y)^T, with alpha applied to y first as the reference BLAS does.
     */
    static void ger(final int m, final int n, final double alpha, final double[] x, final int xFirst, final int incx,
        final double[] y, final int yFirst, final int incy, final double[] a, final int lda)
    {
        for (int j = 0, iy = yFirst; j < n; j++, iy += incy)
        {
            final double scaled = alpha * y[iy];
            final int column = j * lda;
            for (int i = 0, ix = xFirst; i < m; i++, ix += incx)
            {
                a[column + i] = a[column + i] + x[ix] * scaled;
            }
        }
    }

    /**
     * y = beta y with A and x unread; y is not read either when beta is zero.
     */
    static void scaleVector(final int n, final double beta, final double[] y, final int yFirst, final int incy)
    {
        for (int i = 0, iy = yFirst; i < n; i++, iy += incy)
        {
            y[iy] = beta == 0.0 ? 0.0 : beta * y[iy];
        }
    }

    /**
     * The full n x n matrix (leading dimension n) of a symmetric matrix stored in one triangle.
     */
    static double[] symmetric(final int n, final double[] a, final int lda, final int fillMode)
    {
        final double[] full = new double[n * n];
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < n; i++)
            {
                final boolean stored = fillMode == CublasFillMode.LOWER ? i >= j : i <= j;
                full[i + j * n] = stored ? a[i + j * lda] : a[j + i * lda];
            }
        }
        return full;
    }

    /**
     * op(A) as a packed rows x cols matrix with leading dimension rows; A is cols x rows when transposed.
     */
    static double[] pack(final boolean transpose, final int rows, final int cols, final double[] a, final int lda)
    {
        final double[] packed = new double[rows * cols];
        for (int j = 0; j < cols; j++)
        {
            for (int i = 0; i < rows; i++)
            {
                packed[i + j * rows] = transpose ? a[j + i * lda] : a[i + j * lda];
            }
        }
        return packed;
    }

    /**
     * x = op(A) x for a triangular op(A) given packed (leading dimension n): element i sums op(A)(i, l) x(l) over
     * the triangle's columns l in ascending order; the diagonal is taken as ones when unit.
     */
    static void trmv(final int n, final double[] t, final boolean lower, final boolean unit,
        final double[] x, final int xFirst, final int incx)
    {
        final double[] products = new double[n];
        for (int l = 0, ix = xFirst; l < n; l++, ix += incx)
        {
            final double xl = x[ix];
            final int column = l * n;
            final int from = lower ? l + 1 : 0;
            final int to = lower ? n : l;
            for (int i = from; i < to; i++)
            {
                products[i] += t[column + i] * xl;
            }
            products[l] += (unit ? 1.0 : t[column + l]) * xl;
        }
        for (int i = 0, ix = xFirst; i < n; i++, ix += incx)
        {
            x[ix] = products[i];
        }
    }

    /**
     * Solve op(A) x = b in place by substitution, given {@code r} = op(A)^T packed (leading dimension n) so that
     * a row of op(A) is contiguous: x(i) = (b(i) - sum) / op(A)(i, i), the sum over the solved elements in
     * ascending order, without the division when unit.
     */
    static void trsv(final int n, final double[] r, final boolean lower, final boolean unit,
        final double[] x, final int xFirst, final int incx)
    {
        final double[] solution = new double[n];
        for (int i = 0, ix = xFirst; i < n; i++, ix += incx)
        {
            solution[i] = x[ix];
        }
        substitute(n, r, lower, unit, solution);
        for (int i = 0, ix = xFirst; i < n; i++, ix += incx)
        {
            x[ix] = solution[i];
        }
    }

    private static void substitute(final int n, final double[] r, final boolean lower, final boolean unit,
        final double[] solution)
    {
        for (int step = 0; step < n; step++)
        {
            final int i = lower ? step : n - 1 - step;
            final int row = i * n;
            final int from = lower ? 0 : i + 1;
            final int to = lower ? i : n;
            double sum = 0.0;
            for (int l = from; l < to; l++)
            {
                sum += r[row + l] * solution[l];
            }
            solution[i] = unit ? solution[i] - sum : (solution[i] - sum) / r[row + i];
        }
    }

    /**
     * C = alpha op(A) op(B) + beta C with op(A) given as an m x k matrix: each element sums over ascending l; C is
     * not read when beta is zero.
     */
    static void gemm(final int m, final int n, final int k, final double alpha, final double[] a, final int lda,
        final double[] b, final int ldb, final boolean transposeB, final double beta, final double[] c, final int ldc)
    {
        final double[] products = new double[m];
        for (int j = 0; j < n; j++)
        {
            Arrays.fill(products, 0.0);
            for (int l = 0; l < k; l++)
            {
                final double blj = transposeB ? b[j + l * ldb] : b[l + j * ldb];
                final int column = l * lda;
                for (int i = 0; i < m; i++)
                {
                    products[i] += a[column + i] * blj;
                }
            }
            storeRange(0, m, alpha, products, beta, c, j * ldc);
        }
    }

    /**
     * C = beta C over a whole matrix, for when op(A) op(B) contributes nothing.
     */
    static void scaleMatrix(final int m, final int n, final double beta, final double[] c, final int ldc)
    {
        for (int j = 0; j < n; j++)
        {
            final int column = j * ldc;
            for (int i = 0; i < m; i++)
            {
                c[column + i] = beta == 0.0 ? 0.0 : beta * c[column + i];
            }
        }
    }

    /**
     * The triangle of C = alpha op(A) op(A)^T + beta C, op(A) given packed as n x k.
     */
    static void syrk(final int n, final int k, final double alpha, final double[] a, final double beta,
        final double[] c, final int ldc, final boolean lower)
    {
        final double[] products = new double[n];
        for (int j = 0; j < n; j++)
        {
            final int from = lower ? j : 0;
            final int to = lower ? n : j + 1;
            Arrays.fill(products, 0.0);
            for (int l = 0; l < k; l++)
            {
                final double ajl = a[j + l * n];
                final int column = l * n;
                for (int i = from; i < to; i++)
                {
                    products[i] += a[column + i] * ajl;
                }
            }
            storeRange(from, to, alpha, products, beta, c, j * ldc);
        }
    }

    static void scaleTriangle(final int n, final double beta, final double[] c, final int ldc, final boolean lower)
    {
        for (int j = 0; j < n; j++)
        {
            final int from = lower ? j : 0;
            final int to = lower ? n : j + 1;
            for (int i = from; i < to; i++)
            {
                c[i + j * ldc] = beta == 0.0 ? 0.0 : beta * c[i + j * ldc];
            }
        }
    }

    /**
     * C = alpha op(A) B for an m x m triangular op(A) given packed: element (i, j) sums op(A)(i, l) B(l, j) over the
     * triangle in ascending l, then is multiplied by alpha.
     */
    static void trmmLeft(final int m, final int n, final double alpha, final double[] t, final boolean lower,
        final boolean unit, final double[] b, final int ldb, final double[] c, final int ldc)
    {
        final double[] products = new double[m];
        for (int j = 0; j < n; j++)
        {
            Arrays.fill(products, 0.0);
            for (int l = 0; l < m; l++)
            {
                final double blj = b[l + j * ldb];
                final int column = l * m;
                final int from = lower ? l + 1 : 0;
                final int to = lower ? m : l;
                for (int i = from; i < to; i++)
                {
                    products[i] += t[column + i] * blj;
                }
                products[l] += (unit ? 1.0 : t[column + l]) * blj;
            }
            storeRange(0, m, alpha, products, 0.0, c, j * ldc);
        }
    }

    /**
     * C = alpha B op(A) for an n x n triangular op(A) given packed: element (i, j) sums B(i, l) op(A)(l, j) over the
     * triangle in ascending l, then is multiplied by alpha.
     */
    static void trmmRight(final int m, final int n, final double alpha, final double[] t, final boolean lower,
        final boolean unit, final double[] b, final int ldb, final double[] c, final int ldc)
    {
        final double[] products = new double[m];
        for (int j = 0; j < n; j++)
        {
            Arrays.fill(products, 0.0);
            final int from = lower ? j : 0;
            final int to = lower ? n : j + 1;
            for (int l = from; l < to; l++)
            {
                final double alj = unit && l == j ? 1.0 : t[l + j * n];
                final int column = l * ldb;
                for (int i = 0; i < m; i++)
                {
                    products[i] += b[column + i] * alj;
                }
            }
            storeRange(0, m, alpha, products, 0.0, c, j * ldc);
        }
    }

    /**
     * Solve op(A) X = alpha B in place of B, column by column, given {@code r} = op(A)^T packed: X(i, j) =
     * (alpha B(i, j) - sum) / op(A)(i, i), the sum over the solved rows in ascending order.
     */
    static void trsmLeft(final int m, final int n, final double alpha, final double[] r, final boolean lower,
        final boolean unit, final double[] b, final int ldb)
    {
        final double[] solution = new double[m];
        for (int j = 0; j < n; j++)
        {
            final int column = j * ldb;
            for (int i = 0; i < m; i++)
            {
                solution[i] = alpha * b[column + i];
            }
            substitute(m, r, lower, unit, solution);
            System.arraycopy(solution, 0, b, column, m);
        }
    }

    /**
     * Solve X op(A) = alpha B in place of B, given op(A) packed: X(i, j) = (alpha B(i, j) - sum) / op(A)(j, j), the
     * sum of X(i, l) op(A)(l, j) over the solved columns l in ascending order.
     */
    static void trsmRight(final int m, final int n, final double alpha, final double[] t, final boolean lower,
        final boolean unit, final double[] b, final int ldb)
    {
        final double[] sums = new double[m];
        for (int step = 0; step < n; step++)
        {
            final int j = lower ? n - 1 - step : step;
            final int from = lower ? j + 1 : 0;
            final int to = lower ? n : j;
            Arrays.fill(sums, 0.0);
            for (int l = from; l < to; l++)
            {
                final double alj = t[l + j * n];
                final int column = l * ldb;
                for (int i = 0; i < m; i++)
                {
                    sums[i] += b[column + i] * alj;
                }
            }
            final int column = j * ldb;
            final double diagonal = t[j + j * n];
            for (int i = 0; i < m; i++)
            {
                final double difference = alpha * b[column + i] - sums[i];
                b[column + i] = unit ? difference : difference / diagonal;
            }
        }
    }

    /**
     * C = alpha op(A) + beta op(B); an operand whose scalar is zero is not read, so it may hold NaNs.
     */
    static void geam(final int m, final int n, final double alpha, final double[] a, final int lda,
        final boolean transposeA, final double beta, final double[] b, final int ldb, final boolean transposeB,
        final double[] c, final int ldc)
    {
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < m; i++)
            {
                final double fromA = alpha == 0.0 ? 0.0 : alpha * (transposeA ? a[j + i * lda] : a[i + j * lda]);
                final double fromB = beta == 0.0 ? 0.0 : beta * (transposeB ? b[j + i * ldb] : b[i + j * ldb]);
                c[i + j * ldc] = alpha == 0.0 ? fromB : beta == 0.0 ? fromA : fromA + fromB;
            }
        }
    }

    /**
     * LU factorisation with partial pivoting (the first row of largest magnitude on ties), or without pivoting
     * when {@code pivots} is null. Rows are swapped across the whole matrix, the column below the pivot divided by
     * it, the trailing matrix updated as a(i, j) - l(i, k) u(k, j).
     * <p>
     * At the first exactly zero pivot it stops and returns that pivot's 1-based index, leaving the remaining
     * pivots as identity; cuBLAS 13.1's getrfBatched was measured doing so (a matrix whose first column is zero
     * came back unchanged with pivots 1, 2, 3), where LAPACK would carry on.
     *
     * @return 0, or the 1-based index of the first zero pivot.
     */
    static int getrf(final int n, final double[] a, final int lda, final int[] pivots)
    {
        for (int k = 0; k < n; k++)
        {
            int pivotRow = k;
            if (pivots != null)
            {
                double largest = Math.abs(a[k + k * lda]);
                for (int i = k + 1; i < n; i++)
                {
                    final double magnitude = Math.abs(a[i + k * lda]);
                    if (magnitude > largest)
                    {
                        largest = magnitude;
                        pivotRow = i;
                    }
                }
                pivots[k] = pivotRow + 1;
            }
            if (a[pivotRow + k * lda] == 0.0)
            {
                for (int i = k + 1; pivots != null && i < n; i++)
                {
                    pivots[i] = i + 1;
                }
                return k + 1;
            }
            if (pivotRow != k)
            {
                for (int j = 0; j < n; j++)
                {
                    final double held = a[k + j * lda];
                    a[k + j * lda] = a[pivotRow + j * lda];
                    a[pivotRow + j * lda] = held;
                }
            }
            final double pivot = a[k + k * lda];
            for (int i = k + 1; i < n; i++)
            {
                a[i + k * lda] = a[i + k * lda] / pivot;
            }
            for (int j = k + 1; j < n; j++)
            {
                final double ukj = a[k + j * lda];
                final int column = j * lda;
                final int multipliers = k * lda;
                for (int i = k + 1; i < n; i++)
                {
                    a[column + i] = a[column + i] - a[multipliers + i] * ukj;
                }
            }
        }
        return 0;
    }

    /**
     * The inverse of A from its LU factors: column j solves A x = e(j) by applying the row interchanges in order,
     * then forward substitution with the unit lower factor and back substitution with the upper one, each sum in
     * ascending order. A zero on U's diagonal leaves C untouched.
     *
     * @return 0, or the 1-based index of the first zero on U's diagonal.
     */
    static int getri(final int n, final double[] lu, final int lda, final int[] pivots, final double[] c, final int ldc)
    {
        for (int i = 0; i < n; i++)
        {
            if (lu[i + i * lda] == 0.0)
            {
                return i + 1;
            }
        }
        final double[] x = new double[n];
        for (int j = 0; j < n; j++)
        {
            Arrays.fill(x, 0.0);
            x[j] = 1.0;
            for (int i = 0; pivots != null && i < n; i++)
            {
                final int other = pivots[i] - 1;
                final double held = x[i];
                x[i] = x[other];
                x[other] = held;
            }
            for (int i = 1; i < n; i++)
            {
                double sum = 0.0;
                for (int l = 0; l < i; l++)
                {
                    sum += lu[i + l * lda] * x[l];
                }
                x[i] = x[i] - sum;
            }
            for (int i = n - 1; i >= 0; i--)
            {
                double sum = 0.0;
                for (int l = i + 1; l < n; l++)
                {
                    sum += lu[i + l * lda] * x[l];
                }
                x[i] = (x[i] - sum) / lu[i + i * lda];
            }
            System.arraycopy(x, 0, c, j * ldc, n);
        }
        return 0;
    }

    private static void storeRange(final int from, final int to, final double alpha, final double[] products,
        final double beta, final double[] c, final int column)
    {
        if (beta == 0.0)
        {
            for (int i = from; i < to; i++)
            {
                c[column + i] = alpha * products[i];
            }
        }
        else
        {
            for (int i = from; i < to; i++)
            {
                c[column + i] = alpha * products[i] + beta * c[column + i];
            }
        }
    }
}
