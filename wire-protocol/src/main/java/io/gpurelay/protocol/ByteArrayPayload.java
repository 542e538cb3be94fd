package io.gpurelay.protocol;

import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/**
 * A payload held in a byte array: the common small case (names, properties, module images).
 */
public final class ByteArrayPayload implements PayloadSource, PayloadSink
{
    private static final byte[] EMPTY = new byte[0];
    private byte[] bytes;

    public ByteArrayPayload()
    {
        this.bytes = EMPTY;
    }

    public ByteArrayPayload(final byte[] bytes)
    {
        this.bytes = bytes;
    }

    public byte[] bytes()
    {
        return bytes;
    }

    public long length()
    {
        return bytes.length;
    }

    public void copyTo(
        final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset, final int length)
    {
        destination.putBytes(destinationOffset, bytes, (int)sourceOffset, length);
    }

    public boolean begin(final long totalLength)
    {
        if (totalLength > Integer.MAX_VALUE - 8)
        {
            return false;
        }
        bytes = new byte[(int)totalLength];
        return true;
    }

    public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int length)
    {
        source.getBytes(sourceOffset, bytes, (int)offset, length);
    }
}
