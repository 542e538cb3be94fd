package io.gpurelay.it;


import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.CufftProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The JCufft program of the emulator tests, unchanged, against an executor on a real GPU: the host's cuFFT (through
 * JavaCPP's presets) plans and transforms, and each result must match the DFT's definition as the emulator's does.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class GpuCufftIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cufftProgramPassesOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CufftProgram.class);
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }
}
