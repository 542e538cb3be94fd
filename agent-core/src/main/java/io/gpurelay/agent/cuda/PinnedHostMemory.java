package io.gpurelay.agent.cuda;

import java.lang.ref.WeakReference;
import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.client.SharedHostAllocation;
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
    public static boolean isFreed(final Buffer buffer)
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
