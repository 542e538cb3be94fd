package io.gpurelay.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.MessageOpener;
import io.gpurelay.protocol.security.MessageSealer;
import io.gpurelay.protocol.security.OpeningFragmentHandler;
import io.gpurelay.protocol.security.SessionKeys;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both proxies and both adapters over a real embedded media driver: inline and chunked payloads in each direction,
 * the handshake messages, and what malformed input turns into.
 */
class ProtocolRoundTripTest
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    @TempDir
    Path aeronDir;

    private MediaDriver driver;
    private Aeron aeron;
    private Publication publication;
    private Subscription subscription;

    @BeforeEach
    void start()
    {
        driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(aeronDir.toString())
            .threadingMode(ThreadingMode.SHARED)
            .sharedIdleStrategy(new BackoffIdleStrategy())
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir.toString()));
        subscription = aeron.addSubscription("aeron:ipc?term-length=4m", 42);
        publication = aeron.addPublication("aeron:ipc?term-length=4m", 42);
        awaitTrue(publication::isConnected);
    }

    @AfterEach
    void stop()
    {
        CloseHelper.closeAll(publication, subscription, aeron, driver);
    }

    @Test
    void callWithInlineAndChunkedPayloadsArrivesIntact()
    {
        final RecordingRequests requests = new RecordingRequests();
        final FragmentAssembler assembler = new FragmentAssembler(new SessionRequestAdapter(requests));
        final ClientProxy proxy = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);

        final byte[] small = randomBytes(1000, 1);
        assertTrue(proxy.call(publication, 7, 100, Function.CUDA_MEMCPY_HTOD, 3, new long[]{ 0x7000_0000_0000L, 1000 },
            2, new ByteArrayPayload(small), false));
        awaitTrue(() -> poll(assembler) && requests.calls.size() == 1);
        final RecordedCall inline = requests.calls.get(0);
        assertEquals(Function.CUDA_MEMCPY_HTOD.id(), inline.functionId);
        assertEquals(3, inline.context);
        assertFalse(inline.bulkFollows);
        assertArrayEquals(new long[]{ 0x7000_0000_0000L, 1000 }, inline.args);
        assertArrayEquals(small, inline.payload);

        // bigger than one message of a 4 MiB term (max message 512 KiB): chunked
        final byte[] large = randomBytes(3 * 1024 * 1024 + 17, 2);
        final CompletableFuture<Boolean> sent = CompletableFuture.supplyAsync(() -> proxy.call(publication, 7, 101,
            Function.CUDA_MEMCPY_HTOD, 0, new long[]{ 1, large.length }, 2, new ByteArrayPayload(large), true));
        awaitTrue(() -> poll(assembler) && requests.bulkBytes(101) == large.length);
        assertTrue(sent.join());
        final RecordedCall bulk = requests.calls.get(1);
        assertTrue(bulk.bulkFollows);
        assertTrue(bulk.pipelined);
        assertEquals(large.length, bulk.totalPayloadLength);
        assertEquals(0, bulk.payload.length);
        assertArrayEquals(large, requests.reassemble(101, large.length));
    }

    @Test
    void replyWithValuesMessageAndChunkedPayloadArrivesIntact()
    {
        final RecordingResponses responses = new RecordingResponses();
        final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(responses));
        final ExecutorProxy proxy = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);

        final byte[] large = randomBytes(2 * 1024 * 1024 + 5, 3);
        final CompletableFuture<Boolean> sent = CompletableFuture.supplyAsync(() ->
            proxy.reply(publication, 9, 55, 0, new long[]{ 11, 22, 33 }, 3, null, new ByteArrayPayload(large)) &&
            proxy.reply(publication, 9, 56, RuntimeStatus.INVALID_VALUE, new long[0], 0, "out of bounds", null));
        awaitTrue(() -> poll(assembler) && responses.statusByCorrelation.size() == 2 &&
            responses.received == large.length);
        assertTrue(sent.join());

        assertEquals(0, responses.statusByCorrelation.get(0)[1]);
        assertArrayEquals(new long[]{ 11, 22, 33 }, responses.firstValues);
        assertEquals(large.length, responses.firstTotal);
        assertArrayEquals(large, responses.receivedBytes());
        assertEquals(RuntimeStatus.INVALID_VALUE, responses.statusByCorrelation.get(1)[1]);
        assertEquals("out of bounds", responses.lastMessage);
    }

    @Test
    void deviceOutputArrivesInChunksWithTheDropCountOnTheFirst()
    {
        final RecordingResponses responses = new RecordingResponses();
        final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(responses));
        final ExecutorProxy proxy = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);

        // bigger than one message of a 4 MiB term (max message 512 KiB): several DeviceOutput messages
        final byte[] text = randomBytes(1024 * 1024 + 3, 4);
        final CompletableFuture<Boolean> sent = CompletableFuture.supplyAsync(() ->
            proxy.deviceOutput(publication, 9, new UnsafeBuffer(text), 0, text.length, 12) &&
            proxy.deviceOutput(publication, 9, new UnsafeBuffer(new byte[0]), 0, 0, 5) &&
            proxy.deviceOutput(publication, 9, new UnsafeBuffer(new byte[0]), 0, 0, 0));
        awaitTrue(() -> poll(assembler) && responses.deviceOutput.size() == text.length &&
            responses.droppedBytes.stream().mapToLong(Long::longValue).sum() == 17);
        assertTrue(sent.join());

        assertArrayEquals(text, responses.deviceOutput.toByteArray());
        assertEquals(12, responses.droppedBytes.get(0));
        assertEquals(5, responses.droppedBytes.get(responses.droppedBytes.size() - 1));
        assertEquals(9, responses.deviceOutputSessionId);
    }

    @Test
    void sealedRepliesChunksAndKeepAlivesArriveIntactAndNothingElseDoes()
    {
        final SessionKeys keys = new SessionKeys(9, 1001, true, filled(32, 1), filled(32, 2));
        final RecordingResponses responses = new RecordingResponses();
        final OpeningFragmentHandler opening =
            new OpeningFragmentHandler(new ClientResponseAdapter(responses), why -> responses.dropped.add(why));
        opening.requireSealed(keys.replyOpener());
        final FragmentAssembler assembler = new FragmentAssembler(opening);
        final ExecutorProxy proxy = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        final ExecutorProxy keepAlives = ExecutorProxy.forKeepAlives();
        final MessageSealer sealer = keys.replySealer();
        proxy.sealWith(sealer);
        keepAlives.sealWith(sealer);
        final ExecutorProxy unsealed = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);

        final byte[] large = randomBytes(2 * 1024 * 1024 + 5, 4);
        final CompletableFuture<Boolean> sent = CompletableFuture.supplyAsync(() ->
            proxy.reply(publication, 9, 55, 0, new long[]{ 11 }, 1, null, new ByteArrayPayload(large)) &&
            keepAlives.keepAlive(publication, 9, 1234) &&
            unsealed.reply(publication, 9, 56, 0, new long[0], 0, "forged", null) &&
            proxy.reply(publication, 9, 57, RuntimeStatus.INVALID_VALUE, new long[0], 0, "out of bounds", null));
        awaitTrue(() -> poll(assembler) && responses.statusByCorrelation.size() == 2 &&
            responses.received == large.length);
        assertTrue(sent.join());

        assertArrayEquals(large, responses.receivedBytes());
        assertEquals(1, responses.keepAlives);
        assertEquals(List.of(MessageOpener.Outcome.NOT_SEALED), responses.dropped);
        assertEquals(57, responses.statusByCorrelation.get(1)[0]);
        assertEquals("out of bounds", responses.lastMessage);
    }

    @Test
    void aCallbackComesDueWithItsStatusAndItsSealedAnswersAreTakenOnlyFromTheCallbackStream()
    {
        final RecordingResponses responses = new RecordingResponses();
        final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(responses));
        final ExecutorProxy executor = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        assertTrue(executor.callbackDue(publication, 9, 77, RuntimeStatus.ILLEGAL_ADDRESS));
        awaitTrue(() -> poll(assembler) && responses.callbacksDue.size() == 1);
        assertEquals(List.of("9/77/" + RuntimeStatus.ILLEGAL_ADDRESS), responses.callbacksDue);

        final SessionKeys keys = new SessionKeys(9, 1001, true, filled(32, 1), filled(32, 2));
        final List<String> answers = new ArrayList<>();
        final List<String> refused = new ArrayList<>();
        final OpeningFragmentHandler opening = new OpeningFragmentHandler(
            new CallbackDoneAdapter(new CallbackDoneAdapter.Listener()
            {
                public void onCallbackDone(final long sessionId, final long callbackId)
                {
                    answers.add(sessionId + "/" + callbackId);
                }

                public void onKeepAlive(final long sessionId)
                {
                    answers.add("keep-alive " + sessionId);
                }

                public void onMalformed(final String reason)
                {
                    refused.add(reason);
                }
            }), why -> refused.add(why.name()));
        opening.requireSealed(keys.callbackOpener());
        final FragmentAssembler callbackAssembler = new FragmentAssembler(opening);
        final ClientProxy client = ClientProxy.forCallbacks(new BackoffIdleStrategy(), TIMEOUT_NS);
        client.sealWith(keys.callbackSealer());
        final ClientProxy requests = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        requests.sealWith(keys.requestSealer());
        assertTrue(requests.keepAlive(publication, 9, 1));
        assertTrue(client.callbackDone(publication, 9, 77));
        assertTrue(client.keepAlive(publication, 9, 2));
        final ClientProxy clear = ClientProxy.forCallbacks(new BackoffIdleStrategy(), TIMEOUT_NS);
        assertTrue(clear.callbackDone(publication, 9, 78));
        awaitTrue(() -> poll(callbackAssembler) && answers.size() + refused.size() == 4);
        assertEquals(List.of("9/77", "keep-alive 9"), answers);
        assertEquals(List.of("FORGED", "NOT_SEALED"), refused);
        assertEquals(-400, Protocol.callbackStreamId(400));
    }

    @Test
    void aTransferRegionOfferFollowsConnectedAndCallsSayWhatMovesThroughTheRegion()
    {
        final RecordingResponses responses = new RecordingResponses();
        final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(responses));
        final ExecutorProxy executorProxy = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        final String region = "gpurelay-region-4d-" + "0123456789abcdef".repeat(2);
        assertTrue(executorProxy.connected(publication, 5, 77, Protocol.SESSION_STREAM_ID_BASE + 1, 4321,
            filled(32, 1), filled(32, 2), 1, 2500, "0.1.0", "emulated", region, 1 << 20));
        awaitTrue(() -> poll(assembler) && responses.transferRegion != null);
        assertEquals("5/" + region + "/" + (1 << 20), responses.transferRegion);
        assertTrue(TransferRegion.FILE_NAME.matcher(region).matches());

        final RecordingRequests requests = new RecordingRequests();
        final RecordingFlags flags = new RecordingFlags(requests);
        final FragmentAssembler requestAssembler = new FragmentAssembler(new SessionRequestAdapter(flags));
        final ClientProxy clientProxy = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        assertTrue(clientProxy.callThroughRegion(publication, 77, 9, Function.CUDA_MEMCPY_HTOD, 0,
            new long[]{ 0x7000_0000_0000L, 1 << 22 }, 2, 1 << 22, false, true));
        assertTrue(clientProxy.callThroughRegion(publication, 77, 10, Function.CUDA_MEMCPY_DTOH, 0,
            new long[]{ 0x7000_0000_0000L, 1 << 22 }, 2, 0, true, false));
        awaitTrue(() -> poll(requestAssembler) && requests.calls.size() == 2);
        assertEquals(List.of("payload 4194304 pipelined", "reply"), flags.seen);
        assertEquals(List.of(), requests.malformed);
    }

    @Test
    void handshakeMessagesRoundTrip()
    {
        final RecordingResponses responses = new RecordingResponses();
        final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(responses));
        final ExecutorProxy proxy = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        final byte[] executorKey = filled(32, 0x11);
        final byte[] executorProof = filled(32, 0x22);
        assertTrue(proxy.connected(publication, 1, 77, Protocol.SESSION_STREAM_ID_BASE + 1, 4321, executorKey,
            executorProof, 2, 2500, "0.1.0", "emulated"));
        assertTrue(proxy.rejected(publication, 2, RejectReason.VERSION_MISMATCH, "protocol version mismatch"));
        awaitTrue(() -> poll(assembler) && responses.rejectDetail != null);
        assertEquals("77/4321/2/emulated/" + HexFormat.of().formatHex(executorKey) + "/" +
            HexFormat.of().formatHex(executorProof), responses.connected);
        assertEquals("protocol version mismatch", responses.rejectDetail);

        final List<String> connects = new ArrayList<>();
        final FragmentAssembler control = new FragmentAssembler(new ConnectRequestAdapter(new ConnectRequestListener()
        {
            public void onConnectRequest(final long correlationId, final int protocolVersion,
                final int responseStreamId, final long clientPid, final String responseChannel,
                final String clientName, final byte[] clientPublicKey, final byte[] clientProof)
            {
                connects.add(protocolVersion + "/" + responseStreamId + "/" + responseChannel + "/" + clientName +
                    "/" + clientPid + "/" + HexFormat.of().formatHex(clientPublicKey) + "/" +
                    HexFormat.of().formatHex(clientProof));
            }

            public void onStatRequest(final long correlationId, final int protocolVersion,
                final int responseStreamId, final String responseChannel, final byte[] clientPublicKey,
                final byte[] clientProof)
            {
                connects.add("stat " + correlationId + "/" + responseStreamId + "/" + responseChannel);
            }

            public void onMalformed(final String reason)
            {
                connects.add("malformed: " + reason);
            }
        }));
        final ClientProxy client = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        assertTrue(client.connect(publication, 5, 1101, 4242, "aeron:ipc", "app", filled(32, 0x33), filled(32, 0x44),
            Protocol.PROTOCOL_VERSION));
        awaitTrue(() -> subscription.poll(control, 10) >= 0 && connects.size() == 1);
        assertEquals(Protocol.PROTOCOL_VERSION + "/1101/aeron:ipc/app/4242/" + "33".repeat(32) + "/" + "44".repeat(32),
            connects.get(0));

        final UnsafeBuffer stat = new UnsafeBuffer(new byte[4096]);
        final int statLength = new StatMessages().encodeRequest(
            stat, 9, 1102, "aeron:udp?endpoint=h:1", filled(32, 0x55), filled(32, 0x66));
        awaitTrue(() -> publication.offer(stat, 0, statLength) > 0);
        awaitTrue(() -> subscription.poll(control, 10) >= 0 && connects.size() == 2);
        assertEquals("stat 9/1102/aeron:udp?endpoint=h:1", connects.get(1));
    }

    @Test
    void garbageIsReportedAsMalformed()
    {
        final RecordingRequests requests = new RecordingRequests();
        final FragmentAssembler assembler = new FragmentAssembler(new SessionRequestAdapter(requests));
        final UnsafeBuffer garbage = new UnsafeBuffer(randomBytes(64, 4));
        assertTrue(Offers.offer(publication, garbage, 0, 64, new BackoffIdleStrategy(), TIMEOUT_NS));
        assertTrue(Offers.offer(publication, garbage, 0, 3, new BackoffIdleStrategy(), TIMEOUT_NS));
        awaitTrue(() -> poll(assembler) && requests.malformed.size() == 2);
        assertTrue(requests.calls.isEmpty());
    }

    @Test
    void versionsAreCompatibleOnlyWithinAMinorVersion()
    {
        final int current = Protocol.PROTOCOL_VERSION;
        final int major = org.agrona.SemanticVersion.major(current);
        final int minor = org.agrona.SemanticVersion.minor(current);
        assertTrue(Protocol.compatible(current, current));
        assertTrue(Protocol.compatible(org.agrona.SemanticVersion.compose(major, minor, 9), current));
        assertFalse(Protocol.compatible(org.agrona.SemanticVersion.compose(major + 1, minor, 0), current));
        assertFalse(Protocol.compatible(org.agrona.SemanticVersion.compose(major, minor + 1, 0), current));
    }

    @Test
    void functionIdsAreUniqueAndLookedUp()
    {
        for (final Function function : Function.values())
        {
            assertEquals(function, Function.byId(function.id()));
        }
        assertEquals(null, Function.byId(65535));
        assertEquals(null, Function.byId(-1));
    }

    private boolean poll(final FragmentAssembler assembler)
    {
        subscription.poll(assembler, 100);
        return true;
    }

    private static void awaitTrue(final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        final BackoffIdleStrategy idle = new BackoffIdleStrategy();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() > deadline)
            {
                throw new AssertionError("condition not met within 10 s");
            }
            idle.idle();
        }
    }

    private static byte[] randomBytes(final int length, final long seed)
    {
        final byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private record RecordedCall(
        int functionId, long context, boolean bulkFollows, boolean pipelined, long totalPayloadLength, long[] args,
        byte[] payload)
    {
    }

    /**
     * What a call says moves through the transfer region.
     */
    private static final class RecordingFlags implements SessionRequestListener
    {
        final List<String> seen = new ArrayList<>();
        private final RecordingRequests requests;

        RecordingFlags(final RecordingRequests requests)
        {
            this.requests = requests;
        }

        public void onCall(final CallView call)
        {
            seen.add(call.payloadInRegion() ? "payload " + call.totalPayloadLength() +
                (call.pipelined() ? " pipelined" : "") : call.replyInRegion() ? "reply" : "none");
            requests.onCall(call);
        }

        public void onBulkData(final long sessionId, final long correlationId, final long offset,
            final DirectBuffer buffer, final int chunkOffset, final int length)
        {
            requests.onBulkData(sessionId, correlationId, offset, buffer, chunkOffset, length);
        }

        public void onKeepAlive(final long sessionId, final long timestampMs)
        {
        }

        public void onCloseSession(final long sessionId)
        {
        }

        public void onMalformed(final String reason)
        {
            requests.onMalformed(reason);
        }
    }

    private static final class RecordingRequests implements SessionRequestListener
    {
        final List<RecordedCall> calls = new ArrayList<>();
        final List<String> malformed = new ArrayList<>();
        final List<long[]> chunks = new ArrayList<>();
        final List<byte[]> chunkBytes = new ArrayList<>();

        public void onCall(final CallView call)
        {
            final long[] args = new long[call.argCount()];
            for (int i = 0; i < args.length; i++)
            {
                args[i] = call.arg(i);
            }
            final byte[] payload = new byte[call.payload().capacity()];
            call.payload().getBytes(0, payload);
            calls.add(new RecordedCall(call.functionId(), call.context(), call.bulkFollows(), call.pipelined(),
                call.totalPayloadLength(), args, payload));
        }

        public void onBulkData(final long sessionId, final long correlationId, final long offset,
            final DirectBuffer buffer, final int chunkOffset, final int length)
        {
            final byte[] bytes = new byte[length];
            buffer.getBytes(chunkOffset, bytes);
            chunks.add(new long[]{ correlationId, offset });
            chunkBytes.add(bytes);
        }

        long bulkBytes(final long correlationId)
        {
            long total = 0;
            for (int i = 0; i < chunks.size(); i++)
            {
                total += chunks.get(i)[0] == correlationId ? chunkBytes.get(i).length : 0;
            }
            return total;
        }

        byte[] reassemble(final long correlationId, final int length)
        {
            final byte[] all = new byte[length];
            for (int i = 0; i < chunks.size(); i++)
            {
                if (chunks.get(i)[0] == correlationId)
                {
                    System.arraycopy(chunkBytes.get(i), 0, all, (int)chunks.get(i)[1], chunkBytes.get(i).length);
                }
            }
            return all;
        }

        public void onKeepAlive(final long sessionId, final long timestampMs)
        {
        }

        public void onCloseSession(final long sessionId)
        {
        }

        public void onMalformed(final String reason)
        {
            malformed.add(reason);
        }
    }

    private static byte[] filled(final int length, final int value)
    {
        final byte[] bytes = new byte[length];
        java.util.Arrays.fill(bytes, (byte)value);
        return bytes;
    }

    private static final class RecordingResponses implements ClientResponseListener
    {
        final List<long[]> statusByCorrelation = new ArrayList<>();
        long received;
        long[] firstValues;
        long firstTotal;
        String lastMessage;
        String connected;
        String rejectDetail;
        String transferRegion;
        final java.io.ByteArrayOutputStream deviceOutput = new java.io.ByteArrayOutputStream();
        final List<Long> droppedBytes = new ArrayList<>();
        long deviceOutputSessionId;
        int keepAlives;
        final List<MessageOpener.Outcome> dropped = new ArrayList<>();
        final List<String> callbacksDue = new ArrayList<>();
        private byte[] assembled;

        public void onCallbackDue(final long sessionId, final long callbackId, final int status)
        {
            callbacksDue.add(sessionId + "/" + callbackId + "/" + status);
        }

        public void onDeviceOutput(final long sessionId, final DirectBuffer text, final int offset, final int length,
            final long dropped)
        {
            final byte[] bytes = new byte[length];
            text.getBytes(offset, bytes);
            deviceOutput.writeBytes(bytes);
            droppedBytes.add(dropped);
            deviceOutputSessionId = sessionId;
        }

        public void onConnected(final long correlationId, final long sessionId, final int protocolVersion,
            final int requestStreamId, final int requestPublicationSessionId, final byte[] executorPublicKey,
            final byte[] executorProof, final int deviceCount, final long keepAliveIntervalMs,
            final String executorVersion, final String backend)
        {
            connected = sessionId + "/" + requestPublicationSessionId + "/" + deviceCount + "/" + backend + "/" +
                HexFormat.of().formatHex(executorPublicKey) + "/" + HexFormat.of().formatHex(executorProof);
        }

        public void onRejected(final long correlationId, final RejectReason reason, final int executorProtocolVersion,
            final String detail)
        {
            rejectDetail = detail;
        }

        public void onTransferRegionOffered(final long correlationId, final String fileName, final long length)
        {
            transferRegion = correlationId + "/" + fileName + "/" + length;
        }

        public void onKeepAlive(final long sessionId)
        {
            keepAlives++;
        }

        public void onReply(final long correlationId, final int status, final long[] values, final int valueCount,
            final String message, final DirectBuffer payload, final int payloadOffset, final int payloadLength,
            final long totalPayloadLength)
        {
            if (firstValues == null)
            {
                firstValues = java.util.Arrays.copyOf(values, valueCount);
                firstTotal = totalPayloadLength;
                assembled = new byte[(int)totalPayloadLength];
            }
            statusByCorrelation.add(new long[]{ correlationId, status });
            lastMessage = message;
        }

        public void onBulkData(final long correlationId, final long offset, final DirectBuffer buffer,
            final int chunkOffset, final int length)
        {
            assertNotNull(assembled);
            buffer.getBytes(chunkOffset, assembled, (int)offset, length);
            received += length;
        }

        byte[] receivedBytes()
        {
            return assembled;
        }
    }
}
