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

import io.gpurelay.it.programs.GraphsProgram;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * CUDA graphs on a real GPU compared with JCuda's own natives: {@link GraphsProgram} runs once locally (JCuda 12.6's
 * natives on the CUDA 13 host) and once through the agent against a gpu executor on the same GPU; every call must give
 * the same status and the same results (nodes named by the program, so handles never differ), and both runs must pass
 * their own checks.
 */
@Tag("gpu")
class GraphsGpuIT
{
    @BeforeEach
    void requireGpu()
    {
        assumeTrue(GpuAvailability.usable(), "no NVIDIA GPU on this machine");
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void everyGraphCallGivesOnTheGpuWhatJCudaGivesLocally(@TempDir final Path work) throws Exception
    {
        final String classpath = Artifacts.programsDir() + File.pathSeparator + Artifacts.jcudaJar();
        // JCuda's own natives corrupt the heap filling node arrays and crash running host nodes on a CUDA 13 host:
        // both runs compared skip those, and a third run through gpurelay does them and must pass its own checks.
        final ForkedProcess local = new ForkedProcess("GraphsProgram-local", List.of(Artifacts.java(),
            "-Dgraphs.skipNodeLists=true", "-Dgraphs.skipHostNodes=true",
            "-cp", classpath + File.pathSeparator + Artifacts.jcudaNativesJar(),
            GraphsProgram.class.getName(), Artifacts.kernelsDir().toString()));
        assertEquals(0, local.awaitExit(Duration.ofSeconds(120)), local.output());

        final String remoteOutput;
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            final String agent = "-javaagent:" + Artifacts.agentJar() +
                (executor.agentOptions("").isEmpty() ? "" : "=" + executor.agentOptions(""));
            final ForkedProcess remote = new ForkedProcess("GraphsProgram-remote",
                List.of(Artifacts.java(), agent, "-Dgraphs.skipNodeLists=true", "-Dgraphs.skipHostNodes=true", "-cp",
                    classpath,
                    GraphsProgram.class.getName(), Artifacts.kernelsDir().toString()));
            assertEquals(0, remote.awaitExit(Duration.ofSeconds(120)), remote.output());
            remoteOutput = remote.output();
            final ForkedProcess withLists = new ForkedProcess("GraphsProgram-remote-lists",
                List.of(Artifacts.java(), agent, "-cp", classpath, GraphsProgram.class.getName(),
                    Artifacts.kernelsDir().toString()));
            assertEquals(0, withLists.awaitExit(Duration.ofSeconds(120)), withLists.output());
            assertTrue(withLists.output().contains("\nPASSED"), withLists.output());
            assertTrue(withLists.output().contains("FN cuGraphGetEdges/graph status=0"), withLists.output());
            assertTrue(withLists.output().contains("CHECK the host nodes ran in order"), withLists.output());
        }

        assertTrue(local.output().contains("\nPASSED"), local.output());
        assertTrue(remoteOutput.contains("\nPASSED"), remoteOutput);
        CallLines.assertSameCalls("graph functions", local.output(), remoteOutput, Map.of(), true);
    }
}
