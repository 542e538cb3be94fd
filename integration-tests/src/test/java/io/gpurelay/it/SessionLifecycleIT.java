package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.ExecutorGoesAwayProgram;
import io.gpurelay.it.programs.HoldMemoryProgram;
import io.gpurelay.it.programs.IsolationProgram;
import io.gpurelay.it.programs.NoExecutorProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Sessions as an operator sees them: a killed client's memory comes back, clients are isolated, a client without an
 * executor fails fast and clearly, and a vanished executor does not hang its clients.
 */
class SessionLifecycleIT
{
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void killedClientHasItsMemoryFreed(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--keepalive-timeout", "2s"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), HoldMemoryProgram.class, "8");
            try
            {
                client.awaitLine(Pattern.compile("^HOLDING 8388608 bytes"), Duration.ofSeconds(60));
            }
            finally
            {
                client.kill();
            }
            final Matcher closed = executor.process().awaitLine(
                Pattern.compile("session \\S+ \\(client .*pid " + client.pid() + "\\) closed: .*freed (\\d+) allocations \\((\\d+) bytes\\)"),
                Duration.ofSeconds(60));
            assertEquals("8", closed.group(1), executor.process().output());
            assertEquals("8388608", closed.group(2), executor.process().output());
            assertTrue(executor.process().isAlive(), "the executor keeps running");
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void twoClientsAtOnceSeeOnlyTheirOwnAllocations(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final Path first = work.resolve("first.address");
            final Path second = work.resolve("second.address");
            final ForkedProcess a = Client.start(executor.agentOptions(""), IsolationProgram.class,
                "17", first.toString(), second.toString());
            final ForkedProcess b = Client.start(executor.agentOptions(""), IsolationProgram.class,
                "42", second.toString(), first.toString());
            try
            {
                assertEquals(0, a.awaitExit(Duration.ofSeconds(90)), a.output());
                assertEquals(0, b.awaitExit(Duration.ofSeconds(90)), b.output());
                assertTrue(a.output().contains("CHECK read foreign memory refused ok"), a.output());
                assertTrue(b.output().contains("CHECK own memory intact ok"), b.output());
            }
            finally
            {
                a.close();
                b.close();
            }
        }
    }

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void withoutAnExecutorCallsFailWithinTheTimeoutAndSaySoOnce(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        final String channel = transport.newChannel();
        final ForkedProcess client = Client.start(
            "executor=" + channel + ",aeron.dir=" + work.resolve("no-driver-here") + ",timeout=2s",
            NoExecutorProgram.class, "2000");
        final int exitCode = client.awaitExit(Duration.ofSeconds(45));
        final String output = client.output();
        assertEquals(0, exitCode, output);
        assertEquals(1, client.countLines(line -> line.contains("no executor answered on " + channel)), output);
        assertEquals(0, client.countLines(line -> line.trim().startsWith("at ")), "no stack traces:\n" + output);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void executorGoingAwayMidRunFailsCallsWithinTheTimeout(@TempDir final Path work) throws Exception
    {
        final Executor executor = Executor.start("aeron:ipc", work);
        final Path go = work.resolve("executor-stopped");
        final ForkedProcess client = Client.start(
            "executor=aeron:ipc,aeron.dir=" + executor.aeronDir() + ",timeout=3s",
            ExecutorGoesAwayProgram.class, "3000", go.toString());
        try
        {
            client.awaitLine(Pattern.compile("^READY"), Duration.ofSeconds(60));
            executor.process().kill();
            Files.writeString(go, "stopped");
            assertEquals(0, client.awaitExit(Duration.ofSeconds(60)), client.output());
        }
        finally
        {
            client.close();
            executor.close();
        }
    }
}
