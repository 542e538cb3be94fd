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
    /** Where the var-data length of the ciphertext starts, and where the ciphertext starts. */
    static final int CIPHERTEXT_LENGTH_OFFSET = MessageHeaderEncoder.ENCODED_LENGTH + SealedEncoder.BLOCK_LENGTH;
    static final int CIPHERTEXT_OFFSET = CIPHERTEXT_LENGTH_OFFSET + 4;
    /**
     * What every segment's tag covers besides its ciphertext: the whole envelope before the ciphertext (SBE header,
     * session id, sequence number, segment length and the ciphertext's length, so that no segment can be cut off).
     */
    static final int ASSOCIATED_DATA_LENGTH = CIPHERTEXT_OFFSET;
    /** Bytes a sealed message of one segment has beyond the message inside it. */
    public static final int OVERHEAD = CIPHERTEXT_OFFSET + TAG_LENGTH;
    /** The most segments a message is sealed in: one per crew thread and the caller. */
    static final int MAX_SEGMENTS = 65;
    /** Bytes a sealed message has at most beyond the message inside it, segmented or not. */
    public static final int MAX_OVERHEAD = CIPHERTEXT_OFFSET + TAG_LENGTH * MAX_SEGMENTS;

    static final String TRANSFORMATION = "AES/GCM/NoPadding";
    static final int NONCE_LENGTH = 12;

    private final SecretKeySpec key;
    private final Cipher cipher;
    private final CryptoCrew crew;
    private final int direction;
    private final long sessionId;
    private final byte[] nonce = new byte[NONCE_LENGTH];
    private final byte[] associatedData = new byte[ASSOCIATED_DATA_LENGTH];
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final SealedEncoder encoder = new SealedEncoder();
    private byte[] copyOfInput;
    private long nextSequence = 1;

    MessageSealer(final byte[] key, final int direction, final long sessionId)
    {
        this(key, direction, sessionId, 1, CryptoCrew.shared());
    }

    MessageSealer(final byte[] key, final int direction, final long sessionId, final long firstSequence)
    {
        this(key, direction, sessionId, firstSequence, CryptoCrew.shared());
    }

    MessageSealer(
        final byte[] key, final int direction, final long sessionId, final long firstSequence, final CryptoCrew crew)
    {
        this.nextSequence = firstSequence;
        this.key = new SecretKeySpec(key, "AES");
        this.cipher = newCipher();
        this.crew = crew;
        this.direction = direction;
        this.sessionId = sessionId;
    }

    /**
     * Seal {@code length} bytes of {@code message} into {@code out} from index 0: in one segment, or, for a large
     * message and a crew with threads, in several that the crew seals at once ({@link CryptoCrew}).
     *
     * @param out needs {@code length + }{@link #MAX_OVERHEAD} bytes, and must wrap an array or a ByteBuffer (an array
     *            seals fastest).
     * @return the length of the sealed message.
     */
    public int seal(final DirectBuffer message, final int offset, final int length, final MutableDirectBuffer out)
    {
        int segments = crew.segmentsFor(length);
        if (segments > 1 && nextSequence > Long.MAX_VALUE - segments)
        {
            segments = 1;
        }
        final int segmentLength = segments == 1 ? 0 : (length + segments - 1) / segments;
        final long sequence = nextSequence;
        nextSequence += segments;
        final int ciphertextLength = length + segments * TAG_LENGTH;
        encoder.wrapAndApplyHeader(out, 0, headerEncoder)
            .sessionId(sessionId)
            .sequence(sequence)
            .segmentLength(segmentLength);
        out.putInt(CIPHERTEXT_LENGTH_OFFSET, ciphertextLength, ByteOrder.LITTLE_ENDIAN);
        out.getBytes(0, associatedData);
        final ByteBuffer output = ByteBufferViews.view(out, CIPHERTEXT_OFFSET, ciphertextLength);
        if (output == null)
        {
            throw new IllegalArgumentException("the output buffer must wrap an array or a ByteBuffer");
        }
        final ByteBuffer input = input(message, offset, length);
        if (segments == 1)
        {
            sealSegment(cipher, nonce, sequence, input, output);
        }
        else
        {
            final int inputStart = input.position();
            final int outputStart = output.position();
            final boolean sealed = crew.runAll(segments, segment ->
            {
                sealSegment(CryptoCrew.cipher(), new byte[NONCE_LENGTH], sequence + segment,
                    plainSegment(input, inputStart, segment, segmentLength, length),
                    sealedSegment(output, outputStart, segment, segmentLength, length));
                return true;
            });
            if (!sealed)
            {
                throw new IllegalStateException("AES-GCM failed to seal a segment of a message");
            }
        }
        return CIPHERTEXT_OFFSET + ciphertextLength;
    }

    /**
     * Segment {@code segment} of a message of {@code length} bytes sealed in segments of {@code segmentLength}: its
     * bytes in the clear, in {@code buffer} from {@code start}.
     */
    static ByteBuffer plainSegment(
        final ByteBuffer buffer, final int start, final int segment, final int segmentLength, final int length)
    {
        final int from = start + segment * segmentLength;
        return buffer.duplicate().limit(from + segmentBytes(segment, segmentLength, length)).position(from);
    }

    /**
     * The same segment sealed: its ciphertext and tag, in {@code buffer} from {@code start}.
     */
    static ByteBuffer sealedSegment(
        final ByteBuffer buffer, final int start, final int segment, final int segmentLength, final int length)
    {
        final int from = start + segment * (segmentLength + TAG_LENGTH);
        return buffer.duplicate().limit(from + segmentBytes(segment, segmentLength, length) + TAG_LENGTH)
            .position(from);
    }

    private static int segmentBytes(final int segment, final int segmentLength, final int length)
    {
        return Math.min(segmentLength, length - segment * segmentLength);
    }

    private void sealSegment(
        final Cipher segmentCipher, final byte[] segmentNonce, final long sequence, final ByteBuffer input,
        final ByteBuffer output)
    {
        nonce(segmentNonce, direction, sequence);
        try
        {
            segmentCipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_LENGTH * 8, segmentNonce));
            segmentCipher.updateAAD(associatedData);
            segmentCipher.doFinal(input, output);
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("AES-GCM failed to seal a message", ex);
        }
    }

    /**
     * The message as an array-backed view, copied into an array first where it is not one: the JDK's AES-GCM is
     * fastest from array to array, which is why a session's message buffers are arrays.
     */
    private ByteBuffer input(final DirectBuffer message, final int offset, final int length)
    {
        if (message.byteArray() != null)
        {
            return ByteBufferViews.view(message, offset, length);
        }
        if (copyOfInput == null || copyOfInput.length < length)
        {
            copyOfInput = new byte[length];
        }
        message.getBytes(offset, copyOfInput, 0, length);
        return ByteBuffer.wrap(copyOfInput, 0, length);
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
