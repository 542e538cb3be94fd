package io.gpurelay.executor.backend;

/**
 * The part of NVML the executor uses, behind an interface so that the mapping of devices to NVML
 * ({@code counters.NvmlDeviceMemory}) is tested without a driver. The real one is
 * {@code io.gpurelay.executor.backend.gpu.JavaCppNvml}, through JavaCPP's CUDA presets.
 */
public interface Nvml extends AutoCloseable
{
    /**
     * @param uuid a device's UUID as {@code nvidia-smi -L} writes it ({@code GPU-...}).
     * @return the device.
     * @throws IllegalStateException naming NVML's error when NVML has no such device.
     */
    Device deviceByUuid(String uuid);

    /**
     * Shut NVML down (once per successful open).
     */
    void close();

    /**
     * One device as NVML knows it.
     */
    interface Device
    {
        /**
         * @return its total and free memory now, as {@code nvmlDeviceGetMemoryInfo} (and {@code nvidia-smi}) say.
         * @throws IllegalStateException naming NVML's error.
         */
        DeviceMemoryFigures memory();
    }
}
