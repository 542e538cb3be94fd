package io.gpurelay.emulator.solver;

import java.util.Random;

/**
 * The two precisions the tests run every routine in; inputs are rounded to the element type so that the double
 * references start from exactly the values the routine sees.
 */
enum ElementType
{
    SINGLE(4),
    DOUBLE(8);

    final int size;

    ElementType(final int size)
    {
        this.size = size;
    }

    double round(final double value)
    {
        return this == SINGLE ? (float)value : value;
    }

    double[] random(final Random random, final int count)
    {
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = round(random.nextDouble() * 2.0 - 1.0);
        }
        return values;
    }

    /**
     * How far a result computed in this precision may be from the double reference, relative to 1 + |reference|:
     * about 1000 units in the last place of the element type, ample for the well-conditioned matrices (condition
     * numbers below about 10) of these tests and far below any wrong answer.
     */
    double tolerance()
    {
        return this == SINGLE ? 1e-4 : 1e-12;
    }
}
