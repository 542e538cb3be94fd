package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.gpurelay.executor.backend.DeviceSelection;
import org.junit.jupiter.api.Test;

class GpuDeviceSelectionTest
{
    @Test
    void acceptsDevicesTheHostHas()
    {
        assertDoesNotThrow(() -> GpuDeviceSelection.requireOnHost(DeviceSelection.parse("2"), 4));
        assertDoesNotThrow(() -> GpuDeviceSelection.requireOnHost(DeviceSelection.parse(" 3, 0 ,2"), 4));
        assertDoesNotThrow(() -> GpuDeviceSelection.requireOnHost(DeviceSelection.parse("1"), 1));
    }

    @Test
    void anOrdinalTheHostDoesNotHaveIsRefusedNamingHowManyItHas()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> GpuDeviceSelection.requireOnHost(DeviceSelection.parse("0,2"), 2));
        assertEquals(
            "--devices 0,2: there is no device 2, because this host has 2 CUDA devices (ordinals 0 to 1)",
            ex.getMessage());
    }

    @Test
    void aCountAboveTheHostsIsRefusedNamingHowManyItHas()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> GpuDeviceSelection.requireOnHost(DeviceSelection.parse("2"), 1));
        assertEquals("--devices 0,1: there is no device 1, because this host has 1 CUDA device (ordinal 0)",
            ex.getMessage());
    }

    @Test
    void aHostWithoutDevicesRefusesEverySelection()
    {
        final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
            () -> GpuDeviceSelection.requireOnHost(DeviceSelection.parse("1"), 0));
        assertEquals("--devices 0: this host has no CUDA device", ex.getMessage());
    }
}
