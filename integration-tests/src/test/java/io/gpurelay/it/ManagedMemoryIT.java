package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.ManagedMemoryProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Managed memory of an unmodified JCuda program through the agent, against the emulated executor over IPC and UDP:
 * the host view and the device agree at every synchronisation point across rounds of host writes and kernels,
 * copies see the host view, the driver API's managed memory, hints accepted on managed memory and CUDA's errors for
 * bad ones, host registration and its refusals, pointer attributes, range attributes, device flags, mapped memory ({@link ManagedMemoryProgram} checks it all; its checks hold with JCuda's own natives on a GPU too, which
 * {@code ManagedMemoryGpuIT} compares).
 */
class ManagedMemoryIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void hostViewAndDeviceAgreeAtEverySynchronisationPoint(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            // Mapped memory needs memory shared with the executor: over IPC only.
            final ForkedProcess client = Client.start(executor.agentOptions(""), ManagedMemoryProgram.class,
                transport == Transport.IPC ? "mapped=yes" : "mapped=no");
            final String output = Client.assertPassed(client, Duration.ofSeconds(180));
            assertTrue(output.contains("CHECK round 3: the kernel read the one value the host changed ok"), output);
            assertTrue(output.contains("CHECK the host view shows what the copy wrote ok"), output);
            assertTrue(output.contains("CHECK cudaMemAdvise of memory from cudaMalloc ok"), output);
            // What works remotely: coherence at synchronisation points, not concurrent access.
            assertTrue(output.contains("INFO concurrentManagedAccess 0"), output);
            assertFalse(output.contains("is not supported by gpurelay"), output);
            assertTrue(output.contains("CHECK registered memory round trip through a kernel ok"), output);
            assertTrue(output.contains("CHECK managed memory's type ok"), output);
            assertTrue(output.contains("CHECK the range starts at the allocation ok"), output);
            assertTrue(output.contains("CHECK accessed by device 0 alone ok"), output);
            assertTrue(output.contains("CHECK the device maps host memory ok"), output);
            assertTrue(output.contains("CHECK a kernel read and wrote mapped memory, or it was refused ok"), output);
            assertEquals(transport == Transport.IPC, output.contains("CHECK cudaHostGetDevicePointer ok"), output);
            // Mapping the program's own memory into the executor's device is refused, naming the flag.
            assertTrue(output.contains("INFO cudaHostRegister mapped 801"), output);
            assertTrue(output.contains("cudaHostRegister with cudaHostRegisterMapped: the executor's device " +
                "cannot map this process's memory"), output);
        }
    }
}
