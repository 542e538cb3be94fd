package io.gpurelay.executor.worker;

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

    private GpuProbe()
    {
    }

    public static void main(final String[] args)
    {
        System.out.println(GpuRuntime.usable() ? USABLE : UNUSABLE_PREFIX + GpuRuntime.unusableReason());
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
