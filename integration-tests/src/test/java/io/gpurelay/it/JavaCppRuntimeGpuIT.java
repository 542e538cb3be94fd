package io.gpurelay.it;

import static io.gpurelay.it.JavaCppGpuRuns.RUN;
import static io.gpurelay.it.JavaCppGpuRuns.hash;
import static io.gpurelay.it.JavaCppGpuRuns.local;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
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
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 480, unit = TimeUnit.SECONDS)
    void theRemoteRunEqualsTheLocalOne(final Transport transport, @TempDir final Path work) throws Exception
    {
        final String local = hash(local(JavaCppRuntimeCoverageProgram.class, "dump"), "local");
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
}
