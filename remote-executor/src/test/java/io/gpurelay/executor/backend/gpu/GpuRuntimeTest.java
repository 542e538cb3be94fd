package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.time.Duration;

import io.gpurelay.executor.backend.DeviceSelection;
import org.junit.jupiter.api.Test;

/**
 * Runs on every machine: what {@code --backend auto} relies on.
 */
class GpuRuntimeTest
{
    @Test
    void answersWhetherCudaIsUsableWithoutThrowing()
    {
        final boolean usable = assertTimeoutPreemptively(Duration.ofSeconds(30), GpuRuntime::usable);
        assertEquals(usable, GpuRuntime.unusableReason() == null, String.valueOf(GpuRuntime.unusableReason()));
        assertEquals(usable, GpuRuntime.usable(), "the answer does not change");
    }

    @Test
    void withoutCudaTheGpuBackendRefusesClearly()
    {
        assumeFalse(GpuRuntime.usable(), "CUDA is usable here");
        final IllegalStateException ex =
            assertThrows(IllegalStateException.class, () -> new GpuBackend(DeviceSelection.parse("1")));
        assertEquals("CUDA is not usable in this process: " + GpuRuntime.unusableReason(), ex.getMessage());
        assertThrows(IllegalStateException.class, GpuRuntime::deviceCount);
        assertThrows(IllegalStateException.class, () -> GpuDeviceProperties.read(0));
        assertEquals("CUresult 1", GpuRuntime.errorName(1));
    }
}
