package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.ManagedCublasProgram;
import io.gpurelay.it.programs.ManagedMemoryProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Managed memory of an unmodified JCuda program through the agent, against the emulated executor over IPC and UDP:
 * the host view and the device agree at every synchronisation point across rounds of host writes and kernels,
 * copies see the host view, the driver API's managed memory, hints accepted on managed memory and CUDA's errors for
 * bad ones, host registration and its refusals, pointer attributes, range attributes, device flags, the driver API's
 * host view, mapped memory of both APIs over both transports ({@link ManagedMemoryProgram} checks it all; its checks
 * hold with JCuda's own natives on a GPU too, which {@code ManagedMemoryGpuIT} compares); and an unmodified program
 * that fills the driver API's managed memory from Java and reads cuBLAS's results through its host view
 * ({@link ManagedCublasProgram}).
 */
class ManagedMemoryIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void hostViewAndDeviceAgreeAtEverySynchronisationPoint(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        final String output = Client.runPassing(transport, work, ManagedMemoryProgram.class, Duration.ofSeconds(180));
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
        // The driver API's host view of managed memory, at the driver's synchronisation points.
        assertTrue(output.contains("CHECK the driver API's managed pointer has a host view ok"), output);
        assertTrue(output.contains("CHECK driver round 3: the kernel read the values at the start the host " +
            "changed ok"), output);
        // Mapped memory over both transports: shared with the executor over IPC, a device copy over UDP.
        assertTrue(output.contains("CHECK cudaHostGetDevicePointer ok"), output);
        assertTrue(output.contains("CHECK a kernel read and wrote mapped memory ok"), output);
        assertTrue(output.contains("CHECK the kernel read what the copy wrote into mapped memory ok"), output);
        assertTrue(output.contains("CHECK mapped memory's device pointer is host memory ok"), output);
        assertTrue(output.contains("CHECK a kernel read and wrote driver-mapped memory ok"), output);
        // Mapping the program's own memory into the executor's device is refused, naming the flag.
        assertTrue(output.contains("INFO cudaHostRegister mapped 801"), output);
        assertTrue(output.contains("cudaHostRegister with cudaHostRegisterMapped: the executor's device " +
            "cannot map this process's memory"), output);
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void cublasReadsTheDriverApisManagedMemoryTheHostFilled(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        final String output = Client.runPassing(transport, work, ManagedCublasProgram.class, Duration.ofSeconds(120));
        assertTrue(output.contains("CHECK the host view shows SGEMM's result ok"), output);
        assertTrue(output.contains("CHECK SAXPY read what the host changed ok"), output);
    }
}
