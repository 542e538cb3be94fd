package io.gpurelay.samples;

import java.util.Locale;
import java.util.Random;

/**
 * Checks a float C = A·B against the product computed on the CPU in double precision.
 * <p>
 * An element passes when |c − c<sub>ref</sub>| ≤ {@value #RELATIVE_TOLERANCE} · Σ<sub>p</sub>
 * |a<sub>ip</sub> · b<sub>pj</sub>|. The scale is the sum of the terms' magnitudes rather than |c<sub>ref</sub>|,
 * because with inputs of both signs the sum can cancel to almost nothing while the rounding of its terms does not.
 * The check cannot be exact: GPU kernels, cuBLAS and CPU BLAS each sum in their own order. Why 1e-4: rounding
 * typically moves a float sum of k terms by about √k · 2<sup>-24</sup> of that scale (4e-6 at k = 4096), while losing
 * one term of average size — to a missed load or a stale shared-memory read — moves it by about 1/k (2.4e-4 at
 * k = 4096) and losing a 16-term tile by 16/k. So a wrong element stands out for k up to 4096; above, the check still
 * catches lost tiles and rows.
 * <p>
 * The reference costs m·n·k multiply-adds. Up to {@value #FULL_CHECK_LIMIT} of them every element is checked;
 * above, {@value #SAMPLED_ELEMENTS} elements picked at random, so that large sizes meant for timing a GPU stay quick
 * to check.
 */
final class MatmulReference
{
    private static final double RELATIVE_TOLERANCE = 1e-4;
    private static final long FULL_CHECK_LIMIT = 1L << 30;
    private static final int SAMPLED_ELEMENTS = 1 << 16;

    /**
     * How a matrix's elements lie in its array.
     */
    enum Layout
    {
        /** C and Java: element (row, col) of a matrix with {@code cols} columns is at row · cols + col. */
        ROW_MAJOR,
        /** Fortran, BLAS and cuBLAS: element (row, col) of a matrix with {@code rows} rows is at col · rows + row. */
        COLUMN_MAJOR;

        int index(final int row, final int col, final int rows, final int cols)
        {
            return this == ROW_MAJOR ? row * cols + col : col * rows + row;
        }
    }

    private MatmulReference()
    {
    }

    /**
     * Check C against A·B, all three in the same layout; prints what was checked and the worst element.
     *
     * @return whether every checked element is within the tolerance.
     */
    static boolean check(
        final MatrixShape shape, final Layout layout, final float[] a, final float[] b, final float[] c)
    {
        final int m = shape.m();
        final int n = shape.n();
        final int k = shape.k();
        final long elements = (long)m * n;
        final boolean checkAll = elements * k <= FULL_CHECK_LIMIT;
        final long checked = checkAll ? elements : SAMPLED_ELEMENTS;
        final Random positions = new Random(elements);

        long failures = 0;
        double worstRelativeError = -1.0;
        String worst = "";
        for (long e = 0; e < checked; e++)
        {
            final long element = checkAll ? e : (long)(positions.nextDouble() * elements);
            final int row = (int)(element / n);
            final int col = (int)(element % n);
            double expected = 0.0;
            double magnitude = 0.0;
            for (int p = 0; p < k; p++)
            {
                final double term = (double)a[layout.index(row, p, m, k)] * b[layout.index(p, col, k, n)];
                expected += term;
                magnitude += Math.abs(term);
            }
            final float actual = c[layout.index(row, col, m, n)];
            final double error = Math.abs(actual - expected);
            // A NaN or infinite element must fail, and an error where every term is zero is infinitely wrong.
            final double relativeError = Double.isNaN(error) ? Double.POSITIVE_INFINITY :
                error == 0.0 ? 0.0 : error / magnitude;
            if (relativeError > RELATIVE_TOLERANCE)
            {
                failures++;
            }
            if (relativeError > worstRelativeError)
            {
                worstRelativeError = relativeError;
                worst = String.format(Locale.ROOT, "C[%d][%d] = %.8g, CPU %.8g", row, col, actual, expected);
            }
        }

        System.out.printf(Locale.ROOT, "checked %s %,d elements against the CPU: %,d outside %.0e relative, " +
            "worst %.2e (%s)%n", checkAll ? "all" : "a random sample of", checked, failures, RELATIVE_TOLERANCE,
            worstRelativeError, worst);
        return failures == 0;
    }
}
