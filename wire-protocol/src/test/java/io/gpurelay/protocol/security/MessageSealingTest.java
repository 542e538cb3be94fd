package io.gpurelay.protocol.security;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import io.gpurelay.protocol.Protocol;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class MessageSealingTest
{
    private static final long SESSION_ID = 0x0bad_cafe_f00d_1234L;
    private static final SessionKeys KEYS = new SessionKeys(SESSION_ID, 1234, true, key(1), key(2));

    /**
     * Each test's own request key for {@link #requestSealer} and {@link #requestOpener}. The JDK's AES-GCM refuses to
     * encrypt twice in a row with one key and nonce on one Cipher, and segmented sealing uses the calling thread's
     * Cipher: two tests sealing sequence 1 under one key on the test thread would fail, or not, by which segments the
     * caller happened to take.
     */
    private static final AtomicInteger KEY_SEEDS = new AtomicInteger(1000);
    private final byte[] requestKey = key(KEY_SEEDS.incrementAndGet());

    private final UnsafeBuffer sealed = new UnsafeBuffer(
        ByteBuffer.allocateDirect(Protocol.MAX_CHUNK_LENGTH + Protocol.MESSAGE_OVERHEAD + MessageSealer.MAX_OVERHEAD));

    @Test
    void aSmallCallAndAWholeChunkComeOutAsTheyWentIn()
    {
        final MessageSealer sealer = requestSealer(CryptoCrew.NONE);
        final MessageOpener opener = requestOpener(CryptoCrew.NONE);
        for (final int length : new int[]{ 0, 1, 57, 4096, Protocol.MAX_CHUNK_LENGTH + 100 })
        {
            final UnsafeBuffer message = randomMessage(length);
            final int sealedLength = sealer.seal(message, 0, length, sealed);
            assertEquals(length + MessageSealer.OVERHEAD, sealedLength);
            assertEquals(length, opener.open(sealed, 0, sealedLength));
            assertEquals(MessageOpener.Outcome.OPENED, opener.outcome());
            assertEquals(0, compare(message, opener.plaintext(), length));
        }
    }

    @Test
    void theMessageDoesNotTravelInTheClear()
    {
        final byte[] text = "cudaMemset into someone else's allocation".getBytes();
        final UnsafeBuffer message = new UnsafeBuffer(text);
        final int sealedLength = KEYS.replySealer().seal(message, 0, text.length, sealed);
        final byte[] onTheWire = new byte[sealedLength];
        sealed.getBytes(0, onTheWire);
        assertEquals(-1, new String(onTheWire, StandardCharsets.ISO_8859_1).indexOf("cudaMemset"));
    }

    @Test
    void anyFlippedBitIsAForgery()
    {
        final MessageSealer sealer = KEYS.requestSealer();
        final UnsafeBuffer message = randomMessage(200);
        final int sealedLength = sealer.seal(message, 0, 200, sealed);
        final byte[] original = new byte[sealedLength];
        sealed.getBytes(0, original);
        for (int bit = 0; bit < sealedLength * 8; bit += 3)
        {
            final MessageOpener opener = KEYS.requestOpener();
            final UnsafeBuffer forged = new UnsafeBuffer(original.clone());
            forged.putByte(bit / 8, (byte)(forged.getByte(bit / 8) ^ (1 << (bit % 8))));
            assertEquals(-1, opener.open(forged, 0, sealedLength), "bit " + bit);
            assertNotEquals(MessageOpener.Outcome.OPENED, opener.outcome(), "bit " + bit);
            assertEquals(200, opener.open(new UnsafeBuffer(original), 0, sealedLength), "bit " + bit);
        }
    }

    @Test
    void aReplayIsDroppedAndTheStreamGoesOn()
    {
        final MessageSealer sealer = KEYS.requestSealer();
        final MessageOpener opener = KEYS.requestOpener();
        final UnsafeBuffer message = randomMessage(64);
        final int firstLength = sealer.seal(message, 0, 64, sealed);
        final UnsafeBuffer first = copy(sealed, firstLength);
        assertEquals(64, opener.open(first, 0, firstLength));
        assertEquals(-1, opener.open(first, 0, firstLength));
        assertEquals(MessageOpener.Outcome.REPLAYED, opener.outcome());

        final int secondLength = sealer.seal(message, 0, 64, sealed);
        final UnsafeBuffer second = copy(sealed, secondLength);
        assertNotEquals(0, compare(first, second, firstLength), "same message, fresh nonce, other bytes");
        assertEquals(64, opener.open(second, 0, secondLength));
        assertEquals(-1, opener.open(first, 0, firstLength));
        assertEquals(MessageOpener.Outcome.REPLAYED, opener.outcome());
    }

    @Test
    void theCallbackStreamOpensOnlyItsOwnMessagesAndOnlySmallOnes()
    {
        final UnsafeBuffer message = randomMessage(40);
        final int callbackLength = KEYS.callbackSealer().seal(message, 0, 40, sealed);
        final MessageOpener callbacks = KEYS.callbackOpener();
        assertEquals(40, callbacks.open(sealed, 0, callbackLength));
        assertEquals(0, compare(message, callbacks.plaintext(), 40));

        // Same key, other direction: a request moved onto the callback stream, or the reverse, does not open.
        final int requestLength = KEYS.requestSealer().seal(message, 0, 40, sealed);
        final MessageOpener fromRequests = KEYS.callbackOpener();
        assertEquals(-1, fromRequests.open(sealed, 0, requestLength));
        assertEquals(MessageOpener.Outcome.FORGED, fromRequests.outcome());
        final int secondCallbackLength = KEYS.callbackSealer().seal(message, 0, 40, sealed);
        final MessageOpener requests = KEYS.requestOpener();
        assertEquals(-1, requests.open(sealed, 0, secondCallbackLength));
        assertEquals(MessageOpener.Outcome.FORGED, requests.outcome());

        final UnsafeBuffer large = randomMessage(4096);
        final int largeLength = KEYS.callbackSealer().seal(large, 0, 4096, sealed);
        final MessageOpener fresh = KEYS.callbackOpener();
        assertEquals(-1, fresh.open(sealed, 0, largeLength));
        assertEquals(MessageOpener.Outcome.MALFORMED, fresh.outcome());
    }

    @Test
    void aMessageOfTheOtherDirectionOrAnotherSessionIsNotTaken()
    {
        final UnsafeBuffer message = randomMessage(32);
        final int replyLength = KEYS.replySealer().seal(message, 0, 32, sealed);
        final MessageOpener requests = KEYS.requestOpener();
        assertEquals(-1, requests.open(sealed, 0, replyLength));
        assertEquals(MessageOpener.Outcome.FORGED, requests.outcome());

        final SessionKeys other = new SessionKeys(SESSION_ID + 1, 1234, true, key(1), key(2));
        final int otherLength = other.requestSealer().seal(message, 0, 32, sealed);
        assertEquals(-1, requests.open(sealed, 0, otherLength));
        assertEquals(MessageOpener.Outcome.FORGED, requests.outcome());
    }

    @Test
    void clearAndMisshapenMessagesAreNotTaken()
    {
        final MessageOpener opener = KEYS.requestOpener();
        final UnsafeBuffer clear = randomMessage(100);
        clear.putShort(2, (short)10);
        assertEquals(-1, opener.open(clear, 0, 100));
        assertEquals(MessageOpener.Outcome.NOT_SEALED, opener.outcome());
        assertEquals(-1, opener.open(clear, 0, 10));
        assertEquals(MessageOpener.Outcome.NOT_SEALED, opener.outcome());

        final int sealedLength = KEYS.requestSealer().seal(randomMessage(100), 0, 100, sealed);
        assertEquals(-1, opener.open(sealed, 0, sealedLength - 1));
        assertEquals(MessageOpener.Outcome.MALFORMED, opener.outcome());
        sealed.putInt(MessageSealer.CIPHERTEXT_LENGTH_OFFSET, Integer.MAX_VALUE);
        assertEquals(-1, opener.open(sealed, 0, sealedLength));
        assertEquals(MessageOpener.Outcome.MALFORMED, opener.outcome());
    }

    @Test
    void aLargeMessageIsSealedInSegmentsThatAnyOpenerOpens()
    {
        final CryptoCrew crew = new CryptoCrew(3);
        final MessageSealer sealer = requestSealer(crew);
        final MessageOpener[] openers = { requestOpener(new CryptoCrew(2)), requestOpener(CryptoCrew.NONE) };
        for (final int length : new int[]{ CryptoCrew.MIN_SEGMENTED_LENGTH, 300_001, Protocol.MAX_CHUNK_LENGTH + 100 })
        {
            final UnsafeBuffer message = randomMessage(length);
            final int segments = crew.segmentsFor(length);
            assertEquals(4, segments, "one segment per crew thread and the caller");
            final int sealedLength = sealer.seal(message, 0, length, sealed);
            assertEquals(length + MessageSealer.CIPHERTEXT_OFFSET + segments * MessageSealer.TAG_LENGTH, sealedLength);
            // A receiver opens it whatever its own crew: with threads, or alone.
            for (final MessageOpener opener : openers)
            {
                assertEquals(length, opener.open(sealed, 0, sealedLength), "length " + length);
                assertEquals(MessageOpener.Outcome.OPENED, opener.outcome());
                assertEquals(0, compare(message, opener.plaintext(), length));
            }
        }
    }

    @Test
    void aSegmentedMessageUsesUpOneSequenceNumberPerSegment()
    {
        final MessageSealer sealer = requestSealer(new CryptoCrew(3));
        final MessageOpener opener = requestOpener(CryptoCrew.NONE);
        final int large = 512 * 1024;
        final int firstLength = sealer.seal(randomMessage(large), 0, large, sealed);
        final UnsafeBuffer first = copy(sealed, firstLength);
        assertEquals(large, opener.open(first, 0, firstLength));
        final int secondLength = sealer.seal(randomMessage(10), 0, 10, sealed);
        final UnsafeBuffer second = copy(sealed, secondLength);
        assertEquals(1 + 4, new io.gpurelay.protocol.codecs.SealedDecoder().wrapAndApplyHeader(second, 0,
            new io.gpurelay.protocol.codecs.MessageHeaderDecoder()).sequence(), "after segments 1 to 4");
        assertEquals(10, opener.open(second, 0, secondLength));
        assertEquals(-1, opener.open(first, 0, firstLength));
        assertEquals(MessageOpener.Outcome.REPLAYED, opener.outcome());
    }

    @Test
    void aSegmentChangedSwappedOrCutOffIsAForgery()
    {
        final int length = 256 * 1024;
        final int sealedLength = requestSealer(new CryptoCrew(1)).seal(randomMessage(length), 0, length, sealed);
        final byte[] original = new byte[sealedLength];
        sealed.getBytes(0, original);
        final int segmentLength = length / 2;
        final int secondSegment = MessageSealer.CIPHERTEXT_OFFSET + segmentLength + MessageSealer.TAG_LENGTH;

        final UnsafeBuffer flipped = new UnsafeBuffer(original.clone());
        flipped.putByte(secondSegment + 1000, (byte)(flipped.getByte(secondSegment + 1000) ^ 4));
        assertForged(flipped, sealedLength);

        final UnsafeBuffer swapped = new UnsafeBuffer(original.clone());
        swapped.putBytes(MessageSealer.CIPHERTEXT_OFFSET, original, secondSegment,
            segmentLength + MessageSealer.TAG_LENGTH);
        swapped.putBytes(secondSegment, original, MessageSealer.CIPHERTEXT_OFFSET,
            segmentLength + MessageSealer.TAG_LENGTH);
        assertForged(swapped, sealedLength);

        final UnsafeBuffer cut = new UnsafeBuffer(original.clone());
        final int cutLength = secondSegment;
        cut.putInt(MessageSealer.CIPHERTEXT_LENGTH_OFFSET, cutLength - MessageSealer.CIPHERTEXT_OFFSET,
            java.nio.ByteOrder.LITTLE_ENDIAN);
        assertForged(cut, cutLength);

        final UnsafeBuffer resegmented = new UnsafeBuffer(original.clone());
        resegmented.putInt(MessageSealer.CIPHERTEXT_LENGTH_OFFSET - 4, 1, java.nio.ByteOrder.LITTLE_ENDIAN);
        final MessageOpener opener = requestOpener(CryptoCrew.NONE);
        assertEquals(-1, opener.open(resegmented, 0, sealedLength));
        assertEquals(MessageOpener.Outcome.MALFORMED, opener.outcome(), "a million segments of one byte");

        assertEquals(length, requestOpener(CryptoCrew.NONE).open(new UnsafeBuffer(original), 0, sealedLength));
    }

    @Test
    void theCrewSizeIsAutoOrACount()
    {
        assertEquals(3, CryptoCrew.configuredThreads(null, 16));
        assertEquals(3, CryptoCrew.configuredThreads("auto", 8));
        assertEquals(0, CryptoCrew.configuredThreads("", 2));
        assertEquals(5, CryptoCrew.configuredThreads(" 5 ", 2));
        assertEquals(0, CryptoCrew.configuredThreads("0", 64));
        for (final String bad : new String[]{ "-1", "65", "four" })
        {
            final IllegalArgumentException ex = org.junit.jupiter.api.Assertions.assertThrows(
                IllegalArgumentException.class, () -> CryptoCrew.configuredThreads(bad, 16));
            org.junit.jupiter.api.Assertions.assertTrue(ex.getMessage().contains(CryptoCrew.THREADS_PROP_NAME), bad);
        }
        assertEquals(1, new CryptoCrew(3).segmentsFor(CryptoCrew.MIN_SEGMENTED_LENGTH - 1));
        assertEquals(1, CryptoCrew.NONE.segmentsFor(Protocol.MAX_CHUNK_LENGTH));
    }

    private void assertForged(final UnsafeBuffer message, final int length)
    {
        final MessageOpener opener = requestOpener(new CryptoCrew(2));
        assertEquals(-1, opener.open(message, 0, length));
        assertEquals(MessageOpener.Outcome.FORGED, opener.outcome());
    }

    private MessageSealer requestSealer(final CryptoCrew crew)
    {
        return new MessageSealer(requestKey, MessageSealer.REQUEST_DIRECTION, SESSION_ID, 1, crew);
    }

    private MessageOpener requestOpener(final CryptoCrew crew)
    {
        return new MessageOpener(requestKey, MessageSealer.REQUEST_DIRECTION, SESSION_ID, crew);
    }

    private static UnsafeBuffer randomMessage(final int length)
    {
        final byte[] bytes = new byte[length];
        new Random(length).nextBytes(bytes);
        return new UnsafeBuffer(bytes);
    }

    private static UnsafeBuffer copy(final DirectBuffer buffer, final int length)
    {
        final byte[] bytes = new byte[length];
        buffer.getBytes(0, bytes);
        return new UnsafeBuffer(bytes);
    }

    private static int compare(final DirectBuffer a, final DirectBuffer b, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            if (a.getByte(i) != b.getByte(i))
            {
                return i + 1;
            }
        }
        return 0;
    }

    private static byte[] key(final int seed)
    {
        final byte[] key = new byte[32];
        new Random(seed).nextBytes(key);
        return key;
    }
}
