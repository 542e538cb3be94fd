package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.CopyLoopProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A UDP path that stalls is slow, not gone: while the client copies large buffers back and forth, the executor's
 * process is stopped (SIGSTOP) again and again, each time for four times as long as the client's media driver waits
 * for status messages before it reports its publication not connected (as a driver starved of CPU on a busy host
 * does), then resumed. The copies must go on and come back intact, the session
 * must survive, and the client must not log that it lost the executor.
 */
class SlowPathIT
{
    /** The client's publication counts as not connected after this long without a status message (Aeron: 5 s). */
    private static final long CONNECTION_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final Duration STALL = Duration.ofMillis(4 * TimeUnit.NANOSECONDS.toMillis(CONNECTION_TIMEOUT_NS));
    private static final Duration WAIT = Duration.ofSeconds(120);

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aStalledExecutorSlowsCopiesDownWithoutEndingTheSession(@TempDir final Path work) throws Exception
    {
        assumeTrue(Files.isExecutable(Path.of("/bin/kill")), "needs /bin/kill to stop and resume a process");
        final Path stop = work.resolve("stop");
        try (Executor executor = Executor.start(Transport.UDP.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions("timeout=60s"),
                Map.of("JAVA_TOOL_OPTIONS",
                    "-Daeron.publication.connection.timeout=" + CONNECTION_TIMEOUT_NS +
                    " -Daeron.min.flow.control.receiver.timeout=" + CONNECTION_TIMEOUT_NS),
                CopyLoopProgram.class, "16", stop.toString());
            try (client)
            {
                client.awaitLine(Pattern.compile("COPYING"), WAIT);
                for (int stall = 0; stall < 4; stall++)
                {
                    signal("-STOP", executor.process().pid());
                    try
                    {
                        Thread.sleep(STALL.toMillis());
                    }
                    finally
                    {
                        signal("-CONT", executor.process().pid());
                    }
                    Thread.sleep(STALL.toMillis());
                }
                Files.createFile(stop);
                assertEquals(0, client.awaitExit(WAIT), client.output());
                client.awaitLine(Pattern.compile("PASSED after \\d+ round trips"), WAIT);
                assertFalse(client.anyLine(line -> line.contains("lost the executor")), client.output());
            }
        }
    }

    private static void signal(final String signal, final long pid) throws Exception
    {
        final Process kill = new ProcessBuilder("/bin/kill", signal, Long.toString(pid)).inheritIO().start();
        assertEquals(0, kill.waitFor(), "kill " + signal + " " + pid);
    }
}
