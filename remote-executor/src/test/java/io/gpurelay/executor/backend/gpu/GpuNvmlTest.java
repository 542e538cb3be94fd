package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.DeviceMemoryFigures;
import io.gpurelay.executor.counters.NvmlDeviceMemory;
import io.gpurelay.executor.log.ExecutorLog;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * NVML through JavaCPP's presets on a real GPU: the device the backend serves is found by the UUID CUDA gives it, its
 * total is at least what CUDA reports (NVML counts memory the driver reserves, CUDA does not), and an allocation of
 * 1 GiB shows in its free figure.
 */
@Tag("gpu")
class GpuNvmlTest
{
    private static final long GIB = 1L << 30;
    private static final long SLACK = 64L << 20;

    @Test
    void theServedDeviceIsFoundByItsUuidAndAnAllocationShowsInItsFreeMemory()
    {
        GpuTestSupport.assumeGpu();
        final ByteArrayOutputStream logged = new ByteArrayOutputStream();
        final ExecutorLog log = new ExecutorLog(new PrintStream(logged, true, StandardCharsets.UTF_8),
            ExecutorLog.Level.INFO);
        final List<String> uuids = GpuTestSession.backend().deviceUuids();
        assertEquals(1, uuids.size());
        assertTrue(uuids.get(0).matches("GPU-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"),
            uuids.toString());
        final long cudaTotal = Long.parseLong(GpuDeviceProperties.read(0).get("totalGlobalMem"));

        try (NvmlDeviceMemory memory = new NvmlDeviceMemory(JavaCppNvml::open, uuids, log);
            GpuTestSession gpu = new GpuTestSession())
        {
            final BackendContext context = gpu.context();
            final DeviceMemoryFigures before = memory.read(0);
            final String text = logged.toString(StandardCharsets.UTF_8);
            assertTrue(before.known(), text);
            assertTrue(before.totalBytes() >= cudaTotal, "NVML " + before + ", CUDA total " + cudaTotal);
            assertTrue(before.freeBytes() <= before.totalBytes(), before.toString());

            gpu.malloc(context, GIB);
            final DeviceMemoryFigures after = memory.read(0);
            assertEquals(before.totalBytes(), after.totalBytes());
            assertTrue(after.freeBytes() <= before.freeBytes() - GIB + SLACK,
                "1 GiB allocated: free " + before.freeBytes() + " then " + after.freeBytes());
            System.out.println("NVML device 0 (" + uuids.get(0) + "): total " + before.totalBytes() + ", free " +
                before.freeBytes() + " then " + after.freeBytes() + " after 1 GiB; CUDA total " + cudaTotal);
        }
    }
}
