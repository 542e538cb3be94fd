package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.GraphsProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * CUDA graphs on a real GPU compared with JCuda's own natives: {@link GraphsProgram} runs once locally (JCuda 12.6's
 * natives on the CUDA 13 host) and once through the agent against a gpu executor on the same GPU; every call must give
 * the same status and the same results (nodes named by the program, so handles never differ), and both runs must pass
 * their own checks.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class GraphsGpuIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyGraphCallGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        // JCuda's own natives corrupt the heap filling node arrays and crash running host nodes on a CUDA 13 host:
        // both runs compared skip those, and a third run through gpurelay does them and must pass its own checks.
        final List<String> skips = List.of("-Dgraphs.skipNodeLists=true", "-Dgraphs.skipHostNodes=true");
        final String kernels = Artifacts.kernelsDir().toString();
        final GpuPrograms.Runs runs = GpuPrograms.localAndRemoteThenFull(work, GraphsProgram.class, skips,
            List.of(kernels), "lists", List.of(kernels), withLists ->
            {
                assertTrue(withLists.contains("\nPASSED"), withLists);
                assertTrue(withLists.contains("FN cuGraphGetEdges/graph status=0"), withLists);
                assertTrue(withLists.contains("CHECK the host nodes ran in order"), withLists);
            });

        CallLines.assertBothEndedWithSameCalls("graph functions", "PASSED", runs.local(), runs.remote(), Map.of(),
            true);
    }
}
