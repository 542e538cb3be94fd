package io.gpurelay.registry.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.gpurelay.registry.DeviceReport;
import io.gpurelay.registry.PlacedDevice;
import org.junit.jupiter.api.Test;

class PoolStateTest
{
    private static final long GIB = 1L << 30;
    private final PoolState pool = new PoolState();

    @Test
    void theLeastLoadedExecutorIsChosenFirst()
    {
        pool.report("a", "emulated", 3, 64, List.of(new DeviceReport(0, 4 * GIB, 4 * GIB)), 0);
        pool.report("b", "emulated", 1, 64, List.of(new DeviceReport(0, 4 * GIB, 4 * GIB)), 0);

        assertEquals(List.of(new PlacedDevice("b", 0)), pool.place(1, 0));
        assertEquals(List.of(new PlacedDevice("b", 0)), pool.place(1, 0));
        assertEquals(List.of(new PlacedDevice("a", 0)), pool.place(1, 0),
            "b serves 1 + 2 placed sessions now, as many as a, and a sorts first");
    }

    @Test
    void severalDevicesSpreadOverEquallyLoadedExecutors()
    {
        pool.report("a", "emulated", 0, 64, List.of(new DeviceReport(0, GIB, GIB), new DeviceReport(1, GIB, GIB)), 0);
        pool.report("b", "emulated", 0, 64, List.of(new DeviceReport(0, GIB, GIB)), 0);

        assertEquals(List.of(new PlacedDevice("a", 0), new PlacedDevice("b", 0)), pool.place(2, 0));
    }

    @Test
    void devicesWithoutEnoughFreeMemoryOrOnFullExecutorsAreNotChosen()
    {
        pool.report("a", "emulated", 0, 64, List.of(new DeviceReport(0, 4 * GIB, GIB)), 0);
        pool.report("b", "emulated", 2, 2, List.of(new DeviceReport(0, 4 * GIB, 4 * GIB)), 0);
        pool.report("c", "gpu", 5, 64, List.of(new DeviceReport(0, -1, -1)), 0);

        assertEquals(List.of(new PlacedDevice("c", 0)), pool.place(1, 2 * GIB),
            "a has too little free, b is full, c's free memory is unknown");
        assertTrue(pool.place(2, 2 * GIB).isEmpty());
    }

    @Test
    void minimumFreeMemoryIsAskedOfEveryDeviceChosen()
    {
        pool.report("a", "gpu", 0, 64, List.of(new DeviceReport(0, 80 * GIB, 2 * GIB),
            new DeviceReport(1, 80 * GIB, 60 * GIB)), 0);
        pool.report("b", "gpu", 0, 64, List.of(new DeviceReport(0, 40 * GIB, 30 * GIB)), 0);

        assertEquals(List.of(new PlacedDevice("a", 1)), pool.place(1, 40 * GIB),
            "only a's device 1 has 40 GiB free");
        assertEquals(List.of(new PlacedDevice("b", 0), new PlacedDevice("a", 1)), pool.place(2, 20 * GIB),
            "a's device 0 has too little free; b is the less loaded now");
        assertTrue(pool.place(3, 20 * GIB).isEmpty(), "two devices have 20 GiB free, not three");
        assertEquals(3, pool.place(3, 2 * GIB).size(), "exactly the minimum is enough");

        pool.report("a", "gpu", 0, 64, List.of(new DeviceReport(0, 80 * GIB, 2 * GIB),
            new DeviceReport(1, 80 * GIB, GIB)), 10);
        assertEquals(List.of(new PlacedDevice("b", 0)), pool.place(1, 20 * GIB),
            "a's next report says its device 1 filled up");
    }

    @Test
    void aReportCountsThePlacementsSinceTheLastOne()
    {
        pool.report("a", "emulated", 0, 1, List.of(new DeviceReport(0, GIB, GIB)), 0);
        assertEquals(1, pool.place(1, 0).size());
        assertTrue(pool.place(1, 0).isEmpty(), "one placed session fills an executor of one session");

        pool.report("a", "emulated", 0, 1, List.of(new DeviceReport(0, GIB, GIB)), 10);
        assertEquals(1, pool.place(1, 0).size(), "the client never came: the executor is free again");
    }

    @Test
    void executorsThatStopReportingExpireAndOnesThatLeaveGoAtOnce()
    {
        pool.report("a", "emulated", 0, 64, List.of(new DeviceReport(0, GIB, GIB)), 0);
        pool.report("b", "emulated", 0, 64, List.of(new DeviceReport(0, GIB, GIB)), 900);

        assertEquals(List.of("a"), pool.expire(1500, 1000));
        assertFalse(pool.contains("a"));
        assertTrue(pool.leave("b"));
        assertEquals(0, pool.size());
        assertTrue(pool.place(1, 0).isEmpty());
    }
}
