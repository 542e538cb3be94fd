package io.gpurelay.agent.jcuda;

import java.lang.reflect.Array;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.Map;

import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.ManagedMemory;
import io.gpurelay.agent.cuda.MemoryRange;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import io.gpurelay.agent.cuda.PitchedCopy;
import jcuda.NativePointerObject;
import jcuda.Pointer;

/**
 * The host memory behind a JCuda {@link Pointer}: whether there is any, how much, and its {@link HostRange}. The
 * ranges themselves are the shared logic's; only reading JCuda's pointers is JCuda's.
 */
public final class JCudaHostRanges
{
    private JCudaHostRanges()
    {
    }

    /**
     * Whether JCuda's native code would treat this pointer as host memory. Managed memory with a host view is device
     * memory as well, and is taken as device memory (its device address), as CUDA's unified addressing does.
     */
    public static boolean isHostMemory(final Pointer pointer)
    {
        final Buffer buffer = JCudaPointers.buffer(pointer);
        return JCudaPointers.pointers(pointer) != null || buffer != null && !ManagedMemory.isHostView(buffer) ||
            PinnedHostMemory.find(JCudaPointers.address(pointer)) != null;
    }

    /**
     * How many bytes of host memory lie from the pointer to the end of what is behind it: the array, buffer, pointer
     * array or pinned allocation. A kernel parameter given as {@code Pointer.to(new int[]{ n })} is that many bytes.
     *
     * @return the byte count, or -1 when the pointer is not host memory.
     */
    public static long extent(final Pointer pointer)
    {
        final long byteOffset = JCudaPointers.byteOffset(pointer);
        final NativePointerObject[] pointers = JCudaPointers.pointers(pointer);
        if (pointers != null)
        {
            return (long)pointers.length * Long.BYTES - byteOffset;
        }
        final Buffer buffer = JCudaPointers.buffer(pointer);
        if (buffer != null)
        {
            final long elements = buffer.isDirect() || !buffer.hasArray() ?
                buffer.capacity() : Array.getLength(buffer.array());
            return elements * HostRange.elementSize(buffer) - byteOffset;
        }
        final long address = JCudaPointers.address(pointer);
        final Map.Entry<Long, ByteBuffer> pinned = PinnedHostMemory.find(address);
        return pinned == null ? -1 : pinned.getValue().capacity() - (address - pinned.getKey());
    }

    /**
     * The {@code byteCount} bytes of host memory the pointer designates.
     */
    public static HostRange of(final Pointer pointer, final long byteCount) throws HostRangeException
    {
        if (byteCount < 0)
        {
            throw new HostRangeException("the byte count " + byteCount + " is negative");
        }
        final long byteOffset = JCudaPointers.byteOffset(pointer);
        final NativePointerObject[] pointers = JCudaPointers.pointers(pointer);
        if (pointers != null)
        {
            return PointerArrayRange.of(pointers, byteOffset, byteCount);
        }
        final Buffer buffer = JCudaPointers.buffer(pointer);
        if (buffer != null)
        {
            if (PinnedHostMemory.isFreed(buffer))
            {
                throw new HostRangeException("the pointer designates pinned host memory that was freed " +
                    "(cudaFreeHost/cuMemFreeHost)");
            }
            return MemoryRange.of(buffer, HostRange.elementSize(buffer), byteOffset, byteCount);
        }
        final long address = JCudaPointers.address(pointer);
        final Map.Entry<Long, ByteBuffer> pinned = PinnedHostMemory.find(address);
        if (pinned != null)
        {
            return MemoryRange.ofPinned(pinned.getValue(), address - pinned.getKey(), byteCount);
        }
        throw new HostRangeException("the pointer (address 0x" + Long.toHexString(address) +
            ") is not host memory: neither a Java array or buffer nor memory from cudaMallocHost/cudaHostAlloc");
    }

    /**
     * The host side of a pitched copy ({@link PitchedCopy}) at a JCuda pointer.
     */
    public static PitchedCopy.Side pitchedSide(final Pointer host, final long x, final long y, final long z,
        final long pitch, final long rows)
    {
        return PitchedCopy.Side.hostMemory(byteCount -> of(host, byteCount), x, y, z, pitch, rows);
    }

    /**
     * The start address of {@code size} bytes of native memory behind the pointer.
     *
     * @throws HostRangeException when the pointer is not native host memory of that size.
     */
    public static long nativeRange(final Pointer pointer, final long size) throws HostRangeException
    {
        if (size <= 0)
        {
            throw new HostRangeException("a size of " + size + " bytes");
        }
        final long address = of(pointer, size).nativeAddress();
        if (address == 0)
        {
            throw new HostRangeException("the pointer is not native memory of this process (a direct buffer or " +
                "pinned memory); a Java array cannot be registered");
        }
        return address;
    }
}
