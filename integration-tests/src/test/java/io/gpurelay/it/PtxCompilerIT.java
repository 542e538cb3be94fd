package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import io.gpurelay.it.programs.PtxCompilerProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified JCuda nvPTXCompiler program through the agent against the emulated executor: with {@code ptxas} on the
 * executor's PATH it compiles the saxpy PTX to a cubin for sm_90 (which the emulator, running PTX only, refuses to
 * load); without one it gets NVPTXCOMPILE_ERROR_COMPILATION_FAILURE and an error log that says why. The executor
 * inherits this machine's PATH, so the first test checks whichever case this machine is; the second always checks the
 * case without ptxas.
 */
class PtxCompilerIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void saxpyCompilesToACubinOrTheDocumentedError(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), PtxCompilerProgram.class,
                Artifacts.kernelsDir().toString(), ptxasOnPath() ? "ptxas" : "no-ptxas");
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void anExecutorWithoutPtxasSaysWhyItCannotCompile(@TempDir final Path work) throws Exception
    {
        final String path = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .filter(directory -> directory.isEmpty() || !Files.isExecutable(Path.of(directory, "ptxas")))
            .collect(Collectors.joining(File.pathSeparator));
        try (Executor executor = Executor.startWithEnvironment("aeron:ipc", work, Map.of("PATH", path)))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), PtxCompilerProgram.class,
                Artifacts.kernelsDir().toString(), "no-ptxas");
            final String output = Client.assertPassed(client, Duration.ofSeconds(120));
            assertTrue(output.contains("nvPTXCompilerCompile failed: NVPTXCOMPILE_ERROR_COMPILATION_FAILURE"),
                "the agent logs the executor's reason:\n" + output);
        }
    }

    /**
     * Whether this machine's PATH, which executors started here inherit, has a {@code ptxas}.
     */
    static boolean ptxasOnPath()
    {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .anyMatch(directory -> !directory.isEmpty() && Files.isExecutable(Path.of(directory, "ptxas")));
    }
}
