package io.gpurelay.registry;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.cluster.client.AeronCluster;
import io.aeron.cluster.client.EgressListener;
import io.aeron.logbuffer.Header;
import io.gpurelay.registry.codecs.ExecutorLeaveEncoder;
import io.gpurelay.registry.codecs.ExecutorReportEncoder;
import io.gpurelay.registry.codecs.MemberSnapshotEncoder;
import io.gpurelay.registry.codecs.MessageHeaderDecoder;
import io.gpurelay.registry.codecs.MessageHeaderEncoder;
import io.gpurelay.registry.codecs.PlacementRequestEncoder;
import io.gpurelay.registry.codecs.PlacementResponseDecoder;
import io.gpurelay.registry.codecs.PlacementStatus;
import io.gpurelay.registry.codecs.PoolQueryEncoder;
import io.gpurelay.registry.codecs.PoolResponseDecoder;
import org.agrona.DirectBuffer;
import org.agrona.ExpandableArrayBuffer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;

/**
 * A session with the registry's cluster, as an executor (reports), an agent (placements) or an operator (the pool)
 * holds it. Not thread safe. Every wait is bounded by the timeout given to the call.
 */
public final class RegistryClient implements AutoCloseable
{
    private final AeronCluster cluster;
    private final Replies replies;
    private final ExpandableArrayBuffer buffer = new ExpandableArrayBuffer(1024);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final ExecutorReportEncoder reportEncoder = new ExecutorReportEncoder();
    private final ExecutorLeaveEncoder leaveEncoder = new ExecutorLeaveEncoder();
    private final PlacementRequestEncoder placementEncoder = new PlacementRequestEncoder();
    private final PoolQueryEncoder poolQueryEncoder = new PoolQueryEncoder();
    private final MemberSnapshotEncoder memberSnapshotEncoder = new MemberSnapshotEncoder();
    private final IdleStrategy idleStrategy = new SleepingMillisIdleStrategy(1);
    private long nextCorrelationId = 1;

    private RegistryClient(final AeronCluster cluster, final Replies replies)
    {
        this.cluster = cluster;
        this.replies = replies;
    }

    /**
     * Open a session with the registry through the media driver in {@code aeronDirectoryName}.
     *
     * @throws io.aeron.exceptions.AeronException (a timeout among them) when no leader answers in time.
     */
    public static RegistryClient connect(
        final String aeronDirectoryName, final RegistryEndpoints endpoints, final long timeoutNs)
    {
        return connect(new AeronCluster.Context().aeronDirectoryName(aeronDirectoryName), endpoints, timeoutNs);
    }

    /**
     * Open a session with the registry through an Aeron client the caller keeps (and closes).
     */
    public static RegistryClient connect(final Aeron aeron, final RegistryEndpoints endpoints, final long timeoutNs)
    {
        return connect(new AeronCluster.Context().aeron(aeron).ownsAeronClient(false), endpoints, timeoutNs);
    }

    private static RegistryClient connect(
        final AeronCluster.Context context, final RegistryEndpoints endpoints, final long timeoutNs)
    {
        final Replies replies = new Replies();
        final AeronCluster cluster = AeronCluster.connect(context
            .ingressChannel("aeron:udp")
            .ingressEndpoints(endpoints.ingressEndpoints())
            .egressChannel(endpoints.egressChannel())
            .messageTimeoutNs(timeoutNs)
            .egressListener(replies));
        return new RegistryClient(cluster, replies);
    }

    /**
     * @return the member that leads the cluster, as this session last heard.
     */
    public int leaderMemberId()
    {
        return cluster.leaderMemberId();
    }

    public boolean isClosed()
    {
        return cluster.isClosed();
    }

    /**
     * Deliver what the cluster sent (answers, a new leader's address) and keep the session alive.
     */
    public int poll()
    {
        return cluster.pollEgress();
    }

    /**
     * Register or refresh an executor.
     *
     * @return whether the cluster took the message; false under back pressure or while a leader is elected.
     */
    public boolean report(final ExecutorReport report)
    {
        reportEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
            .sessions(report.sessions())
            .maxSessions(report.maxSessions());
        final ExecutorReportEncoder.DevicesEncoder devices = reportEncoder.devicesCount(report.devices().size());
        for (final DeviceReport device : report.devices())
        {
            devices.next().ordinal(device.ordinal()).totalBytes(device.totalBytes()).freeBytes(device.freeBytes());
        }
        reportEncoder.channel(report.channel()).backend(report.backend());
        return cluster.offer(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + reportEncoder.encodedLength()) > 0;
    }

    /**
     * Take an executor out of the pool at once.
     */
    public boolean leave(final String channel)
    {
        leaveEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder).channel(channel);
        return cluster.offer(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + leaveEncoder.encodedLength()) > 0;
    }

    /**
     * A registry member says where its latest snapshot is, so that every member learns, through the log, how far
     * back all of them can recover from a snapshot.
     *
     * @return whether the cluster took the message.
     */
    public boolean memberSnapshot(final int memberId, final long logPosition)
    {
        memberSnapshotEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder).memberId(memberId).logPosition(logPosition);
        return cluster.offer(buffer, 0, MessageHeaderEncoder.ENCODED_LENGTH + memberSnapshotEncoder.encodedLength()) > 0;
    }

    /**
     * Ask for devices.
     *
     * @return the registry's answer; not placed, saying why, when no answer came in time.
     */
    public Placement place(final int deviceCount, final long minFreeBytes, final String clientName,
        final long timeoutNs)
    {
        final long correlationId = nextCorrelationId++;
        placementEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
            .correlationId(correlationId)
            .deviceCount(deviceCount)
            .minFreeBytes(minFreeBytes)
            .clientName(clientName);
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + placementEncoder.encodedLength();
        final Object reply = exchange(correlationId, length, timeoutNs);
        return reply instanceof Placement placement ? placement : new Placement(false, List.of(),
            "the registry did not answer within " + TimeUnit.NANOSECONDS.toMillis(timeoutNs) + " ms");
    }

    /**
     * @return the pool, or null when no answer came in time.
     */
    public PoolView pool(final long timeoutNs)
    {
        final long correlationId = nextCorrelationId++;
        poolQueryEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder).correlationId(correlationId);
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + poolQueryEncoder.encodedLength();
        final Object reply = exchange(correlationId, length, timeoutNs);
        return reply instanceof PoolView view ? view : null;
    }

    private Object exchange(final long correlationId, final int length, final long timeoutNs)
    {
        final long deadlineNs = System.nanoTime() + timeoutNs;
        replies.expect(correlationId);
        idleStrategy.reset();
        boolean sent = false;
        while (System.nanoTime() - deadlineNs < 0 && !cluster.isClosed())
        {
            if (!sent)
            {
                sent = cluster.offer(buffer, 0, length) > 0;
            }
            final int work = cluster.pollEgress();
            final Object reply = replies.take();
            if (reply != null)
            {
                return reply instanceof PoolView view ? new PoolView(cluster.leaderMemberId(), view.executors()) :
                    reply;
            }
            idleStrategy.idle(work);
        }
        return null;
    }

    public void close()
    {
        cluster.close();
    }

    /**
     * Decodes the cluster's answers to this session; keeps the one asked for.
     */
    private static final class Replies implements EgressListener
    {
        private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
        private final PlacementResponseDecoder placementDecoder = new PlacementResponseDecoder();
        private final PoolResponseDecoder poolDecoder = new PoolResponseDecoder();
        private long expectedCorrelationId;
        private Object reply;

        void expect(final long correlationId)
        {
            expectedCorrelationId = correlationId;
            reply = null;
        }

        Object take()
        {
            final Object taken = reply;
            reply = null;
            return taken;
        }

        public void onMessage(
            final long clusterSessionId, final long timestamp, final DirectBuffer buffer, final int offset,
            final int length, final Header header)
        {
            if (length < MessageHeaderDecoder.ENCODED_LENGTH)
            {
                return;
            }
            headerDecoder.wrap(buffer, offset);
            if (headerDecoder.schemaId() != PlacementResponseDecoder.SCHEMA_ID)
            {
                return;
            }
            switch (headerDecoder.templateId())
            {
                case PlacementResponseDecoder.TEMPLATE_ID -> onPlacement(buffer, offset);
                case PoolResponseDecoder.TEMPLATE_ID -> onPool(buffer, offset);
                default ->
                {
                }
            }
        }

        private void onPlacement(final DirectBuffer buffer, final int offset)
        {
            placementDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
            if (placementDecoder.correlationId() != expectedCorrelationId)
            {
                return;
            }
            final boolean placed = placementDecoder.status() == PlacementStatus.PLACED;
            final List<PlacedDevice> devices = new ArrayList<>();
            for (final PlacementResponseDecoder.DevicesDecoder device : placementDecoder.devices())
            {
                final int ordinal = device.ordinal();
                devices.add(new PlacedDevice(device.channel(), ordinal));
            }
            reply = new Placement(placed, List.copyOf(devices), placementDecoder.message());
        }

        private void onPool(final DirectBuffer buffer, final int offset)
        {
            poolDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
            if (poolDecoder.correlationId() != expectedCorrelationId)
            {
                return;
            }
            final List<PoolView.Executor> executors = new ArrayList<>();
            for (final PoolResponseDecoder.ExecutorsDecoder executor : poolDecoder.executors())
            {
                final int sessions = executor.sessions();
                final int maxSessions = executor.maxSessions();
                final long refreshAgeMs = executor.refreshAgeMs();
                final long placements = executor.placements();
                final List<DeviceReport> devices = new ArrayList<>();
                for (final PoolResponseDecoder.ExecutorsDecoder.DevicesDecoder device : executor.devices())
                {
                    devices.add(new DeviceReport(device.ordinal(), device.totalBytes(), device.freeBytes()));
                }
                executors.add(new PoolView.Executor(executor.channel(), executor.backend(), sessions, maxSessions,
                    refreshAgeMs, placements, List.copyOf(devices)));
            }
            reply = new PoolView(-1, List.copyOf(executors));
        }
    }
}
