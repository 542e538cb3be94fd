package io.gpurelay.protocol.security;

import java.nio.ByteBuffer;

import org.agrona.DirectBuffer;

/**
 * {@link ByteBuffer} views of Agrona buffers for the JDK's ciphers, without copying where the buffer wraps an array
 * or a {@code ByteBuffer} (Aeron's term buffers, a fragment assembler's array, our own direct buffers).
 */
final class ByteBufferViews
{
    private ByteBufferViews()
    {
    }

    /**
     * @return a view of {@code length} bytes at {@code offset}, or null when the buffer wraps a bare address.
     */
    static ByteBuffer view(final DirectBuffer buffer, final int offset, final int length)
    {
        final byte[] array = buffer.byteArray();
        if (array != null)
        {
            return ByteBuffer.wrap(array, buffer.wrapAdjustment() + offset, length);
        }
        final ByteBuffer wrapped = buffer.byteBuffer();
        if (wrapped == null)
        {
            return null;
        }
        final ByteBuffer view = wrapped.duplicate();
        final int start = buffer.wrapAdjustment() + offset;
        view.clear().limit(start + length).position(start);
        return view;
    }
}
