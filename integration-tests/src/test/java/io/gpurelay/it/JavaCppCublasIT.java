package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.javacpp.JavaCppCublasCoverageProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * JavaCPP's cuBLAS beyond sgemm through the agent against the emulated executor, over IPC and UDP: every form of the
 * host/device transfers, rotg and rotmg, the library queries and the routines the emulator's cuBLAS has (dgmm,
 * gemmEx, batched gemm, LU factorisation and inversion, packed triangles), each checked by the program; what the
 * emulator lacks the program skips, saying so.
 */
class JavaCppCublasIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void javaCppCublasFunctionsRunThroughTheAgent(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""),
                JavaCppCublasCoverageProgram.class, "emulator");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            for (final String line : new String[]{ "library: cuBLAS ", "transfers: Set/GetVector and Set/GetMatrix",
                "rotations: srotg, drotg, crotg, drotmg correct",
                "routines: ddgmm, sdgmm, dgemmBatched, sgemmStridedBatched, gemmEx",
                "skipped on the emulator" })
            {
                assertTrue(output.contains(line), line + ":\n" + output);
            }
            assertTrue(output.contains("cublas.cublasSetVector: rows 1, cols 4, element size 4, leading dimensions " +
                "(or increments) 0 and 1"), "the refused increment is logged by name:\n" + output);
            assertFalse(output.contains("is not supported by gpurelay"), "every call the program makes is " +
                "remoted:\n" + output);
            assertFalse(output.contains("UnsatisfiedLinkError"), output);
        }
    }
}
