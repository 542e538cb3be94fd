package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.VirtualMemoryProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unmodified JCuda program ({@link VirtualMemoryProgram}) using virtual memory management, cuPointerSetAttribute
 * and cuMemHostGetFlags through the agent against the emulated executor with a session memory quota: a physical
 * allocation mapped twice into a reservation is written by a copy, a kernel and a memset through one mapping and
 * read back through both, stays alive while mapped after its release, and goes with its last unmap; what gpurelay
 * refuses (shareable handles, ranges outside the session's reservations, unaligned sizes, released handles, memory
 * without access, the quota) fails with CUDA's status.
 */
class VirtualMemoryIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theFamilyRunsThroughTheAgentOnTheEmulator(@TempDir final Path work) throws Exception
    {
        final String output;
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work, "--session-memory", "16m"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), VirtualMemoryProgram.class,
                Artifacts.kernelsDir().toString(), "refusals");
            final int exitCode = client.awaitExit(Duration.ofSeconds(240));
            output = client.output();
            assertEquals(0, exitCode, output);
        }
        assertTrue(output.contains("\nDONE"), output);
        final Map<String, String> expected = expectedCalls();
        // Refusals.
        expected.putAll(ExpectedCalls.table("""
            cuMemCreate/shareable                         status=801
            cuMemCreate/over-the-quota                    status=2
            cuMemCreate/unaligned                         status=1
            cuMemAddressReserve/unaligned                 status=1
            cuMemRelease/released                         status=1
            cuMemAddressReserve/again                     status=0
            cuMemCreate/again                             status=0
            cuMemMap/outside-the-reservation              status=1
            cuMemMap/released-handle                      status=1
            cuMemMap/again                                status=0
            cuMemsetD32/before-access                     status=1
            cuMemRetainAllocationHandle/past-the-mapping  status=1
            cuMemAddressFree/still-mapped                 status=1
            cuMemUnmap/half                               status=1
            cuMemsetD32/the-freed-reservation             status=1
            cuPointerSetAttribute/not-settable            status=1
            cuMemHostGetFlags/freed                       status=1
            cuCtxDestroy                                  status=0
            """));

        ExpectedCalls.assertAnswered(expected, output);
        assertTrue(output.contains("operating-system handles of the executor's host"), output);
        assertTrue(output.contains("is not inside one address reservation of this session"), output);
        assertTrue(output.contains("cuMemCreate of 134217728 bytes refused"), output);
    }

    /**
     * What each call of {@link VirtualMemoryProgram}'s main sequence answers where CUDA's virtual memory management
     * works as documented (on the emulator, and on a GPU), by its FN key.
     */
    static Map<String, String> expectedCalls()
    {
        return ExpectedCalls.table("""
            cuCtxCreate                                            status=0
            cuMemGetAllocationGranularity/recommended              status=0 2097152
            cuMemGetAllocationGranularity/minimum                  status=0 2097152
            cuMemAddressReserve                                    status=0 true true
            cuMemCreate                                            status=0 true
            cuMemGetAllocationPropertiesFromHandle                 status=0 1 1:0 0
            cuMemMap/first                                         status=0
            cuMemSetAccess/first                                   status=0
            cuMemGetAccess/first                                   status=0 3
            cuMemcpyHtoD/mapped                                    status=0
            cuLaunchKernel/mapped                                  status=0
            cuCtxSynchronize/kernel                                status=0
            cuMemcpyDtoH/sums                                      status=0 0x1.0p-1 0x1.ffap10
            cuMemsetD32/mapped                                     status=0
            cuMemcpyDtoH/ones                                      status=0 0x1.0p0 0x1.0p0
            cuMemMap/second                                        status=0
            cuMemSetAccess/second                                  status=0
            cuMemcpyDtoH/sums-through-the-second-mapping           status=0 0x1.0p-1 0x1.ffap10
            cuMemsetD32/second                                     status=0
            cuMemcpyDtoH/first-element-through-the-first-mapping   status=0 0x1.0p2
            cuPointerSetAttribute/sync-memops-on-an-allocation     status=0
            cuMemRetainAllocationHandle/inside-the-second-mapping  status=0 true
            cuMemRelease/the-retained-reference                    status=0
            cuMemRelease                                           status=0
            cuMemcpyDtoH/after-the-release                         status=0 0x1.0p0 0x1.0p0
            cuMemUnmap/first                                       status=0
            cuMemUnmap/second                                      status=0
            cuMemAddressFree                                       status=0
            cuMemFree                                              status=0
            cuMemHostAlloc/portable                                status=0
            cuMemHostGetFlags/portable                             status=0 1
            cuMemFreeHost/portable                                 status=0
            """);
    }
}
