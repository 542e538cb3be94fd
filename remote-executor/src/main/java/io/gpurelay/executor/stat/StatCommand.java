package io.gpurelay.executor.stat;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.executor.config.TokenFile;
import io.gpurelay.executor.log.ExecutorLog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code gpurelay stat}: what an executor on this host is doing, from the counters in its media driver's CnC file:
 * sessions with their client, host, pids, device memory, call and byte rates, errors and age; device totals.
 * Refreshes in place like {@code top} until interrupted, or prints one snapshot with {@code --once}.
 */
@Command(
    name = "stat",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Show the sessions of a gpurelay executor, live, from its Aeron counters: on this host from its " +
        "CnC file, on another host over its channel (--executor).",
    footer = {
        "",
        "Rates are measured over the interval: --once reads the counters twice, --interval apart.",
        "Over --executor each read proves the executor's token (GPURELAY_TOKEN or --token-file) as a client's",
        "connect request does, and the answer is encrypted over UDP; it opens no session.",
        "Exit status: 0, or 1 when no executor's counters can be read."
    })
public final class StatCommand implements Callable<Integer>
{
    private static final String CLEAR_SCREEN = "\033[H\033[2J";

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--aeron-dir", paramLabel = "DIR",
        description = "The executor's Aeron directory. Default: Aeron's default (/dev/shm/aeron-$USER on Linux).")
    String aeronDir;

    @Option(names = "--executor", paramLabel = "CHANNEL",
        description = "An executor on another host, by its channel, e.g. aeron:udp?endpoint=gpu-host:40123.")
    String executorChannel;

    @Option(names = "--token-file", paramLabel = "FILE",
        description = "With --executor: a file whose first line is the executor's token. Default: GPURELAY_TOKEN.")
    String tokenFile;

    @Option(names = "--response-channel", paramLabel = "CHANNEL",
        description = "With --executor: where the executor answers. Default: this host's address towards the " +
            "executor, on a free UDP port.")
    String responseChannel;

    @Option(names = "--timeout", paramLabel = "MILLIS", defaultValue = "5000",
        description = "With --executor: how long one read may take. Default: ${DEFAULT-VALUE}.")
    long timeoutMs;

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
            throw new CommandLine.ParameterException(spec.commandLine(),
                "--interval must be between 10 and 3600000 ms: " + intervalMs);
        }
        if (executorChannel != null)
        {
            return remote();
        }
        final String directory = aeronDir != null ? aeronDir : MediaDrivers.defaultDirectory();
        try (CncCounters cnc = CncCounters.map(directory))
        {
            return show(directory, () -> ExecutorSnapshot.read(cnc.reader()),
                "no gpurelay executor uses the media driver in " + directory);
        }
        catch (final IllegalStateException ex)
        {
            System.err.println("gpurelay stat: " + ex.getMessage());
            return 1;
        }
    }

    private int remote() throws InterruptedException
    {
        if (timeoutMs < 1)
        {
            throw new CommandLine.ParameterException(spec.commandLine(), "--timeout must be positive: " + timeoutMs);
        }
        final String token;
        try
        {
            token = tokenFile != null ?
                TokenFile.read(Path.of(tokenFile), new ExecutorLog(System.err, ExecutorLog.Level.WARN)) :
                System.getenv("GPURELAY_TOKEN");
        }
        catch (final IllegalArgumentException ex)
        {
            System.err.println("gpurelay stat: " + ex.getMessage());
            return 1;
        }
        try (RemoteStat stat = new RemoteStat(
            executorChannel, token, responseChannel, TimeUnit.MILLISECONDS.toNanos(timeoutMs)))
        {
            return show(executorChannel, stat::read, "the executor on " + executorChannel + " reported no executor " +
                "counters");
        }
        catch (final IOException | IllegalArgumentException | IllegalStateException ex)
        {
            System.err.println("gpurelay stat: " + ex.getMessage());
            return 1;
        }
    }

    private int show(final String source, final SnapshotSource snapshots, final String notFound)
        throws InterruptedException
    {
        final PrintStream out = System.out;
        ExecutorSnapshot previous = snapshots.read();
        if (!previous.executorFound())
        {
            System.err.println("gpurelay stat: " + notFound);
            return 1;
        }
        do
        {
            Thread.sleep(intervalMs);
            final ExecutorSnapshot current = snapshots.read();
            final StatView view = new StatView(source, previous, current);
            out.print(json ? view.json() + "\n" : once ? view.table() : CLEAR_SCREEN + view.table());
            out.flush();
            previous = current;
        }
        while (!once);
        return 0;
    }

    /** Where snapshots come from: the local CnC file, or the executor over its channel. */
    @FunctionalInterface
    private interface SnapshotSource
    {
        ExecutorSnapshot read() throws InterruptedException;
    }
}
