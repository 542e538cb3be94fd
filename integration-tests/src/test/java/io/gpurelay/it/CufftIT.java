package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.CufftProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified JCufft program (the jcufft 11.8.0 jar next to jcuda 12.6.0) through the agent against the emulated
 * executor: C2C forward and inverse, an R2C/C2R round trip, double precision, batches, 2D and 3D, each checked against
 * the DFT's definition, and cuFFT's refusals.
 */
class CufftIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cufftProgramPasses(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CufftProgram.class);
            Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(client.output().contains("cuFFT version 12000"), client.output());
        }
    }
}
