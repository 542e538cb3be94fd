package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
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
        final ForkedProcess local = new ForkedProcess("GraphsProgram-local", List.of(Artifacts.java(),
            "-cp", classpath + File.pathSeparator + Artifacts.jcudaNativesJar(),
            GraphsProgram.class.getName(), Artifacts.kernelsDir().toString()));
        assertEquals(0, local.awaitExit(Duration.ofSeconds(120)), local.output());

        final String remoteOutput;
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            final String agent = executor.agentOptions("");
            final ForkedProcess remote = new ForkedProcess("GraphsProgram-remote",
                List.of(Artifacts.java(), "-javaagent:" + Artifacts.agentJar() + (agent.isEmpty() ? "" : "=" + agent),
                    "-cp", classpath, GraphsProgram.class.getName(), Artifacts.kernelsDir().toString()));
            assertEquals(0, remote.awaitExit(Duration.ofSeconds(120)), remote.output());
            remoteOutput = remote.output();
        }

        final Map<String, String> expected = calls(local.output());
        final Map<String, String> actual = calls(remoteOutput);
        assertTrue(local.output().contains("\nPASSED"), local.output());
        assertTrue(remoteOutput.contains("\nPASSED"), remoteOutput);
        assertEquals(expected.keySet(), actual.keySet(), "the same calls ran");
        final List<String> differences = new ArrayList<>();
        for (final Map.Entry<String, String> call : expected.entrySet())
        {
            if (!call.getValue().equals(actual.get(call.getKey())))
            {
                differences.add(call.getKey() + ": locally " + call.getValue() + ", through gpurelay " +
                    actual.get(call.getKey()));
            }
        }
        System.out.println(expected.size() + " graph calls compared:\n" + local.output());
        assertTrue(differences.isEmpty(), differences.size() + " of " + expected.size() + " calls differ:\n" +
            String.join("\n", differences) + "\n\nthrough gpurelay:\n" + remoteOutput);
    }

    /**
     * The FN lines by function and case; a case that repeats keeps each occurrence apart.
     */
    private static Map<String, String> calls(final String output)
    {
        final Map<String, String> calls = new LinkedHashMap<>();
        for (final String line : output.split("\n"))
        {
            if (line.startsWith("FN "))
            {
                final int space = line.indexOf(' ', 3);
                String key = line.substring(3, space);
                for (int i = 2; calls.containsKey(key); i++)
                {
                    key = line.substring(3, space) + "#" + i;
                }
                calls.put(key, line.substring(space + 1));
            }
        }
        return calls;
    }
}
