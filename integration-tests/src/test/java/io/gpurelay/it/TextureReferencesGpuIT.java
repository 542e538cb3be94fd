package io.gpurelay.it;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.TextureReferencesProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The legacy texture and surface references on a real GPU, compared with JCuda's own natives:
 * {@link TextureReferencesProgram} runs once locally (JCuda 12.6's natives on the CUDA 13 host) and once through the
 * agent against a gpu executor on the same GPU; every call must give the same status and write the same values
 * (handles and addresses printed as what they name). The program's refusal checks are left out: a local GPU does not
 * refuse a range outside the program's allocations.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class TextureReferencesGpuIT
{
    /** Calls whose local and remote results are known to differ, each exactly as observed (local | through gpurelay). */
    private static final Map<String, String> KNOWN_DIFFERENCES = Map.of();

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyCallGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        final GpuPrograms.Runs runs = GpuPrograms.localAndRemote(work, TextureReferencesProgram.class, List.of(),
            Artifacts.kernelsDir().toString());

        CallLines.assertBothEndedWithSameCalls("texture and surface reference functions", "DONE", runs.local(),
            runs.remote(), KNOWN_DIFFERENCES, false);
    }
}
