package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.ForgedHandlesProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Stream-ordered calls that the agent pipelines (event records, stream waits, async memsets, copies and frees, host
 * functions), given handles the session never created or has destroyed: the executor refuses them, and the program
 * sees that refusal, at once or from its next synchronising call, never success for both.
 */
class ForgedHandlesIT
{
    @ParameterizedTest
    @CsvSource({ "IPC, thread", "UDP, thread", "IPC, process" })
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void forgedAndDestroyedHandlesInStreamOrderedCallsNeverSucceed(
        final Transport transport, final String isolation, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work, "--isolation", isolation,
            "--warm-workers", "1"))
        {
            try (ForkedProcess program = Client.start(executor.agentOptions(""), ForgedHandlesProgram.class))
            {
                assertEquals(0, program.awaitExit(Duration.ofSeconds(120)), program.output());
                assertFalse(program.output().contains(" FAILED"), program.output());
            }
        }
    }
}
