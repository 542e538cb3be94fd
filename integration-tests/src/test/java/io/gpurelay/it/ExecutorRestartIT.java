package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.MemInfoProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * An executor killed with SIGKILL leaves its embedded media driver's directory behind with a heartbeat that looks
 * alive for the driver timeout (10 s). Restarted at once on the same directory, the executor must start and serve.
 */
class ExecutorRestartIT
{
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void anExecutorRestartedRightAfterKillNineServesANewClient(@TempDir final Path work) throws Exception
    {
        final Executor crashed = Executor.start("aeron:ipc", work);
        crashed.process().kill();

        final long restartNs = System.nanoTime();
        try (Executor restarted = Executor.start("aeron:ipc", work))
        {
            final long readyMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - restartNs);
            System.out.println("ExecutorRestartIT: restarted executor ready " + readyMs + " ms after it was started");
            assertTrue(restarted.process().output().contains("started an embedded media driver"),
                restarted.process().output());

            final long clientNs = System.nanoTime();
            final ForkedProcess client = Client.start(restarted.agentOptions(""), MemInfoProgram.class);
            assertEquals(0, client.awaitExit(Duration.ofSeconds(60)), client.output());
            System.out.println("ExecutorRestartIT: a new client served in " +
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - clientNs) + " ms (JVM start included)");
        }
    }
}
