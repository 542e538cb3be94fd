package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
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
        // status=801: not supported.
        final Map<String, String> expected = ExpectedCalls.table("""
            cuModuleLoadFatBinary/PTX-image                                     status=0
            cuModuleLoadDataJIT/PTX                                             status=0 true
            cuModuleLoadDataJIT/broken-PTX                                      status=218 true
            cudaDeviceGetTexture1DLinearMaxWidth/float4                         status=801 0
            cudaDeviceGetTexture1DLinearMaxWidth/uneven-channels                status=20
            cudaGetLastError/texture                                            status=20
            cuCtxAttach                                                         status=0 true
            cuCtxAttach/flags                                                   status=1
            cuCtxDetach/attached                                                status=0
            cuCtxGetApiVersion/still-live                                       status=0
            cuCtxDetach/last                                                    status=0
            cuCtxPushCurrent/destroyed                                          status=201
            cuLinkCreate                                                        status=0
            cuLinkAddFile/PTX                                                   status=0
            cuLinkAddFile/missing                                               status=301
            cuLinkComplete                                                      status=801 false true
            cuLinkDestroy                                                       status=0
            cuLinkDestroy/twice                                                 status=400
            cuLinkAddData/destroyed-state                                       status=400
            cuLinkAddData/not-an-input-type                                     status=1
            cuLinkComplete/empty                                                status=1
            cuDevicePrimaryCtxSetFlags/blocking-sync                            status=0
            cuDevicePrimaryCtxGetState                                          status=0 4 0
            cuDevicePrimaryCtxSetFlags/invalid-schedule                         status=1
            cuDeviceGetByPCIBusId/own-id                                        status=0 true
            cuDeviceGetByPCIBusId/without-function                              status=0 true
            cuDeviceGetByPCIBusId/no-such-device                                status=101
            cuDeviceGetByPCIBusId/not-an-id                                     status=1
            cuDeviceGetP2PAttribute/access-supported,-to-itself                 status=801 0
            cuCtxGetStreamPriorityRange                                         status=0 0 0
            cuStreamCreateWithPriority/greatest                                 status=0
            cuStreamGetPriority/greatest                                        status=0 0
            cuStreamCreateWithPriority/below-the-range                          status=0
            cuStreamGetPriority/below-the-range                                 status=0 0
            cuStreamCreateWithPriority/invalid-flags                            status=1
            cuStreamGetAttribute/synchronization-policy                         status=0 1
            cuStreamSetAttribute/blocking-sync                                  status=0
            cuStreamGetAttribute/blocking-sync                                  status=0 4
            cuStreamSetAttribute/access-policy-window                           status=801
            cuStreamGetAttribute/access-policy-window                           status=801 -
            cudaStreamSetAttribute/yield                                        status=0
            cudaStreamGetAttribute/yield                                        status=0 3
            cuMemAllocAsync/stream                                              status=0 true
            cuMemAllocAsync/default-stream                                      status=0 true
            cuMemAllocAsync/null-stream                                         status=0 true
            cuMemAllocAsync/zero-bytes                                          status=0
            cuMemsetD32Async                                                    status=0
            cuLaunchKernel                                                      status=0
            cuMemcpyDtoH/sum                                                    status=0 0x1.8p1 0x1.8p1
            cuMemFreeAsync/stream                                               status=0
            cuMemFreeAsync/default-stream                                       status=0
            cuMemPoolCreate                                                     status=0
            cuMemAllocFromPoolAsync                                             status=0 true
            cuMemcpyDtoH/pool                                                   status=0 0x1.4p1 0x1.4p1
            cuMemPoolTrimTo                                                     status=0
            cuMemFreeAsync/pool                                                 status=0
            cuMemPoolTrimTo/after-free                                          status=0
            cuMemPoolDestroy                                                    status=0
            cuMemPoolCreate/invalid-allocation-type                             status=1
            cuMemPoolCreate/shareable                                           status=801
            cuMemFreeAsync/freed-twice                                          status=1
            cuMemFreeAsync/not-an-allocation                                    status=1
            cuMemsetD32/after-the-free                                          status=1
            cuOccupancyMaxPotentialBlockSize/fixed-shared-memory                status=801 0 0
            cuOccupancyMaxPotentialBlockSize/callback                           status=801 0 0
            cuOccupancyMaxPotentialBlockSizeWithFlags/disable-caching-override  status=801 0 0
            cuLaunchCooperativeKernel                                           status=801
            cuMemcpyDtoH/cooperative                                            status=0 0x1.0p-2 0x1.0p-2
            cuFuncSetBlockShape                                                 status=801
            cuParamSetSize                                                      status=801
            cuParamSetv/a                                                       status=801
            cuParamSeti/n                                                       status=801
            cuParamSetf/n-as-float-bits                                         status=801
            cuLaunchGrid                                                        status=801
            cuLaunchGridAsync                                                   status=801
            cuLaunch                                                            status=801
            cuMemcpyDtoH/legacy-launch                                          status=0 0x1.0p2 0x1.0p2
            cuParamSetv/three-bytes                                             status=801
            cuCtxDestroy                                                        status=0
            cudaDeviceGetStreamPriorityRange                                    status=0 0 0
            cudaStreamCreateWithPriority/greatest                               status=0
            cudaStreamGetPriority                                               status=0 0
            cudaStreamCreateWithPriority/invalid-flags                          status=1
            cudaGetLastError                                                    status=1
            cudaDeviceGetByPCIBusId/own-id                                      status=0 0
            cudaDeviceGetByPCIBusId/lower-case                                  status=0 0
            cudaDeviceGetByPCIBusId/no-such-device                              status=101
            cudaGetLastError/no-such-device                                     status=101
            """);

        final Map<String, String> actual = ExpectedCalls.assertAnswered(expected, output);
        assertTrue(actual.getOrDefault("cuDeviceGetProperties", "").matches("status=0 1024 \\[1024, 1024, 64\\] " +
            "\\[\\d+, \\d+, \\d+\\]( \\d+){7}"), "the device's attributes 1 to 14: " +
            actual.get("cuDeviceGetProperties"));
        assertTrue(output.contains("cuLaunchCooperativeKernel is not supported on the emulator"), output);
        assertTrue(output.contains("cuLinkComplete is not supported on the emulator"), output);
        assertTrue(output.contains("operating-system handles of the executor's host"), output);
    }
}
