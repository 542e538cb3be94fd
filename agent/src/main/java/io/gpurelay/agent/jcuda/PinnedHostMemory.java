package io.gpurelay.agent.jcuda;

import java.lang.ref.WeakReference;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.Predicate;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.SharedHostAllocation;
import io.gpurelay.agent.cuda.HostRangeException;
import jcuda.Pointer;
import org.agrona.BufferUtil;
import org.agrona.UnsafeApi;

/**
 * Host memory that CUDA would pin (cudaMallocHost, cudaHostAlloc, cuMemAllocHost). Over an IPC session that offers
 * it, an allocation is shared memory the executor page-locked ({@link SharedHostAllocation}), and copies from and to
 * it name the allocation and an offset instead of carrying its bytes; otherwise it lives in this process as a
 * page-aligned direct buffer, and its bytes travel like any others. The executor never sees these addresses.
 * <p>
 * Freeing forgets a buffer rather than releasing its memory at once: a Java view of it may outlive the free, and
 * releasing eagerly would turn that application bug into a JVM crash. The memory goes when the last view does.
 * Until then a copy from or to freed memory is refused with the API's invalid-value error, as CUDA refuses a pointer
 * it no longer knows.
 */
public final class PinnedHostMemory
{
    public static final int ALIGNMENT = 4096;

    private static final ConcurrentSkipListMap<Long, ByteBuffer> ALLOCATIONS = new ConcurrentSkipListMap<>();
    /**
     * Freed allocations the application may still hold a view of, by address. Weakly held: once nothing refers to a
     * freed buffer its memory is gone and its address may come back for other memory, so its entry no longer counts.
     */
    private static final ConcurrentSkipListMap<Long, WeakReference<ByteBuffer>> FREED = new ConcurrentSkipListMap<>();
    /**
     * The flags each live allocation was made with (cuMemHostAlloc, cudaHostAlloc; 0 for cuMemAllocHost and
     * cudaMallocHost), by address: what cuMemHostGetFlags answers.
     */
    private static final ConcurrentSkipListMap<Long, Integer> FLAGS = new ConcurrentSkipListMap<>();
    /** The live allocations that are shared with the executor, by address. */
    private static final ConcurrentSkipListMap<Long, SharedHostAllocation> SHARED = new ConcurrentSkipListMap<>();

    /**
     * Where a range of host memory lies in a shared allocation.
     */
    public record SharedRange(SharedHostAllocation allocation, long offset)
    {
    }

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
     * Make the pointer designate a shared allocation, as {@link #allocateInto} does for one of this process.
     */
    public static void share(final Pointer pointer, final SharedHostAllocation allocation)
    {
        final ByteBuffer buffer = allocation.buffer();
        final long address = address(buffer);
        ALLOCATIONS.put(address, buffer);
        SHARED.put(address, allocation);
        JCudaPointers.setHostBuffer(pointer, buffer, address);
    }

    /**
     * Keep a shared allocation as pinned memory of this process, for bindings whose pointers are plain addresses
     * (JavaCPP).
     *
     * @return its address.
     */
    public static long register(final SharedHostAllocation allocation)
    {
        final ByteBuffer buffer = allocation.buffer();
        final long address = address(buffer);
        ALLOCATIONS.put(address, buffer);
        SHARED.put(address, allocation);
        return address;
    }

    /**
     * Whether an address lies in pinned memory that has been freed and not handed out again: reading or writing it
     * could touch memory the process no longer maps.
     */
    public static boolean isFreedAddress(final long address)
    {
        if (FREED.isEmpty() || find(address) != null)
        {
            return false;
        }
        final Map.Entry<Long, WeakReference<ByteBuffer>> entry = FREED.floorEntry(address);
        if (entry == null)
        {
            return false;
        }
        final ByteBuffer freed = entry.getValue().get();
        return freed == null ? address == entry.getKey() : address - entry.getKey() < freed.capacity();
    }

    /**
     * The shared allocation that starts at this address, or null (for memory of this process, or none).
     */
    public static SharedHostAllocation sharedAt(final long address)
    {
        return SHARED.get(address);
    }

    /**
     * Where a host range lies in a live shared allocation, or null when it does not lie wholly inside one.
     */
    public static SharedRange sharedRange(final HostRange range)
    {
        return sharedRange(range.nativeAddress(), range.length());
    }

    /**
     * Where {@code length} bytes at {@code address} lie in a live shared allocation, or null when they do not lie
     * wholly inside one.
     */
    public static SharedRange sharedRange(final long address, final long length)
    {
        if (address == 0 || SHARED.isEmpty())
        {
            return null;
        }
        final Map.Entry<Long, SharedHostAllocation> entry = SHARED.floorEntry(address);
        if (entry == null)
        {
            return null;
        }
        final long offset = address - entry.getKey();
        final long capacity = entry.getValue().buffer().capacity();
        return offset <= capacity - length ? new SharedRange(entry.getValue(), offset) : null;
    }

    /**
     * Where the mapped pinned memory at {@code pointer} lies, for {@code cuMemHostGetDevicePointer} and
     * {@code cudaHostGetDevicePointer}: only memory of the client's current session has a device address.
     *
     * @param isCurrent whether an allocation belongs to the client's current session.
     * @param howMade   how such memory is made, for the message.
     * @throws HostRangeException when the pointer is not such memory, saying why.
     */
    public static SharedRange mappedRange(
        final Pointer pointer, final Predicate<SharedHostAllocation> isCurrent, final String howMade)
        throws HostRangeException
    {
        final SharedRange shared = sharedRange(HostRange.of(pointer, 0));
        if (shared == null || !isCurrent.test(shared.allocation()))
        {
            throw new HostRangeException("the pointer is not mapped pinned memory of the executor's current session (" +
                howMade + ")");
        }
        return shared;
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
        final ByteBuffer freed = ALLOCATIONS.remove(address);
        if (freed == null)
        {
            return false;
        }
        FLAGS.remove(address);
        SHARED.remove(address);
        FREED.values().removeIf(reference -> reference.get() == null);
        FREED.put(address, new WeakReference<>(freed));
        return true;
    }

    /**
     * Whether a direct buffer lies in pinned memory that has been freed (the allocation itself or a view of it).
     */
    static boolean isFreed(final Buffer buffer)
    {
        if (FREED.isEmpty() || !buffer.isDirect())
        {
            return false;
        }
        final long address = UnsafeApi.getLong(buffer, BufferUtil.BYTE_BUFFER_ADDRESS_FIELD_OFFSET);
        final Map.Entry<Long, WeakReference<ByteBuffer>> entry = FREED.floorEntry(address);
        if (entry == null)
        {
            return false;
        }
        final ByteBuffer freed = entry.getValue().get();
        return freed != null && address - entry.getKey() < freed.capacity();
    }

    /**
     * Remember the flags the allocation the pointer now designates was made with.
     */
    public static void recordFlags(final Pointer pointer, final int flags)
    {
        recordFlags(JCudaPointers.address(pointer), flags);
    }

    /**
     * Remember the flags the allocation starting at the address was made with.
     */
    public static void recordFlags(final long address, final int flags)
    {
        if (ALLOCATIONS.containsKey(address))
        {
            FLAGS.put(address, flags);
        }
    }

    /**
     * @return the flags the live allocation holding this address was made with, or null when no live allocation of
     *         cuMemHostAlloc, cuMemAllocHost, cudaHostAlloc or cudaMallocHost holds it.
     */
    public static Integer flagsAt(final long address)
    {
        final Map.Entry<Long, ByteBuffer> allocation = find(address);
        return allocation == null ? null : FLAGS.getOrDefault(allocation.getKey(), 0);
    }

    /**
     * The allocation that contains this address, or null.
     */
    public static Map.Entry<Long, ByteBuffer> find(final long address)
    {
        final Map.Entry<Long, ByteBuffer> allocation = ALLOCATIONS.floorEntry(address);
        if (allocation != null && address - allocation.getKey() < allocation.getValue().capacity())
        {
            return allocation;
        }
        return null;
    }
}
