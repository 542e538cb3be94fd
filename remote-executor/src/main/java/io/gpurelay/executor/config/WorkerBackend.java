package io.gpurelay.executor.config;

import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.backend.gpu.GpuBackend;

/**
 * The backend a worker process creates for itself: what the supervisor tells it on its command line, since a
 * {@link Backend} object cannot cross a process boundary (and the supervisor must not create a GPU backend at all).
 *
 * @param name         {@link EmulatedBackend#NAME} or {@link GpuBackend#NAME}.
 * @param devices      the devices served, by ordinal.
 * @param deviceMemory bytes of each emulated device.
 * @param unstoppableKernels emulated only: the emulator leaves a kernel running past the kernel timeout, as a GPU
 *                     does, so that only the worker's watchdog ends it (by ending the worker): how that path of the
 *                     gpu backend is tested without a GPU.
 */
public record WorkerBackend(String name, DeviceSelection devices, long deviceMemory, boolean unstoppableKernels)
{
    public WorkerBackend
    {
        if (!EmulatedBackend.NAME.equals(name) && !GpuBackend.NAME.equals(name))
        {
            throw new IllegalArgumentException("unknown worker backend '" + name + "': expected emulated or gpu");
        }
        if (unstoppableKernels && GpuBackend.NAME.equals(name))
        {
            throw new IllegalArgumentException("unstoppable kernels is an emulator setting: a GPU's always are");
        }
    }

    public WorkerBackend(final String name, final DeviceSelection devices, final long deviceMemory)
    {
        this(name, devices, deviceMemory, false);
    }

    /**
     * Whether a kernel running past the kernel timeout is stopped by ending the worker (a GPU's, or an emulator's
     * made to behave like one), rather than by the backend itself.
     */
    public boolean kernelsStopWithTheWorker()
    {
        return isGpu() || unstoppableKernels;
    }

    public Backend create()
    {
        return GpuBackend.NAME.equals(name) ? new GpuBackend(devices) :
            new EmulatedBackend(devices.count(), deviceMemory);
    }

    public boolean isGpu()
    {
        return GpuBackend.NAME.equals(name);
    }

    /**
     * The devices as a worker's argument: always a list of ordinals, so that one device reads the same way back.
     */
    public String devicesArgument()
    {
        return Arrays.stream(devices.ordinals()).mapToObj(Integer::toString).collect(Collectors.joining(" "));
    }

    public static DeviceSelection parseDevicesArgument(final String text)
    {
        final List<String> parts = Arrays.asList(text.trim().split(" +"));
        return new DeviceSelection(parts.stream().mapToInt(Integer::parseInt).toArray());
    }
}
