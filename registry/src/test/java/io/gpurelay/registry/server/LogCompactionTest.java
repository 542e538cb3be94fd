package io.gpurelay.registry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;


import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.RecordingLog;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.registry.DeviceReport;
import io.gpurelay.registry.ExecutorReport;
import io.gpurelay.registry.PoolView;
import io.gpurelay.registry.RegistryClient;
import io.gpurelay.registry.RegistryEndpoints;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A one-member registry with a one-second snapshot interval and a 64 KiB log term (256 KiB log segments), fed with
 * executor reports: it takes snapshots of its own, purges the log behind them so the log's start moves on, and a
 * member restarted from its directory has the pool again, from the snapshot and the log after it. Every wait is
 * bounded; nothing depends on how fast the machine is beyond the timeouts.
 */
class LogCompactionTest
{
    private static final int EXECUTORS = 100;
    private static final long GIB = 1L << 30;
    private static final long WAIT_NS = TimeUnit.SECONDS.toNanos(90);
    private static final long CLIENT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private final Queue<String> lines = new ConcurrentLinkedQueue<>();
    private long reportsSent;

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void snapshotsAreTakenTheLogIsPurgedBehindThemAndARestartedMemberHasThePool(@TempDir final Path work)
    {
        final RegistryEndpoints endpoints =
            RegistryEndpoints.parse("localhost:" + FreePorts.udpRange(RegistryMember.PORTS_PER_MEMBER));
        final File directory = work.resolve("member").toFile();
        final String aeronDir = work.resolve("aeron").toString();
        final RegistryMember.Settings settings = new RegistryMember.Settings(0, endpoints, directory, aeronDir,
            TimeUnit.MINUTES.toNanos(30), TimeUnit.SECONDS.toNanos(2), TimeUnit.SECONDS.toNanos(1), 64 * 1024);

        final long firstStart;
        try (RegistryMember member = RegistryMember.launch(settings, lines::add, Throwable::printStackTrace);
            RegistryClient client = RegistryClient.connect(aeronDir, endpoints, CLIENT_TIMEOUT_NS);
            AeronArchive archive = AeronArchive.connect(archiveClient(aeronDir)))
        {
            final File clusterDir = new File(directory, "consensus");
            final long recordingId = awaitLogRecording(clusterDir);
            final LongSupplier logStart = () -> archive.getStartPosition(recordingId);
            assertEquals(0, logStart.getAsLong(), "a new log starts at 0");

            firstStart = reportUntilLogStartPasses(client, logStart, 0, "the log's start to move");
            final RecordingLog.Entry snapshot = latestSnapshot(clusterDir);
            assertNotNull(snapshot, "a snapshot entry in the recording log");
            assertTrue(firstStart <= snapshot.logPosition, "purged up to " + firstStart + ", not past the snapshot " +
                "at " + snapshot.logPosition);
            awaitLine("registry member 0 purged ");

            final long secondStart = reportUntilLogStartPasses(client, logStart, firstStart,
                "the log's start to move again");
            assertTrue(secondStart > firstStart);
            System.out.println("log compaction: the log started at " + firstStart + ", then " + secondStart +
                " after " + reportsSent + " reports; latest snapshot at " + latestSnapshot(clusterDir).logPosition);
            assertEquals(EXECUTORS, client.pool(CLIENT_TIMEOUT_NS).executors().size());
        }

        lines.clear();
        try (RegistryMember member = RegistryMember.launch(settings, lines::add, Throwable::printStackTrace);
            RegistryClient client = RegistryClient.connect(aeronDir, endpoints, CLIENT_TIMEOUT_NS))
        {
            assertTrue(lines.stream().anyMatch(line -> line.startsWith("loaded the pool from a snapshot: ")),
                lines.toString());
            final PoolView pool = client.pool(CLIENT_TIMEOUT_NS);
            assertEquals(EXECUTORS, pool.executors().size(), "the restarted member's pool: " + pool);
            assertTrue(pool.executors().stream().allMatch(executor -> executor.devices().size() == 1 &&
                executor.devices().get(0).freeBytes() == GIB), pool.toString());
        }
    }

    /**
     * The member logs a purge once the archive has done it, so a test that saw the log's start move may look before
     * the line is there: wait for it, boundedly.
     */
    private void awaitLine(final String prefix)
    {
        final long deadline = System.nanoTime() + WAIT_NS;
        while (lines.stream().noneMatch(line -> line.startsWith(prefix)))
        {
            assertTrue(System.nanoTime() - deadline < 0, "waited " + TimeUnit.NANOSECONDS.toSeconds(WAIT_NS) +
                " s for a line starting '" + prefix + "'; member said: " + lines);
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(10));
        }
    }

    /**
     * Send reports of the same executors, round and round, until the log starts after the given position.
     *
     * @return where the log starts then.
     */
    private long reportUntilLogStartPasses(
        final RegistryClient client, final LongSupplier logStart, final long position, final String what)
    {
        final long deadline = System.nanoTime() + WAIT_NS;
        long start;
        while ((start = logStart.getAsLong()) <= position)
        {
            assertTrue(System.nanoTime() - deadline < 0, "waited " + TimeUnit.NANOSECONDS.toSeconds(WAIT_NS) +
                " s for " + what + " after " + reportsSent + " reports; member said: " + lines);
            for (int i = 0; i < 200; i++)
            {
                final String channel = "aeron:udp?endpoint=10.0.0." + (reportsSent % EXECUTORS) + ":40123";
                if (client.report(new ExecutorReport(channel, "gpu", 0, 64,
                    List.of(new DeviceReport(0, 2 * GIB, GIB)))))
                {
                    reportsSent++;
                }
                client.poll();
            }
            sleep(20);
        }
        return start;
    }

    /**
     * The recording of the member's log, once its recording log names one (after the first election).
     */
    private long awaitLogRecording(final File clusterDir)
    {
        final long deadline = System.nanoTime() + WAIT_NS;
        while (true)
        {
            try (RecordingLog recordingLog = new RecordingLog(clusterDir, false))
            {
                final long recordingId = recordingLog.findLastTermRecordingId();
                if (recordingId >= 0)
                {
                    return recordingId;
                }
            }
            assertTrue(System.nanoTime() - deadline < 0, "no log recording in the recording log; member said: " +
                lines);
            sleep(50);
        }
    }

    private static RecordingLog.Entry latestSnapshot(final File clusterDir)
    {
        try (RecordingLog recordingLog = new RecordingLog(clusterDir, false))
        {
            return recordingLog.getLatestSnapshot(ConsensusModule.Configuration.SERVICE_ID);
        }
    }

    private static AeronArchive.Context archiveClient(final String aeronDir)
    {
        return new AeronArchive.Context()
            .aeronDirectoryName(aeronDir)
            .controlRequestChannel("aeron:ipc?term-length=64k")
            .controlRequestStreamId(AeronArchive.Configuration.localControlStreamId())
            .controlResponseChannel("aeron:ipc?term-length=64k");
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
            throw new IllegalStateException(ex);
        }
    }
}
