package io.gpurelay.agent.jcuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

import org.agrona.BufferUtil;

/**
 * Host memory that CUDA would pin (cudaMallocHost, cudaHostAlloc, cuMemAllocHost). It lives in this process as
 * page-aligned direct buffers; the executor never sees these addresses, only the bytes copied from or to them.
 * <p>
 * Freeing forgets a buffer rather than releasing its memory at once: a Java view of it may outlive the free, and
 * releasing eagerly would turn that application bug into a JVM crash. The memory goes when the last view does.
 */
public final class PinnedHostMemory
{
    public static final int ALIGNMENT = 4096;

    private static final ConcurrentSkipListMap<Long, ByteBuffer> ALLOCATIONS = new ConcurrentSkipListMap<>();

    private PinnedHostMemory()
    {
    }

    /**
     * @return a zeroed, page-aligned direct buffer of native byte order.
     * @throws OutOfMemoryError if the JVM's direct memory limit does not allow it.
     */
    public static ByteBuffer allocate(final int size)
    {
        final ByteBuffer buffer = BufferUtil.allocateDirectAligned(size, ALIGNMENT).order(ByteOrder.nativeOrder());
        ALLOCATIONS.put(BufferUtil.address(buffer), buffer);
        return buffer;
    }

    public static long address(final ByteBuffer buffer)
    {
        return BufferUtil.address(buffer);
    }

    /**
     * @return false if no allocation starts at this address.
     */
    public static boolean free(final long address)
    {
        return ALLOCATIONS.remove(address) != null;
    }

    /**
     * The allocation that contains this address, or null.
     */
    static Map.Entry<Long, ByteBuffer> find(final long address)
    {
        final Map.Entry<Long, ByteBuffer> allocation = ALLOCATIONS.floorEntry(address);
        if (allocation != null && address - allocation.getKey() < allocation.getValue().capacity())
        {
            return allocation;
        }
        return null;
    }
}
