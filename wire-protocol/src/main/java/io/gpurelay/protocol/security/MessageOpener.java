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
    private ByteBuffer copyOfBareInput;
    private long lastSequence;
    private Outcome outcome = Outcome.OPENED;

    MessageOpener(final byte[] key, final int direction, final long sessionId)
    {
        this(key, direction, sessionId, MAX_MESSAGE_LENGTH);
    }

    /**
     * @param maxMessageLength the longest message this stream carries: longer ones are dropped as malformed.
     */
    MessageOpener(final byte[] key, final int direction, final long sessionId, final int maxMessageLength)
    {
        this.key = new SecretKeySpec(key, "AES");
        this.direction = direction;
        this.sessionId = sessionId;
        this.maxMessageLength = maxMessageLength;
        this.plaintextBytes = ByteBuffer.allocateDirect(maxMessageLength).order(ByteOrder.LITTLE_ENDIAN);
        this.plaintext = new UnsafeBuffer(plaintextBytes);
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
        final long ciphertextLength = buffer.getInt(offset + MessageSealer.CIPHERTEXT_LENGTH_OFFSET,
            ByteOrder.LITTLE_ENDIAN) & 0xFFFF_FFFFL;
        final long messageLength = ciphertextLength - MessageSealer.TAG_LENGTH;
        if (ciphertextLength != length - MessageSealer.CIPHERTEXT_OFFSET || messageLength > maxMessageLength)
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
        buffer.getBytes(offset, associatedData);
        MessageSealer.nonce(nonce, direction, sequence);
        plaintextBytes.clear().limit((int)messageLength);
        try
        {
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(MessageSealer.TAG_LENGTH * 8, nonce));
            cipher.updateAAD(associatedData);
            cipher.doFinal(input(buffer, offset + MessageSealer.CIPHERTEXT_OFFSET, (int)ciphertextLength),
                plaintextBytes);
        }
        catch (final AEADBadTagException ex)
        {
            return drop(Outcome.FORGED);
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("AES-GCM failed to open a message", ex);
        }
        lastSequence = sequence;
        outcome = Outcome.OPENED;
        return (int)messageLength;
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

    private ByteBuffer input(final DirectBuffer buffer, final int offset, final int length)
    {
        final ByteBuffer view = ByteBufferViews.view(buffer, offset, length);
        if (view != null)
        {
            return view;
        }
        if (copyOfBareInput == null || copyOfBareInput.capacity() < length)
        {
            copyOfBareInput =
                ByteBuffer.allocateDirect(Math.max(length, maxMessageLength + MessageSealer.TAG_LENGTH));
        }
        copyOfBareInput.clear().limit(length);
        buffer.getBytes(offset, copyOfBareInput, length);
        return copyOfBareInput.position(0);
    }
}
