package io.gpurelay.executor.backend.gpu;

import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;

import io.gpurelay.executor.backend.ReleasedResources;

/**
 * The device memory one session may touch: its allocations, and the globals of the modules it loaded, each with the
 * context it belongs to. Every copy and memset is checked here before it reaches the GPU, so that an address of
 * another session, a freed allocation or a range that runs past its allocation's end is
 * {@code CUDA_ERROR_INVALID_VALUE} instead of a write into someone else's memory (with unified addressing the
 * driver resolves any device address of the process, whichever context it belongs to) or a segmentation fault.
 * <p>
 * Not thread safe: used by the session's worker thread.
 *
 * @param <C> the contexts ranges belong to.
 * @param <M> the modules whose globals they can be.
 */
final class DeviceAddressRanges<C, M>
{
    private final TreeMap<Long, Range<C, M>> rangesByStart = new TreeMap<>();
    private int allocationCount;
    private long allocatedBytes;

    /**
     * A live range: an allocation when {@code module} is null and it is neither {@code hostMapped} nor
     * {@code virtualMapping}, else a global of that module, pinned host memory mapped into the device's space, or
     * physical memory mapped into a reservation of the session with read/write access (cuMemMap, cuMemSetAccess).
     */
    record Range<C, M>(long start, long size, C context, M module, boolean hostMapped, boolean virtualMapping)
    {
        boolean covers(final long address, final long length)
        {
            final long offset = address - start;
            return offset >= 0 && offset < size && length >= 0 && length <= size - offset;
        }

        boolean isAllocation()
        {
            return module == null && !hostMapped && !virtualMapping;
        }
    }

    void addAllocation(final long address, final long size, final C context)
    {
        put(new Range<>(address, size, context, null, false, false));
        allocationCount++;
        allocatedBytes += size;
    }

    /**
     * Record a module global, which copies may reach until its module is unloaded. Looking the same global up twice
     * gives the same range.
     */
    void addModuleGlobal(final long address, final long size, final C context, final M module)
    {
        final Range<C, M> existing = rangesByStart.get(address);
        if (existing != null && existing.module() == module && existing.size() == size)
        {
            return;
        }
        put(new Range<>(address, size, context, module, false, false));
    }

    /**
     * Record pinned host memory mapped into the device's space, which copies and kernels may reach until it is
     * unregistered; like a module global, it is not an allocation that cuMemFree takes.
     */
    void addHostMapping(final long address, final long size, final C context)
    {
        put(new Range<>(address, size, context, null, true, false));
    }

    void removeHostMapping(final long address)
    {
        final Range<C, M> range = rangesByStart.get(address);
        if (range != null && range.hostMapped())
        {
            rangesByStart.remove(address);
        }
    }

    // Virtual memory management (family "virtual memory").

    /**
     * Record a mapping of physical memory into a reservation of the session that has read/write access, which copies
     * and kernels may reach until it is unmapped or its access is taken away; it is not an allocation that cuMemFree
     * takes.
     */
    void addVirtualMapping(final long address, final long size, final C context)
    {
        put(new Range<>(address, size, context, null, false, true));
    }

    void removeVirtualMapping(final long address)
    {
        final Range<C, M> range = rangesByStart.get(address);
        if (range != null && range.virtualMapping())
        {
            rangesByStart.remove(address);
        }
    }

    /**
     * Forget the allocation that starts at {@code address}.
     *
     * @return it, or null when {@code address} is not the start of a live allocation (a module global is not one:
     *         cuMemFree refuses it too).
     */
    Range<C, M> removeAllocation(final long address)
    {
        final Range<C, M> range = rangesByStart.get(address);
        if (range == null || !range.isAllocation())
        {
            return null;
        }
        rangesByStart.remove(address);
        allocationCount--;
        allocatedBytes -= range.size();
        return range;
    }

    void removeModuleGlobals(final M module)
    {
        rangesByStart.values().removeIf(range -> range.module() == module);
    }

    /**
     * Forget what lived in a context, as when it is destroyed and takes its memory with it. A mapping of virtual
     * memory stays: CUDA's mappings and the access given to them belong to the device, not to a context.
     *
     * @return what its allocations amounted to.
     */
    ReleasedResources removeContext(final C context)
    {
        int count = 0;
        long bytes = 0;
        final Iterator<Range<C, M>> ranges = rangesByStart.values().iterator();
        while (ranges.hasNext())
        {
            final Range<C, M> range = ranges.next();
            if (range.context() == context && !range.virtualMapping())
            {
                if (range.isAllocation())
                {
                    count++;
                    bytes += range.size();
                }
                ranges.remove();
            }
        }
        allocationCount -= count;
        allocatedBytes -= bytes;
        return new ReleasedResources(count, bytes);
    }

    /**
     * The one live range that holds all of {@code [address, address + length)}, or null. An empty range is held by
     * nothing: callers let zero-byte operations succeed before they ask.
     */
    Range<C, M> holding(final long address, final long length)
    {
        if (length <= 0)
        {
            return null;
        }
        final Map.Entry<Long, Range<C, M>> candidate = rangesByStart.floorEntry(address);
        return candidate != null && candidate.getValue().covers(address, length) ? candidate.getValue() : null;
    }

    int allocationCount()
    {
        return allocationCount;
    }

    long allocatedBytes()
    {
        return allocatedBytes;
    }

    /**
     * Forget everything, as when the session's contexts are destroyed.
     *
     * @return what the allocations among it amounted to; module globals are not counted, they go with their modules.
     */
    ReleasedResources clear()
    {
        final ReleasedResources released = new ReleasedResources(allocationCount, allocatedBytes);
        rangesByStart.clear();
        allocationCount = 0;
        allocatedBytes = 0;
        return released;
    }

    private void put(final Range<C, M> range)
    {
        if (range.size() <= 0)
        {
            throw new IllegalArgumentException("an empty range at " + describe(range));
        }
        final Map.Entry<Long, Range<C, M>> below = rangesByStart.floorEntry(range.start());
        final Map.Entry<Long, Range<C, M>> above = rangesByStart.higherEntry(range.start());
        final Range<C, M> overlapped = below != null && below.getValue().covers(range.start(), 1) ? below.getValue() :
            above != null && above.getKey() - range.start() < range.size() ? above.getValue() : null;
        if (overlapped != null)
        {
            throw new IllegalStateException("the device gave this session " + describe(range) +
                ", which overlaps " + describe(overlapped) + " that it already holds");
        }
        rangesByStart.put(range.start(), range);
    }

    private static String describe(final Range<?, ?> range)
    {
        return "[0x" + Long.toHexString(range.start()) + ", +" + range.size() + ")";
    }
}
