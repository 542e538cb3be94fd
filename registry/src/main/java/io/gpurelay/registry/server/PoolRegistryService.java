package io.gpurelay.registry.server;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.aeron.ExclusivePublication;
import io.aeron.Image;
import io.aeron.cluster.codecs.CloseReason;
import io.aeron.cluster.service.ClientSession;
import io.aeron.cluster.service.Cluster;
import io.aeron.cluster.service.ClusteredService;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.registry.DeviceReport;
import io.gpurelay.registry.PlacedDevice;
import io.gpurelay.registry.codecs.ExecutorLeaveDecoder;
import io.gpurelay.registry.codecs.ExecutorRecordDecoder;
import io.gpurelay.registry.codecs.ExecutorRecordEncoder;
import io.gpurelay.registry.codecs.ExecutorReportDecoder;
import io.gpurelay.registry.codecs.MemberSnapshotDecoder;
import io.gpurelay.registry.codecs.MemberSnapshotEncoder;
import io.gpurelay.registry.codecs.MessageHeaderDecoder;
import io.gpurelay.registry.codecs.MessageHeaderEncoder;
import io.gpurelay.registry.codecs.PlacementRequestDecoder;
import io.gpurelay.registry.codecs.PlacementResponseEncoder;
import io.gpurelay.registry.codecs.PlacementStatus;
import io.gpurelay.registry.codecs.PoolQueryDecoder;
import io.gpurelay.registry.codecs.PoolResponseEncoder;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableDirectByteBuffer;
import org.agrona.concurrent.IdleStrategy;

/**
 * The registry's clustered service: applies executors' reports, leaves and clients' placement requests to the
 * {@link PoolState} in log order, answers the client that asked, drops executors that stopped reporting on a cluster
 * timer, and writes and reads the pool in snapshots. Messages that do not decode, or whose lengths pass the bounds,
 * are counted and dropped; the registry goes on serving.
 * <p>
 * It also keeps, as replicated state, where each member's latest snapshot is ({@code MemberSnapshot}, which members
 * send about themselves): the lowest of them, once every member has reported one, is how far back every member can
 * recover without the log, so each member may purge its own log up to there ({@link LogCompaction}).
 */
public final class PoolRegistryService implements ClusteredService
{
    private static final long SWEEP_TIMER_ID = 1;
    private static final int MAX_OFFER_ATTEMPTS = 3;

    private final long executorTimeoutMs;
    private final Consumer<String> log;
    private final PoolState pool = new PoolState();
    private final ExpandableDirectByteBuffer buffer = new ExpandableDirectByteBuffer(4096);
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final ExecutorReportDecoder reportDecoder = new ExecutorReportDecoder();
    private final ExecutorLeaveDecoder leaveDecoder = new ExecutorLeaveDecoder();
    private final PlacementRequestDecoder placementDecoder = new PlacementRequestDecoder();
    private final PoolQueryDecoder poolQueryDecoder = new PoolQueryDecoder();
    private final PlacementResponseEncoder placementEncoder = new PlacementResponseEncoder();
    private final PoolResponseEncoder poolEncoder = new PoolResponseEncoder();
    private final ExecutorRecordEncoder recordEncoder = new ExecutorRecordEncoder();
    private final ExecutorRecordDecoder recordDecoder = new ExecutorRecordDecoder();
    private final MemberSnapshotDecoder memberSnapshotDecoder = new MemberSnapshotDecoder();
    private final MemberSnapshotEncoder memberSnapshotEncoder = new MemberSnapshotEncoder();
    private final long[] memberSnapshotPositions;
    private volatile long snapshotPositionOfAllMembers = -1;
    private Cluster cluster;
    private long malformedMessages;
    private boolean sweepScheduled;

    /**
     * @param executorTimeoutMs how long an executor may go without reporting before it leaves the pool.
     * @param memberCount       how many members the registry has.
     * @param log               where lines about the pool go (joins, leaves, role changes).
     */
    public PoolRegistryService(final long executorTimeoutMs, final int memberCount, final Consumer<String> log)
    {
        this.executorTimeoutMs = executorTimeoutMs;
        this.log = log;
        this.memberSnapshotPositions = new long[memberCount];
        Arrays.fill(memberSnapshotPositions, -1);
    }

    /**
     * The log position of the oldest of the members' latest snapshots, once every member has reported one; -1
     * before. Every member can recover from its own snapshot at or after this position, so the log before it is no
     * longer needed by any member. Read from another thread.
     */
    public long snapshotPositionOfAllMembers()
    {
        return snapshotPositionOfAllMembers;
    }

    private long nowMs()
    {
        return cluster.timeUnit().toMillis(cluster.time());
    }

    private long sweepIntervalMs()
    {
        return Math.max(1, executorTimeoutMs / 4);
    }

    public void onStart(final Cluster cluster, final Image snapshotImage)
    {
        this.cluster = cluster;
        if (snapshotImage != null)
        {
            loadSnapshot(snapshotImage);
            sweepScheduled = pool.size() > 0;
        }
    }

    /**
     * A sweep is due every quarter timeout while the pool has executors. The timer lives in the cluster's state, so a
     * snapshot's pool comes back with its timer; it is started from the log, where the cluster's time is known.
     */
    private void scheduleSweep()
    {
        sweepScheduled = true;
        final long deadline = cluster.time() + cluster.timeUnit().convert(sweepIntervalMs(), TimeUnit.MILLISECONDS);
        final IdleStrategy idleStrategy = cluster.idleStrategy();
        idleStrategy.reset();
        while (!cluster.scheduleTimer(SWEEP_TIMER_ID, deadline))
        {
            idleStrategy.idle();
        }
    }

    public void onSessionOpen(final ClientSession session, final long timestamp)
    {
    }

    public void onSessionClose(final ClientSession session, final long timestamp, final CloseReason closeReason)
    {
    }

    public void onSessionMessage(
        final ClientSession session, final long timestamp, final DirectBuffer buffer, final int offset,
        final int length, final Header header)
    {
        try
        {
            if (length < MessageHeaderDecoder.ENCODED_LENGTH)
            {
                malformed("a message of " + length + " bytes");
                return;
            }
            headerDecoder.wrap(buffer, offset);
            if (headerDecoder.schemaId() != ExecutorReportDecoder.SCHEMA_ID)
            {
                malformed("a message of schema " + headerDecoder.schemaId());
                return;
            }
            switch (headerDecoder.templateId())
            {
                case ExecutorReportDecoder.TEMPLATE_ID -> onReport(buffer, offset);
                case ExecutorLeaveDecoder.TEMPLATE_ID -> onLeave(buffer, offset);
                case PlacementRequestDecoder.TEMPLATE_ID -> onPlacementRequest(session, buffer, offset);
                case PoolQueryDecoder.TEMPLATE_ID -> onPoolQuery(session, buffer, offset);
                case MemberSnapshotDecoder.TEMPLATE_ID -> onMemberSnapshot(buffer, offset);
                default -> malformed("template " + headerDecoder.templateId());
            }
        }
        catch (final RuntimeException ex)
        {
            malformed(ex.toString());
        }
    }

    private void malformed(final String what)
    {
        malformedMessages++;
        if (Long.bitCount(malformedMessages) == 1)
        {
            log.accept("dropped a malformed registry message (" + what + "); " + malformedMessages + " so far");
        }
    }

    private void onReport(final DirectBuffer buffer, final int offset)
    {
        reportDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        final int sessions = reportDecoder.sessions();
        final int maxSessions = reportDecoder.maxSessions();
        final ExecutorReportDecoder.DevicesDecoder devicesDecoder = reportDecoder.devices();
        if (devicesDecoder.count() > PoolState.MAX_DEVICES_PER_EXECUTOR)
        {
            malformed("a report of " + devicesDecoder.count() + " devices");
            return;
        }
        final List<DeviceReport> devices = new ArrayList<>(devicesDecoder.count());
        for (final ExecutorReportDecoder.DevicesDecoder device : devicesDecoder)
        {
            devices.add(new DeviceReport(device.ordinal(), device.totalBytes(), device.freeBytes()));
        }
        if (reportDecoder.channelLength() > PoolState.MAX_NAME_BYTES || reportDecoder.channelLength() == 0)
        {
            malformed("a channel of " + reportDecoder.channelLength() + " bytes");
            return;
        }
        final String channel = reportDecoder.channel();
        if (reportDecoder.backendLength() > PoolState.MAX_NAME_BYTES)
        {
            malformed("a backend name of " + reportDecoder.backendLength() + " bytes");
            return;
        }
        final String backend = reportDecoder.backend();
        final boolean known = pool.contains(channel);
        if (!pool.report(channel, backend, sessions, maxSessions, devices, nowMs()))
        {
            malformed("a report from " + channel + " with the pool full at " + pool.size() + " executors");
            return;
        }
        if (!sweepScheduled)
        {
            scheduleSweep();
        }
        if (!known)
        {
            log.accept("executor joined the pool: " + channel + " (" + backend + ", " + devices.size() +
                " devices); " + pool.size() + " executors");
        }
    }

    private void onMemberSnapshot(final DirectBuffer buffer, final int offset)
    {
        memberSnapshotDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        final int memberId = memberSnapshotDecoder.memberId();
        final long logPosition = memberSnapshotDecoder.logPosition();
        if (memberId < 0 || memberId >= memberSnapshotPositions.length || logPosition < 0)
        {
            malformed("a snapshot of member " + memberId + " at " + logPosition);
            return;
        }
        memberSnapshot(memberId, logPosition);
    }

    private void memberSnapshot(final int memberId, final long logPosition)
    {
        memberSnapshotPositions[memberId] = Math.max(memberSnapshotPositions[memberId], logPosition);
        long oldest = Long.MAX_VALUE;
        for (final long position : memberSnapshotPositions)
        {
            oldest = Math.min(oldest, position);
        }
        snapshotPositionOfAllMembers = oldest;
    }

    private void onLeave(final DirectBuffer buffer, final int offset)
    {
        leaveDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        if (leaveDecoder.channelLength() > PoolState.MAX_NAME_BYTES)
        {
            malformed("a channel of " + leaveDecoder.channelLength() + " bytes");
            return;
        }
        final String channel = leaveDecoder.channel();
        if (pool.leave(channel))
        {
            log.accept("executor left the pool: " + channel + "; " + pool.size() + " executors");
        }
    }

    private void onPlacementRequest(final ClientSession session, final DirectBuffer buffer, final int offset)
    {
        placementDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        final long correlationId = placementDecoder.correlationId();
        final int deviceCount = placementDecoder.deviceCount();
        final long minFreeBytes = placementDecoder.minFreeBytes();
        placementEncoder.wrapAndApplyHeader(this.buffer, 0, headerEncoder).correlationId(correlationId);
        if (deviceCount < 1 || deviceCount > PoolState.MAX_DEVICES_PER_PLACEMENT || minFreeBytes < 0)
        {
            placementEncoder.status(PlacementStatus.INVALID_REQUEST);
            placementEncoder.devicesCount(0);
            placementEncoder.message("a client asks for 1 to " + PoolState.MAX_DEVICES_PER_PLACEMENT +
                " devices and a non-negative amount of free memory; got " + deviceCount + " devices, " +
                minFreeBytes + " bytes");
            reply(session, placementEncoder.encodedLength());
            return;
        }
        final List<PlacedDevice> chosen = pool.place(deviceCount, minFreeBytes);
        if (chosen.isEmpty())
        {
            placementEncoder.status(PlacementStatus.NOT_ENOUGH_DEVICES);
            placementEncoder.devicesCount(0);
            placementEncoder.message("the pool has no " + deviceCount + " devices with " + minFreeBytes +
                " bytes free on executors below their session limit (" + pool.size() + " executors)");
            reply(session, placementEncoder.encodedLength());
            return;
        }
        placementEncoder.status(PlacementStatus.PLACED);
        final PlacementResponseEncoder.DevicesEncoder devices = placementEncoder.devicesCount(chosen.size());
        for (final PlacedDevice device : chosen)
        {
            devices.next().ordinal(device.ordinal()).channel(device.channel());
        }
        placementEncoder.message("");
        reply(session, placementEncoder.encodedLength());
    }

    private void onPoolQuery(final ClientSession session, final DirectBuffer buffer, final int offset)
    {
        poolQueryDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        final long nowMs = nowMs();
        poolEncoder.wrapAndApplyHeader(this.buffer, 0, headerEncoder).correlationId(poolQueryDecoder.correlationId());
        final int shown = Math.min(pool.size(), PoolResponseEncoder.ExecutorsEncoder.countMaxValue());
        final PoolResponseEncoder.ExecutorsEncoder executors = poolEncoder.executorsCount(shown);
        int written = 0;
        for (final PoolState.ExecutorEntry entry : pool.executors())
        {
            if (written++ == shown)
            {
                break;
            }
            executors.next()
                .sessions(entry.sessions)
                .maxSessions(entry.maxSessions)
                .refreshAgeMs(nowMs - entry.lastRefreshMs)
                .placements(entry.placements);
            final PoolResponseEncoder.ExecutorsEncoder.DevicesEncoder devices =
                executors.devicesCount(entry.devices.size());
            for (final DeviceReport device : entry.devices)
            {
                devices.next().ordinal(device.ordinal()).totalBytes(device.totalBytes()).freeBytes(device.freeBytes());
            }
            executors.channel(entry.channel).backend(entry.backend);
        }
        reply(session, poolEncoder.encodedLength());
    }

    /**
     * Only the leader's answers leave the cluster; a client that does not read them is not waited for long.
     */
    private void reply(final ClientSession session, final int bodyLength)
    {
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + bodyLength;
        for (int attempt = 0; attempt < MAX_OFFER_ATTEMPTS; attempt++)
        {
            if (session.offer(buffer, 0, length) > 0)
            {
                return;
            }
            cluster.idleStrategy().idle();
        }
    }

    public void onTimerEvent(final long correlationId, final long timestamp)
    {
        if (correlationId != SWEEP_TIMER_ID)
        {
            return;
        }
        for (final String channel : pool.expire(nowMs(), executorTimeoutMs))
        {
            log.accept("executor left the pool: " + channel + " did not report for " + executorTimeoutMs + " ms; " +
                pool.size() + " executors");
        }
        if (pool.size() > 0)
        {
            scheduleSweep();
        }
        else
        {
            sweepScheduled = false;
        }
    }

    public void onTakeSnapshot(final ExclusivePublication snapshotPublication)
    {
        for (final PoolState.ExecutorEntry entry : pool.executors())
        {
            recordEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .sessions(entry.sessions)
                .maxSessions(entry.maxSessions)
                .lastRefreshMs(entry.lastRefreshMs)
                .placements(entry.placements)
                .placementsSinceReport(entry.placementsSinceReport);
            final ExecutorRecordEncoder.DevicesEncoder devices = recordEncoder.devicesCount(entry.devices.size());
            for (final DeviceReport device : entry.devices)
            {
                devices.next().ordinal(device.ordinal()).totalBytes(device.totalBytes()).freeBytes(device.freeBytes());
            }
            recordEncoder.channel(entry.channel).backend(entry.backend);
            offer(snapshotPublication, MessageHeaderEncoder.ENCODED_LENGTH + recordEncoder.encodedLength());
        }
        for (int memberId = 0; memberId < memberSnapshotPositions.length; memberId++)
        {
            if (memberSnapshotPositions[memberId] >= 0)
            {
                memberSnapshotEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                    .memberId(memberId)
                    .logPosition(memberSnapshotPositions[memberId]);
                offer(snapshotPublication, MessageHeaderEncoder.ENCODED_LENGTH + memberSnapshotEncoder.encodedLength());
            }
        }
    }

    private void offer(final ExclusivePublication snapshotPublication, final int length)
    {
        final IdleStrategy idleStrategy = cluster.idleStrategy();
        idleStrategy.reset();
        while (snapshotPublication.offer(buffer, 0, length) <= 0)
        {
            idleStrategy.idle();
        }
    }

    private void loadSnapshot(final Image snapshotImage)
    {
        final FragmentHandler handler = (buffer, offset, length, header) ->
        {
            headerDecoder.wrap(buffer, offset);
            if (headerDecoder.templateId() == MemberSnapshotDecoder.TEMPLATE_ID)
            {
                memberSnapshotDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                final int memberId = memberSnapshotDecoder.memberId();
                if (memberId >= 0 && memberId < memberSnapshotPositions.length)
                {
                    memberSnapshot(memberId, memberSnapshotDecoder.logPosition());
                }
                return;
            }
            if (headerDecoder.templateId() != ExecutorRecordDecoder.TEMPLATE_ID)
            {
                return;
            }
            recordDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
            final int sessions = recordDecoder.sessions();
            final int maxSessions = recordDecoder.maxSessions();
            final long lastRefreshMs = recordDecoder.lastRefreshMs();
            final long entryPlacements = recordDecoder.placements();
            final int sinceReport = recordDecoder.placementsSinceReport();
            final List<DeviceReport> devices = new ArrayList<>();
            for (final ExecutorRecordDecoder.DevicesDecoder device : recordDecoder.devices())
            {
                devices.add(new DeviceReport(device.ordinal(), device.totalBytes(), device.freeBytes()));
            }
            final PoolState.ExecutorEntry entry = new PoolState.ExecutorEntry(recordDecoder.channel());
            entry.backend = recordDecoder.backend();
            entry.sessions = sessions;
            entry.maxSessions = maxSessions;
            entry.lastRefreshMs = lastRefreshMs;
            entry.placements = entryPlacements;
            entry.placementsSinceReport = sinceReport;
            entry.devices = List.copyOf(devices);
            pool.restore(entry);
        };
        final IdleStrategy idleStrategy = cluster.idleStrategy();
        idleStrategy.reset();
        while (!snapshotImage.isEndOfStream())
        {
            idleStrategy.idle(snapshotImage.poll(handler, 16));
        }
        log.accept("loaded the pool from a snapshot: " + pool.size() + " executors");
    }

    public void onRoleChange(final Cluster.Role newRole)
    {
        log.accept("registry member " + cluster.memberId() + " is now " + newRole);
    }

    public void onTerminate(final Cluster cluster)
    {
    }
}
