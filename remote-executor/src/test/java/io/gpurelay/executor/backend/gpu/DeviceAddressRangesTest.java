package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpurelay.executor.backend.ReleasedResources;
import org.junit.jupiter.api.Test;

class DeviceAddressRangesTest
{
    private static final long BASE = 0x7f00_0000_0000L;
    private static final String CONTEXT = "context";
    private static final String OTHER_CONTEXT = "other context";
    private static final String MODULE = "module";
    private static final String OTHER_MODULE = "other module";

    private final DeviceAddressRanges<String, String> ranges = new DeviceAddressRanges<>();

    @Test
    void holdsRangesInsideOneAllocation()
    {
        ranges.addAllocation(BASE, 1024, CONTEXT);
        assertNotNull(ranges.holding(BASE, 1024));
        assertNotNull(ranges.holding(BASE, 1));
        assertNotNull(ranges.holding(BASE + 1023, 1));
        assertSame(CONTEXT, ranges.holding(BASE + 512, 512).context());
    }

    @Test
    void mappedHostMemoryIsReachableButNotAnAllocation()
    {
        ranges.addHostMapping(BASE, 4096, CONTEXT);
        assertNotNull(ranges.holding(BASE + 100, 16), "copies reach it");
        assertNull(ranges.removeAllocation(BASE), "cuMemFree does not take it");
        assertEquals(0, ranges.allocationCount());
        ranges.removeHostMapping(BASE);
        assertNull(ranges.holding(BASE + 100, 16), "gone with its registration");
    }

    @Test
    void refusesRangesThatLeaveTheirAllocation()
    {
        ranges.addAllocation(BASE, 1024, CONTEXT);
        assertNull(ranges.holding(BASE, 1025), "one byte past the end");
        assertNull(ranges.holding(BASE + 1024, 1), "just after the end");
        assertNull(ranges.holding(BASE - 1, 2), "starts before it");
        assertNull(ranges.holding(BASE + 512, Long.MAX_VALUE), "a length that overflows");
        assertNull(ranges.holding(BASE, -1), "a length above 2^63, as an unsigned client value");
        assertNull(ranges.holding(-8, 8), "an address above 2^63");
        assertNull(ranges.holding(BASE, 0), "empty ranges are for callers to accept");
    }

    @Test
    void refusesARangeThatSpansTwoAdjacentAllocations()
    {
        ranges.addAllocation(BASE, 1024, CONTEXT);
        ranges.addAllocation(BASE + 1024, 1024, CONTEXT);
        assertNotNull(ranges.holding(BASE + 1024, 1024));
        assertNull(ranges.holding(BASE + 1000, 100));
    }

    @Test
    void refusesAddressesItDoesNotHold()
    {
        assertNull(ranges.holding(BASE, 1));
        ranges.addAllocation(BASE, 1024, CONTEXT);
        assertNull(ranges.holding(BASE + 4096, 1));
        assertNull(ranges.holding(0, 1));
    }

    @Test
    void aFreedAllocationIsNoLongerHeldNorFreeable()
    {
        ranges.addAllocation(BASE, 1024, CONTEXT);
        final DeviceAddressRanges.Range<String, String> freed = ranges.removeAllocation(BASE);
        assertEquals(1024, freed.size());
        assertSame(CONTEXT, freed.context());
        assertNull(ranges.holding(BASE, 1));
        assertNull(ranges.removeAllocation(BASE));
    }

    @Test
    void onlyTheStartOfAnAllocationFreesIt()
    {
        ranges.addAllocation(BASE, 1024, CONTEXT);
        assertNull(ranges.removeAllocation(BASE + 8));
        assertNull(ranges.removeAllocation(0));
        assertNotNull(ranges.holding(BASE, 1024));
    }

    @Test
    void countsLiveAllocationsAndWhatClearingReleased()
    {
        ranges.addAllocation(BASE, 1024, CONTEXT);
        ranges.addAllocation(BASE + 4096, 100, OTHER_CONTEXT);
        ranges.addAllocation(BASE + 8192, 8, CONTEXT);
        ranges.removeAllocation(BASE + 8192);
        ranges.addModuleGlobal(BASE + 65536, 4, CONTEXT, MODULE);
        assertEquals(2, ranges.allocationCount());
        assertEquals(1124, ranges.allocatedBytes());

        assertEquals(new ReleasedResources(2, 1124), ranges.clear());
        assertEquals(0, ranges.allocationCount());
        assertEquals(0, ranges.allocatedBytes());
        assertNull(ranges.holding(BASE, 1));
        assertNull(ranges.holding(BASE + 65536, 1));
    }

    @Test
    void destroyingAContextForgetsItsAllocationsAndGlobalsOnly()
    {
        ranges.addAllocation(BASE, 1024, CONTEXT);
        ranges.addAllocation(BASE + 4096, 100, OTHER_CONTEXT);
        ranges.addModuleGlobal(BASE + 8192, 4, CONTEXT, MODULE);

        assertEquals(new ReleasedResources(1, 1024), ranges.removeContext(CONTEXT));
        assertNull(ranges.holding(BASE, 1));
        assertNull(ranges.holding(BASE + 8192, 4));
        assertNotNull(ranges.holding(BASE + 4096, 100));
        assertEquals(1, ranges.allocationCount());
        assertEquals(100, ranges.allocatedBytes());
    }

    @Test
    void moduleGlobalsAreHeldUntilTheirModuleGoesButAreNotFreeable()
    {
        ranges.addModuleGlobal(BASE, 4, CONTEXT, MODULE);
        ranges.addModuleGlobal(BASE + 256, 64, CONTEXT, OTHER_MODULE);
        assertNotNull(ranges.holding(BASE, 4));
        assertNull(ranges.holding(BASE, 5));
        assertNull(ranges.removeAllocation(BASE));
        assertEquals(0, ranges.allocationCount());

        ranges.removeModuleGlobals(MODULE);
        assertNull(ranges.holding(BASE, 4));
        assertNotNull(ranges.holding(BASE + 256, 64));
    }

    @Test
    void lookingUpTheSameGlobalTwiceKeepsOneRange()
    {
        ranges.addModuleGlobal(BASE, 4, CONTEXT, MODULE);
        ranges.addModuleGlobal(BASE, 4, CONTEXT, MODULE);
        ranges.removeModuleGlobals(MODULE);
        assertNull(ranges.holding(BASE, 4));
    }

    @Test
    void anOverlappingRangeFromTheDeviceIsABugNotAClientError()
    {
        ranges.addAllocation(BASE, 1024, CONTEXT);
        assertThrows(IllegalStateException.class, () -> ranges.addAllocation(BASE + 1000, 100, CONTEXT));
        assertThrows(IllegalStateException.class, () -> ranges.addAllocation(BASE - 100, 101, CONTEXT));
        assertThrows(IllegalStateException.class, () -> ranges.addModuleGlobal(BASE, 1024, CONTEXT, MODULE));
        assertThrows(IllegalArgumentException.class, () -> ranges.addAllocation(BASE + 4096, 0, CONTEXT));
    }
}
