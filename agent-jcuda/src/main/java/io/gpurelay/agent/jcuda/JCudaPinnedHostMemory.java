package io.gpurelay.agent.jcuda;

import java.nio.ByteBuffer;
import java.util.function.Predicate;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.SharedHostAllocation;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import jcuda.Pointer;

/**
 * JCuda's pointers to pinned host memory ({@link PinnedHostMemory}, which keeps the allocations by address): making a
 * pointer designate a new or shared allocation, and finding the shared allocation a pointer designates.
 */
public final class JCudaPinnedHostMemory
{
    private JCudaPinnedHostMemory()
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
        if (size > Integer.MAX_VALUE - PinnedHostMemory.ALIGNMENT)
        {
            AgentLog.warn(function + ": " + size + " bytes is more than one Java direct buffer can hold; returning " +
                outOfMemoryName);
            return false;
        }
        try
        {
            final ByteBuffer buffer = PinnedHostMemory.allocate((int)size);
            JCudaPointers.setHostBuffer(pointer, buffer, PinnedHostMemory.address(buffer));
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
     * Make the pointer designate a shared allocation, as {@link #allocateInto} does for one of this process.
     */
    public static void share(final Pointer pointer, final SharedHostAllocation allocation)
    {
        final long address = PinnedHostMemory.register(allocation);
        JCudaPointers.setHostBuffer(pointer, allocation.buffer(), address);
    }

    /**
     * Where the mapped pinned memory at {@code pointer} lies, for {@code cuMemHostGetDevicePointer} and
     * {@code cudaHostGetDevicePointer}: only memory of the client's current session has a device address.
     *
     * @param isCurrent whether an allocation belongs to the client's current session.
     * @param howMade   how such memory is made, for the message.
     * @throws HostRangeException when the pointer is not such memory, saying why.
     */
    public static PinnedHostMemory.SharedRange mappedRange(
        final Pointer pointer, final Predicate<SharedHostAllocation> isCurrent, final String howMade)
        throws HostRangeException
    {
        final PinnedHostMemory.SharedRange shared = PinnedHostMemory.sharedRange(JCudaHostRanges.of(pointer, 0));
        if (shared == null || !isCurrent.test(shared.allocation()))
        {
            throw new HostRangeException("the pointer is not mapped pinned memory of the executor's current session (" +
                howMade + ")");
        }
        return shared;
    }

    /**
     * Remember the flags the allocation the pointer now designates was made with.
     */
    public static void recordFlags(final Pointer pointer, final int flags)
    {
        PinnedHostMemory.recordFlags(JCudaPointers.address(pointer), flags);
    }
}
