package io.gpurelay.bench.workload;

import java.util.Arrays;

/**
 * Repeats a timed operation and keeps the median, which one slow repetition (a GC, a page fault) does not move.
 */
final class Timing
{
    private Timing()
    {
    }

    /**
     * @return the median wall-clock time of {@code repeats} runs after {@code warmups} untimed ones, in nanoseconds.
     */
    static long medianNanos(final int warmups, final int repeats, final Runnable operation)
    {
        for (int i = 0; i < warmups; i++)
        {
            operation.run();
        }
        final long[] times = new long[repeats];
        for (int i = 0; i < repeats; i++)
        {
            final long start = System.nanoTime();
            operation.run();
            times[i] = System.nanoTime() - start;
        }
        Arrays.sort(times);
        return times[repeats / 2];
    }
}
