package io.gpurelay.it;

import static io.gpurelay.it.JavaCppGpuRuns.RUN;
import static io.gpurelay.it.JavaCppGpuRuns.hash;
import static io.gpurelay.it.JavaCppGpuRuns.local;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 480, unit = TimeUnit.SECONDS)
    void theRemoteRunEqualsTheLocalOne(final Transport transport, @TempDir final Path work) throws Exception
    {
        final String local = hash(local(JavaCppCublasCoverageProgram.class, "dump"), "local");
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
}
