package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

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
        JavaCppGpuRuns.assertRemoteRunEqualsLocal(transport, work, JavaCppLibrariesProgram.class, List.of("refusals"),
            output -> assertTrue(!output.contains("is not supported by gpurelay"), "every call the program makes is " +
                "remoted:\n" + output));
    }
}
