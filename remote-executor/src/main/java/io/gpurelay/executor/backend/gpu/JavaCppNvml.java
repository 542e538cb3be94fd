package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.nvml.NVML_SUCCESS;
import static org.bytedeco.cuda.global.nvml.nvmlDeviceGetHandleByUUID;
import static org.bytedeco.cuda.global.nvml.nvmlDeviceGetMemoryInfo;
import static org.bytedeco.cuda.global.nvml.nvmlErrorString;
import static org.bytedeco.cuda.global.nvml.nvmlInit_v2;
import static org.bytedeco.cuda.global.nvml.nvmlShutdown;

import io.gpurelay.executor.backend.DeviceMemoryFigures;
import io.gpurelay.executor.backend.Nvml;
import org.bytedeco.cuda.global.nvml;
import org.bytedeco.cuda.nvml.nvmlDevice_st;
import org.bytedeco.cuda.nvml.nvmlMemory_t;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Loader;
import org.bytedeco.javacpp.PointerPointer;

/**
 * NVML through JavaCPP's CUDA presets ({@code libnvidia-ml.so.1}, which the driver installs). NVML reads the driver's
 * view of a device without creating a CUDA context, so the supervisor of process isolation, which must not touch
 * CUDA, can use it. Loading the presets' NVML class throws a {@link LinkageError} on a host without the driver.
 */
public final class JavaCppNvml implements Nvml
{
    private boolean open = true;

    private JavaCppNvml()
    {
    }

    /**
     * Load NVML (into JavaCPP's cache directory as {@link GpuRuntime} chooses it) and initialise it (reference-counted
     * by NVML itself; {@link #close()} undoes it).
     *
     * @throws IllegalStateException naming what failed: the library that could not be loaded, or NVML's error.
     */
    public static JavaCppNvml open()
    {
        try
        {
            GpuRuntime.useWritableCacheDirectory();
            Loader.load(nvml.class);
        }
        catch (final Throwable ex)
        {
            Throwable cause = ex;
            while (cause.getCause() != null)
            {
                cause = cause.getCause();
            }
            throw new IllegalStateException("NVML could not be loaded: " + cause, ex);
        }
        check(nvmlInit_v2(), "nvmlInit_v2");
        return new JavaCppNvml();
    }

    public Device deviceByUuid(final String uuid)
    {
        try (PointerPointer<nvmlDevice_st> handle = new PointerPointer<>(1))
        {
            check(nvmlDeviceGetHandleByUUID(uuid, handle), "nvmlDeviceGetHandleByUUID " + uuid);
            final nvmlDevice_st device = new nvmlDevice_st(handle.get(0));
            return () -> memory(device);
        }
    }

    private static DeviceMemoryFigures memory(final nvmlDevice_st device)
    {
        try (nvmlMemory_t memory = new nvmlMemory_t())
        {
            check(nvmlDeviceGetMemoryInfo(device, memory), "nvmlDeviceGetMemoryInfo");
            return new DeviceMemoryFigures(memory.total(), memory._free());
        }
    }

    private static void check(final int result, final String call)
    {
        if (result != NVML_SUCCESS)
        {
            final BytePointer text = nvmlErrorString(result);
            throw new IllegalStateException(call + " failed: " + (text == null ? "" : text.getString() + " ") +
                "(nvmlReturn_t " + result + ")");
        }
    }

    public void close()
    {
        if (open)
        {
            open = false;
            nvmlShutdown();
        }
    }
}
