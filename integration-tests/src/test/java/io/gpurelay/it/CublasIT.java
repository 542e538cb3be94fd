package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.CublasProgram;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.Timeout;

/**
 * An unmodified JCublas2 program, with the jcublas jar and no natives, through the agent against the emulated
 * executor: every relayed routine in S and D against a CPU reference, both pointer modes, batched GEMM, inversion
 * with getrf/getri batched, strided transfers, and an unrelayed function's CUBLAS_STATUS_NOT_SUPPORTED.
 */
class CublasIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cublasProgramPasses(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CublasProgram.class);
            Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(client.output().contains("cublasNrm2Ex"),
                "the unrelayed function is named in the agent's log:\n" + client.output());
        }
    }
}
