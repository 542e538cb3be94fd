package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.LegacyCublasProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified program of the legacy JCublas API (cuBLAS v1), with the jcublas jar and no natives, through the agent
 * against the emulated executor over IPC and UDP: the implicit handle of cublasInit, transfers, S and D routines
 * against a CPU reference, the emulator's complex routines (caxpy, cdotc, csscal, cgemm), cublasGetError's
 * semantics, exceptions mode, shutdown. The emulator has no cgeru, so it must leave CUBLAS_STATUS_NOT_SUPPORTED, the
 * executor naming it in the agent's log.
 * {@link GpuLegacyCublasIT} runs the same program on a GPU, complex routines included.
 */
class LegacyCublasIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void legacyCublasProgramPasses(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), LegacyCublasProgram.class);
            Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(client.output().contains("cublasCgeru is not supported by the device emulator"),
                "the unsupported routine is named in the log:\n" + client.output());
        }
    }
}
