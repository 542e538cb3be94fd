package io.gpurelay.it;

import static io.gpurelay.it.SessionFiles.awaitSessionClosed;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.gpurelay.it.programs.SharedMemoryProgram;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.ClientResponseAdapter;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.TransferRegion;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.ClientHandshake;
import io.gpurelay.testsupport.HandshakeListener;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.YieldingIdleStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The shared-memory data path of IPC sessions, on the emulated backend, with sessions in the executor's process and
 * in worker processes: large copies move through the session's transfer region byte for byte, and the region's file
 * never outlives its session, whether the client closes it, is killed in the middle of a copy, or never uses it.
 */
class SharedMemoryIT
{
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final Pattern REGION_USED = Pattern.compile("copies move through the shared-memory region " +
        TransferRegion.FILE_NAME_PREFIX);

    /**
     * With thread isolation the defaults (a ring of 31 slots of 512 KiB, one copy thread on a small machine); with
     * process isolation small chunks, so that every copy wraps around the ring many times, and three threads copying
     * each chunk's parts.
     */
    @ParameterizedTest
    @CsvSource({ "thread, 512k, auto, 31 slots of 524288 bytes", "process, 128k, 3, 127 slots of 131072 bytes" })
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void largeCopiesMoveThroughTheRegionByteForByte(
        final String isolation, final String chunk, final String copyThreads, final String geometry,
        @TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", isolation, "--transfer-chunk",
            chunk))
        {
            final ForkedProcess client = Client.start(executor.agentOptions("log=debug,copy.threads=" + copyThreads),
                SharedMemoryProgram.class, "copies", "256");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            assertTrue(REGION_USED.matcher(output).find(), output);
            assertTrue(output.contains(geometry + ", " + (copyThreads.equals("auto") ?
                "" : copyThreads + " copy threads")), output);
            assertTrue(output.contains("CHECK 256 MiB round trip byte-identical ok"), output);
            assertTrue(output.contains("CHECK asynchronous round trip byte-identical ok"), output);
            assertTrue(output.contains("CHECK driver API round trip byte-identical ok"), output);
            assertTrue(output.contains("CHECK freed pinned memory to the device ok"), output);
            awaitSessionClosed(executor, client.pid());
            assertEquals(List.of(), regionFiles(executor.aeronDir()));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "thread", "process" })
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aClientKilledInTheMiddleOfACopyLeavesNoRegionFile(final String isolation, @TempDir final Path work)
        throws Exception
    {
        SessionFiles.killedMidCopyLeavesNoFile(isolation, work, SharedMemoryProgram.class, REGION_USED,
            TransferRegion.FILE_NAME_PREFIX);
    }

    /**
     * A client that took the session but never sent a request may never have mapped the region: the executor removes
     * the file when the session ends, here because the client's request stream went away.
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aSessionWithoutRequestsRemovesItsRegionFileWhenItEnds(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            final SilentClient client = new SilentClient();
            try (Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDir().toString()));
                Subscription responses = aeron.addSubscription("aeron:ipc", SilentClient.RESPONSE_STREAM_ID);
                ExclusivePublication control = aeron.addExclusivePublication("aeron:ipc",
                    Protocol.CONTROL_STREAM_ID))
            {
                final ClientHandshake handshake = new ClientHandshake(null);
                final long pid = ProcessHandle.current().pid();
                final byte[] proof = handshake.proveToken(1, Protocol.PROTOCOL_VERSION, SilentClient.RESPONSE_STREAM_ID,
                    pid, "aeron:ipc", "silent-client");
                final ClientProxy proxy = new ClientProxy(new YieldingIdleStrategy(), WAIT.toNanos());
                final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(client));
                final long deadline = System.nanoTime() + WAIT.toNanos();
                while (!proxy.connect(control, 1, SilentClient.RESPONSE_STREAM_ID, pid, "aeron:ipc", "silent-client",
                    handshake.publicKey(), proof, Protocol.PROTOCOL_VERSION))
                {
                    assertTrue(System.nanoTime() - deadline < 0, "the connect request could not be sent");
                    Thread.sleep(10);
                }
                while (client.regionFile == null)
                {
                    assertTrue(System.nanoTime() - deadline < 0, "no Connected with a region: " +
                        executor.process().output());
                    responses.poll(assembler, 16);
                    Thread.yield();
                }
                final ChannelUri requestChannel = ChannelUri.parse("aeron:ipc");
                requestChannel.put(CommonContext.SESSION_ID_PARAM_NAME,
                    Integer.toString(client.requestPublicationSessionId));
                try (ExclusivePublication requests = aeron.addExclusivePublication(requestChannel.toString(),
                    client.requestStreamId))
                {
                    while (!requests.isConnected())
                    {
                        assertTrue(System.nanoTime() - deadline < 0, "the request stream did not connect");
                        Thread.sleep(10);
                    }
                    assertEquals(List.of(executor.aeronDir().resolve(client.regionFile)),
                        regionFiles(executor.aeronDir()));
                }
            }
            executor.process().awaitLine(Pattern.compile("session \\S+ \\(client .*silent-client.*\\) closed: "), WAIT);
            assertEquals(List.of(), regionFiles(executor.aeronDir()));
        }
    }

    private static List<Path> regionFiles(final Path aeronDir) throws IOException
    {
        return SessionFiles.named(aeronDir, TransferRegion.FILE_NAME_PREFIX);
    }

    /**
     * Takes the handshake's answer and nothing else.
     */
    private static final class SilentClient implements HandshakeListener
    {
        static final int RESPONSE_STREAM_ID = 0x2345_6789;

        volatile String regionFile;
        int requestStreamId;
        int requestPublicationSessionId;

        public void onConnected(final Connected connected)
        {
            this.requestStreamId = connected.requestStreamId();
            this.requestPublicationSessionId = connected.requestPublicationSessionId();
        }

        public void onTransferRegionOffered(final long correlationId, final String fileName, final long length)
        {
            regionFile = fileName;
        }

        public void onRejected(
            final long correlationId, final RejectReason reason, final int executorProtocolVersion,
            final String detail)
        {
            throw new AssertionError("connect refused: " + reason + ": " + detail);
        }

        public void onReply(
            final long correlationId,
            final int status,
            final long[] values,
            final int valueCount,
            final String message,
            final DirectBuffer payload,
            final int payloadOffset,
            final int payloadLength,
            final long totalPayloadLength)
        {
        }

        public void onBulkData(
            final long correlationId, final long offset, final DirectBuffer buffer, final int chunkOffset,
            final int length)
        {
        }
    }
}
