package io.gpurelay.executor.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.Callable;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.gpurelay.registry.DeviceReport;
import io.gpurelay.registry.PoolView;
import io.gpurelay.registry.RegistryClient;
import io.gpurelay.registry.RegistryEndpoints;
import org.agrona.CloseHelper;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpurelay pool}: the executors of a registry's pool, with their devices, free memory, sessions and how many
 * clients were placed on them, as the registry's leader sees them.
 */
@Command(
    name = "pool",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "List the executors, devices, free memory and sessions of a gpurelay registry's pool.",
    footer = {
        "",
        "Exit status: 0, or 1 when the registry does not answer within --timeout."
    })
final class PoolCommand implements Callable<Integer>
{
    private static final long MIB = 1L << 20;

    @Option(names = "--registry", paramLabel = "HOST:PORT;...", required = true,
        converter = ExecutorMain.RegistryEndpointsConverter.class,
        description = "The registry's members' endpoints, separated by ';'.")
    RegistryEndpoints registry;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "10s",
        converter = ExecutorMain.DurationConverter.class,
        description = "How long to wait for the registry. Default: ${DEFAULT-VALUE}.")
    Duration timeout;

    public Integer call()
    {
        MediaDriver driver = null;
        RegistryClient client = null;
        try
        {
            driver = MediaDriver.launchEmbedded(new MediaDriver.Context()
                .threadingMode(ThreadingMode.SHARED)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true));
            client = RegistryClient.connect(driver.aeronDirectoryName(), registry, timeout.toNanos());
            final PoolView view = client.pool(timeout.toNanos());
            if (view == null)
            {
                System.err.println("gpurelay pool: the registry at " + registry + " did not answer within " +
                    timeout.toMillis() + " ms");
                return 1;
            }
            print(view, System.out);
            return 0;
        }
        catch (final RuntimeException ex)
        {
            System.err.println("gpurelay pool: cannot reach the registry at " + registry + ": " + ex.getMessage());
            return 1;
        }
        finally
        {
            CloseHelper.quietCloseAll(client, driver);
        }
    }

    static void print(final PoolView view, final PrintStream out)
    {
        int devices = 0;
        int sessions = 0;
        for (final PoolView.Executor executor : view.executors())
        {
            devices += executor.devices().size();
            sessions += executor.sessions();
        }
        out.println("pool: " + view.executors().size() + " executors, " + devices + " devices, " + sessions +
            " sessions (registry leader: member " + view.leaderMemberId() + ")");
        out.printf("%-44s %-9s %9s %10s %11s  %s%n", "EXECUTOR", "BACKEND", "SESSIONS", "PLACED", "REFRESHED",
            "DEVICES (free/total MiB)");
        for (final PoolView.Executor executor : view.executors())
        {
            final StringBuilder deviceText = new StringBuilder();
            for (final DeviceReport device : executor.devices())
            {
                deviceText.append(deviceText.length() == 0 ? "" : "  ").append(device.ordinal()).append(": ")
                    .append(mebibytes(device.freeBytes())).append('/').append(mebibytes(device.totalBytes()));
            }
            out.printf("%-44s %-9s %4d/%-4d %10d %9dms  %s%n", executor.channel(), executor.backend(),
                executor.sessions(), executor.maxSessions(), executor.placements(), executor.refreshAgeMs(),
                deviceText);
        }
        out.flush();
    }

    private static String mebibytes(final long bytes)
    {
        return bytes < 0 ? "?" : Long.toString(bytes / MIB);
    }
}
