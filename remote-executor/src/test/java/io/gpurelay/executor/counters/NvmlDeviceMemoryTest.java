package io.gpurelay.executor.counters;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.gpurelay.executor.CapturedLog;
import io.gpurelay.executor.backend.DeviceMemoryFigures;
import io.gpurelay.executor.backend.Nvml;
import io.gpurelay.executor.log.ExecutorLog;
import org.junit.jupiter.api.Test;

/**
 * The mapping of the executor's devices to NVML's, against a fake NVML: NVML numbers devices in PCI bus order, CUDA
 * (and so the executor) fastest first and after CUDA_VISIBLE_DEVICES, so a device is found by its UUID and never by
 * its ordinal; where the mapping cannot be made every figure is unknown and the log says why once.
 */
class NvmlDeviceMemoryTest
{
    private static final long GIB = 1L << 30;
    private static final String A = "GPU-aaaaaaaa-0000-0000-0000-000000000000";
    private static final String B = "GPU-bbbbbbbb-0000-0000-0000-000000000000";
    private static final String C = "GPU-cccccccc-0000-0000-0000-000000000000";

    private final CapturedLog log = new CapturedLog(ExecutorLog.Level.INFO);
    private final FakeNvml nvml = new FakeNvml();

    @Test
    void devicesAreFoundByUuidWhateverTheirNvmlIndex()
    {
        // NVML's order (PCI bus): A, B, C. The executor serves CUDA's devices C and A, in that order, as 0 and 1.
        nvml.add(A, 80 * GIB, 70 * GIB);
        nvml.add(B, 40 * GIB, 40 * GIB);
        nvml.add(C, 16 * GIB, 3 * GIB);

        try (NvmlDeviceMemory memory = new NvmlDeviceMemory(() -> nvml, List.of(C, A), log.log()))
        {
            assertEquals(new DeviceMemoryFigures(16 * GIB, 3 * GIB), memory.read(0));
            assertEquals(new DeviceMemoryFigures(80 * GIB, 70 * GIB), memory.read(1));
            nvml.setFree(A, 10 * GIB);
            assertEquals(new DeviceMemoryFigures(80 * GIB, 10 * GIB), memory.read(1), "read afresh each time");
            assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(2), "no such device");
        }
        assertEquals(1, nvml.opens);
        assertEquals(1, nvml.closes);
        assertTrue(log.text().contains("device memory from NVML: 0 = " + C + ", 1 = " + A), log.text());
    }

    @Test
    void aDeviceNvmlDoesNotKnowMakesEveryFigureUnknownAndIsSaidOnce()
    {
        nvml.add(A, 80 * GIB, 70 * GIB);
        // A MIG instance's UUID, written as a GPU's: NVML knows no such GPU, and the whole GPU's figures would be wrong.
        try (NvmlDeviceMemory memory = new NvmlDeviceMemory(() -> nvml, List.of(A, B), log.log()))
        {
            for (int i = 0; i < 3; i++)
            {
                assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(0));
                assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(1));
            }
        }
        assertEquals(1, count(log.text(), "device memory is reported as unknown: NVML does not know device 1 by its " +
            "UUID " + B), log.text());
        assertEquals(1, nvml.closes, "NVML is shut down once the mapping failed");
    }

    @Test
    void noNvmlNoUuidsOrTwoDevicesWithOneUuidGiveUnknownFigures()
    {
        try (NvmlDeviceMemory memory = new NvmlDeviceMemory(() ->
        {
            throw new UnsatisfiedLinkError("no nvidia-ml in java.library.path");
        }, List.of(A), log.log()))
        {
            assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(0));
            assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(0));
        }
        try (NvmlDeviceMemory memory = new NvmlDeviceMemory(() -> nvml, List.of(), log.log()))
        {
            assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(0));
        }
        nvml.add(A, GIB, GIB);
        try (NvmlDeviceMemory memory = new NvmlDeviceMemory(() -> nvml, List.of(A, A), log.log()))
        {
            assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(0));
        }
        final String text = log.text();
        assertEquals(1, count(text, "NVML is not available (no nvidia-ml in java.library.path)"), text);
        assertEquals(1, count(text, "the backend named no device UUIDs"), text);
        assertEquals(1, count(text, "two devices have one UUID"), text);
    }

    @Test
    void aFailedReadIsUnknownWhileItLasts()
    {
        nvml.add(A, 80 * GIB, 70 * GIB);
        try (NvmlDeviceMemory memory = new NvmlDeviceMemory(() -> nvml, List.of(A), log.log()))
        {
            assertEquals(new DeviceMemoryFigures(80 * GIB, 70 * GIB), memory.read(0));
            nvml.failReads = true;
            assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(0));
            assertEquals(DeviceMemoryFigures.UNKNOWN_FIGURES, memory.read(0));
            nvml.failReads = false;
            assertEquals(new DeviceMemoryFigures(80 * GIB, 70 * GIB), memory.read(0));
        }
        assertEquals(1, count(log.text(), "NVML could not read the memory of device 0"), log.text());
    }

    @Test
    void theEmulatorsFiguresAreItsSizeLessWhatSessionsHold()
    {
        final Map<Integer, Long> held = new TreeMap<>(Map.of(1, 3 * GIB));
        final ConfiguredDeviceMemory memory = new ConfiguredDeviceMemory(4 * GIB, () -> new TreeMap<>(held));

        assertEquals(new DeviceMemoryFigures(4 * GIB, 4 * GIB), memory.read(0));
        assertEquals(new DeviceMemoryFigures(4 * GIB, GIB), memory.read(1));
        held.put(0, 5 * GIB);
        assertEquals(new DeviceMemoryFigures(4 * GIB, 0), memory.read(0), "never below zero");
    }

    private static int count(final String text, final String part)
    {
        int count = 0;
        for (int at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + 1))
        {
            count++;
        }
        return count;
    }

    /**
     * Devices by UUID in NVML's own order, as a driver would hold them.
     */
    private static final class FakeNvml implements Nvml
    {
        final List<String> order = new ArrayList<>();
        final Map<String, long[]> figures = new HashMap<>();
        boolean failReads;
        int opens;
        int closes;

        FakeNvml()
        {
            opens++;
        }

        void add(final String uuid, final long total, final long free)
        {
            order.add(uuid);
            figures.put(uuid, new long[] { total, free });
        }

        void setFree(final String uuid, final long free)
        {
            figures.get(uuid)[1] = free;
        }

        public Device deviceByUuid(final String uuid)
        {
            final int index = order.indexOf(uuid);
            if (index < 0)
            {
                throw new IllegalStateException("nvmlDeviceGetHandleByUUID " + uuid + " failed: Not Found");
            }
            return () ->
            {
                if (failReads)
                {
                    throw new IllegalStateException("nvmlDeviceGetMemoryInfo failed: GPU is lost");
                }
                final long[] values = figures.get(order.get(index));
                return new DeviceMemoryFigures(values[0], values[1]);
            };
        }

        public void close()
        {
            closes++;
        }
    }
}
