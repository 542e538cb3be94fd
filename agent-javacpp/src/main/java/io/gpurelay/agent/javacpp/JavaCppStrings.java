package io.gpurelay.agent.javacpp;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;

/**
 * The C strings the agent hands a JavaCPP program through a {@code const char**} output (cuGetErrorName,
 * cuGetErrorString): as CUDA's, they stay valid for the life of the process, so each text is made once in native
 * memory and kept. There are as many as there are error texts.
 */
final class JavaCppStrings
{
    private static final Map<String, BytePointer> TEXTS = new ConcurrentHashMap<>();

    private JavaCppStrings()
    {
    }

    /**
     * Write the address of a lasting C string of the text (0 for null) into a {@code const char**} output: a
     * {@code @ByPtrPtr} pointer gets it as its address, a {@code PointerPointer} at its position, a {@code byte[]}
     * or {@code ByteBuffer} as the 8 bytes of a pointer.
     */
    static void setCString(final JavaCppArgs a, final int index, final String text)
    {
        final long address = text == null ? 0 : TEXTS.computeIfAbsent(text, BytePointer::new).address();
        final Object target = a.get(index);
        if (target instanceof Pointer)
        {
            a.setLong(index, address);
        }
        else if (target instanceof byte[] || target instanceof ByteBuffer)
        {
            final UnsafeBuffer bytes = new UnsafeBuffer(new byte[Long.BYTES]);
            bytes.putLong(0, address, ByteOrder.nativeOrder());
            a.writeBytes(index, bytes.byteArray(), Long.BYTES);
        }
        else
        {
            throw new JavaCppArgumentException(a.describe(index) + " must be a const char** output");
        }
    }
}
