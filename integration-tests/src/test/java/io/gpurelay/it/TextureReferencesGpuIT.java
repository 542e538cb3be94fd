package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.TextureReferencesProgram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The legacy texture and surface references on a real GPU, compared with JCuda's own natives:
 * {@link TextureReferencesProgram} runs once locally (JCuda 12.6's natives on the CUDA 13 host) and once through the
 * agent against a gpu executor on the same GPU; every call must give the same status and write the same values
 * (handles and addresses printed as what they name). The program's refusal checks are left out: a local GPU does not
 * refuse a range outside the program's allocations.
 */
@Tag("gpu")
class TextureReferencesGpuIT
{
    /** Calls whose local and remote results are known to differ, each exactly as observed (local | through gpurelay). */
    private static final Map<String, String> KNOWN_DIFFERENCES = Map.of();

    @BeforeEach
    void requireGpu()
    {
        assumeTrue(GpuAvailability.usable(), "no NVIDIA GPU on this machine");
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyCallGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        final String classpath = Artifacts.programsDir() + File.pathSeparator + Artifacts.jcudaJar();
        final ForkedProcess local = new ForkedProcess("TextureReferencesProgram-local", List.of(Artifacts.java(),
            "-cp", classpath + File.pathSeparator + Artifacts.jcudaNativesJar(),
            TextureReferencesProgram.class.getName(), Artifacts.kernelsDir().toString()));
        assertEquals(0, local.awaitExit(Duration.ofSeconds(120)), local.output());

        final String remoteOutput;
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            final String agent = executor.agentOptions("");
            final ForkedProcess remote = new ForkedProcess("TextureReferencesProgram-remote",
                List.of(Artifacts.java(), "-javaagent:" + Artifacts.agentJar() + (agent.isEmpty() ? "" : "=" + agent),
                    "-cp", classpath, TextureReferencesProgram.class.getName(), Artifacts.kernelsDir().toString()));
            assertEquals(0, remote.awaitExit(Duration.ofSeconds(120)), remote.output());
            remoteOutput = remote.output();
        }

        assertTrue(local.output().contains("\nDONE"), local.output());
        assertTrue(remoteOutput.contains("\nDONE"), remoteOutput);
        CallLines.assertSameCalls("texture and surface reference functions", local.output(), remoteOutput,
            KNOWN_DIFFERENCES, false);
    }
}
