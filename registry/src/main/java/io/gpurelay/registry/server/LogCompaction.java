package io.gpurelay.registry.server;

import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.aeron.archive.client.AeronArchive;
import io.aeron.cluster.ClusterControl;
import io.aeron.cluster.ConsensusModule;
import io.aeron.cluster.RecordingLog;
import io.aeron.cluster.service.Cluster;
import io.gpurelay.registry.RegistryClient;
import io.gpurelay.registry.RegistryEndpoints;
import org.agrona.CloseHelper;

/**
 * Keeps a member's log from growing for ever, on a thread of its own.
 * <ul>
 * <li>Snapshots: on the leader, once the last snapshot is older than the interval, the cluster's control toggle is set
 * to {@code SNAPSHOT}, as {@code ClusterTool snapshot} does; every member then snapshots at the same log position.
 * A snapshot taken any other way (an operator's) also restarts the interval, on every member, so a new leader goes
 * on from the last one.</li>
 * <li>Reports: each member reads its own latest snapshot from its recording log and sends its position into the
 * cluster ({@code MemberSnapshot}), so every member learns through the log how far back all of them can recover.</li>
 * <li>Purge: each member deletes the segments of its own log recording that lie wholly before the oldest of the
 * members' latest snapshots ({@link AeronArchive#purgeSegments}). A member that was down when a snapshot was taken
 * needs the log from its own last snapshot on, from the leader, to catch up; the log it needs is kept, because its
 * own report holds the oldest position back. A member that never comes back holds purging back until it is replaced
 * and the new member has taken a snapshot.</li>
 * </ul>
 * Every step that fails (an election under way, the archive busy) is tried again on the next round.
 */
final class LogCompaction implements AutoCloseable
{
    /** A member says again where its latest snapshot is this often, so that a member restarted from an older
     * snapshot of the service's state learns the others' positions again. */
    private static final long REPORT_AGAIN_NS = TimeUnit.SECONDS.toNanos(30);
    private static final long CLIENT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(5);
    /** The recording log is read this often, and at once when the member's snapshot counter moves. */
    private static final long RECORDING_LOG_READ_INTERVAL_NS = TimeUnit.SECONDS.toNanos(1);

    private final int memberId;
    private final RegistryEndpoints members;
    private final ConsensusModule.Context consensus;
    private final AeronArchive.Context archiveContext;
    private final PoolRegistryService service;
    private final long snapshotIntervalNs;
    private final long roundNs;
    private final Consumer<String> log;
    private final Thread thread;
    private volatile boolean running = true;
    private long lastSnapshotNs;
    private long snapshotsSeen;
    private long ownSnapshotPosition = -1;
    private long reportedPosition = -1;
    private long reportedNs;
    private long recordingLogReadNs;
    private long purgedBefore = -1;
    private RegistryClient client;
    private AeronArchive archive;

    /**
     * @param snapshotIntervalNs how often the leader has the cluster snapshot; 0 for never (an operator's snapshots
     *                           are still reported and purged behind).
     * @param roundNs            how often the thread looks.
     */
    LogCompaction(
        final int memberId, final RegistryEndpoints members, final ConsensusModule.Context consensus,
        final AeronArchive.Context archiveContext, final PoolRegistryService service, final long snapshotIntervalNs,
        final long roundNs, final Consumer<String> log)
    {
        this.memberId = memberId;
        this.members = members;
        this.consensus = consensus;
        this.archiveContext = archiveContext;
        this.service = service;
        this.snapshotIntervalNs = snapshotIntervalNs;
        this.roundNs = roundNs;
        this.log = log;
        this.lastSnapshotNs = System.nanoTime();
        this.snapshotsSeen = consensus.snapshotCounter().get();
        this.thread = new Thread(this::run, "gpurelay-registry-compaction-" + memberId);
        this.thread.setDaemon(true);
    }

    void start()
    {
        thread.start();
    }

    private void run()
    {
        while (running)
        {
            try
            {
                round(System.nanoTime());
            }
            catch (final RuntimeException ex)
            {
                log.accept("log compaction: " + ex.getMessage() + "; trying again");
                CloseHelper.quietCloseAll(client, archive);
                client = null;
                archive = null;
            }
            try
            {
                Thread.sleep(Math.max(1, TimeUnit.NANOSECONDS.toMillis(roundNs)));
            }
            catch (final InterruptedException ex)
            {
                return;
            }
        }
    }

    private void round(final long nowNs)
    {
        final long snapshots = consensus.snapshotCounter().get();
        final boolean snapshotTaken = snapshots != snapshotsSeen;
        if (snapshotTaken)
        {
            snapshotsSeen = snapshots;
            lastSnapshotNs = nowNs;
        }
        if (snapshotTaken || nowNs - recordingLogReadNs >= RECORDING_LOG_READ_INTERVAL_NS || recordingLogReadNs == 0)
        {
            recordingLogReadNs = nowNs;
            final long position = latestSnapshotPosition();
            if (position > ownSnapshotPosition)
            {
                log.accept("registry member " + memberId + " has a snapshot at log position " + position);
            }
            ownSnapshotPosition = position;
        }
        triggerSnapshot(nowNs);
        report(nowNs);
        purge();
    }

    private void triggerSnapshot(final long nowNs)
    {
        if (snapshotIntervalNs <= 0 || nowNs - lastSnapshotNs < snapshotIntervalNs ||
            Cluster.Role.get(consensus.clusterNodeRoleCounter()) != Cluster.Role.LEADER)
        {
            return;
        }
        if (ClusterControl.ToggleState.SNAPSHOT.toggle(consensus.controlToggleCounter()))
        {
            lastSnapshotNs = nowNs;
        }
    }

    /**
     * The log position of this member's latest snapshot, from its recording log; -1 when it has none.
     */
    private long latestSnapshotPosition()
    {
        try (RecordingLog recordingLog = new RecordingLog(consensus.clusterDir(), false))
        {
            final RecordingLog.Entry snapshot = recordingLog.getLatestSnapshot(ConsensusModule.Configuration.SERVICE_ID);
            return snapshot == null ? -1 : snapshot.logPosition;
        }
    }

    private void report(final long nowNs)
    {
        if (ownSnapshotPosition < 0 ||
            (ownSnapshotPosition == reportedPosition && nowNs - reportedNs < REPORT_AGAIN_NS))
        {
            return;
        }
        if (client == null || client.isClosed())
        {
            CloseHelper.quietClose(client);
            client = RegistryClient.connect(consensus.aeronDirectoryName(), members, CLIENT_TIMEOUT_NS);
        }
        client.poll();
        if (client.memberSnapshot(memberId, ownSnapshotPosition))
        {
            reportedPosition = ownSnapshotPosition;
            reportedNs = nowNs;
        }
    }

    private void purge()
    {
        final long allMembers = service.snapshotPositionOfAllMembers();
        if (allMembers <= purgedBefore)
        {
            return;
        }
        final long recordingId;
        try (RecordingLog recordingLog = new RecordingLog(consensus.clusterDir(), false))
        {
            recordingId = recordingLog.findLastTermRecordingId();
        }
        if (recordingId < 0)
        {
            return;
        }
        if (archive == null)
        {
            archive = AeronArchive.connect(archiveContext.clone());
        }
        final long[] descriptor = new long[3];
        final int found = archive.listRecording(recordingId, (controlSessionId, correlationId, id, startTimestamp,
            stopTimestamp, startPosition, stopPosition, initialTermId, segmentFileLength, termBufferLength,
            mtuLength, sessionId, streamId, strippedChannel, originalChannel, sourceIdentity) ->
        {
            descriptor[0] = startPosition;
            descriptor[1] = termBufferLength;
            descriptor[2] = segmentFileLength;
        });
        if (found == 0)
        {
            return;
        }
        final long startPosition = descriptor[0];
        final long newStart = AeronArchive.segmentFileBasePosition(
            startPosition, allMembers, (int)descriptor[1], (int)descriptor[2]);
        if (newStart > startPosition)
        {
            final long deleted = archive.purgeSegments(recordingId, newStart);
            log.accept("registry member " + memberId + " purged " + deleted + " segments of its log: it starts at " +
                newStart + " now (every member has a snapshot at or after " + allMembers + ")");
        }
        purgedBefore = allMembers;
    }

    public void close()
    {
        running = false;
        thread.interrupt();
        try
        {
            thread.join(TimeUnit.SECONDS.toMillis(10));
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        CloseHelper.quietCloseAll(client, archive);
    }
}
