package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.HostNodeLifetimeProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HostNodeLifetimeIT} against a gpu executor: there a host node's callback is queued on a CUDA stream and comes
 * due on CUDA's callback thread, possibly after a failed launch's reply, so the agent must keep exactly the callbacks
 * the executor queued; and a session's worker killed on a GPU host must let the session's host node functions go.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class HostNodeLifetimeGpuIT
{
    private static final Duration RUN = Duration.ofSeconds(240);

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void hostNodeFunctionsAreKeptWhileAGraphOrExecHoldsThemOnTheGpu(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), HostNodeLifetimeProgram.class);
            final int exitCode = client.awaitExit(RUN);
            final String output = client.output();
            System.out.println(output);
            assertEquals(0, exitCode, output);
            assertTrue(output.contains("\nPASSED"), output);
            CallLines.assertAllSucceeded(output, "/embedded ", "/invalidated ", "FN cuStreamSynchronize/k ",
                "FN cuStreamSynchronize/failing ");
        }
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aLostSessionLetsItsHostNodeFunctionsGoOnTheGpu(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work, "--isolation", "process",
            "--warm-workers", "1"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), HostNodeLifetimeProgram.class, "lose");
            try
            {
                client.awaitLine(Pattern.compile("^READY"), RUN);
                final Matcher placed = executor.process().awaitLine(Pattern.compile(
                    "session \\d+ \\(client '[^']*' pid " + client.pid() + "\\) placed in worker \\d+ pid (\\d+)"),
                    RUN);
                ProcessHandle.of(Long.parseLong(placed.group(1))).ifPresent(ProcessHandle::destroyForcibly);
                final int exitCode = client.awaitExit(RUN);
                final String output = client.output();
                System.out.println(output);
                assertEquals(0, exitCode, output);
                assertTrue(output.contains("\nPASSED"), output);
            }
            finally
            {
                client.close();
            }
        }
    }
}
