package io.gpurelay.protocol;

import java.util.Arrays;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A payload held in a byte array: the common small case (names, properties, module images).
 * <p>
 * As a sink it grows with the bytes that arrive, never to more than the announced length: the announcement is only a
 * claim, and memory is spent on the bytes the sender actually delivers.
 */
public final class ByteArrayPayload implements PayloadSource, PayloadSink
{
    /** What a sink holds before its first chunk arrives. */
    static final int INITIAL_CAPACITY = 64 * 1024;

    private static final byte[] EMPTY = new byte[0];
    private byte[] bytes;
    private long announcedLength;

    public ByteArrayPayload()
    {
        this.bytes = EMPTY;
    }

    public ByteArrayPayload(final byte[] bytes)
    {
        this.bytes = bytes;
        this.announcedLength = bytes.length;
    }

    /**
     * The payload; after {@link #begin(long)}, an array of the announced length whose bytes not yet written are zero.
     */
    public byte[] bytes()
    {
        if (bytes.length != announcedLength)
        {
            bytes = Arrays.copyOf(bytes, (int)announcedLength);
        }
        return bytes;
    }

    public long length()
    {
        return announcedLength;
    }

    public void copyTo(
        final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset, final int length)
    {
        destination.putBytes(destinationOffset, bytes(), (int)sourceOffset, length);
    }

    public boolean begin(final long totalLength)
    {
        if (totalLength < 0 || totalLength > Integer.MAX_VALUE - 8)
        {
            return false;
        }
        announcedLength = totalLength;
        bytes = totalLength == 0 ? EMPTY : new byte[(int)Math.min(totalLength, INITIAL_CAPACITY)];
        return true;
    }

    public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int length)
    {
        if (offset < 0 || length < 0 || offset + length > announcedLength)
        {
            throw new MalformedCallException("payload chunk [" + offset + ", +" + length + ") lies outside the " +
                announcedLength + " bytes announced");
        }
        final int end = (int)(offset + length);
        if (end > bytes.length)
        {
            bytes = Arrays.copyOf(bytes, (int)Math.min(announcedLength, Math.max(end, 2L * bytes.length)));
        }
        source.getBytes(sourceOffset, bytes, (int)offset, length);
    }
}
