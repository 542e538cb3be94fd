package io.gpurelay.protocol.security;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;

import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.SealedEncoder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * Seals one direction of a session: each message becomes a {@code Sealed} envelope that carries the session id, the
 * next sequence number and the message encrypted with AES-256-GCM, whose tag also covers the envelope's header.
 * The nonce is the direction and the sequence number: both directions have keys of their own, sequence numbers
 * never repeat (a message that is not sent still uses up its number), so no nonce is ever used twice with a key.
 * Not thread safe: the owner serialises sends, as it must anyway to keep a direction's messages in order.
 */
public final class MessageSealer
{
    public static final int REQUEST_DIRECTION = 1;
    public static final int REPLY_DIRECTION = 2;
    /**
     * Client-to-executor messages on the session's callback stream ({@code CallbackDone}): sealed with the request key,
     * numbered on their own. The direction is part of the nonce, so no nonce of this stream is one of the request
     * stream's, and a message moved from one stream to the other does not open.
     */
    public static final int CALLBACK_DIRECTION = 3;

    public static final int TAG_LENGTH = 16;
    /** Header fields the tag covers: the SBE header, the session id and the sequence number. */
    static final int ASSOCIATED_DATA_LENGTH = MessageHeaderEncoder.ENCODED_LENGTH + SealedEncoder.BLOCK_LENGTH;
    /** Where the var-data length of the ciphertext starts, and where the ciphertext starts. */
    static final int CIPHERTEXT_LENGTH_OFFSET = ASSOCIATED_DATA_LENGTH;
    static final int CIPHERTEXT_OFFSET = CIPHERTEXT_LENGTH_OFFSET + 4;
    /** Bytes a sealed message has beyond the message inside it. */
    public static final int OVERHEAD = CIPHERTEXT_OFFSET + TAG_LENGTH;

    static final String TRANSFORMATION = "AES/GCM/NoPadding";
    static final int NONCE_LENGTH = 12;

    private final SecretKeySpec key;
    private final Cipher cipher;
    private final int direction;
    private final long sessionId;
    private final byte[] nonce = new byte[NONCE_LENGTH];
    private final byte[] associatedData = new byte[ASSOCIATED_DATA_LENGTH];
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final SealedEncoder encoder = new SealedEncoder();
    private ByteBuffer copyOfBareInput;
    private long nextSequence = 1;

    MessageSealer(final byte[] key, final int direction, final long sessionId)
    {
        this(key, direction, sessionId, 1);
    }

    MessageSealer(final byte[] key, final int direction, final long sessionId, final long firstSequence)
    {
        this.nextSequence = firstSequence;
        this.key = new SecretKeySpec(key, "AES");
        this.cipher = newCipher();
        this.direction = direction;
        this.sessionId = sessionId;
    }

    /**
     * Seal {@code length} bytes of {@code message} into {@code out} from index 0.
     *
     * @param out needs {@code length + }{@link #OVERHEAD} bytes, and must wrap an array or a ByteBuffer.
     * @return the length of the sealed message.
     */
    public int seal(final DirectBuffer message, final int offset, final int length, final MutableDirectBuffer out)
    {
        final long sequence = nextSequence++;
        encoder.wrapAndApplyHeader(out, 0, headerEncoder).sessionId(sessionId).sequence(sequence);
        out.putInt(CIPHERTEXT_LENGTH_OFFSET, length + TAG_LENGTH, ByteOrder.LITTLE_ENDIAN);
        out.getBytes(0, associatedData);
        nonce(nonce, direction, sequence);
        final ByteBuffer output = ByteBufferViews.view(out, CIPHERTEXT_OFFSET, length + TAG_LENGTH);
        if (output == null)
        {
            throw new IllegalArgumentException("the output buffer must wrap an array or a ByteBuffer");
        }
        try
        {
            cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_LENGTH * 8, nonce));
            cipher.updateAAD(associatedData);
            cipher.doFinal(input(message, offset, length), output);
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("AES-GCM failed to seal a message", ex);
        }
        return CIPHERTEXT_OFFSET + length + TAG_LENGTH;
    }

    private ByteBuffer input(final DirectBuffer message, final int offset, final int length)
    {
        final ByteBuffer view = ByteBufferViews.view(message, offset, length);
        if (view != null)
        {
            return view;
        }
        if (copyOfBareInput == null || copyOfBareInput.capacity() < length)
        {
            copyOfBareInput = ByteBuffer.allocateDirect(length);
        }
        copyOfBareInput.clear().limit(length);
        message.getBytes(offset, copyOfBareInput, length);
        return copyOfBareInput.position(0);
    }

    static void nonce(final byte[] nonce, final int direction, final long sequence)
    {
        nonce[0] = (byte)(direction >>> 24);
        nonce[1] = (byte)(direction >>> 16);
        nonce[2] = (byte)(direction >>> 8);
        nonce[3] = (byte)direction;
        for (int i = 0; i < 8; i++)
        {
            nonce[4 + i] = (byte)(sequence >>> (56 - 8 * i));
        }
    }

    static Cipher newCipher()
    {
        try
        {
            return Cipher.getInstance(TRANSFORMATION);
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("the JDK lacks " + TRANSFORMATION, ex);
        }
    }
}
