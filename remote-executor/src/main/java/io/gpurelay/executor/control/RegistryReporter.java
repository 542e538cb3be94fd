package io.gpurelay.executor.control;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.gpurelay.executor.backend.DeviceMemoryFigures;
import io.gpurelay.executor.counters.DeviceMemoryCounters;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.stat.ExecutorSnapshot;
import io.gpurelay.registry.DeviceReport;
import io.gpurelay.registry.ExecutorReport;
import io.gpurelay.registry.RegistryClient;
import io.gpurelay.registry.RegistryEndpoints;
import org.agrona.CloseHelper;

/**
 * Keeps this executor in a pool registry: every refresh interval it reports its devices, the memory its sessions hold
 * on each and how many sessions it serves, read from its own counters. A registry that cannot be reached is tried
 * again each interval; the executor serves its clients all the same. On close it leaves the pool at once. The
 * registry drops an executor whose reports stop, so a crashed one leaves the pool after the registry's timeout.
 */
public final class RegistryReporter implements AutoCloseable
{
    private static final long CONNECT_TIMEOUT_MIN_NS = TimeUnit.SECONDS.toNanos(5);
    private static final int UNSENT_REPORTS_BEFORE_RECONNECT = 5;

    private final RegistryEndpoints endpoints;
    private final String advertisedChannel;
    private final RemoteExecutor executor;
    private final long refreshNs;
    private final ExecutorLog log;
    private final Aeron aeron;
    private final Thread thread;
    private volatile boolean running = true;
    private RegistryClient client;
    private int unsentReports;
    private boolean unreachableSaid;

    private RegistryReporter(
        final RegistryEndpoints endpoints, final String advertisedChannel, final RemoteExecutor executor,
        final long refreshNs, final ExecutorLog log)
    {
        this.endpoints = endpoints;
        this.advertisedChannel = advertisedChannel;
        this.executor = executor;
        this.refreshNs = refreshNs;
        this.log = log;
        this.aeron = Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(executor.aeronDirectoryName())
            .clientName("gpurelay executor registry reporter")
            .errorHandler(ex -> log.debug("registry reporter: " + ex)));
        this.thread = new Thread(this::run, "gpurelay-registry-reporter");
        this.thread.setDaemon(true);
    }

    /**
     * @param advertisedChannel the channel placed clients use to reach this executor.
     */
    public static RegistryReporter start(
        final RegistryEndpoints endpoints, final String advertisedChannel, final RemoteExecutor executor,
        final long refreshNs, final ExecutorLog log)
    {
        final RegistryReporter reporter = new RegistryReporter(endpoints, advertisedChannel, executor, refreshNs, log);
        reporter.thread.start();
        return reporter;
    }

    private void run()
    {
        final long refreshMs = Math.max(1, TimeUnit.NANOSECONDS.toMillis(refreshNs));
        while (running)
        {
            try
            {
                refresh();
            }
            catch (final RuntimeException ex)
            {
                log.warn("registry at " + endpoints + ": " + ex.getMessage() + "; trying again");
                CloseHelper.quietClose(client);
                client = null;
            }
            final long deadline = System.currentTimeMillis() + refreshMs;
            while (running && System.currentTimeMillis() < deadline)
            {
                if (client != null && !client.isClosed())
                {
                    client.poll();
                }
                sleep(Math.min(10, refreshMs));
            }
        }
    }

    private void refresh()
    {
        if (client == null || client.isClosed())
        {
            CloseHelper.quietClose(client);
            client = null;
            try
            {
                client = RegistryClient.connect(aeron, endpoints, Math.max(CONNECT_TIMEOUT_MIN_NS, 2 * refreshNs));
            }
            catch (final RuntimeException ex)
            {
                if (!unreachableSaid)
                {
                    log.warn("the registry at " + endpoints + " does not answer (" + ex.getMessage() +
                        "); trying again every " + TimeUnit.NANOSECONDS.toMillis(refreshNs) + " ms");
                    unreachableSaid = true;
                }
                return;
            }
            unreachableSaid = false;
            unsentReports = 0;
            log.info("registered with the registry at " + endpoints + " (leader: member " + client.leaderMemberId() +
                ") as " + advertisedChannel);
        }
        if (client.report(report()))
        {
            unsentReports = 0;
        }
        else if (++unsentReports >= UNSENT_REPORTS_BEFORE_RECONNECT)
        {
            log.warn("the registry took none of the last " + unsentReports + " reports; reconnecting");
            CloseHelper.quietClose(client);
            client = null;
        }
    }

    /**
     * Devices, with their total and free memory as the executor's device memory counters last read them
     * ({@link DeviceMemoryCounters}: NVML on a GPU, the configured size less what sessions hold on the emulator;
     * -1 where the executor cannot tell).
     */
    private ExecutorReport report()
    {
        final ExecutorSnapshot snapshot = ExecutorSnapshot.read(aeron.countersReader());
        final List<DeviceReport> devices = new ArrayList<>();
        for (int device = 0; device < executor.deviceCount(); device++)
        {
            final DeviceMemoryFigures figures = snapshot.deviceFigures().getOrDefault(
                device, DeviceMemoryFigures.UNKNOWN_FIGURES);
            devices.add(new DeviceReport(device, figures.totalBytes(), figures.freeBytes()));
        }
        return new ExecutorReport(advertisedChannel, executor.backendName(), (int)snapshot.sessionsOpen(),
            executor.context().maxSessions(), devices);
    }

    private static void sleep(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    public void close()
    {
        running = false;
        try
        {
            thread.join(TimeUnit.NANOSECONDS.toMillis(refreshNs) + 5_000);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        if (client != null && !client.isClosed())
        {
            client.leave(advertisedChannel);
        }
        CloseHelper.quietCloseAll(client, aeron);
    }
}
