package io.gpurelay.protocol;

import java.nio.ByteOrder;

import io.aeron.Publication;
import io.gpurelay.protocol.codecs.BulkDataEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.security.MessageSealer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The buffer a proxy encodes into, and what both directions do the same way: offering with a deadline, writing a
 * payload as the trailing var-data field of a message, sending a payload as bulk chunks, and sealing every message
 * once the session's keys are known.
 * <p>
 * Both buffers are Java arrays, not direct memory: the JDK's AES-GCM runs its intrinsics on arrays and copies direct
 * buffers through arrays of its own, so sealing a 1 MiB chunk from and into arrays is about 1.5 times as fast
 * (measured on the H100 host: 4.3 against 2.95 GB/s with JDK 17, 7.4 against 2.8 GB/s for 64 KiB with JDK 25), and
 * a sealed copy spends most of its sending thread's time there. Offering from an array costs Aeron the same copy.
 */
final class MessageWriter
{
    final UnsafeBuffer buffer;
    final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final BulkDataEncoder bulkDataEncoder = new BulkDataEncoder();
    private final IdleStrategy idleStrategy;
    private final long timeoutNs;
    private MessageSealer sealer;
    private UnsafeBuffer sealedBuffer;

    MessageWriter(final IdleStrategy idleStrategy, final long timeoutNs)
    {
        this(idleStrategy, timeoutNs, Protocol.MAX_CHUNK_LENGTH + Protocol.MESSAGE_OVERHEAD);
    }

    /**
     * @param capacity the longest message this writer encodes.
     */
    MessageWriter(final IdleStrategy idleStrategy, final long timeoutNs, final int capacity)
    {
        this.buffer = new UnsafeBuffer(new byte[capacity]);
        this.idleStrategy = idleStrategy;
        this.timeoutNs = timeoutNs;
    }

    /**
     * Write {@code length} payload bytes as a var-data field at {@code limit}, copied straight from the source.
     *
     * @return the new limit of the message.
     */
    int putTrailingPayload(final int limit, final PayloadSource payload, final long sourceOffset, final int length)
    {
        buffer.putInt(limit, length, ByteOrder.LITTLE_ENDIAN);
        if (length > 0)
        {
            payload.copyTo(sourceOffset, buffer, limit + 4, length);
        }
        return limit + 4 + length;
    }

    boolean sendChunks(
        final Publication publication,
        final long sessionId,
        final long correlationId,
        final PayloadSource payload,
        final int chunkLength)
    {
        final long total = payload.length();
        for (long offset = 0; offset < total; offset += chunkLength)
        {
            final int length = (int)Math.min(chunkLength, total - offset);
            bulkDataEncoder.wrapAndApplyHeader(buffer, 0, headerEncoder)
                .sessionId(sessionId)
                .correlationId(correlationId)
                .payloadOffset(offset);
            final int limit = putTrailingPayload(bulkDataEncoder.limit(), payload, offset, length);
            if (!send(publication, limit))
            {
                return false;
            }
        }
        return true;
    }

    /**
     * From now on, send every message sealed by this sealer (the buffer for sealed messages is made once).
     */
    void sealWith(final MessageSealer sealer)
    {
        if (sealedBuffer == null)
        {
            sealedBuffer = new UnsafeBuffer(new byte[buffer.capacity() + MessageSealer.MAX_OVERHEAD]);
        }
        this.sealer = sealer;
    }

    boolean send(final Publication publication, final int length)
    {
        if (sealer == null)
        {
            return Offers.offer(publication, buffer, 0, length, idleStrategy, timeoutNs);
        }
        final int sealedLength = sealer.seal(buffer, 0, length, sealedBuffer);
        return Offers.offer(publication, sealedBuffer, 0, sealedLength, idleStrategy, timeoutNs);
    }
}
