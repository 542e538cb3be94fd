package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
 * values the host view shows after each synchronisation).
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

    private static void compare(final Transport transport, final Path work) throws Exception
    {
        // JCuda's own natives refuse cudaMemcpyDefault: both runs name their copies' kinds.
        final List<String> explicitKinds = List.of("-Dmanaged.explicitKinds=true");
        final String localOutput = GpuPrograms.local(ManagedMemoryProgram.class, explicitKinds);

        final String remoteOutput;
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            remoteOutput = GpuPrograms.remote(executor, "", ManagedMemoryProgram.class, explicitKinds,
                transport == Transport.IPC ? "mapped=yes" : "mapped=no");
        }
        assertTrue(localOutput.contains("\nPASSED"), localOutput);
        assertTrue(remoteOutput.contains("\nPASSED"), remoteOutput);
        // Over UDP mapped memory is refused (the program checks that instead of the kernel on it).
        assertEquals(comparable(checks(localOutput), transport), comparable(checks(remoteOutput), transport),
            "locally:\n" + localOutput + "\nthrough gpurelay:\n" + remoteOutput);
        assertTrue(remoteOutput.contains("INFO concurrentManagedAccess 0"), remoteOutput);
    }

    private static List<String> comparable(final List<String> checks, final Transport transport)
    {
        if (transport == Transport.IPC)
        {
            return checks;
        }
        final List<String> kept = new ArrayList<>();
        for (final String check : checks)
        {
            if (!check.contains("mapped memory") && !check.contains("cudaHostGetDevicePointer") &&
                !check.contains("cudaHostAllocMapped"))
            {
                kept.add(check);
            }
        }
        return kept;
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
