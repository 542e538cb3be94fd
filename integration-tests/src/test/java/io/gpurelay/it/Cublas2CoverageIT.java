package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.Cublas2CoverageProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * JCublas2's {@code _64} forms, handle settings, library queries, status names, client-side rotations, dgmm and
 * tpttr/trttp on the emulated executor against the program's CPU reference; routines the emulator lacks (geam, dgmm
 * and tpttr for complex data, syrkx, strided batched gemv) answer CUBLAS_STATUS_NOT_SUPPORTED, each named in the
 * agent's log.
 */
class Cublas2CoverageIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void sixtyFourBitFormsSettingsAndRotationsRunAndTheEmulatorNamesWhatItRefuses(@TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), Cublas2CoverageProgram.class,
                "emulated");
            Client.assertPassed(client, Duration.ofSeconds(240));
            for (final String refused : List.of("cublasCgeam", "cublasCdgmm", "cublasSsyrkx", "cublasCtpttr",
                "cublasSgemvStridedBatched"))
            {
                assertTrue(client.output().contains(refused + " is not supported"),
                    refused + " is named in the agent's log:\n" + client.output());
            }
        }
    }
}
