package io.gpurelay.bench;

import java.time.Duration;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * How much CPU a process and its descendants (an executor's worker processes) use over a while, as a share of one
 * core: the cost of an idle executor, whose driver and session threads wait for work.
 */
final class ProcessCpu
{
    private ProcessCpu()
    {
    }

    /**
     * Sleep for {@code period} and measure meanwhile.
     *
     * @return percent of one core (100 is a whole core busy), or empty where the system does not tell a process's CPU
     *         time.
     */
    static Optional<Double> percentOfOneCore(final ProcessHandle process, final Duration period)
        throws InterruptedException
    {
        final Optional<Duration> before = cpuTime(process);
        final long startNs = System.nanoTime();
        Thread.sleep(period.toMillis());
        final Optional<Duration> after = cpuTime(process);
        final long elapsedNs = System.nanoTime() - startNs;
        if (before.isEmpty() || after.isEmpty())
        {
            return Optional.empty();
        }
        return Optional.of(100.0 * after.get().minus(before.get()).toNanos() / elapsedNs);
    }

    /**
     * CPU time of the process and of its descendants alive now; a descendant that ended in between takes its time with
     * it, which only makes the figure smaller than it was.
     */
    static Optional<Duration> cpuTime(final ProcessHandle process)
    {
        final Optional<Duration> own = process.info().totalCpuDuration();
        if (own.isEmpty())
        {
            return Optional.empty();
        }
        return Optional.of(Stream.concat(Stream.of(own.get()), process.descendants()
            .map(descendant -> descendant.info().totalCpuDuration().orElse(Duration.ZERO)))
            .reduce(Duration.ZERO, Duration::plus));
    }
}
