package io.gpurelay.it;


import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.LegacyCublasProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The legacy JCublas program of {@link LegacyCublasIT}, unchanged, against an executor on a real GPU: the host's
 * cuBLAS runs the S and D routines through the v2 wire functions and the complex ones (caxpy, cdotc, csscal, cgemm,
 * cgeru) through the typed ones, each checked against the program's CPU reference.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class GpuLegacyCublasIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void legacyCublasProgramPassesOnTheGpu(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), LegacyCublasProgram.class,
                "gpu");
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }
}
