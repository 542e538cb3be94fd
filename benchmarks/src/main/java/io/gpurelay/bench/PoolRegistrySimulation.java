package io.gpurelay.bench;

import java.io.File;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.registry.DeviceReport;
import io.gpurelay.registry.ExecutorReport;
import io.gpurelay.registry.Placement;
import io.gpurelay.registry.PoolView;
import io.gpurelay.registry.RegistryClient;
import io.gpurelay.registry.RegistryEndpoints;
import io.gpurelay.registry.server.RegistryMember;
import org.HdrHistogram.Histogram;
import org.agrona.CloseHelper;
import org.agrona.IoUtil;

/**
 * The registry at pool scale, on one machine: a three-member registry (in this JVM, loopback UDP) that a simulated
 * pool of executors registers with and keeps refreshing (each executor one report a refresh interval, 8 devices
 * each), while clients ask for placements one after another. Prints the registration time, the placements per second
 * and their latency under the executors' report load, and the time from the leader's loss to the next placement.
 * <pre>
 * java -cp gpurelay-benchmarks.jar io.gpurelay.bench.PoolRegistrySimulation [executors [clients [seconds]]]
 * </pre>
 */
public final class PoolRegistrySimulation
{
    private static final int DEVICES_PER_EXECUTOR = 8;
    private static final long DEVICE_BYTES = 80L << 30;
    private static final long REFRESH_MS = 1_000;
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    private static final long LEADER_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(3);

    private PoolRegistrySimulation()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int executors = args.length > 0 ? Integer.parseInt(args[0]) : 1_000;
        final int clients = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        final int seconds = args.length > 2 ? Integer.parseInt(args[2]) : 20;
        final File work = Files.createTempDirectory("gpurelay-pool-simulation").toFile();
        final RegistryEndpoints members = RegistryEndpoints.parse(freeMemberEndpoints(3));
        final List<RegistryMember> registry = new ArrayList<>();
        MediaDriver driver = null;
        final AtomicBoolean reporting = new AtomicBoolean(true);
        Thread reporter = null;
        try
        {
            for (int member = 0; member < 3; member++)
            {
                registry.add(RegistryMember.launch(new RegistryMember.Settings(member, members,
                    new File(work, "member-" + member), new File(work, "aeron-" + member).getPath(),
                    TimeUnit.SECONDS.toNanos(10), LEADER_TIMEOUT_NS), line -> { }, Throwable::printStackTrace));
            }
            driver = MediaDriver.launch(new MediaDriver.Context()
                .aeronDirectoryName(new File(work, "aeron-clients").getPath())
                .threadingMode(ThreadingMode.SHARED)
                .dirDeleteOnStart(true)
                .dirDeleteOnShutdown(true));
            final String clientDir = driver.aeronDirectoryName();
            System.out.printf(Locale.ROOT, "registry: 3 members on %s%n", members);

            final AtomicLong reportsSent = new AtomicLong();
            final long registerStartNs = System.nanoTime();
            reporter = new Thread(() -> report(clientDir, members, executors, reporting, reportsSent),
                "simulated-executors");
            reporter.start();
            try (RegistryClient observer = RegistryClient.connect(clientDir, members, TIMEOUT_NS))
            {
                final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
                PoolView view = null;
                while (System.nanoTime() - deadline < 0 && (view == null || view.executors().size() < executors))
                {
                    Thread.sleep(200);
                    view = observer.pool(TIMEOUT_NS);
                }
                final int seen = view == null ? 0 : view.executors().size();
                System.out.printf(Locale.ROOT, "registered %d of %d executors (%d devices) in %d ms%n", seen,
                    executors, seen * DEVICES_PER_EXECUTOR,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - registerStartNs));
            }

            final Histogram latency = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
            final long reportsBefore = reportsSent.get();
            final long placed = place(clientDir, members, clients, seconds, latency);
            final long reportsDuring = reportsSent.get() - reportsBefore;
            System.out.printf(Locale.ROOT, "placements: %d clients, %d s: %.0f placements/s; latency us p50 %d, " +
                "p99 %d, max %d; executor reports meanwhile %.0f/s%n", clients, seconds, (double)placed / seconds,
                latency.getValueAtPercentile(50) / 1000, latency.getValueAtPercentile(99) / 1000,
                latency.getMaxValue() / 1000, (double)reportsDuring / seconds);

            final int leader = leaderOf(clientDir, members);
            final long killedNs = System.nanoTime();
            registry.get(leader).close();
            final long failoverMs = placeAgain(clientDir, members, killedNs);
            System.out.printf(Locale.ROOT, "failover: leader (member %d) stopped; next placement after %d ms " +
                "(leader timeout %d ms)%n", leader, failoverMs, TimeUnit.NANOSECONDS.toMillis(LEADER_TIMEOUT_NS));
        }
        finally
        {
            reporting.set(false);
            if (reporter != null)
            {
                reporter.join(TimeUnit.SECONDS.toMillis(30));
            }
            registry.forEach(CloseHelper::quietClose);
            CloseHelper.quietClose(driver);
            IoUtil.delete(work, true);
        }
    }

    /**
     * One cluster session speaks for every simulated executor: each refresh interval, one report per executor.
     */
    private static void report(
        final String clientDir, final RegistryEndpoints members, final int executors, final AtomicBoolean reporting,
        final AtomicLong reportsSent)
    {
        final List<DeviceReport> devices = new ArrayList<>();
        for (int device = 0; device < DEVICES_PER_EXECUTOR; device++)
        {
            devices.add(new DeviceReport(device, DEVICE_BYTES, DEVICE_BYTES));
        }
        RegistryClient client = null;
        try
        {
            while (reporting.get())
            {
                final long roundStart = System.nanoTime();
                for (int executor = 0; executor < executors && reporting.get(); executor++)
                {
                    final ExecutorReport report = new ExecutorReport("aeron:udp?endpoint=gpu-" + executor + ":40123",
                        "gpu", ThreadLocalRandom.current().nextInt(8), 64, devices);
                    while (reporting.get())
                    {
                        if (client == null || client.isClosed())
                        {
                            CloseHelper.quietClose(client);
                            client = connectQuietly(clientDir, members);
                            continue;
                        }
                        if (client.report(report))
                        {
                            reportsSent.incrementAndGet();
                            break;
                        }
                        client.poll();
                    }
                }
                final long leftMs = REFRESH_MS - TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - roundStart);
                final long until = System.currentTimeMillis() + Math.max(0, leftMs);
                while (reporting.get() && System.currentTimeMillis() < until)
                {
                    if (client != null && !client.isClosed())
                    {
                        client.poll();
                    }
                    Thread.sleep(5);
                }
            }
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        finally
        {
            CloseHelper.quietClose(client);
        }
    }

    private static RegistryClient connectQuietly(final String clientDir, final RegistryEndpoints members)
    {
        try
        {
            return RegistryClient.connect(clientDir, members, TIMEOUT_NS);
        }
        catch (final RuntimeException ex)
        {
            return null;
        }
    }

    /**
     * @return placements made by all clients together.
     */
    private static long place(
        final String clientDir, final RegistryEndpoints members, final int clients, final int seconds,
        final Histogram latency) throws InterruptedException
    {
        final AtomicLong placed = new AtomicLong();
        final long endNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        final List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++)
        {
            final Thread thread = new Thread(() ->
            {
                final Histogram own = new Histogram(TimeUnit.SECONDS.toNanos(10), 3);
                try (RegistryClient client = RegistryClient.connect(clientDir, members, TIMEOUT_NS))
                {
                    while (System.nanoTime() - endNs < 0)
                    {
                        final long start = System.nanoTime();
                        final Placement placement = client.place(1, 1L << 30, "simulated client", TIMEOUT_NS);
                        if (placement.placed())
                        {
                            own.recordValue(Math.min(System.nanoTime() - start, own.getHighestTrackableValue()));
                            placed.incrementAndGet();
                        }
                    }
                }
                synchronized (latency)
                {
                    latency.add(own);
                }
            }, "simulated-client-" + i);
            threads.add(thread);
            thread.start();
        }
        for (final Thread thread : threads)
        {
            thread.join();
        }
        return placed.get();
    }

    private static int leaderOf(final String clientDir, final RegistryEndpoints members)
    {
        try (RegistryClient client = RegistryClient.connect(clientDir, members, TIMEOUT_NS))
        {
            return client.leaderMemberId();
        }
    }

    /**
     * @return milliseconds from the leader's loss to the first placement a fresh client gets.
     */
    private static long placeAgain(final String clientDir, final RegistryEndpoints members, final long sinceNs)
    {
        final long deadline = sinceNs + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() - deadline < 0)
        {
            try (RegistryClient client = RegistryClient.connect(clientDir, members, TimeUnit.SECONDS.toNanos(2)))
            {
                if (client.place(1, 0, "failover probe", TimeUnit.SECONDS.toNanos(2)).placed())
                {
                    return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - sinceNs);
                }
            }
            catch (final RuntimeException noLeaderYet)
            {
                Thread.onSpinWait();
            }
        }
        return -1;
    }

    /**
     * {@code count} members' endpoints, each the first of {@link RegistryMember#PORTS_PER_MEMBER} consecutive loopback
     * UDP ports that are free now ({@link FreePorts}), apart from each other's.
     */
    private static String freeMemberEndpoints(final int count)
    {
        return Arrays.stream(FreePorts.udpRanges(count, RegistryMember.PORTS_PER_MEMBER))
            .mapToObj(base -> "localhost:" + base)
            .collect(Collectors.joining(RegistryEndpoints.SEPARATOR));
    }
}
