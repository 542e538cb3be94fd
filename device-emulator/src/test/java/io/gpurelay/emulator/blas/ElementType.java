package io.gpurelay.emulator.blas;

import java.util.Random;

/**
 * The two precisions the tests run every routine in. References compute in double and round after every operation
 * with {@link #round}: for +, -, * and / a double result rounded to float is the correctly rounded float result, so
 * the references reproduce single-precision arithmetic exactly.
 */
public enum ElementType
{
    SINGLE(4),
    DOUBLE(8);

    public final int size;

    ElementType(final int size)
    {
        this.size = size;
    }

    public double round(final double value)
    {
        return this == SINGLE ? (float)value : value;
    }

    public double[] random(final Random random, final int count)
    {
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = round(random.nextDouble() * 2.0 - 1.0);
        }
        return values;
    }

    /**
     * A square matrix with NaN outside the stored triangle (and on the diagonal when it is taken as ones), so that
     * reading what a routine must not read shows in its result; the stored diagonal is kept away from zero.
     */
    public double[] triangleOnly(final Random random, final int n, final int lda, final boolean lower,
        final boolean unitDiagonal)
    {
        final double[] a = random(random, lda * n);
        for (int j = 0; j < n; j++)
        {
            for (int i = 0; i < lda; i++)
            {
                final boolean stored = i < n && (lower ? i >= j : i <= j);
                if (!stored || (unitDiagonal && i == j))
                {
                    a[i + j * lda] = Double.NaN;
                }
                else if (i == j)
                {
                    a[i + j * lda] = round(a[i + j * lda] + 3.0);
                }
            }
        }
        return a;
    }

    /**
     * A tolerance for results computed in a different order.
     */
    public double tolerance()
    {
        return this == SINGLE ? 1e-4 : 1e-10;
    }
}
