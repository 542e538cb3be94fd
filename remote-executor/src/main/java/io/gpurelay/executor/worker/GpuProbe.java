package io.gpurelay.executor.worker;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import io.gpurelay.executor.backend.gpu.GpuRuntime;

/**
 * Whether CUDA is usable on this host, asked in a process of its own so that an executor with process isolation
 * decides {@code --backend auto} without initialising CUDA itself. Prints {@value #USABLE}, or
 * {@value #UNUSABLE_PREFIX} and the reason, on one line of stdout.
 */
public final class GpuProbe
{
    public static final String USABLE = "usable";
    public static final String UNUSABLE_PREFIX = "unusable: ";
    /** What a host with an NVIDIA driver has: the kernel driver's files, or WSL's GPU device. */
    private static final List<Path> DRIVER_FILES = List.of(
        Path.of("/proc/driver/nvidia/version"), Path.of("/dev/nvidiactl"), Path.of("/dev/dxg"));

    private GpuProbe()
    {
    }

    /**
     * Whether the host has no NVIDIA driver at all, which needs no probe process to find out.
     *
     * @return why CUDA cannot be usable here, or null when a driver is there and only a probe can tell.
     */
    public static String noDriverReason()
    {
        return DRIVER_FILES.stream().anyMatch(Files::exists) ? null :
            "no NVIDIA driver on this host (none of " + DRIVER_FILES + " exists)";
    }

    public static void main(final String[] args)
    {
        System.out.println(GpuRuntime.usable() ? USABLE : UNUSABLE_PREFIX + GpuRuntime.unusableReason());
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
