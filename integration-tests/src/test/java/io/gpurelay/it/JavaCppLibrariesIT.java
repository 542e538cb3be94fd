package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.gpurelay.it.javacpp.JavaCppLibrariesProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * JavaCPP's cuFFT, cuRAND and NVRTC functions beyond {@link JavaCppIT}'s (cufftPlanMany and the other Many
 * functions, cufftGetProperty, curandGetProperty, Poisson numbers and distributions, the Sobol' tables, NVRTC's
 * architectures and binary outputs) through the agent against the emulated executor, over IPC and UDP: the program
 * checks its transforms against a direct DFT and its Poisson numbers' mean, and the emulator's documented answers
 * where it has no such thing; arguments gpurelay cannot take are refused with the library's status, and the log
 * says why.
 */
class JavaCppLibrariesIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cufftCurandAndNvrtcRunThroughTheAgent(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""),
                JavaCppLibrariesProgram.class, "emulator", "refusals");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("CHECK cufftPlanMany's batched transforms equal a direct DFT ok"), output);
            assertTrue(output.contains("CHECK cufftMakePlanMany64's transforms of padded input equal a direct DFT ok"),
                output);
            assertTrue(output.contains("CHECK Poisson numbers' mean is near lambda ok"), output);
            assertFalse(output.contains("UnsatisfiedLinkError"), output);
            assertFalse(output.contains("is not supported by gpurelay"), "every call the program makes is " +
                "remoted:\n" + output);
            assertTrue(output.contains("cufft.cufftPlanMany: rank 4 with too few sizes or out of cuFFT's 1 to 3; " +
                "returning CUFFT_INVALID_VALUE"), "the refusal says why:\n" + output);
            assertTrue(output.contains("cufft.cufftMakePlanMany: 8 bytes do not fit argument 2 (IntPointer)"),
                output);
            assertTrue(output.contains("curand.curandGetDirectionVectors32: argument 0 (int[]) cannot receive the " +
                "table's address"), output);
            assertTrue(output.contains("nvrtc.nvrtcGetCUBIN: argument 1 (BytePointer) is null"), output);
            executor.process().awaitLine(Pattern.compile("session \\d+ .*client .* pid " + client.pid() + "\\b"),
                Duration.ofSeconds(10));
        }
    }
}
