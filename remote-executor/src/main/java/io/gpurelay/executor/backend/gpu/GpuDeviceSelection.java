package io.gpurelay.executor.backend.gpu;

import io.gpurelay.executor.backend.DeviceSelection;

/**
 * The check {@code --devices} needs on a GPU host, where its ordinals are the host's physical ones: every device it
 * names must exist. Parsing and the mapping of logical to physical ordinals are {@link DeviceSelection}'s.
 */
final class GpuDeviceSelection
{
    private GpuDeviceSelection()
    {
    }

    /**
     * @param hostDeviceCount how many CUDA devices this host has ({@link GpuRuntime#deviceCount()}).
     * @throws IllegalArgumentException naming the device and what the host has, when the selection names a device
     *                                  the host does not have.
     */
    static void requireOnHost(final DeviceSelection selection, final int hostDeviceCount)
    {
        if (hostDeviceCount < 1)
        {
            throw new IllegalArgumentException("--devices " + selection + ": this host has no CUDA device");
        }
        for (final int ordinal : selection.ordinals())
        {
            if (ordinal >= hostDeviceCount)
            {
                throw new IllegalArgumentException("--devices " + selection + ": there is no device " + ordinal +
                    ", because " + hostDevices(hostDeviceCount));
            }
        }
    }

    private static String hostDevices(final int hostDeviceCount)
    {
        return hostDeviceCount == 1 ?
            "this host has 1 CUDA device (ordinal 0)" :
            "this host has " + hostDeviceCount + " CUDA devices (ordinals 0 to " + (hostDeviceCount - 1) + ")";
    }
}
