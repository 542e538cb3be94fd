package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.MemoryPoolsProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stream-ordered allocation, memory pools, stream priorities, primary-context flags, PCI bus ids, the occupancy
 * calculator and cooperative launches on a real GPU, compared with JCuda's own natives: {@link MemoryPoolsProgram}
 * runs once locally (JCuda 12.6's natives on the CUDA 13 host) and once through the agent against a gpu executor on
 * the same GPU; every call must give the same status and write the same values. The occupancy calculator is the
 * agent's (from the executor's occupancy of each block size), so equal answers show it computes what CUDA's does.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class MemoryPoolsGpuIT
{
    /** Calls whose local and remote results are known to differ, each as observed (local | through gpurelay). */
    private static final Map<String, String> KNOWN_DIFFERENCES = Map.of(
        // gpurelay sets the parameter buffer in whole 4-byte words (docs/remoted.md, the driver API); CUDA takes any length.
        "cuParamSetv/three-bytes", "status=0 | status=801");

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyCallGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        // JCuda's own natives crash setting an access policy window and loading a module with JIT options on a
        // CUDA 13 host, and leave a fat binary's module unset: both compared runs leave those out, and a third run
        // through gpurelay does them.
        final List<String> skips = List.of("-Dpools.skipAccessPolicyWindow=true", "-Dpools.skipModules=true");
        final String kernels = Artifacts.kernelsDir().toString();
        final GpuPrograms.Runs runs = GpuPrograms.localAndRemoteThenFull(work, MemoryPoolsProgram.class, skips,
            List.of(kernels), "window", List.of(kernels), window ->
            {
                assertTrue(window.contains("FN cuStreamSetAttribute/access-policy-window status=0\n") &&
                    window.contains("FN cuStreamGetAttribute/access-policy-window status=0 65536 0.5 2 1\n"), window);
                for (final String line : List.of("FN cuModuleLoadFatBinary/PTX-image status=0\n",
                    "FN cuModuleUnload/fat-binary status=0\n", "FN cuModuleLoadDataJIT/PTX status=0 true\n",
                    "FN cuLinkComplete status=0 true true\n", "FN cuModuleLoadDataEx/linked-cubin status=0\n"))
                {
                    assertTrue(window.contains(line), line + " in\n" + window);
                }
            });

        CallLines.assertBothEndedWithSameCalls("hand-written functions", "DONE", runs.local(), runs.remote(),
            KNOWN_DIFFERENCES, false);
    }
}
