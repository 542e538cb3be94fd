package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.javacpp.JavaCppRuntimeCoverageProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link JavaCppRuntimeCoverageProgram} on the GPU host, twice: locally, on the host's CUDA through the presets' own
 * natives (the executor jar carries them), and through the agent against a gpu executor with only the presets' Java
 * classes on its class path, where it also checks gpurelay's documented answers for managed memory's host view. Both
 * runs must pass (the access policy window kept, as the GPU keeps it) and hash the data they copied alike.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class JavaCppRuntimeGpuIT
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
                JavaCppRuntimeCoverageProgram.class, "dump", "relayed");
            assertEquals(0, client.awaitExit(RUN), client.output());
            assertEquals(local, hash(client.output(), "remote"), "remote results equal the local run's");
            executor.process().awaitLine(Pattern.compile("session \\d+ .*client .* pid " + client.pid() + "\\b"),
                Duration.ofSeconds(10));
        }
    }

    /**
     * The program without the agent, on the presets' natives and the host's CUDA.
     */
    private static String local() throws Exception
    {
        final String classpath = Artifacts.programsDir() + File.pathSeparator + Artifacts.executorJar();
        final ForkedProcess process = new ForkedProcess("JavaCppRuntimeCoverageProgram-local", List.of(
            Artifacts.java(), "-cp", classpath, JavaCppRuntimeCoverageProgram.class.getName(), "dump"));
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
