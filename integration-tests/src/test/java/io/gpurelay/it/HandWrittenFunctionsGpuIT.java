package io.gpurelay.it;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.HandWrittenFunctionsProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime and driver functions gpurelay remotes by hand-written code, on a real GPU, compared with JCuda's own
 * natives: {@link HandWrittenFunctionsProgram} runs once locally (JCuda 12.6's natives on the CUDA 13 host) and once
 * through the agent against a gpu executor on the same GPU; every call must give the same status and write the same
 * values (the differential test for hand-written functions; {@code TableFunctionsGpuIT} is the table rows').
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class HandWrittenFunctionsGpuIT
{
    /**
     * Calls whose local and remote results are known to differ, each exactly as observed (local | through gpurelay),
     * so that any other change still fails. JCuda 12.6's own native code refuses {@code cudaMemcpyDefault} and an
     * invalid kind for a Java array with cudaErrorInvalidMemcpyDirection (21) itself, before CUDA sees the call, so
     * CUDA records no last error: locally the last error stays the earlier invalid device (101). gpurelay copies with
     * the default kind, telling host from device memory as CUDA does with unified addressing, and refuses the invalid
     * kind as CUDA would, recording it.
     */
    private static final Map<String, String> KNOWN_DIFFERENCES = Map.of(
        "cudaMemcpy/default-kind", "status=21 0x0.0p0 0x0.0p0 | status=0 0x1.0p-2 0x1.ffep9",
        "cudaPeekAtLastError", "status=101 | status=21",
        "cudaGetLastError", "status=101 | status=21");

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyCallGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        final GpuPrograms.Runs runs = GpuPrograms.localAndRemote(work, HandWrittenFunctionsProgram.class, List.of(),
            Artifacts.kernelsDir().toString());

        CallLines.assertBothEndedWithSameCalls("hand-written functions", "DONE", runs.local(), runs.remote(),
            KNOWN_DIFFERENCES, false);
    }
}
