package io.gpurelay.it;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.ArraysProgram;
import io.gpurelay.it.programs.RuntimeArraysProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unmodified JCuda driver program using pitched memory, CUDA arrays and 2D/3D copies through the agent against
 * the emulated executor: the bytes arrive where the pitches say and nowhere else, descriptors come back, and copies
 * that overrun an allocation, an array or the host buffer, or name a stale, destroyed-with-its-context or foreign
 * array, are refused with CUDA's error.
 */
class ArraysIT
{
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void pitchedMemoryArraysAndCopiesRunThroughTheAgent(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), ArraysProgram.class, "refusals");
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void theRuntimesPitchedMemoryArraysAndCopiesRunThroughTheAgent(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), RuntimeArraysProgram.class,
                "refusals");
            Client.assertPassed(client, Duration.ofSeconds(240));
        }
    }
}
