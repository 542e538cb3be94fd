package io.gpurelay.samples;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Wall-clock times of a sample's phases in the order they ran, printed as
 * {@code setup 12.34 ms, upload 1.23 ms, kernel 4.56 ms, download 0.78 ms, total 18.91 ms}.
 * <p>
 * Wall clock rather than CUDA events: a phase ends at a synchronising call, so its time is what the program waited,
 * transfers and round trips to a remote device included.
 */
final class PhaseTimes
{
    private final List<String> names = new ArrayList<>();
    private final List<Long> nanos = new ArrayList<>();
    private long phaseStart = System.nanoTime();

    /**
     * End the current phase under this name and start the next one.
     *
     * @return the phase's duration in nanoseconds.
     */
    long lap(final String name)
    {
        final long now = System.nanoTime();
        final long duration = now - phaseStart;
        names.add(name);
        nanos.add(duration);
        phaseStart = now;
        return duration;
    }

    public String toString()
    {
        final StringBuilder text = new StringBuilder();
        long total = 0;
        for (int i = 0; i < names.size(); i++)
        {
            text.append(String.format(Locale.ROOT, "%s %.2f ms, ", names.get(i), nanos.get(i) / 1e6));
            total += nanos.get(i);
        }
        return text.append(String.format(Locale.ROOT, "total %.2f ms", total / 1e6)).toString();
    }
}
