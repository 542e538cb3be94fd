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
    private static final String SUMS = "status=0 0x1.0p-1 0x1.ffap10";
    private static final String ONES = "status=0 0x1.0p0 0x1.0p0";

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
        expected.put("cuMemCreate/shareable", "status=801");
        expected.put("cuMemCreate/over-the-quota", "status=2");
        expected.put("cuMemCreate/unaligned", "status=1");
        expected.put("cuMemAddressReserve/unaligned", "status=1");
        expected.put("cuMemRelease/released", "status=1");
        expected.put("cuMemAddressReserve/again", "status=0");
        expected.put("cuMemCreate/again", "status=0");
        expected.put("cuMemMap/outside-the-reservation", "status=1");
        expected.put("cuMemMap/released-handle", "status=1");
        expected.put("cuMemMap/again", "status=0");
        expected.put("cuMemsetD32/before-access", "status=1");
        expected.put("cuMemRetainAllocationHandle/past-the-mapping", "status=1");
        expected.put("cuMemAddressFree/still-mapped", "status=1");
        expected.put("cuMemUnmap/half", "status=1");
        expected.put("cuMemsetD32/the-freed-reservation", "status=1");
        expected.put("cuPointerSetAttribute/not-settable", "status=1");
        expected.put("cuMemHostGetFlags/freed", "status=1");
        expected.put("cuCtxDestroy", "status=0");

        final Map<String, String> actual = MemoryPoolsIT.calls(output);
        final List<String> differences = new ArrayList<>();
        for (final Map.Entry<String, String> call : expected.entrySet())
        {
            if (!call.getValue().equals(actual.get(call.getKey())))
            {
                differences.add(call.getKey() + ": expected " + call.getValue() + ", got " + actual.get(call.getKey()));
            }
        }
        assertTrue(differences.isEmpty(), String.join("\n", differences) + "\n\n" + output);
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
        final Map<String, String> expected = new LinkedHashMap<>();
        expected.put("cuCtxCreate", "status=0");
        expected.put("cuMemGetAllocationGranularity/recommended", "status=0 2097152");
        expected.put("cuMemGetAllocationGranularity/minimum", "status=0 2097152");
        expected.put("cuMemAddressReserve", "status=0 true true");
        expected.put("cuMemCreate", "status=0 true");
        expected.put("cuMemGetAllocationPropertiesFromHandle", "status=0 1 1:0 0");
        expected.put("cuMemMap/first", "status=0");
        expected.put("cuMemSetAccess/first", "status=0");
        expected.put("cuMemGetAccess/first", "status=0 3");
        expected.put("cuMemcpyHtoD/mapped", "status=0");
        expected.put("cuLaunchKernel/mapped", "status=0");
        expected.put("cuCtxSynchronize/kernel", "status=0");
        expected.put("cuMemcpyDtoH/sums", SUMS);
        expected.put("cuMemsetD32/mapped", "status=0");
        expected.put("cuMemcpyDtoH/ones", ONES);
        expected.put("cuMemMap/second", "status=0");
        expected.put("cuMemSetAccess/second", "status=0");
        expected.put("cuMemcpyDtoH/sums-through-the-second-mapping", SUMS);
        expected.put("cuMemsetD32/second", "status=0");
        expected.put("cuMemcpyDtoH/first-element-through-the-first-mapping", "status=0 0x1.0p2");
        expected.put("cuPointerSetAttribute/sync-memops-on-an-allocation", "status=0");
        expected.put("cuMemRetainAllocationHandle/inside-the-second-mapping", "status=0 true");
        expected.put("cuMemRelease/the-retained-reference", "status=0");
        expected.put("cuMemRelease", "status=0");
        expected.put("cuMemcpyDtoH/after-the-release", ONES);
        expected.put("cuMemUnmap/first", "status=0");
        expected.put("cuMemUnmap/second", "status=0");
        expected.put("cuMemAddressFree", "status=0");
        expected.put("cuMemFree", "status=0");
        expected.put("cuMemHostAlloc/portable", "status=0");
        expected.put("cuMemHostGetFlags/portable", "status=0 1");
        expected.put("cuMemFreeHost/portable", "status=0");
        return expected;
    }
}
