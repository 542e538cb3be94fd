package io.gpurelay.agent.jcuda;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

import io.gpurelay.agent.AgentLog;
import jcuda.Pointer;
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
     * What cudaMallocHost, cudaHostAlloc, cuMemAllocHost and cuMemHostAlloc do: make the pointer designate new pinned
     * memory of this size (a null pointer for size 0).
     *
     * @param function       the API function, for the message.
     * @param outOfMemoryName the status the function returns when this fails, for the message.
     * @return false, after saying why, when one Java direct buffer cannot hold that much or the JVM's direct memory
     *         limit does not allow it.
     */
    public static boolean allocateInto(
        final Pointer pointer, final long size, final String function, final String outOfMemoryName)
    {
        if (size <= 0)
        {
            JCudaPointers.setHostBuffer(pointer, null, 0);
            return true;
        }
        if (size > Integer.MAX_VALUE - ALIGNMENT)
        {
            AgentLog.warn(function + ": " + size + " bytes is more than one Java direct buffer can hold; returning " +
                outOfMemoryName);
            return false;
        }
        try
        {
            final ByteBuffer buffer = allocate((int)size);
            JCudaPointers.setHostBuffer(pointer, buffer, address(buffer));
            return true;
        }
        catch (final OutOfMemoryError ex)
        {
            AgentLog.warn(function + ": no direct memory for " + size + " bytes (" + ex.getMessage() +
                "; -XX:MaxDirectMemorySize raises the limit); returning " + outOfMemoryName);
            return false;
        }
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
