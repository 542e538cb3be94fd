package io.gpurelay.executor.counters;

import io.gpurelay.executor.backend.DeviceMemoryFigures;

/**
 * Where the executor learns how much memory each of its devices has and has free, for the registry's placement
 * ({@code registry.min.free}) and its stat view: NVML on the gpu backend ({@link NvmlDeviceMemory}), which needs no
 * CUDA context and so suits the supervisor of process isolation, and the configured size less what sessions hold on
 * the emulator ({@link ConfiguredDeviceMemory}). Read from one thread at a time.
 */
public interface DeviceMemorySource extends AutoCloseable
{
    /**
     * @param device the device as sessions number it (0..n-1).
     * @return its figures now, or {@link DeviceMemoryFigures#UNKNOWN_FIGURES}; never throws.
     */
    DeviceMemoryFigures read(int device);

    /**
     * Release what the source holds (NVML's handle on the driver).
     */
    default void close()
    {
    }
}
