package io.gpurelay.agent.cuda;

import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.ShortBuffer;
import java.util.Map;

import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A range of host memory behind a JCuda {@link Pointer}, read into outgoing messages and written from incoming ones
 * directly. The pointer is read the way JCuda's native code reads it:
 * <ul>
 *     <li>an array of pointers ({@code Pointer.to(NativePointerObject...)}): the elements' addresses, 8 bytes
 *     each;</li>
 *     <li>a buffer: for a direct buffer its address, for a heap buffer its whole backing array from element 0
 *     (JCuda ignores the buffer's position and array offset: {@code Pointer.to(float[])} and friends wrap the whole
 *     array, {@code Pointer.toBuffer} turns the position into a byte offset);</li>
 *     <li>otherwise the native pointer, which is host memory only if it lies in pinned memory from this agent.</li>
 * </ul>
 * Each adds the pointer's byte offset. A range that would run past the memory behind the pointer is refused before
 * any byte moves: JCuda would read or write past the end.
 */
public abstract class HostRange implements PayloadSource, PayloadSink
{
    private static final int HOST_TO_HOST_CHUNK = 64 * 1024;

    protected final long length;

    protected HostRange(final long length)
    {
        this.length = length;
    }




    /**
     * {@code byteCount} bytes of native memory at an absolute address, for bindings whose pointers are plain addresses
     * (JavaCPP); the caller has checked that the memory is there. The owner is kept reachable while bytes move.
     */
    public static HostRange ofNative(final long address, final long byteCount, final Object owner)
        throws HostRangeException
    {
        if (byteCount < 0)
        {
            throw new HostRangeException("the byte count " + byteCount + " is negative");
        }
        if (address == 0 && byteCount > 0)
        {
            throw new HostRangeException("the host pointer is null");
        }
        return MemoryRange.atAddress(address, byteCount, owner);
    }

    /**
     * {@code byteCount} bytes of a primitive array from {@code byteOffset}, refused when they do not fit.
     */
    public static HostRange ofArray(final Object array, final long byteOffset, final long byteCount)
        throws HostRangeException
    {
        if (byteCount < 0)
        {
            throw new HostRangeException("the byte count " + byteCount + " is negative");
        }
        return MemoryRange.ofPrimitiveArray(array, arrayElementSize(array), byteOffset, byteCount);
    }

    /**
     * {@code byteCount} bytes of a buffer from {@code byteOffset} bytes past its start (element 0 of a heap buffer's
     * array, the address of a direct one), refused when they do not fit.
     */
    public static HostRange ofBuffer(final Buffer buffer, final long byteOffset, final long byteCount)
        throws HostRangeException
    {
        if (byteCount < 0)
        {
            throw new HostRangeException("the byte count " + byteCount + " is negative");
        }
        return MemoryRange.of(buffer, elementSize(buffer), byteOffset, byteCount);
    }

    /**
     * The bytes of one element of a primitive array.
     */
    public static int arrayElementSize(final Object array)
    {
        final Class<?> component = array.getClass().getComponentType();
        if (component == byte.class || component == boolean.class)
        {
            return Byte.BYTES;
        }
        if (component == short.class || component == char.class)
        {
            return Short.BYTES;
        }
        if (component == int.class || component == float.class)
        {
            return Integer.BYTES;
        }
        if (component == long.class || component == double.class)
        {
            return Long.BYTES;
        }
        throw new IllegalArgumentException("not a primitive array: " + array.getClass().getName());
    }

    /**
     * Copy between two host ranges of the same length, through a small bounce buffer (a pointer array is not plain
     * memory).
     */
    public static void copy(final HostRange source, final HostRange destination)
    {
        final UnsafeBuffer bounce = new UnsafeBuffer(new byte[(int)Math.min(HOST_TO_HOST_CHUNK,
            Math.max(1, source.length))]);
        for (long offset = 0; offset < source.length; offset += bounce.capacity())
        {
            final int chunk = (int)Math.min(bounce.capacity(), source.length - offset);
            source.copyTo(offset, bounce, 0, chunk);
            destination.write(offset, bounce, 0, chunk);
        }
    }

    public long length()
    {
        return length;
    }

    /**
     * The address of the range's first byte when it is native memory (a direct buffer, pinned memory), else 0.
     */
    public long nativeAddress()
    {
        return 0;
    }

    /**
     * A reply must carry exactly as many bytes as the range holds.
     */
    public boolean begin(final long totalLength)
    {
        return totalLength == length;
    }

    protected final void checkWithin(final long offset, final int count)
    {
        if (offset < 0 || count < 0 || offset + count > length)
        {
            throw new IndexOutOfBoundsException(
                "bytes [" + offset + ", " + (offset + count) + ") of a " + length + " byte host range");
        }
    }

    public static void checkFits(
        final String what, final long capacityBytes, final long byteOffset, final long byteCount)
        throws HostRangeException
    {
        if (byteOffset < 0 || byteOffset > capacityBytes || byteCount > capacityBytes - byteOffset)
        {
            throw new HostRangeException(byteCount + " bytes at byte offset " + byteOffset + " do not fit the " +
                what + " behind the pointer (" + capacityBytes + " bytes)");
        }
    }

    public static int elementSize(final Buffer buffer)
    {
        if (buffer instanceof ByteBuffer)
        {
            return Byte.BYTES;
        }
        if (buffer instanceof ShortBuffer || buffer instanceof CharBuffer)
        {
            return Short.BYTES;
        }
        if (buffer instanceof IntBuffer || buffer instanceof FloatBuffer)
        {
            return Integer.BYTES;
        }
        if (buffer instanceof LongBuffer || buffer instanceof DoubleBuffer)
        {
            return Long.BYTES;
        }
        throw new IllegalArgumentException("unknown buffer type " + buffer.getClass().getName());
    }
}
