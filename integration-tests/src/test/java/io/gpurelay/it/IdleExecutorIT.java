package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An idle executor sleeps: with the balanced profile (dedicated driver threads) and process isolation (two warm
 * workers), no client connected, its threads together wake up a few hundred times a second and use a few percent of a
 * core. Parks capped at 1 ms, as before, woke them some 7,000 times a second (18 % of a core on a 16-core host), and
 * one spinning thread uses a whole core.
 * <p>
 * Counted from {@code /proc}: the wake-ups are the threads' voluntary context switches (a park that ends is one), which
 * a busy machine can only make fewer, as it delays the wake-ups; the CPU time is the processes' own. The bounds are
 * far from what the executor needs and far below what either regression costs on an unloaded machine.
 */
class IdleExecutorIT
{
    /** Measured on a 2-core VM: about 410 a second; with parks capped at 1 ms about 6,800. */
    private static final double MAX_WAKEUPS_PER_SECOND = 2_500;
    /** Measured on a 2-core VM: 2 to 3 %; one spinning thread alone is 100 % where it gets a core. */
    private static final double MAX_PERCENT_OF_A_CORE = 25;
    private static final Duration SETTLE = Duration.ofSeconds(3);
    private static final Duration MEASURE = Duration.ofSeconds(4);
    private static final Pattern SECOND_WORKER_READY = Pattern.compile("worker 2 pid \\d+ ready");

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void anIdleExecutorWithWarmWorkersWakesRarelyAndUsesLittleCpu(@TempDir final Path work) throws Exception
    {
        assumeTrue(Files.isReadable(Path.of("/proc/self/task")), "needs Linux's /proc");
        try (Executor executor = Executor.start(Transport.UDP.newChannel(), work,
            "--profile", "balanced", "--isolation", "process", "--warm-workers", "2"))
        {
            executor.process().awaitLine(SECOND_WORKER_READY, Executor.READY_TIMEOUT);
            Thread.sleep(SETTLE.toMillis());
            final ProcessHandle process = ProcessHandle.of(executor.process().pid()).orElseThrow();
            final long switchesBefore = voluntarySwitches(process);
            final long cpuBeforeNs = cpuNanos(process);
            final long startNs = System.nanoTime();
            Thread.sleep(MEASURE.toMillis());
            final long switches = voluntarySwitches(process) - switchesBefore;
            final long cpuNs = cpuNanos(process) - cpuBeforeNs;
            final double seconds = (System.nanoTime() - startNs) / 1e9;
            final long processes = 1 + process.descendants().count();

            final double wakeupsPerSecond = switches / seconds;
            final double percentOfACore = 100.0 * cpuNs / 1e9 / seconds;
            final String figures = String.format("%d processes: %.0f wake-ups/s, %.1f %% of a core over %.1f s",
                processes, wakeupsPerSecond, percentOfACore, seconds);
            System.out.println("idle executor: " + figures);
            assertTrue(processes >= 3, "the executor and its two warm workers: " + figures);
            assertTrue(wakeupsPerSecond < MAX_WAKEUPS_PER_SECOND, "the idle executor's threads wake too often: " +
                figures);
            assertTrue(percentOfACore < MAX_PERCENT_OF_A_CORE, "the idle executor uses too much CPU: " + figures);
        }
    }

    private static List<ProcessHandle> tree(final ProcessHandle process)
    {
        return Stream.concat(Stream.of(process), process.descendants()).toList();
    }

    private static long cpuNanos(final ProcessHandle process)
    {
        return tree(process).stream()
            .mapToLong(handle -> handle.info().totalCpuDuration().map(Duration::toNanos).orElse(0L))
            .sum();
    }

    /**
     * The voluntary context switches of every thread of the process and its descendants, from
     * {@code /proc/PID/task/TID/status}.
     */
    private static long voluntarySwitches(final ProcessHandle process) throws IOException
    {
        long switches = 0;
        for (final ProcessHandle handle : tree(process))
        {
            final Path tasks = Path.of("/proc", Long.toString(handle.pid()), "task");
            try (Stream<Path> threads = Files.list(tasks))
            {
                for (final Path thread : threads.toList())
                {
                    switches += voluntarySwitchesOf(thread.resolve("status"));
                }
            }
            catch (final IOException ex)
            {
                // a worker that ended meanwhile takes its count with it, which only makes the figure smaller
            }
        }
        return switches;
    }

    private static long voluntarySwitchesOf(final Path status)
    {
        try (Stream<String> lines = Files.lines(status))
        {
            return lines.filter(line -> line.startsWith("voluntary_ctxt_switches:"))
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim()))
                .findFirst().orElse(0);
        }
        catch (final IOException | UncheckedIOException ex)
        {
            return 0;
        }
    }
}
