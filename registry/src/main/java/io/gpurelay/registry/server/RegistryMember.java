package io.gpurelay.registry.server;

import java.io.File;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.aeron.archive.Archive;
import io.aeron.archive.ArchiveThreadingMode;
import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusteredMediaDriver;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.service.ClusteredServiceContainer;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.gpurelay.registry.RegistryEndpoints;
import org.agrona.CloseHelper;
import org.agrona.ErrorHandler;
import org.agrona.concurrent.NoOpLock;

/**
 * One member of the registry's cluster: a media driver, an archive and a consensus module
 * ({@link ClusteredMediaDriver}) and the {@link PoolRegistryService} in its container. A member listens on five
 * consecutive ports from the one clients know it by: clients' ingress, consensus between members, the replicated log,
 * catch-up of a member that fell behind, and its archive's control requests.
 */
public final class RegistryMember implements AutoCloseable
{
    /** Ports a member uses, from the one in its endpoint up. */
    public static final int PORTS_PER_MEMBER = 5;
    private static final int CONSENSUS_PORT_OFFSET = 1;
    private static final int LOG_PORT_OFFSET = 2;
    private static final int CATCHUP_PORT_OFFSET = 3;
    private static final int ARCHIVE_PORT_OFFSET = 4;
    /** The replicated log's term length unless the settings say otherwise. */
    public static final int LOG_TERM_LENGTH_DEFAULT = 4 * 1024 * 1024;
    /** How often the leader has the cluster take a snapshot unless the settings say otherwise. */
    public static final long SNAPSHOT_INTERVAL_DEFAULT_NS = TimeUnit.MINUTES.toNanos(10);
    /** A log segment file is this many terms: what a purge deletes at a time. */
    private static final int TERMS_PER_SEGMENT = 4;
    private static final long COMPACTION_ROUND_NS = TimeUnit.MILLISECONDS.toNanos(250);

    private final ClusteredMediaDriver clusteredMediaDriver;
    private final ClusteredServiceContainer container;
    private final LogCompaction compaction;

    private RegistryMember(
        final ClusteredMediaDriver clusteredMediaDriver, final ClusteredServiceContainer container,
        final LogCompaction compaction)
    {
        this.clusteredMediaDriver = clusteredMediaDriver;
        this.container = container;
        this.compaction = compaction;
    }

    /**
     * What a member needs to start.
     *
     * @param memberId            which of the endpoints is this member's.
     * @param directory           where its log, snapshots and cluster state live; kept across restarts.
     * @param aeronDirectoryName  its media driver's directory.
     * @param executorTimeoutNs   how long an executor may go without reporting before it leaves the pool.
     * @param leaderTimeoutNs     how long followers wait without hearing from the leader before electing another.
     * @param snapshotIntervalNs  how often the leader has the cluster take a snapshot, after which every member purges
     *                            its log behind the oldest of the members' latest snapshots; 0 for never.
     * @param logTermLength       the replicated log's term length (a power of two from 64 KiB); a log segment file,
     *                            what a purge deletes at a time, is four terms.
     */
    public record Settings(
        int memberId, RegistryEndpoints members, File directory, String aeronDirectoryName, long executorTimeoutNs,
        long leaderTimeoutNs, long snapshotIntervalNs, int logTermLength)
    {
        public Settings
        {
            if (snapshotIntervalNs < 0)
            {
                throw new IllegalArgumentException("the snapshot interval must not be negative: " +
                    snapshotIntervalNs + " ns");
            }
            if (logTermLength < 64 * 1024 || logTermLength > 1024 * 1024 * 1024 || Integer.bitCount(logTermLength) != 1)
            {
                throw new IllegalArgumentException("the log's term length must be a power of two from 64 KiB to " +
                    "1 GiB: " + logTermLength);
            }
        }

        /**
         * With the default snapshot interval and log term length.
         */
        public Settings(
            final int memberId, final RegistryEndpoints members, final File directory, final String aeronDirectoryName,
            final long executorTimeoutNs, final long leaderTimeoutNs)
        {
            this(memberId, members, directory, aeronDirectoryName, executorTimeoutNs, leaderTimeoutNs,
                SNAPSHOT_INTERVAL_DEFAULT_NS, LOG_TERM_LENGTH_DEFAULT);
        }
    }

    public static RegistryMember launch(final Settings settings, final Consumer<String> log,
        final ErrorHandler errorHandler)
    {
        final List<String> endpoints = settings.members().endpoints();
        if (settings.memberId() < 0 || settings.memberId() >= endpoints.size())
        {
            throw new IllegalArgumentException("member id " + settings.memberId() + " is not one of the " +
                endpoints.size() + " members");
        }
        for (final String endpoint : endpoints)
        {
            if (port(endpoint) + ARCHIVE_PORT_OFFSET > 65535)
            {
                throw new IllegalArgumentException("registry member " + endpoint + " needs the " + PORTS_PER_MEMBER +
                    " ports from its own up, so its port must be at most " + (65535 - ARCHIVE_PORT_OFFSET));
            }
        }
        final String host = host(endpoints.get(settings.memberId()));
        final String aeronDir = settings.aeronDirectoryName();
        final MediaDriver.Context driverContext = new MediaDriver.Context()
            .aeronDirectoryName(aeronDir)
            .threadingMode(ThreadingMode.SHARED)
            .termBufferSparseFile(true)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .errorHandler(errorHandler);
        final Archive.Context archiveContext = new Archive.Context()
            .aeronDirectoryName(aeronDir)
            .archiveDir(new File(settings.directory(), "archive"))
            .archiveId(settings.memberId())
            .controlChannel(udp(host, port(endpoints.get(settings.memberId())) + ARCHIVE_PORT_OFFSET))
            .localControlChannel("aeron:ipc?term-length=64k")
            .replicationChannel(udp(host, 0))
            .recordingEventsEnabled(false)
            .segmentFileLength(settings.logTermLength() * TERMS_PER_SEGMENT)
            .threadingMode(ArchiveThreadingMode.SHARED)
            .errorHandler(errorHandler);
        final AeronArchive.Context archiveClient = new AeronArchive.Context()
            .lock(NoOpLock.INSTANCE)
            .controlRequestChannel(archiveContext.localControlChannel())
            .controlRequestStreamId(archiveContext.localControlStreamId())
            .controlResponseChannel(archiveContext.localControlChannel())
            .aeronDirectoryName(aeronDir);
        final ConsensusModule.Context consensusContext = new ConsensusModule.Context()
            .clusterMemberId(settings.memberId())
            .clusterMembers(clusterMembers(endpoints))
            .clusterDir(new File(settings.directory(), "consensus"))
            .ingressChannel("aeron:udp")
            .logChannel("aeron:udp?term-length=" + settings.logTermLength())
            .replicationChannel(udp(host, 0))
            .leaderHeartbeatTimeoutNs(settings.leaderTimeoutNs())
            .archiveContext(archiveClient.clone())
            .errorHandler(errorHandler);
        final PoolRegistryService service = new PoolRegistryService(
            TimeUnit.NANOSECONDS.toMillis(settings.executorTimeoutNs()), endpoints.size(), log);
        final ClusteredServiceContainer.Context serviceContext = new ClusteredServiceContainer.Context()
            .aeronDirectoryName(aeronDir)
            .archiveContext(archiveClient.clone())
            .clusterDir(new File(settings.directory(), "service"))
            .clusteredService(service)
            .errorHandler(errorHandler);
        ClusteredMediaDriver clusteredMediaDriver = null;
        ClusteredServiceContainer container = null;
        try
        {
            clusteredMediaDriver = ClusteredMediaDriver.launch(driverContext, archiveContext, consensusContext);
            container = ClusteredServiceContainer.launch(serviceContext);
            final LogCompaction compaction = new LogCompaction(settings.memberId(), settings.members(),
                clusteredMediaDriver.consensusModule().context(), archiveClient.clone(), service,
                settings.snapshotIntervalNs(), COMPACTION_ROUND_NS, log);
            compaction.start();
            return new RegistryMember(clusteredMediaDriver, container, compaction);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(container, clusteredMediaDriver);
            throw ex;
        }
    }

    /**
     * Aeron Cluster's member list: {@code id,ingress,consensus,log,catchup,archive|...}.
     */
    static String clusterMembers(final List<String> endpoints)
    {
        final StringBuilder text = new StringBuilder();
        for (int member = 0; member < endpoints.size(); member++)
        {
            final String host = host(endpoints.get(member));
            final int port = port(endpoints.get(member));
            text.append(member == 0 ? "" : "|").append(member)
                .append(',').append(host).append(':').append(port)
                .append(',').append(host).append(':').append(port + CONSENSUS_PORT_OFFSET)
                .append(',').append(host).append(':').append(port + LOG_PORT_OFFSET)
                .append(',').append(host).append(':').append(port + CATCHUP_PORT_OFFSET)
                .append(',').append(host).append(':').append(port + ARCHIVE_PORT_OFFSET);
        }
        return text.toString();
    }

    private static String udp(final String host, final int port)
    {
        return "aeron:udp?endpoint=" + host + ":" + port;
    }

    private static String host(final String endpoint)
    {
        return endpoint.substring(0, endpoint.lastIndexOf(':'));
    }

    private static int port(final String endpoint)
    {
        return Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
    }

    public void close()
    {
        CloseHelper.closeAll(compaction, container, clusteredMediaDriver);
    }
}
