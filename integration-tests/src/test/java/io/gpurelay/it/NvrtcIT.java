package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.NvrtcVectorAddProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified JCuda NVRTC program through the agent against the emulated executor: with {@code nvcc} on the
 * executor's PATH it compiles a templated vector add, finds both instantiations by their lowered names, loads the PTX
 * and runs it on the PTX interpreter; without one it gets NVRTC_ERROR_COMPILATION and a log that says why. The
 * executor inherits this machine's PATH, so the first test checks whichever case this machine is; the second always
 * checks the case without a compiler.
 */
class NvrtcIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void vectorAddWithLoweredNamesOrTheDocumentedError(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final String expected = Executor.nvccOnPath() ? "compiler" : "no-compiler";
            final ForkedProcess client = Client.start(executor.agentOptions(""), NvrtcVectorAddProgram.class,
                expected);
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void anExecutorWithoutNvccSaysWhyItCannotCompile(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithoutNvcc("aeron:ipc", work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), NvrtcVectorAddProgram.class,
                "no-compiler");
            final String output = Client.assertPassed(client, Duration.ofSeconds(120));
            assertTrue(output.contains("nvrtcCompileProgram failed: NVRTC_ERROR_COMPILATION"),
                "the agent logs the executor's reason:\n" + output);
        }
    }
}
