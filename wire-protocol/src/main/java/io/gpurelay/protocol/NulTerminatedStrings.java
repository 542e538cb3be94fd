package io.gpurelay.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

import org.agrona.DirectBuffer;

/**
 * Several strings in one payload, as the C strings they are in the API: UTF-8, each followed by a NUL. Used where a
 * call carries strings (NVRTC sources, options, name expressions).
 */
public final class NulTerminatedStrings
{
    private NulTerminatedStrings()
    {
    }

    public static byte[] encode(final String... strings)
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (final String string : strings)
        {
            bytes.writeBytes(string.getBytes(StandardCharsets.UTF_8));
            bytes.write(0);
        }
        return bytes.toByteArray();
    }

    /**
     * @return the first {@code count} strings of the buffer, or null when it holds fewer.
     */
    public static String[] decode(final DirectBuffer buffer, final int count)
    {
        final String[] strings = new String[count];
        int start = 0;
        for (int i = 0; i < count; i++)
        {
            int end = start;
            while (end < buffer.capacity() && buffer.getByte(end) != 0)
            {
                end++;
            }
            if (end >= buffer.capacity())
            {
                return null;
            }
            final byte[] bytes = new byte[end - start];
            buffer.getBytes(start, bytes);
            strings[i] = new String(bytes, StandardCharsets.UTF_8);
            start = end + 1;
        }
        return strings;
    }
}
