package io.gpurelay.protocol;

import java.util.regex.Pattern;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A session's shared-memory transfer region: memory mapped by the client and by the executor side that serves the
 * session, through which the payloads of copies move instead of through Aeron's log buffers. Only the call and its
 * reply travel through Aeron.
 * <p>
 * Layout: a header page of counters, each on a cache line of its own, then two slots of equal size. Payloads
 * move one chunk per slot, slots used in turn, so the producer fills one slot while the consumer empties the other:
 * the client's copy of chunk k+1 overlaps the executor's DMA of chunk k, and the executor prefetches chunk k+1 from
 * the device while the client reads chunk k. Each direction has a pair of counters, chunks produced and chunks
 * consumed since the session began; chunk n lives in slot {@code n % 2}. A producer writes chunk n once
 * {@code n - consumed < 2}, then publishes {@code produced = n + 1} with release semantics; the consumer reads chunk
 * n once it sees {@code produced > n} with acquire semantics, then publishes {@code consumed = n + 1}. Each side
 * writes only its own counters and checks the peer's before it trusts them: offsets and lengths come from the
 * region's own geometry and the call's length, never from the peer.
 * <p>
 * Transfers of one direction follow each other in the order of their calls: the client sends a call that uses the
 * region and moves its bytes under one lock, and the executor handles calls in order. Before it sends such a call the
 * client {@link #announce}s the transfer in a counter of its own, and the executor {@link #takeAnnouncement takes}
 * one announcement per call: a call that claims the region without one (a stray or forged message) is refused at
 * once instead of making the executor wait for bytes nobody will write. A consumer that refuses a
 * transfer (the call failed its checks) {@link #skip}s it: it declares its chunks consumed without reading them, so
 * the producer goes on without waiting and both sides stay in step.
 */
public final class TransferRegion
{
    /** Where the slots start; the counters live in this first page. */
    public static final int HEADER_BYTES = 4096;
    public static final int SLOT_COUNT = 2;
    /** The smallest region: two 64 KiB slots. */
    public static final long MIN_LENGTH = HEADER_BYTES + SLOT_COUNT * 64L * 1024;
    /** The largest region: each slot must be addressable by one Java buffer. */
    public static final long MAX_LENGTH = 1L << 30;
    /** The file name the executor gives a region in the Aeron directory; the random part makes it unguessable. */
    public static final Pattern FILE_NAME = Pattern.compile("gpurelay-transfer-[0-9a-f]{1,16}-[0-9a-f]{32}");
    public static final String FILE_NAME_PREFIX = "gpurelay-transfer-";

    private static final int PAGE = 4096;
    private static final int COUNTER_SPACING = 128;

    /** Which way bytes move; each direction has its own pair of counters. */
    public enum Direction
    {
        /** Client to executor: host-to-device copies and other call payloads. */
        TO_EXECUTOR(0, 4),
        /** Executor to client: device-to-host copies. */
        TO_CLIENT(2, 5);

        private final int producedOffset;
        private final int consumedOffset;
        private final int announcedOffset;

        Direction(final int firstCounter, final int announcedCounter)
        {
            this.producedOffset = firstCounter * COUNTER_SPACING;
            this.consumedOffset = (firstCounter + 1) * COUNTER_SPACING;
            this.announcedOffset = announcedCounter * COUNTER_SPACING;
        }
    }

    /**
     * What a side does while the peer has not caught up: idle a little, and say whether to wait on.
     */
    @FunctionalInterface
    public interface Waiter
    {
        /**
         * @param chunksMoved chunks this transfer has moved so far: a waiter that sees it grow knows the peer is alive.
         * @return false to give the transfer up (the peer is gone or the wait timed out).
         */
        boolean idle(long chunksMoved);
    }

    /** Why a transfer did not complete. */
    public enum Outcome
    {
        DONE,
        /** The waiter gave up. */
        GAVE_UP,
        /** The peer's counter made no sense: the region cannot be trusted any longer. */
        CORRUPT
    }

    private final AtomicBuffer buffer;
    private final int slotBytes;
    private final UnsafeBuffer[] slots = new UnsafeBuffer[SLOT_COUNT];
    /** The executor side's count of announcements taken, per direction. */
    private final long[] announcementsTaken = new long[Direction.values().length];

    /**
     * @param buffer the whole mapped region, {@link #MIN_LENGTH} to {@link #MAX_LENGTH} bytes.
     */
    public TransferRegion(final AtomicBuffer buffer)
    {
        final long length = buffer.capacity();
        if (length < MIN_LENGTH || length > MAX_LENGTH)
        {
            throw new IllegalArgumentException("a transfer region holds " + MIN_LENGTH + " to " + MAX_LENGTH +
                " bytes, not " + length);
        }
        buffer.verifyAlignment();
        this.buffer = buffer;
        this.slotBytes = slotBytes(length);
        for (int i = 0; i < SLOT_COUNT; i++)
        {
            slots[i] = new UnsafeBuffer(buffer, HEADER_BYTES + i * slotBytes, slotBytes);
        }
    }

    /**
     * The bytes one slot of a region of this length holds: page multiples.
     */
    public static int slotBytes(final long regionLength)
    {
        return (int)(((regionLength - HEADER_BYTES) / SLOT_COUNT) & ~(long)(PAGE - 1));
    }

    public int slotBytes()
    {
        return slotBytes;
    }

    public long length()
    {
        return buffer.capacity();
    }

    /**
     * The client's side: say that a call whose bytes move this way through the region is about to be sent. Called
     * under the client's region lock, before the call goes out.
     */
    public void announce(final Direction direction)
    {
        buffer.putLongOrdered(direction.announcedOffset, buffer.getLongVolatile(direction.announcedOffset) + 1);
    }

    /**
     * The executor's side: take the announcement of the call now handled.
     *
     * @return false when the client announced no more transfers this way than the executor has taken: the call's
     *         claim on the region is not the client's.
     */
    public boolean takeAnnouncement(final Direction direction)
    {
        final int index = direction.ordinal();
        if (buffer.getLongVolatile(direction.announcedOffset) - announcementsTaken[index] <= 0)
        {
            return false;
        }
        announcementsTaken[index]++;
        return true;
    }

    /**
     * Move {@code length} bytes of {@code source} into the region, chunk by chunk, as the peer consumes them. Returns
     * once the last chunk is published, not when it was consumed.
     */
    public Outcome send(final Direction direction, final PayloadSource source, final long length, final Waiter waiter)
    {
        long produced = buffer.getLongVolatile(direction.producedOffset);
        long chunks = 0;
        for (long offset = 0; offset < length; )
        {
            final long consumed = buffer.getLongVolatile(direction.consumedOffset);
            if (produced - consumed >= SLOT_COUNT)
            {
                if (!waiter.idle(chunks))
                {
                    return Outcome.GAVE_UP;
                }
                continue;
            }
            final int chunk = (int)Math.min(slotBytes, length - offset);
            source.copyTo(offset, slots[slot(produced)], 0, chunk);
            produced++;
            buffer.putLongOrdered(direction.producedOffset, produced);
            offset += chunk;
            chunks++;
        }
        return Outcome.DONE;
    }

    /**
     * Take {@code length} bytes from the region into {@code sink} as the peer produces them. {@code sink.begin} is the
     * caller's business.
     */
    public Outcome receive(final Direction direction, final PayloadSink sink, final long length, final Waiter waiter)
    {
        long consumed = buffer.getLongVolatile(direction.consumedOffset);
        long chunks = 0;
        for (long offset = 0; offset < length; )
        {
            final long produced = buffer.getLongVolatile(direction.producedOffset);
            if (produced == consumed)
            {
                if (!waiter.idle(chunks))
                {
                    return Outcome.GAVE_UP;
                }
                continue;
            }
            if (produced < consumed || produced - consumed > SLOT_COUNT)
            {
                return Outcome.CORRUPT;
            }
            final int chunk = (int)Math.min(slotBytes, length - offset);
            sink.write(offset, slots[slot(consumed)], 0, chunk);
            consumed++;
            buffer.putLongOrdered(direction.consumedOffset, consumed);
            offset += chunk;
            chunks++;
        }
        return Outcome.DONE;
    }

    /**
     * Declare the chunks of a transfer of {@code length} bytes consumed without reading them: the consumer refused
     * the call, and the producer, which has already started, goes on without waiting.
     */
    public void skip(final Direction direction, final long length)
    {
        final long chunks = (length + slotBytes - 1) / slotBytes;
        buffer.putLongOrdered(direction.consumedOffset, buffer.getLongVolatile(direction.consumedOffset) + chunks);
    }

    private static int slot(final long chunk)
    {
        return (int)(chunk % SLOT_COUNT);
    }
}
