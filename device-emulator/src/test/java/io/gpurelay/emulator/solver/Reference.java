package io.gpurelay.emulator.solver;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.emulator.blas.ElementType;

/**
 * Textbook linear algebra in double precision on two-dimensional arrays, written independently of the emulator's
 * kernels: Gaussian elimination with partial pivoting, the Cholesky factorisation, and solves by substitution.
 */
final class Reference
{
    private Reference()
    {
    }

    /**
     * The m x n column-major matrix with leading dimension ld as rows of a two-dimensional array.
     */
    static double[][] matrix(final double[] columnMajor, final int m, final int n, final int ld)
    {
        final double[][] a = new double[m][n];
        for (int i = 0; i < m; i++)
        {
            for (int j = 0; j < n; j++)
            {
                a[i][j] = columnMajor[i + j * ld];
            }
        }
        return a;
    }

    /**
     * LU with partial pivoting in place of {@code a}; the 1-based pivot rows, LAPACK's convention.
     */
    static int[] lu(final double[][] a)
    {
        final int m = a.length;
        final int n = a[0].length;
        final int[] pivots = new int[Math.min(m, n)];
        for (int k = 0; k < pivots.length; k++)
        {
            int p = k;
            for (int i = k + 1; i < m; i++)
            {
                if (Math.abs(a[i][k]) > Math.abs(a[p][k]))
                {
                    p = i;
                }
            }
            pivots[k] = p + 1;
            final double[] row = a[p];
            a[p] = a[k];
            a[k] = row;
            for (int i = k + 1; i < m; i++)
            {
                a[i][k] /= a[k][k];
                for (int j = k + 1; j < n; j++)
                {
                    a[i][j] -= a[i][k] * a[k][j];
                }
            }
        }
        return pivots;
    }

    /**
     * The solution of op(A) X = B by Gaussian elimination with partial pivoting on a copy.
     */
    static double[][] solve(final double[][] a, final boolean transpose, final double[][] b)
    {
        final int n = a.length;
        final int nrhs = b[0].length;
        final double[][] m = new double[n][n + nrhs];
        for (int i = 0; i < n; i++)
        {
            for (int j = 0; j < n; j++)
            {
                m[i][j] = transpose ? a[j][i] : a[i][j];
            }
            System.arraycopy(b[i], 0, m[i], n, nrhs);
        }
        for (int k = 0; k < n; k++)
        {
            int p = k;
            for (int i = k + 1; i < n; i++)
            {
                if (Math.abs(m[i][k]) > Math.abs(m[p][k]))
                {
                    p = i;
                }
            }
            final double[] row = m[p];
            m[p] = m[k];
            m[k] = row;
            for (int i = k + 1; i < n; i++)
            {
                final double factor = m[i][k] / m[k][k];
                for (int j = k; j < n + nrhs; j++)
                {
                    m[i][j] -= factor * m[k][j];
                }
            }
        }
        final double[][] x = new double[n][nrhs];
        for (int c = 0; c < nrhs; c++)
        {
            for (int i = n - 1; i >= 0; i--)
            {
                double sum = m[i][n + c];
                for (int j = i + 1; j < n; j++)
                {
                    sum -= m[i][j] * x[j][c];
                }
                x[i][c] = sum / m[i][i];
            }
        }
        return x;
    }

    /**
     * The lower Cholesky factor L of a symmetric positive definite matrix, A = L L^T.
     */
    static double[][] cholesky(final double[][] a)
    {
        final int n = a.length;
        final double[][] l = new double[n][n];
        for (int j = 0; j < n; j++)
        {
            double diagonal = a[j][j];
            for (int k = 0; k < j; k++)
            {
                diagonal -= l[j][k] * l[j][k];
            }
            l[j][j] = Math.sqrt(diagonal);
            for (int i = j + 1; i < n; i++)
            {
                double sum = a[i][j];
                for (int k = 0; k < j; k++)
                {
                    sum -= l[i][k] * l[j][k];
                }
                l[i][j] = sum / l[j][j];
            }
        }
        return l;
    }

    /**
     * Every element of {@code actual} (an m x n column-major matrix with leading dimension ld) within the type's
     * tolerance of {@code expected}, relative to 1 + |expected|.
     */
    static void assertClose(final ElementType type, final double[][] expected, final double[] actual, final int ld,
        final String what)
    {
        for (int i = 0; i < expected.length; i++)
        {
            for (int j = 0; j < expected[i].length; j++)
            {
                final double got = actual[i + j * ld];
                final double error = Math.abs(got - expected[i][j]);
                assertTrue(error <= type.tolerance() * (1 + Math.abs(expected[i][j])),
                    what + "(" + i + "," + j + ") = " + got + ", expected " + expected[i][j]);
            }
        }
    }
}
