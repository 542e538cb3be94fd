package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.MemoryPoolsProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unmodified JCuda program ({@link MemoryPoolsProgram}) using stream-ordered allocation, memory pools, stream
 * priorities, primary-context flags, PCI bus ids, the occupancy calculator and a cooperative launch through the agent
 * against the emulated executor: what the emulator runs gives what CUDA gives (a kernel and memsets write through
 * stream-ordered allocations and a pool's), what it cannot do fails as not supported, and what gpurelay refuses
 * (shareable handles, a freed or foreign pointer) fails with CUDA's status.
 */
class MemoryPoolsIT
{
    private static final String NOT_SUPPORTED = "status=801";

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theFamilyRunsThroughTheAgentOnTheEmulator(@TempDir final Path work) throws Exception
    {
        final String output;
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), MemoryPoolsProgram.class,
                Artifacts.kernelsDir().toString(), "refusals");
            final int exitCode = client.awaitExit(Duration.ofSeconds(240));
            output = client.output();
            assertEquals(0, exitCode, output);
        }
        assertTrue(output.contains("\nDONE"), output);
        assertTrue(output.contains("\nHELD true"), "stream-ordered allocations are the session's memory: " + output);
        final Map<String, String> expected = new LinkedHashMap<>();
        expected.put("cuModuleLoadFatBinary/PTX-image", "status=0");
        expected.put("cuModuleLoadDataJIT/PTX", "status=0 true");
        expected.put("cuModuleLoadDataJIT/broken-PTX", "status=218 true");
        expected.put("cudaDeviceGetTexture1DLinearMaxWidth/float4", NOT_SUPPORTED + " 0");
        expected.put("cudaDeviceGetTexture1DLinearMaxWidth/uneven-channels", "status=20");
        expected.put("cudaGetLastError/texture", "status=20");
        expected.put("cuCtxAttach", "status=0 true");
        expected.put("cuCtxAttach/flags", "status=1");
        expected.put("cuCtxDetach/attached", "status=0");
        expected.put("cuCtxGetApiVersion/still-live", "status=0");
        expected.put("cuCtxDetach/last", "status=0");
        expected.put("cuCtxPushCurrent/destroyed", "status=201");
        expected.put("cuLinkCreate", "status=0");
        expected.put("cuLinkAddFile/PTX", "status=0");
        expected.put("cuLinkAddFile/missing", "status=301");
        expected.put("cuLinkComplete", NOT_SUPPORTED + " false true");
        expected.put("cuLinkDestroy", "status=0");
        expected.put("cuLinkDestroy/twice", "status=400");
        expected.put("cuLinkAddData/destroyed-state", "status=400");
        expected.put("cuLinkAddData/not-an-input-type", "status=1");
        expected.put("cuLinkComplete/empty", "status=1");
        expected.put("cuDevicePrimaryCtxSetFlags/blocking-sync", "status=0");
        expected.put("cuDevicePrimaryCtxGetState", "status=0 4 0");
        expected.put("cuDevicePrimaryCtxSetFlags/invalid-schedule", "status=1");
        expected.put("cuDeviceGetByPCIBusId/own-id", "status=0 true");
        expected.put("cuDeviceGetByPCIBusId/without-function", "status=0 true");
        expected.put("cuDeviceGetByPCIBusId/no-such-device", "status=101");
        expected.put("cuDeviceGetByPCIBusId/not-an-id", "status=1");
        expected.put("cuDeviceGetP2PAttribute/access-supported,-to-itself", NOT_SUPPORTED + " 0");
        expected.put("cuCtxGetStreamPriorityRange", "status=0 0 0");
        expected.put("cuStreamCreateWithPriority/greatest", "status=0");
        expected.put("cuStreamGetPriority/greatest", "status=0 0");
        expected.put("cuStreamCreateWithPriority/below-the-range", "status=0");
        expected.put("cuStreamGetPriority/below-the-range", "status=0 0");
        expected.put("cuStreamCreateWithPriority/invalid-flags", "status=1");
        expected.put("cuStreamGetAttribute/synchronization-policy", "status=0 1");
        expected.put("cuStreamSetAttribute/blocking-sync", "status=0");
        expected.put("cuStreamGetAttribute/blocking-sync", "status=0 4");
        expected.put("cuStreamSetAttribute/access-policy-window", NOT_SUPPORTED);
        expected.put("cuStreamGetAttribute/access-policy-window", NOT_SUPPORTED + " -");
        expected.put("cudaStreamSetAttribute/yield", "status=0");
        expected.put("cudaStreamGetAttribute/yield", "status=0 3");
        expected.put("cuMemAllocAsync/stream", "status=0 true");
        expected.put("cuMemAllocAsync/default-stream", "status=0 true");
        expected.put("cuMemAllocAsync/null-stream", "status=0 true");
        expected.put("cuMemAllocAsync/zero-bytes", "status=0");
        expected.put("cuMemsetD32Async", "status=0");
        expected.put("cuLaunchKernel", "status=0");
        expected.put("cuMemcpyDtoH/sum", "status=0 0x1.8p1 0x1.8p1");
        expected.put("cuMemFreeAsync/stream", "status=0");
        expected.put("cuMemFreeAsync/default-stream", "status=0");
        expected.put("cuMemPoolCreate", "status=0");
        expected.put("cuMemAllocFromPoolAsync", "status=0 true");
        expected.put("cuMemcpyDtoH/pool", "status=0 0x1.4p1 0x1.4p1");
        expected.put("cuMemPoolTrimTo", "status=0");
        expected.put("cuMemFreeAsync/pool", "status=0");
        expected.put("cuMemPoolTrimTo/after-free", "status=0");
        expected.put("cuMemPoolDestroy", "status=0");
        expected.put("cuMemPoolCreate/invalid-allocation-type", "status=1");
        expected.put("cuMemPoolCreate/shareable", NOT_SUPPORTED);
        expected.put("cuMemFreeAsync/freed-twice", "status=1");
        expected.put("cuMemFreeAsync/not-an-allocation", "status=1");
        expected.put("cuMemsetD32/after-the-free", "status=1");
        expected.put("cuOccupancyMaxPotentialBlockSize/fixed-shared-memory", NOT_SUPPORTED + " 0 0");
        expected.put("cuOccupancyMaxPotentialBlockSize/callback", NOT_SUPPORTED + " 0 0");
        expected.put("cuOccupancyMaxPotentialBlockSizeWithFlags/disable-caching-override", NOT_SUPPORTED + " 0 0");
        expected.put("cuLaunchCooperativeKernel", NOT_SUPPORTED);
        expected.put("cuMemcpyDtoH/cooperative", "status=0 0x1.0p-2 0x1.0p-2");
        expected.put("cuFuncSetBlockShape", NOT_SUPPORTED);
        expected.put("cuParamSetSize", NOT_SUPPORTED);
        expected.put("cuParamSetv/a", NOT_SUPPORTED);
        expected.put("cuParamSeti/n", NOT_SUPPORTED);
        expected.put("cuParamSetf/n-as-float-bits", NOT_SUPPORTED);
        expected.put("cuLaunchGrid", NOT_SUPPORTED);
        expected.put("cuLaunchGridAsync", NOT_SUPPORTED);
        expected.put("cuLaunch", NOT_SUPPORTED);
        expected.put("cuMemcpyDtoH/legacy-launch", "status=0 0x1.0p2 0x1.0p2");
        expected.put("cuParamSetv/three-bytes", NOT_SUPPORTED);
        expected.put("cuCtxDestroy", "status=0");
        expected.put("cudaDeviceGetStreamPriorityRange", "status=0 0 0");
        expected.put("cudaStreamCreateWithPriority/greatest", "status=0");
        expected.put("cudaStreamGetPriority", "status=0 0");
        expected.put("cudaStreamCreateWithPriority/invalid-flags", "status=1");
        expected.put("cudaGetLastError", "status=1");
        expected.put("cudaDeviceGetByPCIBusId/own-id", "status=0 0");
        expected.put("cudaDeviceGetByPCIBusId/lower-case", "status=0 0");
        expected.put("cudaDeviceGetByPCIBusId/no-such-device", "status=101");
        expected.put("cudaGetLastError/no-such-device", "status=101");

        final Map<String, String> actual = calls(output);
        final List<String> differences = new ArrayList<>();
        for (final Map.Entry<String, String> call : expected.entrySet())
        {
            if (!call.getValue().equals(actual.get(call.getKey())))
            {
                differences.add(call.getKey() + ": expected " + call.getValue() + ", got " + actual.get(call.getKey()));
            }
        }
        assertTrue(differences.isEmpty(), String.join("\n", differences) + "\n\n" + output);
        assertTrue(actual.getOrDefault("cuDeviceGetProperties", "").matches("status=0 1024 \\[1024, 1024, 64\\] " +
            "\\[\\d+, \\d+, \\d+\\]( \\d+){7}"), "the device's attributes 1 to 14: " +
            actual.get("cuDeviceGetProperties"));
        assertTrue(output.contains("cuLaunchCooperativeKernel is not supported on the emulator"), output);
        assertTrue(output.contains("cuLinkComplete is not supported on the emulator"), output);
        assertTrue(output.contains("operating-system handles of the executor's host"), output);
    }

    static Map<String, String> calls(final String output)
    {
        final Map<String, String> calls = new LinkedHashMap<>();
        for (final String line : output.split("\n"))
        {
            if (line.startsWith("FN "))
            {
                final int space = line.indexOf(' ', 3);
                calls.put(line.substring(3, space), line.substring(space + 1));
            }
        }
        return calls;
    }
}
