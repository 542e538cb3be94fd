package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.RuntimeMemoryProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified JCuda runtime-API program, with the agent and no JCuda natives, against an executor process on the
 * emulated backend: every host memory kind, offsets, memset, refused copies, exceptions mode, and 256 MiB both ways.
 */
class RuntimeMemoryIT
{
    private static final int LARGE_MIB = 256;

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void runtimeMemoryProgramPasses(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(
                executor.agentOptions(""), RuntimeMemoryProgram.class, Integer.toString(LARGE_MIB));
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("CHECK " + LARGE_MIB + " MiB round trip byte-identical ok"), output);
            assertFalse(output.contains("UnsatisfiedLinkError"), output);
            assertFalse(output.contains(" FAILED "), output);
        }
    }
}
