package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.CurandProgram;
import io.gpurelay.it.programs.LibraryExtrasProgram;
import io.gpurelay.it.programs.NvrtcVectorAddProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The NVRTC and cuRAND programs of the emulator tests, unchanged, against an executor on a real GPU: the host's NVRTC
 * compiles and its cuRAND generates. cuRAND's uniform floats and doubles must be bit for bit what the emulator gives
 * for the same seed (docs/emulator-reference-libraries.md).
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class GpuRandRtcIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void nvrtcVectorAddRunsOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), NvrtcVectorAddProgram.class,
                "compiler");
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void curandProgramPassesOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CurandProgram.class);
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    /**
     * NVRTC's CUBIN (which then loads) and LTO IR and its architectures, cuRAND's Sobol' tables (dimension 0 is van
     * der Corput's), a Sobol' generator in two dimensions, seeds and a Poisson distribution, on the GPU.
     */
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void binaryOutputsSobolTablesAndDistributionsOnTheGpu(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), LibraryExtrasProgram.class, "gpu");
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void curandsUniformSequencesEqualTheEmulators(@TempDir final Path work) throws Exception
    {
        final List<String> gpu = CurandIT.sequences(work.resolve("gpu"), "gpu");
        final List<String> emulated = CurandIT.sequences(work.resolve("emulated"), "emulated");
        assertEquals(emulated, gpu);
    }
}
