package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.gpurelay.it.javacpp.JavaCppArgumentsProgram;
import io.gpurelay.it.javacpp.JavaCppProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified JavaCPP CUDA program (the presets' Java classes and JavaCPP's core, no CUDA library and no JCuda on
 * its class path) through the agent against the emulated executor, over IPC and UDP: runtime memory calls, NVRTC (or
 * its documented answer where the executor has no compiler), a driver-API launch with a PointerPointer of
 * parameters, cuBLAS sgemm and cuRAND uniforms, each checked by the program; the executor's log shows the
 * program's session.
 */
class JavaCppIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aJavaCppProgramRunsThroughTheAgentWithoutCuda(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""), JavaCppProgram.class);
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("saxpy: 65536 elements correct"), output);
            assertTrue(output.contains("sgemm: 64x64 correct"), output);
            assertFalse(output.contains("UnsatisfiedLinkError"), output);
            assertFalse(output.contains("is not supported by gpurelay"), "every call the program makes is " +
                "remoted:\n" + output);
            executor.process().awaitLine(Pattern.compile("session \\d+ .*client .* pid " + client.pid() + "\\b"),
                Duration.ofSeconds(10));
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void argumentTypesAreReadAsJavaCppPassesThemAndBadOnesRefused(final Transport transport,
        @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""),
                JavaCppArgumentsProgram.class);
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("cudart.cudaMemcpy: 4096 bytes do not fit argument 0 (FloatPointer)"),
                "the refusal says why:\n" + output);
            assertTrue(output.contains("cublas.cublasSgemm_v2: argument 7 (float[]) must be a device pointer"),
                output);
        }
    }

    /**
     * Version skew: the same program with JavaCPP 1.5.12 and the CUDA 12.9 presets against an executor built on the
     * 13.1 presets.
     */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cuda12PresetsRunAgainstTheCuda13Executor(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""),
                Artifacts.javaCppCuda12ProgramClasspath(), JavaCppProgram.class);
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertFalse(output.contains("is not supported by gpurelay"), output);
        }
    }
}
