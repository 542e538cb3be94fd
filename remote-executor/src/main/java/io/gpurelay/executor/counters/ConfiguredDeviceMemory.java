package io.gpurelay.executor.counters;

import java.util.Map;
import java.util.function.Supplier;

import io.gpurelay.executor.backend.DeviceMemoryFigures;

/**
 * The emulator's figures: every device has the configured size, and what is free is that less what the executor's
 * sessions hold on it (from their counters). Only the executor's sessions allocate on an emulated device, so this is
 * exact up to the moment the counters are read.
 */
public final class ConfiguredDeviceMemory implements DeviceMemorySource
{
    private final long deviceBytes;
    private final Supplier<Map<Integer, Long>> heldBytesByDevice;
    private Map<Integer, Long> held = Map.of();

    /**
     * @param deviceBytes       the configured size of each device.
     * @param heldBytesByDevice what the sessions hold now, by device; asked once per read of device 0, so that one
     *                          pass over the devices reads the counters once.
     */
    public ConfiguredDeviceMemory(final long deviceBytes, final Supplier<Map<Integer, Long>> heldBytesByDevice)
    {
        if (deviceBytes <= 0)
        {
            throw new IllegalArgumentException("device memory must be positive: " + deviceBytes);
        }
        this.deviceBytes = deviceBytes;
        this.heldBytesByDevice = heldBytesByDevice;
    }

    public DeviceMemoryFigures read(final int device)
    {
        if (device == 0)
        {
            held = heldBytesByDevice.get();
        }
        return new DeviceMemoryFigures(deviceBytes, Math.max(0, deviceBytes - held.getOrDefault(device, 0L)));
    }
}
