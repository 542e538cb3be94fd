package io.gpurelay.executor.stat;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Callable;

import io.gpurelay.driver.MediaDrivers;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpurelay stat}: what an executor on this host is doing, from the counters in its media driver's CnC file:
 * sessions with their client, host, pids, device memory, call and byte rates, errors and age; device totals.
 * Refreshes in place like {@code top} until interrupted, or prints one snapshot with {@code --once}.
 */
@Command(
    name = "stat",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Show the sessions of a gpurelay executor on this host, live, from its Aeron counters.",
    footer = {
        "",
        "Rates are measured over the interval: --once reads the counters twice, --interval apart.",
        "Exit status: 0, or 1 when no executor's counters can be read in the Aeron directory."
    })
public final class StatCommand implements Callable<Integer>
{
    private static final String CLEAR_SCREEN = "\033[H\033[2J";

    @Option(names = "--aeron-dir", paramLabel = "DIR",
        description = "The executor's Aeron directory. Default: Aeron's default (/dev/shm/aeron-$USER on Linux).")
    String aeronDir;

    @Option(names = "--once", description = "Print one snapshot and exit.")
    boolean once;

    @Option(names = "--json", description = "Print JSON (one object per snapshot, one line each) instead of a table.")
    boolean json;

    @Option(names = "--interval", paramLabel = "MILLIS", defaultValue = "1000",
        description = "Milliseconds between refreshes, over which rates are measured. Default: ${DEFAULT-VALUE}.")
    long intervalMs;

    public Integer call() throws InterruptedException
    {
        if (intervalMs < 10 || intervalMs > Duration.ofHours(1).toMillis())
        {
            throw new CommandLine.ParameterException(new CommandLine(this),
                "--interval must be between 10 and 3600000 ms: " + intervalMs);
        }
        final String directory = aeronDir != null ? aeronDir : MediaDrivers.defaultDirectory();
        final PrintStream out = System.out;
        try (CncCounters cnc = CncCounters.map(directory))
        {
            ExecutorSnapshot previous = ExecutorSnapshot.read(cnc.reader());
            if (!previous.executorFound())
            {
                System.err.println("gpurelay stat: no gpurelay executor uses the media driver in " + directory);
                return 1;
            }
            do
            {
                Thread.sleep(intervalMs);
                final ExecutorSnapshot current = ExecutorSnapshot.read(cnc.reader());
                final StatView view = new StatView(directory, previous, current);
                out.print(json ? view.json() + "\n" : once ? view.table() : CLEAR_SCREEN + view.table());
                out.flush();
                previous = current;
            }
            while (!once);
            return 0;
        }
        catch (final IllegalStateException ex)
        {
            System.err.println("gpurelay stat: " + ex.getMessage());
            return 1;
        }
    }
}
