package io.gpurelay.it;

import static io.gpurelay.it.JavaCppGpuRuns.RUN;
import static io.gpurelay.it.JavaCppGpuRuns.hash;
import static io.gpurelay.it.JavaCppGpuRuns.local;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.gpurelay.it.javacpp.JavaCppLibrariesProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The JavaCPP program of {@link JavaCppLibrariesIT} on the GPU host, twice: locally, on the host's CUDA through the
 * presets' own natives (the executor jar carries them), and through the agent against a gpu executor, with only the
 * presets' Java classes on its class path. Each run checks its own results (transforms against a direct DFT, Poisson
 * numbers' mean and variance, van der Corput's direction vectors, a CUBIN that loads, LTO IR); both must print the
 * same results bit for bit (cuFFT's spectra, the Poisson numbers, the Sobol' tables, NVRTC's architectures and its
 * answer to an OptiX IR compilation).
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class JavaCppLibrariesGpuIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 480, unit = TimeUnit.SECONDS)
    void theRemoteRunEqualsTheLocalOne(final Transport transport, @TempDir final Path work) throws Exception
    {
        final String local = hash(local(JavaCppLibrariesProgram.class, "dump"), "local");
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""),
                JavaCppLibrariesProgram.class, "dump", "refusals");
            assertEquals(0, client.awaitExit(RUN), client.output());
            assertEquals(local, hash(client.output(), "remote"), "remote results equal the local run's");
            assertTrue(!client.output().contains("is not supported by gpurelay"), "every call the program makes is " +
                "remoted:\n" + client.output());
            executor.process().awaitLine(Pattern.compile("session \\d+ .*client .* pid " + client.pid() + "\\b"),
                Duration.ofSeconds(10));
        }
    }
}
