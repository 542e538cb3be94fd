package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.gpurelay.it.programs.CallbackProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Stream callbacks and host functions of an unmodified JCuda program, through the agent, against the emulated executor
 * over IPC and UDP, with sessions in the executor's process and in worker processes: the program's own callbacks run
 * in its process, in stream order, with their stream, status and user data, from several threads and streams
 * ({@link CallbackProgram} checks it all). A client killed while its callback holds a stream leaves the executor
 * serving the next one.
 */
class CallbacksIT
{
    private static final Duration WAIT = Duration.ofSeconds(60);

    static Stream<Arguments> transportsAndIsolations()
    {
        return Stream.of(
            Arguments.of(Transport.IPC, "thread"),
            Arguments.of(Transport.IPC, "process"),
            Arguments.of(Transport.UDP, "thread"),
            Arguments.of(Transport.UDP, "process"));
    }

    @ParameterizedTest
    @MethodSource("transportsAndIsolations")
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void callbacksRunInTheClientInStreamOrder(
        final Transport transport, final String isolation, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work, "--isolation", isolation))
        {
            final ForkedProcess client = startProgram(executor, transport);
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(output.contains("CHECK the stream waited for the slow callback"), output);
            assertEquals(transport == Transport.IPC,
                output.contains("CHECK the copy and the kernel after the callback used what it wrote"), output);
            // Said once, naming the function called inside the callback.
            assertEquals(1, client.countLines(line -> line.contains("cuDeviceGetCount was called inside a " +
                "stream callback")), output);
            assertTrue(output.contains("thrown on purpose by a host function"), output);
            assertFalse(output.contains("lost the executor"), output);
        }
    }

    @ParameterizedTest
    @MethodSource("transportsAndIsolations")
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aClientKilledWhileItsCallbackHoldsAStreamLeavesTheExecutorServingOthers(
        final Transport transport, final String isolation, @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work, "--isolation", isolation))
        {
            final ForkedProcess hung = Client.start(executor.agentOptions(""), CallbackProgram.class,
                Artifacts.kernelsDir().toString(), "hang");
            hung.awaitLine(Pattern.compile("^CALLBACK RUNNING"), WAIT);
            // Another client is served while the first one's callback holds its stream.
            final ForkedProcess other = startProgram(executor, transport);
            Client.assertPassed(other, Duration.ofSeconds(240));
            assertTrue(hung.isAlive(), hung.output());
            hung.kill();
            executor.process().awaitLine(Pattern.compile("session \\S+ \\(client .*pid " + hung.pid() +
                "\\) closed: "), WAIT);

            final ForkedProcess next = startProgram(executor, transport);
            Client.assertPassed(next, Duration.ofSeconds(240));
            assertTrue(executor.process().isAlive(), executor.process().output());
        }
    }

    /**
     * A callback that runs for several of the executor's keep-alive timeouts, and longer than the client's own timeout
     * (10 s), is waited for, as CUDA waits for it: the client shows it lives while the session's thread cannot read its
     * requests, and the executor shows the client, waiting in a synchronisation, that it is alive.
     */
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aCallbackLongerThanTheKeepAliveTimeoutIsWaitedFor(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work, "--keepalive-timeout", "2s"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), CallbackProgram.class,
                Artifacts.kernelsDir().toString(), "slow", "12000");
            assertEquals(0, client.awaitExit(Duration.ofSeconds(120)), client.output());
            assertTrue(client.output().contains("CHECK the synchronisation waited for the slow host function ok"),
                client.output());
        }
    }

    /**
     * Over IPC pinned memory is shared with the executor, so a copy queued after a callback reads what it wrote.
     */
    static ForkedProcess startProgram(final Executor executor, final Transport transport) throws IOException
    {
        final List<String> args = new ArrayList<>(List.of(Artifacts.kernelsDir().toString()));
        if (transport == Transport.IPC)
        {
            args.add("--shared-pinned");
        }
        return Client.start(executor.agentOptions(""), CallbackProgram.class, args.toArray(String[]::new));
    }
}
