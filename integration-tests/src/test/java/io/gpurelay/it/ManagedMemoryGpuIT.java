package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.ManagedCublasProgram;
import io.gpurelay.it.programs.ManagedMemoryProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Managed memory on a real GPU, compared with JCuda's own natives: {@link ManagedMemoryProgram} runs once locally
 * (JCuda 12.6's natives on the CUDA 13 host) and once through the agent against a gpu executor on the same GPU, over
 * IPC and UDP; both must pass and report the same checks in the same order (statuses of every call it checks, the
 * values the host view shows after each synchronisation, mapped memory over either transport). {@link
 * ManagedCublasProgram} runs through gpurelay only.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class ManagedMemoryGpuIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theProgramSeesOnTheGpuWhatJCudaGivesLocally(final Transport transport) throws Exception
    {
        // Mapped memory over IPC needs pinned memory the executor page-locks: its Aeron directory on tmpfs.
        final Path work = ShmDirectory.create("gpurelay-managed-it");
        try
        {
            compare(transport, work);
        }
        finally
        {
            ShmDirectory.delete(work);
        }
    }

    /**
     * The acceptance of the driver API's host view and of mapped memory without shared memory: an unmodified program
     * that fills cuMemAllocManaged(..., CU_MEM_ATTACH_HOST) memory from Java and reads cuBLAS's results through it
     * passes over IPC and UDP (through gpurelay only: JCublas2's natives need CUDA 12's libraries, so the program
     * checks against a CPU reference), and the mapped-memory checks of {@link ManagedMemoryProgram} hold over UDP, as
     * {@link #theProgramSeesOnTheGpuWhatJCudaGivesLocally} compares with JCuda's own natives.
     */
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cublasReadsTheDriverApisManagedMemoryAndMappedMemoryWorksOverEitherTransport(final Transport transport)
        throws Exception
    {
        final Path work = ShmDirectory.create("gpurelay-managed-it");
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final String cublas = GpuPrograms.remote(executor, "cublas", ManagedCublasProgram.class, List.of());
            assertTrue(cublas.contains("CHECK the host view shows SGEMM's result ok"), cublas);
            assertTrue(cublas.contains("CHECK SAXPY read what the host changed ok"), cublas);
            final String managed = GpuPrograms.remote(executor, "mapped", ManagedMemoryProgram.class,
                List.of("-Dmanaged.explicitKinds=true"));
            assertTrue(managed.contains("CHECK a kernel read and wrote mapped memory ok"), managed);
            assertTrue(managed.contains("CHECK a kernel read and wrote driver-mapped memory ok"), managed);
            assertTrue(managed.contains("CHECK driver round 3: the kernel read the values at the start the host " +
                "changed ok"), managed);
        }
        finally
        {
            ShmDirectory.delete(work);
        }
    }

    private static void compare(final Transport transport, final Path work) throws Exception
    {
        // JCuda's own natives refuse cudaMemcpyDefault: both runs name their copies' kinds.
        final List<String> explicitKinds = List.of("-Dmanaged.explicitKinds=true");
        final String localOutput = GpuPrograms.local(ManagedMemoryProgram.class, explicitKinds);

        final String remoteOutput;
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            remoteOutput = GpuPrograms.remote(executor, "", ManagedMemoryProgram.class, explicitKinds);
        }
        assertTrue(localOutput.contains("\nPASSED"), localOutput);
        assertTrue(remoteOutput.contains("\nPASSED"), remoteOutput);
        // Mapped memory too, over UDP as over IPC.
        assertEquals(checks(localOutput), checks(remoteOutput),
            "locally:\n" + localOutput + "\nthrough gpurelay:\n" + remoteOutput);
        assertTrue(remoteOutput.contains("INFO concurrentManagedAccess 0"), remoteOutput);
    }

    private static List<String> checks(final String output)
    {
        final List<String> checks = new ArrayList<>();
        for (final String line : output.split("\n"))
        {
            if (line.startsWith("CHECK "))
            {
                checks.add(line.strip());
            }
        }
        return checks;
    }
}
