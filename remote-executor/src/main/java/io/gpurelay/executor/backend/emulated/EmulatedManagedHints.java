package io.gpurelay.executor.backend.emulated;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import org.agrona.collections.Long2ObjectHashMap;

/**
 * The hints a session gave about its managed memory on the emulator, which migrates nothing but answers
 * cudaMemRangeGetAttribute as CUDA does from them: advice and prefetches apply to whole pages, and a range's
 * attribute is what every page of it agrees on (read mostly only if all are; a preferred or last prefetch location
 * only if all have the same, else -2; accessed by the devices all of them list).
 */
final class EmulatedManagedHints
{
    static final int READ_MOSTLY = 1;
    static final int PREFERRED_LOCATION = 2;
    static final int ACCESSED_BY = 3;
    static final int LAST_PREFETCH_LOCATION = 4;
    private static final long PAGE = 4096;
    private static final int NO_DEVICE = -2;
    private static final int SET_READ_MOSTLY = 1;
    private static final int UNSET_READ_MOSTLY = 2;
    private static final int SET_PREFERRED_LOCATION = 3;
    private static final int UNSET_PREFERRED_LOCATION = 4;
    private static final int SET_ACCESSED_BY = 5;
    private static final int UNSET_ACCESSED_BY = 6;
    /** A prefetch, recorded with the advice in the order given. */
    private static final int PREFETCH = 100;

    /** Per managed allocation (by its start): records {first page, end page, what, device}. */
    private final Long2ObjectHashMap<List<long[]>> records = new Long2ObjectHashMap<>();

    void advise(final long allocation, final long address, final long count, final int advice, final int device)
    {
        add(allocation, address, count, advice, device);
    }

    void prefetch(final long allocation, final long address, final long count, final int device)
    {
        add(allocation, address, count, PREFETCH, device);
    }

    void forget(final long allocation)
    {
        records.remove(allocation);
    }

    void clear()
    {
        records.clear();
    }

    /**
     * @return the attribute's {@code entries} ints for {@code [address, address + count)} of the allocation.
     */
    int[] attribute(final long allocation, final long address, final long count, final int attribute,
        final int entries)
    {
        final List<long[]> hints = records.getOrDefault(allocation, List.of());
        final long first = address / PAGE;
        final long end = (address + count + PAGE - 1) / PAGE;
        final TreeSet<Long> boundaries = new TreeSet<>(List.of(first, end));
        for (final long[] hint : hints)
        {
            if (hint[0] > first && hint[0] < end)
            {
                boundaries.add(hint[0]);
            }
            if (hint[1] > first && hint[1] < end)
            {
                boundaries.add(hint[1]);
            }
        }
        boolean readMostly = true;
        Integer preferred = null;
        Integer prefetched = null;
        TreeSet<Integer> accessedBy = null;
        Long segment = null;
        for (final long boundary : boundaries)
        {
            if (segment != null)
            {
                boolean segmentReadMostly = false;
                int segmentPreferred = NO_DEVICE;
                int segmentPrefetched = NO_DEVICE;
                final TreeSet<Integer> segmentAccessedBy = new TreeSet<>();
                for (final long[] hint : hints)
                {
                    if (hint[0] <= segment && hint[1] >= boundary)
                    {
                        final int device = (int)hint[3];
                        switch ((int)hint[2])
                        {
                            case SET_READ_MOSTLY -> segmentReadMostly = true;
                            case UNSET_READ_MOSTLY -> segmentReadMostly = false;
                            case SET_PREFERRED_LOCATION -> segmentPreferred = device;
                            case UNSET_PREFERRED_LOCATION -> segmentPreferred = NO_DEVICE;
                            case SET_ACCESSED_BY -> segmentAccessedBy.add(device);
                            case UNSET_ACCESSED_BY -> segmentAccessedBy.remove(device);
                            default -> segmentPrefetched = device;
                        }
                    }
                }
                readMostly &= segmentReadMostly;
                preferred = preferred == null || preferred == segmentPreferred ? segmentPreferred : NO_DEVICE;
                prefetched = prefetched == null || prefetched == segmentPrefetched ? segmentPrefetched : NO_DEVICE;
                if (accessedBy == null)
                {
                    accessedBy = segmentAccessedBy;
                }
                else
                {
                    accessedBy.retainAll(segmentAccessedBy);
                }
            }
            segment = boundary;
        }
        final int[] answer = new int[entries];
        switch (attribute)
        {
            case READ_MOSTLY -> answer[0] = readMostly ? 1 : 0;
            case PREFERRED_LOCATION -> answer[0] = preferred == null ? NO_DEVICE : preferred;
            case LAST_PREFETCH_LOCATION -> answer[0] = prefetched == null ? NO_DEVICE : prefetched;
            default ->
            {
                final List<Integer> devices = accessedBy == null ? List.of() : new ArrayList<>(accessedBy);
                for (int i = 0; i < entries; i++)
                {
                    answer[i] = i < devices.size() ? devices.get(i) : NO_DEVICE;
                }
            }
        }
        return answer;
    }

    private void add(final long allocation, final long address, final long count, final int what, final int device)
    {
        records.computeIfAbsent(allocation, ignored -> new ArrayList<>())
            .add(new long[]{ address / PAGE, (address + count + PAGE - 1) / PAGE, what, device });
    }
}
