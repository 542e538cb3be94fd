package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.javacpp.JavaCppCublasCoverageProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The program of {@link JavaCppCublasIT} on the GPU host with nothing skipped, twice: locally on the host's cuBLAS
 * through the presets' own natives (the executor jar carries them), and through the agent against a gpu executor.
 * Each run checks its own results; both must hash their device results the same, bit for bit.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class JavaCppCublasGpuIT
{
    private static final Pattern HASH = Pattern.compile("result-hash .*");
    private static final Duration RUN = Duration.ofSeconds(240);

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 480, unit = TimeUnit.SECONDS)
    void theRemoteRunEqualsTheLocalOne(final Transport transport, @TempDir final Path work) throws Exception
    {
        final String local = hash(local(), "local");
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""),
                JavaCppCublasCoverageProgram.class, "dump");
            assertEquals(0, client.awaitExit(RUN), client.output());
            final String output = client.output();
            assertEquals(local, hash(output, "remote"), "remote results equal the local run's");
            for (final String line : List.of("level 2: ", "complex: ", "level 3: ", "batched: "))
            {
                assertTrue(output.contains(line), "nothing skipped on the GPU, " + line + ":\n" + output);
            }
            assertFalse(output.contains("is not supported by gpurelay"), output);
        }
    }

    /**
     * The program without the agent, on the presets' natives and the host's CUDA.
     */
    private static String local() throws Exception
    {
        final String classpath = Artifacts.programsDir() + File.pathSeparator + Artifacts.executorJar();
        final ForkedProcess process = new ForkedProcess("JavaCppCublasCoverageProgram-local", List.of(
            Artifacts.java(), "-cp", classpath, JavaCppCublasCoverageProgram.class.getName(), "dump"));
        try (process)
        {
            assertEquals(0, process.awaitExit(RUN), process.output());
            return process.output();
        }
    }

    private static String hash(final String output, final String run)
    {
        final Matcher matcher = HASH.matcher(output);
        assertTrue(matcher.find() && output.contains("\nPASSED"), run + " run:\n" + output);
        return matcher.group();
    }
}
