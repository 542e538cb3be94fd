package io.gpurelay.samples;

import java.util.Random;

/**
 * Reproducible inputs for the samples.
 */
final class RandomFloats
{
    private RandomFloats()
    {
    }

    /**
     * Floats spread uniformly over [-1, 1); both signs, so that sums cancel and rounding differences show.
     */
    static float[] uniform(final int count, final long seed)
    {
        final Random random = new Random(seed);
        final float[] values = new float[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = 2.0f * random.nextFloat() - 1.0f;
        }
        return values;
    }
}
