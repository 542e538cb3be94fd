package io.gpurelay.protocol.security;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import io.gpurelay.protocol.codecs.SealedDecoder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Opens one direction of a session: checks that a message is a {@code Sealed} envelope of this session, that its
 * sequence number is greater than that of the last message accepted (an Aeron stream is ordered, so anything else is
 * a replay) and that its tag is right, and decrypts it. What fails any check is dropped, and {@link #outcome()} says
 * why. Not thread safe: one poller at a time.
 */
public final class MessageOpener
{
    /** What became of the last message offered to {@link #open}. */
    public enum Outcome
    {
        OPENED,
        /** Not a sealed message: a message in the clear where only sealed ones are taken. */
        NOT_SEALED,
        /** A sealed envelope whose lengths do not add up. */
        MALFORMED,
        /** A sequence number not above the last accepted: a replay, or a forgery that did not bother. */
        REPLAYED,
        /** The tag does not match: changed on the way, sealed with another key, or made up. */
        FORGED
    }

    /** The biggest message a session sends: a full bulk chunk and its fields. */
    static final int MAX_MESSAGE_LENGTH = Protocol.MAX_CHUNK_LENGTH + Protocol.MESSAGE_OVERHEAD;

    private final SecretKeySpec key;
    private final CryptoCrew crew;
    private final Cipher cipher = MessageSealer.newCipher();
    private final int direction;
    private final long sessionId;
    private final int maxMessageLength;
    private final byte[] nonce = new byte[MessageSealer.NONCE_LENGTH];
    private final byte[] associatedData = new byte[MessageSealer.ASSOCIATED_DATA_LENGTH];
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final SealedDecoder decoder = new SealedDecoder();
    private final ByteBuffer plaintextBytes;
    private final UnsafeBuffer plaintext;
    private byte[] copyOfInput;
    private long lastSequence;
    private Outcome outcome = Outcome.OPENED;

    MessageOpener(final byte[] key, final int direction, final long sessionId)
    {
        this(key, direction, sessionId, MAX_MESSAGE_LENGTH, CryptoCrew.shared());
    }

    /**
     * @param maxMessageLength the longest message this stream carries: longer ones are dropped as malformed.
     */
    MessageOpener(final byte[] key, final int direction, final long sessionId, final int maxMessageLength)
    {
        this(key, direction, sessionId, maxMessageLength, CryptoCrew.shared());
    }

    MessageOpener(final byte[] key, final int direction, final long sessionId, final CryptoCrew crew)
    {
        this(key, direction, sessionId, MAX_MESSAGE_LENGTH, crew);
    }

    /**
     * @param maxMessageLength the longest message this stream carries: longer ones are dropped as malformed.
     * @param crew             opens the segments of a segmented message side by side (its caller takes part; with no
     *                         threads the caller opens them one after the other).
     */
    MessageOpener(
        final byte[] key, final int direction, final long sessionId, final int maxMessageLength, final CryptoCrew crew)
    {
        this.crew = crew;
        this.key = new SecretKeySpec(key, "AES");
        this.direction = direction;
        this.sessionId = sessionId;
        this.maxMessageLength = maxMessageLength;
        // An array, as the sealer's buffers are (see MessageWriter): the JDK's AES-GCM is fastest from array to array.
        final byte[] plaintextArray = new byte[maxMessageLength];
        this.plaintextBytes = ByteBuffer.wrap(plaintextArray).order(ByteOrder.LITTLE_ENDIAN);
        this.plaintext = new UnsafeBuffer(plaintextArray);
    }

    /**
     * @return the length of the message now in {@link #plaintext()}, or -1 if it was dropped.
     */
    public int open(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageSealer.OVERHEAD)
        {
            return drop(Outcome.NOT_SEALED);
        }
        headerDecoder.wrap(buffer, offset);
        if (headerDecoder.schemaId() != SealedDecoder.SCHEMA_ID ||
            headerDecoder.templateId() != SealedDecoder.TEMPLATE_ID)
        {
            return drop(Outcome.NOT_SEALED);
        }
        if (headerDecoder.blockLength() != SealedDecoder.BLOCK_LENGTH)
        {
            return drop(Outcome.MALFORMED);
        }
        decoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        final long sequence = decoder.sequence();
        final long segmentLength = decoder.segmentLength();
        final long ciphertextLength = buffer.getInt(offset + MessageSealer.CIPHERTEXT_LENGTH_OFFSET,
            ByteOrder.LITTLE_ENDIAN) & 0xFFFF_FFFFL;
        final int segments = segmentLength == 0 ? 1 :
            (int)Math.min(Integer.MAX_VALUE, (ciphertextLength + segmentLength + MessageSealer.TAG_LENGTH - 1) /
            (segmentLength + MessageSealer.TAG_LENGTH));
        final long messageLength = ciphertextLength - (long)segments * MessageSealer.TAG_LENGTH;
        if (ciphertextLength != length - MessageSealer.CIPHERTEXT_OFFSET || messageLength < 0 ||
            messageLength > maxMessageLength ||
            segments > 1 && (segments > MessageSealer.MAX_SEGMENTS || messageLength <= (segments - 1) * segmentLength))
        {
            return drop(Outcome.MALFORMED);
        }
        if (decoder.sessionId() != sessionId)
        {
            return drop(Outcome.FORGED);
        }
        if (sequence <= lastSequence)
        {
            return drop(Outcome.REPLAYED);
        }
        if (sequence > Long.MAX_VALUE - (segments - 1))
        {
            return drop(Outcome.MALFORMED);
        }
        buffer.getBytes(offset, associatedData);
        final ByteBuffer input = input(buffer, offset + MessageSealer.CIPHERTEXT_OFFSET, (int)ciphertextLength);
        plaintextBytes.clear().limit((int)messageLength);
        final boolean opened;
        if (segments == 1)
        {
            opened = openSegment(cipher, nonce, sequence, input, plaintextBytes);
        }
        else
        {
            final int inputStart = input.position();
            final int length32 = (int)messageLength;
            final int segment32 = (int)segmentLength;
            opened = crew.runAll(segments, segment ->
                openSegment(CryptoCrew.cipher(), new byte[MessageSealer.NONCE_LENGTH], sequence + segment,
                    MessageSealer.sealedSegment(input, inputStart, segment, segment32, length32),
                    MessageSealer.plainSegment(plaintextBytes, 0, segment, segment32, length32)));
        }
        if (!opened)
        {
            return drop(Outcome.FORGED);
        }
        lastSequence = sequence + segments - 1;
        outcome = Outcome.OPENED;
        return (int)messageLength;
    }

    /**
     * @return false when the tag does not match.
     */
    private boolean openSegment(
        final Cipher segmentCipher, final byte[] segmentNonce, final long sequence, final ByteBuffer input,
        final ByteBuffer output)
    {
        MessageSealer.nonce(segmentNonce, direction, sequence);
        try
        {
            segmentCipher.init(Cipher.DECRYPT_MODE, key,
                new GCMParameterSpec(MessageSealer.TAG_LENGTH * 8, segmentNonce));
            segmentCipher.updateAAD(associatedData);
            segmentCipher.doFinal(input, output);
            return true;
        }
        catch (final AEADBadTagException ex)
        {
            return false;
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("AES-GCM failed to open a message", ex);
        }
    }

    /**
     * The message last opened, from index 0; valid until the next {@link #open}.
     */
    public DirectBuffer plaintext()
    {
        return plaintext;
    }

    public Outcome outcome()
    {
        return outcome;
    }

    private int drop(final Outcome why)
    {
        outcome = why;
        return -1;
    }

    /**
     * The ciphertext as an array-backed view: a fragment assembler's array as it is; a term buffer's bytes (a message
     * of one frame) or a bare address copied into an array first, which costs less than the JDK's AES-GCM working
     * on direct memory.
     */
    private ByteBuffer input(final DirectBuffer buffer, final int offset, final int length)
    {
        if (buffer.byteArray() != null)
        {
            return ByteBufferViews.view(buffer, offset, length);
        }
        if (copyOfInput == null || copyOfInput.length < length)
        {
            copyOfInput = new byte[Math.max(length, 64 * 1024)];
        }
        buffer.getBytes(offset, copyOfInput, 0, length);
        return ByteBuffer.wrap(copyOfInput, 0, length);
    }
}
