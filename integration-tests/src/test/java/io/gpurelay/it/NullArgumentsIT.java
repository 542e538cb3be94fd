package io.gpurelay.it;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.NullArgumentsProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An unmodified JCuda program passing null arguments through the agent against the emulated executor: every
 * binding answers as JCuda's JNI code does, with JCuda's NullPointerException messages, and the version getters
 * with their status, also with JCuda's exceptions enabled.
 */
class NullArgumentsIT
{
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void nullArgumentsGetJCudasAnswers(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            Client.assertPassed(Client.start(executor.agentOptions(""), NullArgumentsProgram.class),
                Duration.ofSeconds(150));
        }
    }
}
