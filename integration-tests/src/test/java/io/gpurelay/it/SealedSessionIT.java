package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.Publication;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.it.capture.DatagramCapture;
import io.gpurelay.it.programs.SealedCopyProgram;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.CloseSessionEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A UDP executor with a token, its media driver recording every datagram it sends and receives, and JCuda programs
 * with the agent: the token never shows in the capture, nor the data the program copies; an attacker who never
 * connected cannot write into or close a running session; the captured datagrams sent again change nothing; a wrong
 * token is refused, clearly; and without a token the executor serves no other host unless told --insecure.
 */
class SealedSessionIT
{
    private static final String TOKEN = "it-token-5d1e9a7c";
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern OPENED = Pattern.compile(
        "session (\\d+) opened for client '" + Pattern.quote(SealedCopyProgram.class.getName()) +
        "' pid (\\d+) in process \\d+: requests on stream (\\d+)");

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void overUdpNothingButTheTokensHolderReachesASessionAndTheTokenNeverCrossesTheWire(@TempDir final Path work)
        throws Exception
    {
        final String channel = Transport.UDP.newChannel();
        final Path capture = work.resolve("capture.bin");
        final Map<String, String> withToken = Map.of("GPURELAY_TOKEN", TOKEN);
        try (Executor executor = Executor.startCapturing(channel, work, capture, withToken);
            Aeron counters = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDir().toString())))
        {
            final Path go = work.resolve("go");
            final ForkedProcess victim = Client.start(executor.agentOptions(""), withToken, SealedCopyProgram.class,
                go.toString());
            try
            {
                victim.awaitLine(Pattern.compile("^READY"), WAIT);
                final Matcher opened = executor.process().awaitLine(OPENED, WAIT);
                final long sessionId = Long.parseLong(opened.group(1));
                final int requestStreamId = Integer.parseInt(opened.group(3));

                final long foreignBefore = counter(counters, ExecutorCounters.FOREIGN_PUBLICATION_MESSAGES_TYPE_ID);
                final int injected = injectAsAnOutsider(work, channel, requestStreamId, sessionId);
                awaitAtLeast(() -> counter(counters, ExecutorCounters.FOREIGN_PUBLICATION_MESSAGES_TYPE_ID),
                    foreignBefore + injected, "the outsider's messages dropped and counted");

                Files.createFile(go);
                victim.awaitLine(Pattern.compile("^PASSED"), WAIT);
                assertEquals(0, victim.awaitExit(WAIT), victim.output());
            }
            finally
            {
                victim.close();
            }
            final long callsOfOneRun = callsOfSession(executor, victim.pid());

            final ForkedProcess wrongToken = Client.start(executor.agentOptions(""),
                Map.of("GPURELAY_TOKEN", "it-token-5d1e9a7d"), SealedCopyProgram.class, go.toString());
            try
            {
                wrongToken.awaitLine(Pattern.compile("refused the session \\(AUTHENTICATION_FAILED\\): " +
                    "authentication failed: the connect request does not prove the executor's token"), WAIT);
                assertNotEquals(0, wrongToken.awaitExit(WAIT), wrongToken.output());
                assertFalse(wrongToken.anyLine(line -> line.startsWith("PASSED")), wrongToken.output());
            }
            finally
            {
                wrongToken.close();
            }

            final List<DatagramCapture.Datagram> datagrams = DatagramCapture.read(capture);
            assertSeenBothWays(datagrams);
            assertNowhere(datagrams, TOKEN);
            assertNowhere(datagrams, SealedCopyProgram.MARKER);

            final long callsBefore = counter(counters, ExecutorCounters.CALLS_TYPE_ID);
            replayReceived(datagrams, channel);
            final ForkedProcess afterReplay = Client.start(executor.agentOptions(""), withToken,
                SealedCopyProgram.class, go.toString());
            try
            {
                afterReplay.awaitLine(Pattern.compile("^PASSED"), WAIT);
                assertEquals(0, afterReplay.awaitExit(WAIT), afterReplay.output());
            }
            finally
            {
                afterReplay.close();
            }
            // The only calls since the replay are the new run's own: none of the replayed ones ran again.
            assertEquals(callsOfOneRun, callsOfSession(executor, afterReplay.pid()));
            assertEquals(callsBefore + callsOfOneRun, counter(counters, ExecutorCounters.CALLS_TYPE_ID));
            assertTrue(executor.process().isAlive(), executor.process().output());
            assertFalse(executor.process().output().contains(TOKEN), "the executor's log never shows the token");
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void withoutATokenTheExecutorServesNoOtherHostUnlessToldInsecure(@TempDir final Path work) throws Exception
    {
        final String everyInterface = "aeron:udp?endpoint=0.0.0.0:" +
            ChannelUri.parse(Transport.UDP.newChannel()).get(CommonContext.ENDPOINT_PARAM_NAME).split(":")[1];
        final List<String> command = new ArrayList<>(List.of(Artifacts.java(), "-Xmx256m"));
        command.addAll(Artifacts.JVM_OPENS);
        command.addAll(List.of("-jar", Artifacts.executorJar().toString(), "executor", "--backend", "emulated",
            "--channel", everyInterface, "--aeron-dir", work.resolve("aeron-refused").toString()));
        try (ForkedProcess refused = new ForkedProcess("executor", command))
        {
            assertEquals(1, refused.awaitExit(WAIT), refused.output());
            final String output = refused.output();
            assertTrue(output.contains("refusing to serve " + everyInterface + " without a token: anyone who " +
                "reaches it could use the GPU; set GPURELAY_TOKEN or --token-file, or give --insecure"), output);
            assertFalse(output.contains("ready on"), output);
        }
        try (Executor insecure = Executor.start(everyInterface, work, "--insecure"))
        {
            assertTrue(insecure.process().output().contains("no token required (--insecure)"),
                insecure.process().output());
        }
    }

    /**
     * How many calls the session of a client process ran, from the line the executor logs when it closes.
     */
    private static long callsOfSession(final Executor executor, final long clientPid) throws InterruptedException
    {
        final Matcher closed = executor.process().awaitLine(Pattern.compile(
            "\\(client '[^']*' pid " + clientPid + "\\) closed: .* after (\\d+) calls"), WAIT);
        return Long.parseLong(closed.group(1));
    }

    /**
     * What an attacker who never connected can send: calls and close requests for the session it observed and for
     * the ids an executor used to hand out, on the session's request stream, from a publication of its own.
     *
     * @return how many messages it sent.
     */
    private static int injectAsAnOutsider(
        final Path work, final String channel, final int requestStreamId, final long observedSessionId)
    {
        final MediaDriver driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(work.resolve("aeron-outsider").toString())
            .threadingMode(ThreadingMode.SHARED)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true));
        try (Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
            Publication publication = aeron.addExclusivePublication(channel, requestStreamId))
        {
            awaitTrue(publication::isConnected, "the outsider's publication connected");
            int sent = 0;
            for (final long sessionId : new long[]{ observedSessionId, 1, 2 })
            {
                offer(publication, call(sessionId, Function.CUDA_MEMSET, 0x7f00_0000_0000L, 0x41, 4096));
                offer(publication, closeSession(sessionId));
                sent += 2;
            }
            return sent;
        }
        finally
        {
            CloseHelper.close(driver);
        }
    }

    /**
     * Send every data datagram the executor received, as recorded, to the executor again.
     */
    private static void replayReceived(final List<DatagramCapture.Datagram> datagrams, final String channel)
        throws IOException
    {
        final String endpoint = ChannelUri.parse(channel).get(CommonContext.ENDPOINT_PARAM_NAME);
        final int port = Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
        try (DatagramSocket socket = new DatagramSocket())
        {
            for (final DatagramCapture.Datagram datagram : datagrams)
            {
                if (datagram.direction() == DatagramCapture.RECEIVED)
                {
                    socket.send(new DatagramPacket(datagram.bytes(), datagram.bytes().length,
                        InetAddress.getLoopbackAddress(), port));
                }
            }
        }
    }

    private static void assertSeenBothWays(final List<DatagramCapture.Datagram> datagrams)
    {
        final long received = datagrams.stream().filter(d -> d.direction() == DatagramCapture.RECEIVED).count();
        final long sent = datagrams.stream().filter(d -> d.direction() == DatagramCapture.SENT).count();
        assertTrue(received >= 10 && sent >= 10, "captured " + received + " received and " + sent + " sent");
        final byte[] clientName = SealedCopyProgram.class.getName().getBytes(StandardCharsets.UTF_8);
        assertTrue(datagrams.stream().anyMatch(d -> indexOf(d.bytes(), clientName) >= 0),
            "the capture holds the connect requests, which name the client in the clear");
    }

    private static void assertNowhere(final List<DatagramCapture.Datagram> datagrams, final String text)
    {
        final byte[] needle = text.getBytes(StandardCharsets.UTF_8);
        for (final DatagramCapture.Datagram datagram : datagrams)
        {
            assertEquals(-1, indexOf(datagram.bytes(), needle), () -> "'" + text + "' seen in a datagram " +
                (datagram.direction() == DatagramCapture.SENT ? "sent" : "received") + ": " +
                new String(datagram.bytes(), StandardCharsets.ISO_8859_1));
        }
    }

    private static int indexOf(final byte[] haystack, final byte[] needle)
    {
        for (int i = 0; i + needle.length <= haystack.length; i++)
        {
            if (Arrays.equals(haystack, i, i + needle.length, needle, 0, needle.length))
            {
                return i;
            }
        }
        return -1;
    }

    private static byte[] call(final long sessionId, final Function function, final long... args)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final CallEncoder encoder = new CallEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .sessionId(sessionId)
            .correlationId(1000)
            .function(function.id())
            .context(0)
            .totalPayloadLength(0);
        encoder.flags().clear();
        final CallEncoder.ArgsEncoder argsEncoder = encoder.argsCount(args.length);
        for (final long arg : args)
        {
            argsEncoder.next().value(arg);
        }
        encoder.putPayload(new byte[0], 0, 0);
        return Arrays.copyOf(buffer.byteArray(), MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private static byte[] closeSession(final long sessionId)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final CloseSessionEncoder encoder =
            new CloseSessionEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder()).sessionId(sessionId);
        return Arrays.copyOf(buffer.byteArray(), MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    private static void offer(final Publication publication, final byte[] message)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(message);
        awaitTrue(() -> publication.offer(buffer) > 0, "the outsider's message offered");
    }

    private static long counter(final Aeron aeron, final int typeId)
    {
        final long[] value = { -1 };
        aeron.countersReader().forEach((counterId, counterTypeId, keyBuffer, label) ->
        {
            if (counterTypeId == typeId)
            {
                value[0] = aeron.countersReader().getCounterValue(counterId);
            }
        });
        if (value[0] < 0)
        {
            throw new AssertionError("the executor has no counter of type " + typeId);
        }
        return value[0];
    }

    private static void awaitAtLeast(final LongSupplier value, final long expected, final String what)
    {
        awaitTrue(() -> value.getAsLong() >= expected, what + " (" + value.getAsLong() + " of " + expected + ")");
    }

    private static void awaitTrue(final BooleanSupplier condition, final String what)
    {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("timed out waiting for " + what);
            }
            try
            {
                Thread.sleep(5);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + what, ex);
            }
        }
    }
}
