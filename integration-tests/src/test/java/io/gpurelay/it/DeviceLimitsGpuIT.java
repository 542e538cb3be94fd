package io.gpurelay.it;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.DeviceLimitsProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The context limits on a real GPU, compared with JCuda's own natives: {@link DeviceLimitsProgram} runs once locally
 * and once through the agent against a gpu executor on the same GPU; every limit must read, set, round, refuse and
 * reset as it does locally, including the heap a kernel's malloc uses and the limits fixed once kernels used them.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class DeviceLimitsGpuIT
{
    /** Calls whose local and remote results are known to differ, each exactly as observed (local | through gpurelay). */
    private static final Map<String, String> KNOWN_DIFFERENCES = Map.of();

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyLimitCallGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        final GpuPrograms.Runs runs = GpuPrograms.localAndRemote(work, DeviceLimitsProgram.class, List.of(),
            Artifacts.kernelsDir().toString());

        CallLines.assertBothEndedWithSameCalls("context limit functions", "DONE", runs.local(), runs.remote(),
            KNOWN_DIFFERENCES, false);
    }
}
