package io.gpurelay.protocol;

import java.util.regex.Pattern;

import org.agrona.concurrent.AtomicBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A session's shared-memory transfer region: memory mapped by the client and by the executor side that serves the
 * session, through which the payloads of copies move instead of through Aeron's log buffers. Only the call and its
 * reply travel through Aeron.
 * <p>
 * Layout: a header page of counters, each on a cache line of its own, and the region's geometry, then a ring of
 * slots of equal size. Payloads move one chunk per slot, slots used in turn, so the producer fills slots ahead while
 * the consumer empties earlier ones: the client's copy of chunk k+1 overlaps the executor's DMA of chunk k, and the
 * executor prefetches the next chunks from the device while the client reads chunk k. Chunks are small (512 KiB by
 * default) so that even a copy of one or two MiB is pipelined, and the ring is long (a 16 MiB region holds 31 of them)
 * so that either side may run ahead of a peer that stalls for a moment. Each direction has a pair of counters, chunks
 * produced and chunks consumed since the session began; chunk n lives in slot {@code n % slotCount}. A producer
 * writes chunk n once {@code n - consumed < slotCount}, then publishes {@code produced = n + 1} with release
 * semantics; the consumer reads chunk n once it sees {@code produced > n} with acquire semantics, then publishes
 * {@code consumed = n + 1}. Each side writes only its own counters and checks the peer's before it trusts them:
 * offsets and lengths come from the region's own geometry and the call's length, never from the peer.
 * <p>
 * The executor side makes the region and writes its geometry (slot size and count, after a magic number) into the
 * header with {@link #create}; the client {@link #open}s it and checks that geometry against the length it mapped. A
 * region of an executor that writes no geometry (an older one, whose file name has another prefix anyway) is not
 * opened, and its copies move through Aeron.
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
    /** The fewest slots a region has: with two, one is filled while the other is emptied. */
    public static final int MIN_SLOT_COUNT = 2;
    /** The most slots a region has; more would only add counters' wrap-around checks, not overlap. */
    public static final int MAX_SLOT_COUNT = 1024;
    /** The smallest slot: a chunk smaller than this costs more in per-chunk work than it gains in overlap. */
    public static final int MIN_SLOT_BYTES = 64 * 1024;
    /** The chunk size an executor chooses unless told otherwise. */
    public static final int DEFAULT_SLOT_BYTES = 512 * 1024;
    /** The smallest region: two 64 KiB slots. */
    public static final long MIN_LENGTH = HEADER_BYTES + MIN_SLOT_COUNT * (long)MIN_SLOT_BYTES;
    /** The largest region: each slot must be addressable by one Java buffer. */
    public static final long MAX_LENGTH = 1L << 30;
    /** The file name the executor gives a region in the Aeron directory; the random part makes it unguessable. */
    public static final Pattern FILE_NAME = Pattern.compile("gpurelay-region-[0-9a-f]{1,16}-[0-9a-f]{32}");
    /**
     * The prefix of a region's file name. It changed with the region's layout (a ring of small slots with its geometry
     * in the header, protocol 1.2.2, where it was two halves named {@code gpurelay-transfer-}), so that a client and
     * an executor of different layouts never share a region: each refuses the other's name and copies move through
     * Aeron.
     */
    public static final String FILE_NAME_PREFIX = "gpurelay-region-";

    private static final int PAGE = 4096;
    private static final int COUNTER_SPACING = 128;
    private static final int MAGIC_OFFSET = 6 * COUNTER_SPACING;
    private static final int SLOT_BYTES_OFFSET = 7 * COUNTER_SPACING;
    private static final int SLOT_COUNT_OFFSET = 8 * COUNTER_SPACING;
    /** "gpurelay" in ASCII, then the layout's number: what {@link #open} looks for. */
    private static final long MAGIC = 0x6770_7572_656c_6179L + 2;

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

    /** How long a side spins for its peer after the transfer last moved: a chunk takes some tens of microseconds. */
    public static final long SPIN_NS = 50_000;
    /** How long it then yields before its caller's own idle strategy (which may park) takes over. */
    public static final long YIELD_NS = 1_000_000;

    /**
     * Wait a moment for the peer of a transfer that moved {@code sinceProgressNs} ago: spin while that is recent,
     * since the next chunk is due within microseconds and a parked thread wakes tens of microseconds late; then yield,
     * which lets other threads run on a busy machine and returns at once on an idle one.
     *
     * @return false when the transfer has been still for longer than {@link #YIELD_NS}: the caller idles its own way.
     */
    public static boolean pace(final long sinceProgressNs)
    {
        if (sinceProgressNs < SPIN_NS)
        {
            Thread.onSpinWait();
            return true;
        }
        if (sinceProgressNs < YIELD_NS)
        {
            Thread.yield();
            return true;
        }
        return false;
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
    private final int slotCount;
    private final UnsafeBuffer[] slots;
    /** The executor side's count of announcements taken, per direction. */
    private final long[] announcementsTaken = new long[Direction.values().length];

    private TransferRegion(final AtomicBuffer buffer, final int slotBytes, final int slotCount)
    {
        this.buffer = buffer;
        this.slotBytes = slotBytes;
        this.slotCount = slotCount;
        this.slots = new UnsafeBuffer[slotCount];
        for (int i = 0; i < slotCount; i++)
        {
            slots[i] = new UnsafeBuffer(buffer, HEADER_BYTES + i * slotBytes, slotBytes);
        }
    }

    /**
     * The executor's side: lay out a new, zeroed region in slots of (about) {@code chunkBytes} and write its geometry
     * into the header for the client to {@link #open}.
     *
     * @param buffer     the whole mapped region, {@link #MIN_LENGTH} to {@link #MAX_LENGTH} bytes.
     * @param chunkBytes the wanted slot size, rounded down to whole pages, at least {@link #MIN_SLOT_BYTES}, and made
     *                   smaller where the region would otherwise hold fewer than two slots.
     */
    public static TransferRegion create(final AtomicBuffer buffer, final int chunkBytes)
    {
        final long length = checkLength(buffer);
        if (chunkBytes < MIN_SLOT_BYTES)
        {
            throw new IllegalArgumentException("a transfer region's chunks are at least " + MIN_SLOT_BYTES +
                " bytes, not " + chunkBytes);
        }
        final int slotBytes = (int)Math.min(chunkBytes & ~(PAGE - 1), maxSlotBytes(length));
        final int slotCount = (int)Math.min(MAX_SLOT_COUNT, (length - HEADER_BYTES) / slotBytes);
        buffer.putInt(SLOT_BYTES_OFFSET, slotBytes);
        buffer.putInt(SLOT_COUNT_OFFSET, slotCount);
        buffer.putLongVolatile(MAGIC_OFFSET, MAGIC);
        return new TransferRegion(buffer, slotBytes, slotCount);
    }

    /**
     * The client's side: the region an executor {@link #create}d, with the geometry its header gives, checked against
     * the mapped length.
     *
     * @throws IllegalArgumentException when the header holds no geometry of this layout, or one that does not fit.
     */
    public static TransferRegion open(final AtomicBuffer buffer)
    {
        final long length = checkLength(buffer);
        if (buffer.getLongVolatile(MAGIC_OFFSET) != MAGIC)
        {
            throw new IllegalArgumentException("the region's header does not describe a transfer region of this " +
                "layout (an executor of another version?)");
        }
        final int slotBytes = buffer.getInt(SLOT_BYTES_OFFSET);
        final int slotCount = buffer.getInt(SLOT_COUNT_OFFSET);
        if (slotBytes < MIN_SLOT_BYTES || (slotBytes & (PAGE - 1)) != 0 || slotCount < MIN_SLOT_COUNT ||
            slotCount > MAX_SLOT_COUNT || HEADER_BYTES + (long)slotCount * slotBytes > length)
        {
            throw new IllegalArgumentException("the region's geometry (" + slotCount + " slots of " + slotBytes +
                " bytes) does not fit its " + length + " bytes");
        }
        return new TransferRegion(buffer, slotBytes, slotCount);
    }

    private static long checkLength(final AtomicBuffer buffer)
    {
        final long length = buffer.capacity();
        if (length < MIN_LENGTH || length > MAX_LENGTH)
        {
            throw new IllegalArgumentException("a transfer region holds " + MIN_LENGTH + " to " + MAX_LENGTH +
                " bytes, not " + length);
        }
        buffer.verifyAlignment();
        return length;
    }

    /**
     * The largest slot a region of this length can have: two slots of whole pages.
     */
    private static long maxSlotBytes(final long regionLength)
    {
        return ((regionLength - HEADER_BYTES) / MIN_SLOT_COUNT) & ~(long)(PAGE - 1);
    }

    public int slotBytes()
    {
        return slotBytes;
    }

    public int slotCount()
    {
        return slotCount;
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
            if (produced - consumed >= slotCount)
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
            if (produced < consumed || produced - consumed > slotCount)
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

    private int slot(final long chunk)
    {
        return (int)(chunk % slotCount);
    }
}
