package io.gpurelay.it;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether this machine has an NVIDIA GPU the executor's gpu backend can use. Tests tagged {@code gpu} assume it, so
 * they are skipped, not failed, elsewhere.
 */
final class GpuAvailability
{
    private GpuAvailability()
    {
    }

    static boolean usable()
    {
        return Files.exists(Path.of("/dev/nvidiactl")) || Files.exists(Path.of("/proc/driver/nvidia/version"));
    }
}
