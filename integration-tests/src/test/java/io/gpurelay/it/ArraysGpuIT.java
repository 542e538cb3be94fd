package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.ArraysProgram;
import io.gpurelay.it.programs.RuntimeArraysProgram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Pitched memory, CUDA arrays and 2D/3D copies on a real GPU, compared with JCuda's own natives: each program runs
 * once locally (JCuda 12.6's natives) and once through the agent against a gpu executor on the same GPU, and every
 * {@code RESULT} line (statuses, pitches, descriptors, checksums of what came back) must be the same. The programs'
 * refusal checks are left out: on a GPU an overrunning copy is not always refused.
 */
@Tag("gpu")
class ArraysGpuIT
{
    @BeforeEach
    void requireGpu()
    {
        assumeTrue(GpuAvailability.usable(), "no NVIDIA GPU on this machine");
    }

    @ParameterizedTest
    @ValueSource(classes = { ArraysProgram.class, RuntimeArraysProgram.class })
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyResultOnTheGpuIsWhatJCudaGivesLocally(final Class<?> program, @TempDir final Path work)
        throws Exception
    {
        final String classpath = Artifacts.programsDir() + File.pathSeparator + Artifacts.jcudaJar();
        final ForkedProcess local = new ForkedProcess(program.getSimpleName() + "-local", List.of(Artifacts.java(),
            "-cp", classpath + File.pathSeparator + Artifacts.jcudaNativesJar(), program.getName()));
        assertEquals(0, local.awaitExit(Duration.ofSeconds(120)), local.output());

        final String remoteOutput;
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            final String agent = executor.agentOptions("");
            final ForkedProcess remote = new ForkedProcess(program.getSimpleName() + "-remote",
                List.of(Artifacts.java(), "-javaagent:" + Artifacts.agentJar() + (agent.isEmpty() ? "" : "=" + agent),
                    "-cp", classpath, program.getName()));
            assertEquals(0, remote.awaitExit(Duration.ofSeconds(120)), remote.output());
            remoteOutput = remote.output();
        }
        final List<String> expected = results(local.output());
        assertTrue(expected.size() > 20, local.output());
        assertEquals(expected, results(remoteOutput), "through gpurelay:\n" + remoteOutput);
    }

    private static List<String> results(final String output)
    {
        final List<String> results = new ArrayList<>();
        for (final String line : output.split("\n"))
        {
            if (line.startsWith("RESULT "))
            {
                results.add(line.strip());
            }
        }
        return results;
    }
}
