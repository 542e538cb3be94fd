package io.gpurelay.emulator.ptx;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import io.gpurelay.emulator.memory.Allocation;
import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.emulator.memory.DeviceMemoryException;

/**
 * The heap device-side {@code malloc} and {@code free} use, for one context: a region of that context's device memory
 * of a fixed size ({@code cudaLimitMallocHeapSize}, 8 MiB by default), reserved when a kernel first allocates (a
 * later allocation tries again if device memory was short), and handed out first fit in 16-byte aligned blocks. {@code malloc} gives NULL when no block fits. Blocks outlive the
 * kernel that allocated them, as on a GPU, until freed or until the heap is released with its context.
 * Kernels of a launch allocate from several threads at once.
 */
public final class DeviceHeap
{
    /** CUDA's default {@code cudaLimitMallocHeapSize}. */
    public static final long DEFAULT_CAPACITY = 8L * 1024 * 1024;

    /** Device malloc returns memory aligned to 16 bytes. */
    static final long ALIGNMENT = 16;

    private final DeviceMemory memory;
    private final Object owner;
    private final long capacity;
    /** Free blocks by offset in the region, with their sizes; adjacent ones are merged. */
    private final TreeMap<Long, Long> freeBlocks = new TreeMap<>();
    private final Map<Long, Long> usedBlocks = new HashMap<>();
    private Allocation region;
    private boolean released;

    public DeviceHeap(final DeviceMemory memory, final Object owner, final long capacity)
    {
        if (capacity <= 0)
        {
            throw new IllegalArgumentException("device heap capacity must be positive: " + capacity);
        }
        this.memory = memory;
        this.owner = owner;
        this.capacity = capacity;
    }

    public long capacity()
    {
        return capacity;
    }

    /**
     * @return bytes handed out and not freed, rounded up to the heap's alignment.
     */
    public synchronized long used()
    {
        long used = 0;
        for (final long size : usedBlocks.values())
        {
            used += size;
        }
        return used;
    }

    /**
     * @return the device address of a block of at least {@code size} bytes, or 0 when none is left (or size is 0).
     */
    synchronized long allocate(final long size)
    {
        if (size <= 0 || size > capacity || released || !reserveRegion())
        {
            return 0;
        }
        final long needed = (size + ALIGNMENT - 1) & -ALIGNMENT;
        for (final Map.Entry<Long, Long> block : freeBlocks.entrySet())
        {
            final long offset = block.getKey();
            final long blockSize = block.getValue();
            if (blockSize >= needed)
            {
                freeBlocks.remove(offset);
                if (blockSize > needed)
                {
                    freeBlocks.put(offset + needed, blockSize - needed);
                }
                usedBlocks.put(offset, needed);
                return region.deviceAddress() + offset;
            }
        }
        return 0;
    }

    /**
     * Give a block back; freeing 0 does nothing.
     *
     * @return false when the address is not a block this heap handed out and has not taken back.
     */
    synchronized boolean free(final long address)
    {
        if (address == 0)
        {
            return true;
        }
        if (region == null || released)
        {
            return false;
        }
        final long offset = address - region.deviceAddress();
        final Long size = usedBlocks.remove(offset);
        if (size == null)
        {
            return false;
        }
        long start = offset;
        long length = size;
        final Map.Entry<Long, Long> before = freeBlocks.floorEntry(offset);
        if (before != null && before.getKey() + before.getValue() == offset)
        {
            start = before.getKey();
            length += before.getValue();
            freeBlocks.remove(start);
        }
        final Long after = freeBlocks.remove(offset + size);
        if (after != null)
        {
            length += after;
        }
        freeBlocks.put(start, length);
        return true;
    }

    private boolean reserveRegion()
    {
        if (region != null)
        {
            return true;
        }
        try
        {
            region = memory.allocate(capacity, owner);
        }
        catch (final DeviceMemoryException ex)
        {
            return false;
        }
        final long usable = capacity & -ALIGNMENT;
        if (usable > 0)
        {
            freeBlocks.put(0L, usable);
        }
        return true;
    }

    /**
     * Free the heap's region; later allocations get NULL.
     */
    public synchronized void release()
    {
        if (released)
        {
            return;
        }
        released = true;
        if (region != null && region.isLive())
        {
            memory.free(region.deviceAddress(), owner);
        }
        freeBlocks.clear();
        usedBlocks.clear();
    }
}
