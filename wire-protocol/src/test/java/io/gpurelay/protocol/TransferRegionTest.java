package io.gpurelay.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class TransferRegionTest
{
    private static final int LENGTH = (int)TransferRegion.MIN_LENGTH;
    private static final long WAIT_NS = TimeUnit.SECONDS.toNanos(30);

    private final UnsafeBuffer memory = new UnsafeBuffer(BufferUtil.allocateDirectAligned(LENGTH, 4096));
    private final TransferRegion executor =
        TransferRegion.create(new UnsafeBuffer(memory, 0, LENGTH), TransferRegion.DEFAULT_SLOT_BYTES);
    private final TransferRegion client = TransferRegion.open(memory);

    @Test
    @Timeout(60)
    void aPayloadOfManySlotsArrivesByteForByteWhileBothSidesRun() throws Exception
    {
        final byte[] payload = randomBytes(10 * client.slotBytes() + 12345, 1);
        final byte[] received = new byte[payload.length];

        final CompletableFuture<TransferRegion.Outcome> consumer = CompletableFuture.supplyAsync(() ->
            executor.receive(TransferRegion.Direction.TO_EXECUTOR, sinkInto(received), received.length, bounded()));
        assertEquals(TransferRegion.Outcome.DONE,
            client.send(TransferRegion.Direction.TO_EXECUTOR, sourceOf(payload), payload.length, bounded()));

        assertEquals(TransferRegion.Outcome.DONE, consumer.get(30, TimeUnit.SECONDS));
        assertArrayEquals(payload, received);
    }

    @Test
    @Timeout(60)
    void bothDirectionsKeepTheirOwnCountersAcrossTransfers() throws Exception
    {
        for (int round = 0; round < 3; round++)
        {
            final byte[] toExecutor = randomBytes(3 * client.slotBytes() + round, round);
            final byte[] atExecutor = new byte[toExecutor.length];
            final CompletableFuture<TransferRegion.Outcome> taken = CompletableFuture.supplyAsync(() -> executor
                .receive(TransferRegion.Direction.TO_EXECUTOR, sinkInto(atExecutor), atExecutor.length, bounded()));
            client.send(TransferRegion.Direction.TO_EXECUTOR, sourceOf(toExecutor), toExecutor.length, bounded());
            assertEquals(TransferRegion.Outcome.DONE, taken.get(30, TimeUnit.SECONDS));
            assertArrayEquals(toExecutor, atExecutor);

            final byte[] toClient = randomBytes(2 * client.slotBytes() - round, 10 + round);
            final byte[] atClient = new byte[toClient.length];
            final CompletableFuture<TransferRegion.Outcome> sent = CompletableFuture.supplyAsync(() -> executor
                .send(TransferRegion.Direction.TO_CLIENT, sourceOf(toClient), toClient.length, bounded()));
            assertEquals(TransferRegion.Outcome.DONE, client.receive(TransferRegion.Direction.TO_CLIENT,
                sinkInto(atClient), atClient.length, bounded()));
            assertEquals(TransferRegion.Outcome.DONE, sent.get(30, TimeUnit.SECONDS));
            assertArrayEquals(toClient, atClient);
        }
    }

    @Test
    @Timeout(60)
    void aSkippedTransferLetsTheProducerFinishAndTheNextOneArrivesIntact()
    {
        final byte[] refused = randomBytes(5 * client.slotBytes() + 1, 2);
        executor.skip(TransferRegion.Direction.TO_EXECUTOR, refused.length);
        assertEquals(TransferRegion.Outcome.DONE, client.send(TransferRegion.Direction.TO_EXECUTOR, sourceOf(refused),
            refused.length, (chunks) -> false), "the producer never waits for a skipped transfer");

        final byte[] next = randomBytes(client.slotBytes() + 7, 3);
        final byte[] received = new byte[next.length];
        final CompletableFuture<TransferRegion.Outcome> consumer = CompletableFuture.supplyAsync(() ->
            executor.receive(TransferRegion.Direction.TO_EXECUTOR, sinkInto(received), received.length, bounded()));
        client.send(TransferRegion.Direction.TO_EXECUTOR, sourceOf(next), next.length, bounded());
        assertEquals(TransferRegion.Outcome.DONE, consumer.join());
        assertArrayEquals(next, received);
    }

    @Test
    void theExecutorTakesOneAnnouncementPerTransferAndNoneThatWasNotMade()
    {
        assertFalse(executor.takeAnnouncement(TransferRegion.Direction.TO_EXECUTOR));
        client.announce(TransferRegion.Direction.TO_EXECUTOR);
        client.announce(TransferRegion.Direction.TO_EXECUTOR);
        client.announce(TransferRegion.Direction.TO_CLIENT);
        assertTrue(executor.takeAnnouncement(TransferRegion.Direction.TO_EXECUTOR));
        assertTrue(executor.takeAnnouncement(TransferRegion.Direction.TO_EXECUTOR));
        assertFalse(executor.takeAnnouncement(TransferRegion.Direction.TO_EXECUTOR));
        assertTrue(executor.takeAnnouncement(TransferRegion.Direction.TO_CLIENT));
        assertFalse(executor.takeAnnouncement(TransferRegion.Direction.TO_CLIENT));
    }

    @Test
    void aProducerCounterFarAheadIsCorrupt()
    {
        memory.putLong(0, 1000);
        assertEquals(TransferRegion.Outcome.CORRUPT, executor.receive(TransferRegion.Direction.TO_EXECUTOR,
            sinkInto(new byte[16]), 16, bounded()));
    }

    @Test
    void aProducerCounterBehindTheConsumerIsCorrupt()
    {
        executor.skip(TransferRegion.Direction.TO_EXECUTOR, 3L * client.slotBytes());
        memory.putLong(0, 1);
        assertEquals(TransferRegion.Outcome.CORRUPT, executor.receive(TransferRegion.Direction.TO_EXECUTOR,
            sinkInto(new byte[16]), 16, bounded()));
    }

    @Test
    void aWaiterThatGivesUpEndsTheTransfer()
    {
        final long[] idles = new long[1];
        assertEquals(TransferRegion.Outcome.GAVE_UP, executor.receive(TransferRegion.Direction.TO_EXECUTOR,
            sinkInto(new byte[16]), 16, (chunks) -> ++idles[0] < 5));
        assertEquals(5, idles[0]);
    }

    @Test
    void aRegionOutsideItsBoundsIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> TransferRegion.create(
            new UnsafeBuffer(BufferUtil.allocateDirectAligned(LENGTH - 4096, 4096)), TransferRegion.MIN_SLOT_BYTES));
        assertThrows(IllegalArgumentException.class, () -> TransferRegion.create(
            new UnsafeBuffer(BufferUtil.allocateDirectAligned(LENGTH, 4096)), TransferRegion.MIN_SLOT_BYTES - 4096));
    }

    @Test
    void aSmallRegionIsSplitInTwoAndALargeOneIntoARingOfTheChunkSize()
    {
        assertEquals(2, client.slotCount());
        assertEquals(64 * 1024, client.slotBytes());

        final int length = 4096 + 3 * 1024 * 1024 + 4096;
        final UnsafeBuffer large = new UnsafeBuffer(BufferUtil.allocateDirectAligned(length, 4096));
        final TransferRegion made = TransferRegion.create(large, 256 * 1024 + 100);
        final TransferRegion opened = TransferRegion.open(large);
        assertEquals(256 * 1024, made.slotBytes(), "whole pages");
        assertEquals(12, made.slotCount());
        assertEquals(made.slotBytes(), opened.slotBytes());
        assertEquals(made.slotCount(), opened.slotCount());
    }

    @Test
    @Timeout(60)
    void aRingOfManySlotsCarriesPayloadsThatWrapAroundItWhileTheProducerRunsAhead() throws Exception
    {
        final int length = 4096 + 8 * 64 * 1024;
        final UnsafeBuffer ring = new UnsafeBuffer(BufferUtil.allocateDirectAligned(length, 4096));
        final TransferRegion producer = TransferRegion.create(ring, TransferRegion.MIN_SLOT_BYTES);
        final TransferRegion consumer = TransferRegion.open(ring);
        assertEquals(8, producer.slotCount());
        for (int round = 0; round < 4; round++)
        {
            final byte[] payload = randomBytes(13 * producer.slotBytes() + 1000 * round + 1, 40 + round);
            final byte[] received = new byte[payload.length];
            final CompletableFuture<TransferRegion.Outcome> taken = CompletableFuture.supplyAsync(() -> consumer
                .receive(TransferRegion.Direction.TO_EXECUTOR, sinkInto(received), received.length, bounded()));
            assertEquals(TransferRegion.Outcome.DONE,
                producer.send(TransferRegion.Direction.TO_EXECUTOR, sourceOf(payload), payload.length, bounded()));
            assertEquals(TransferRegion.Outcome.DONE, taken.get(30, TimeUnit.SECONDS));
            assertArrayEquals(payload, received);
        }
    }

    @Test
    void aRegionWithoutThisLayoutsGeometryIsNotOpened()
    {
        final UnsafeBuffer blank = new UnsafeBuffer(BufferUtil.allocateDirectAligned(LENGTH, 4096));
        assertThrows(IllegalArgumentException.class, () -> TransferRegion.open(blank), "no geometry written");

        TransferRegion.create(blank, TransferRegion.MIN_SLOT_BYTES);
        blank.putInt(7 * 128, 4096 * 100);
        final IllegalArgumentException tooBig = assertThrows(IllegalArgumentException.class,
            () -> TransferRegion.open(blank), "slots that do not fit the mapping");
        assertTrue(tooBig.getMessage().contains("does not fit"), tooBig.getMessage());

        blank.putInt(7 * 128, 64 * 1024 + 1);
        assertThrows(IllegalArgumentException.class, () -> TransferRegion.open(blank), "not whole pages");
    }

    private static TransferRegion.Waiter bounded()
    {
        final long deadline = System.nanoTime() + WAIT_NS;
        return (chunks) ->
        {
            Thread.onSpinWait();
            return System.nanoTime() - deadline < 0;
        };
    }

    private static byte[] randomBytes(final int length, final long seed)
    {
        final byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static PayloadSource sourceOf(final byte[] bytes)
    {
        return new PayloadSource()
        {
            public long length()
            {
                return bytes.length;
            }

            public void copyTo(
                final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset,
                final int length)
            {
                destination.putBytes(destinationOffset, bytes, (int)sourceOffset, length);
            }
        };
    }

    private static PayloadSink sinkInto(final byte[] bytes)
    {
        return new PayloadSink()
        {
            public boolean begin(final long totalLength)
            {
                return totalLength == bytes.length;
            }

            public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int length)
            {
                source.getBytes(sourceOffset, bytes, (int)offset, length);
            }
        };
    }
}
