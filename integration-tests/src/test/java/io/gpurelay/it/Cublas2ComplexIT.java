package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.Cublas2ComplexProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * JCublas2's complex routines that the emulated executor runs (caxpy, cscal, zdotc, cgemm, zgemm), through the typed
 * wire functions in host and device pointer mode against the program's CPU reference, and one it refuses by name
 * (cgeru: CUBLAS_STATUS_NOT_SUPPORTED, named in the agent's log).
 */
class Cublas2ComplexIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void complexRoutinesRunAndARefusedOneIsNamed(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), Cublas2ComplexProgram.class,
                "emulated");
            Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(client.output().contains("cublasCgeru"),
                "the refused routine is named in the agent's log:\n" + client.output());
        }
    }
}
