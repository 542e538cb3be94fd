package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.TableFunctionsProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * An unmodified JCuda program calling functions of the function table through the agent against the emulated
 * executor, over IPC and UDP: the values the emulator documents come back into the program's arrays, and a function
 * the emulator does not support fails as not supported (and says so by name in the agent's log).
 */
class TableFunctionsIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void tableFunctionsRunThroughTheAgent(final Transport transport, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), TableFunctionsProgram.class,
                Artifacts.kernelsDir().toString());
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("cuCtxGetFlags is not supported on the emulator"), output);
        }
    }
}
