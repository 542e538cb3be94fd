package io.gpurelay.executor.control;

import java.nio.ByteBuffer;
import java.util.ArrayList;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import io.gpurelay.executor.stat.ExecutorSnapshot;
import io.gpurelay.protocol.StatMessages;
import io.gpurelay.protocol.security.ExecutorHandshake;
import io.gpurelay.protocol.security.MessageSealer;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Answers remote {@code gpurelay stat} requests, on the conductor's thread: the executor's counters, read from its
 * media driver's CnC file (which holds its workers' and sessions' counters too), go to the stat client's response
 * stream as {@code StatAccepted} and {@code StatSnapshot}, the latter sealed with the exchange's reply key where the
 * executor seals sessions. A few answers are pending at a time; a request past them is dropped and counted, so that a
 * flood of requests costs the conductor at most one HMAC each.
 */
final class StatReplies implements AutoCloseable
{
    static final int MAX_PENDING = 4;

    private final Aeron aeron;
    private final long deadlineAfterNs;
    private final StatMessages messages = new StatMessages();
    private final UnsafeBuffer encoded =
        new UnsafeBuffer(ByteBuffer.allocateDirect(StatMessages.MAX_SNAPSHOT_LENGTH));
    private final ArrayList<Pending> pending = new ArrayList<>();

    StatReplies(final Aeron aeron, final long deadlineAfterNs)
    {
        this.aeron = aeron;
        this.deadlineAfterNs = deadlineAfterNs;
    }

    boolean isFull()
    {
        return pending.size() >= MAX_PENDING;
    }

    /**
     * Take the counters now and send them once the stat client's stream connects.
     */
    void answer(
        final long correlationId,
        final String responseChannel,
        final int responseStreamId,
        final ExecutorHandshake.Accepted accepted,
        final long nowNs)
    {
        final int acceptedLength = messages.encodeAccepted(
            encoded, correlationId, accepted.executorPublicKey(), accepted.executorProof());
        final byte[] acceptedMessage = new byte[acceptedLength];
        encoded.getBytes(0, acceptedMessage);

        final int snapshotLength = messages.encodeSnapshot(encoded, correlationId, System.currentTimeMillis(),
            aeron.countersReader(), ExecutorSnapshot::isExecutorCounter);
        final byte[] snapshotMessage;
        if (accepted.keys().sealed())
        {
            final MessageSealer sealer = accepted.keys().replySealer();
            final UnsafeBuffer sealed = new UnsafeBuffer(new byte[snapshotLength + MessageSealer.MAX_OVERHEAD]);
            final int sealedLength = sealer.seal(encoded, 0, snapshotLength, sealed);
            snapshotMessage = new byte[sealedLength];
            sealed.getBytes(0, snapshotMessage);
        }
        else
        {
            snapshotMessage = new byte[snapshotLength];
            encoded.getBytes(0, snapshotMessage);
        }
        final ChannelUri channel = ChannelUri.parse(responseChannel);
        channel.put(CommonContext.TERM_LENGTH_PARAM_NAME, Integer.toString(StatMessages.SNAPSHOT_TERM_LENGTH));
        final long registrationId = aeron.asyncAddExclusivePublication(channel.toString(), responseStreamId);
        pending.add(new Pending(registrationId, acceptedMessage, snapshotMessage, nowNs + deadlineAfterNs));
    }

    int doWork(final long nowNs)
    {
        int work = 0;
        for (int i = pending.size() - 1; i >= 0; i--)
        {
            final Pending answer = pending.get(i);
            try
            {
                if (answer.publication == null)
                {
                    answer.publication = aeron.getExclusivePublication(answer.registrationId);
                }
            }
            catch (final RuntimeException ex)
            {
                pending.remove(i);
                work++;
                continue;
            }
            if (answer.publication != null && answer.publication.isConnected())
            {
                if (!answer.acceptedSent)
                {
                    answer.acceptedSent = offer(answer.publication, answer.accepted);
                }
                if (answer.acceptedSent && !answer.snapshotSent)
                {
                    answer.snapshotSent = offer(answer.publication, answer.snapshot);
                }
            }
            // Stays open a while after the snapshot went, so that its image lasts until the client has read it.
            if (nowNs - answer.deadlineNs >= 0)
            {
                if (answer.publication != null)
                {
                    CloseHelper.quietClose(answer.publication);
                }
                else
                {
                    aeron.asyncRemovePublication(answer.registrationId);
                }
                pending.remove(i);
                work++;
            }
        }
        return work;
    }

    public void close()
    {
        for (final Pending answer : pending)
        {
            CloseHelper.quietClose(answer.publication);
        }
        pending.clear();
    }

    private static boolean offer(final ExclusivePublication publication, final byte[] message)
    {
        return publication.offer(new UnsafeBuffer(message)) > 0;
    }

    private static final class Pending
    {
        final long registrationId;
        final byte[] accepted;
        final byte[] snapshot;
        final long deadlineNs;
        ExclusivePublication publication;
        boolean acceptedSent;
        boolean snapshotSent;

        Pending(final long registrationId, final byte[] accepted, final byte[] snapshot, final long deadlineNs)
        {
            this.registrationId = registrationId;
            this.accepted = accepted;
            this.snapshot = snapshot;
            this.deadlineNs = deadlineNs;
        }
    }
}
