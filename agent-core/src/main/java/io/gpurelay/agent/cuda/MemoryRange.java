package io.gpurelay.agent.cuda;

import java.lang.ref.Reference;
import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;

import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.UnsafeApi;

/**
 * Plain memory: a primitive array (base object plus offset) or native memory (null base, absolute address), copied
 * with Unsafe straight between it and message buffers.
 */
public final class MemoryRange extends HostRange
{
    private final Object base;
    private final long start;
    private final Object owner;

    private MemoryRange(final Object base, final long start, final long length, final Object owner)
    {
        super(length);
        this.base = base;
        this.start = start;
        this.owner = owner;
    }

    public static MemoryRange of(final Buffer buffer, final int elementSize, final long byteOffset, final long byteCount)
        throws HostRangeException
    {
        final String type = buffer.getClass().getSimpleName();
        if (buffer.isDirect())
        {
            final long address = UnsafeApi.getLong(buffer, BufferUtil.BYTE_BUFFER_ADDRESS_FIELD_OFFSET);
            checkFits("direct " + type, (long)buffer.capacity() * elementSize, byteOffset, byteCount);
            return new MemoryRange(null, address + byteOffset, byteCount, buffer);
        }
        if (!buffer.hasArray())
        {
            throw new HostRangeException("the " + type + " behind the pointer is neither direct nor backed by an " +
                "accessible array (a read-only heap buffer?)");
        }
        final Object array = buffer.array();
        final int elements = Array.getLength(array);
        checkFits(array.getClass().getComponentType().getName() + "[" + elements + "]", (long)elements * elementSize,
            byteOffset, byteCount);
        return new MemoryRange(array, UnsafeApi.arrayBaseOffset(array.getClass()) + byteOffset, byteCount, array);
    }

    /**
     * Native memory at an absolute address, which the caller vouches for (a JavaCPP pointer's memory); the owner is
     * kept reachable while bytes move.
     */
    public static MemoryRange atAddress(final long address, final long byteCount, final Object owner)
    {
        return new MemoryRange(null, address, byteCount, owner);
    }

    /**
     * A primitive array from a byte offset into it.
     */
    public static MemoryRange ofPrimitiveArray(final Object array, final int elementSize, final long byteOffset, final long byteCount)
        throws HostRangeException
    {
        final int elements = Array.getLength(array);
        checkFits(array.getClass().getComponentType().getName() + "[" + elements + "]", (long)elements * elementSize,
            byteOffset, byteCount);
        return new MemoryRange(array, UnsafeApi.arrayBaseOffset(array.getClass()) + byteOffset, byteCount, array);
    }

    public static MemoryRange ofPinned(final ByteBuffer allocation, final long offset, final long byteCount)
        throws HostRangeException
    {
        checkFits("pinned host allocation", allocation.capacity(), offset, byteCount);
        return new MemoryRange(null, BufferUtil.address(allocation) + offset, byteCount, allocation);
    }

    /**
     * Plain memory: threads copying disjoint parts do not interfere.
     */
    public boolean copiesConcurrently()
    {
        return true;
    }

    public boolean writesConcurrently()
    {
        return true;
    }

    public long nativeAddress()
    {
        return base == null ? start : 0;
    }

    public void copyTo(
        final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset, final int count)
    {
        checkWithin(sourceOffset, count);
        destination.boundsCheck(destinationOffset, count);
        UnsafeApi.copyMemory(base, start + sourceOffset, destination.byteArray(),
            destination.addressOffset() + destinationOffset, count);
        Reference.reachabilityFence(owner);
    }

    public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int count)
    {
        checkWithin(offset, count);
        source.boundsCheck(sourceOffset, count);
        UnsafeApi.copyMemory(source.byteArray(), source.addressOffset() + sourceOffset, base, start + offset, count);
        Reference.reachabilityFence(owner);
    }
}
