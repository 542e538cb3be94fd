package io.gpurelay.emulator.rand;

/**
 * Samples Poisson(lambda) by inverting its distribution function with one uniform per sample, from a table built
 * once per call. The table covers lambda +- 20 standard deviations (from 0 for small lambda), which holds all but a
 * probability far below the 2^-32 resolution of the uniform. Probabilities are built outward from the mode by the
 * ratios p(k+1) = p(k) lambda / (k+1), so no log-gamma is needed, and normalised over the window.
 * <p>
 * cuRAND's own Poisson sampling is not reproduced: its sequences differ, its distribution does not.
 */
final class PoissonTable
{
    /**
     * Results are unsigned ints; a mean beyond their range cannot be honoured.
     */
    static final double MAX_LAMBDA = 4294967295.0;

    private static final double WINDOW_DEVIATIONS = 20.0;

    private final long first;
    private final double[] cumulative;

    PoissonTable(final double lambda)
    {
        final double deviation = Math.sqrt(lambda);
        first = (long)Math.max(0.0, Math.floor(lambda - WINDOW_DEVIATIONS * deviation));
        final long last = (long)Math.ceil(lambda + WINDOW_DEVIATIONS * deviation + WINDOW_DEVIATIONS);
        final int size = (int)(last - first + 1);
        final long mode = Math.max(first, (long)Math.floor(lambda));
        final double[] probability = new double[size];
        final int modeIndex = (int)(mode - first);
        probability[modeIndex] = 1.0;
        for (int i = modeIndex + 1; i < size; i++)
        {
            probability[i] = probability[i - 1] * lambda / (first + i);
        }
        for (int i = modeIndex - 1; i >= 0; i--)
        {
            probability[i] = probability[i + 1] * (first + i + 1) / lambda;
        }
        cumulative = new double[size];
        double sum = 0.0;
        for (int i = 0; i < size; i++)
        {
            sum += probability[i];
            cumulative[i] = sum;
        }
        for (int i = 0; i < size; i++)
        {
            cumulative[i] /= sum;
        }
        cumulative[size - 1] = 1.0;
    }

    /**
     * The smallest k whose distribution function reaches u, for u in (0, 1], as an unsigned int.
     */
    int sample(final double u)
    {
        int low = 0;
        int high = cumulative.length - 1;
        while (low < high)
        {
            final int middle = (low + high) >>> 1;
            if (cumulative[middle] < u)
            {
                low = middle + 1;
            }
            else
            {
                high = middle;
            }
        }
        return (int)Math.min(first + low, 0xFFFF_FFFFL);
    }
}
