package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_HTOD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.BulkDataEncoder;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.CloseSessionEncoder;
import io.gpurelay.protocol.codecs.ConnectRequestEncoder;
import io.gpurelay.protocol.codecs.KeepAliveEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.ClientHandshake;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A mutation fuzzer on the wire: a running executor receives random and mutated messages on its control stream and
 * on a session's request stream (calls of every function with extreme arguments, chunks, keep-alives, requests in
 * another session's name, truncations, bit flips), while a legitimate client keeps using it and checks every answer.
 * The number of inputs is {@code -Dgpurelay.fuzz.wire.inputs} (one million by default); the seed is printed so that
 * a failure can be replayed with {@code -Dgpurelay.fuzz.wire.seed}.
 */
class WireFuzzTest
{
    private static final String CHANNEL = "aeron:ipc?term-length=1m";
    /** Where fuzzed connect requests ask for replies: small terms, so that the sessions they open cost little. */
    private static final String SMALL_TERMS_CHANNEL = "aeron:ipc?term-length=64k";
    private static final long INPUTS = Long.getLong("gpurelay.fuzz.wire.inputs", 1_000_000);
    private static final long SEED = Long.getLong("gpurelay.fuzz.wire.seed", System.nanoTime());
    private static final int CHECK_EVERY = 20_000;
    private static final int DEVICE_0 = 0;
    private static final long[] INTERESTING = {
        0, 1, -1, 2, 7, 255, 256, 4096, 65536, 1 << 20, Integer.MAX_VALUE, Integer.MIN_VALUE, 0xFFFF_FFFFL,
        Long.MAX_VALUE, Long.MIN_VALUE, EmulatedBackend.BASE_ADDRESS, EmulatedBackend.BASE_ADDRESS + 256,
        1L << 56, 2L << 56, 3L << 56, 4L << 56 };

    private static final byte[] INTERESTING_BYTES = { 0, (byte)0xFF, 0x7F, (byte)0x80 };

    private final Random random = new Random(SEED);
    private final UnsafeBuffer message = new UnsafeBuffer(new byte[4096]);
    private final MessageHeaderEncoder header = new MessageHeaderEncoder();

    @Test
    @Timeout(value = 10, unit = TimeUnit.MINUTES)
    void theExecutorServesALegitimateClientThroughoutAMillionFuzzedInputs()
    {
        System.out.println("WireFuzzTest: seed " + SEED + ", " + INPUTS + " inputs");
        final List<TestClient> clients = new ArrayList<>();
        try (RemoteExecutor executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("wire-fuzz"))
            .channel("aeron:ipc")
            .backend(new EmulatedBackend(2, 64L * 1024 * 1024))
            .kernelTimeoutNs(TimeUnit.MILLISECONDS.toNanos(200))
            .receiveBufferBytes(16L * 1024 * 1024)
            .keepAliveTimeoutNs(TimeUnit.SECONDS.toNanos(5))
            .responseConnectTimeoutNs(TimeUnit.MILLISECONDS.toNanos(200))
            .maxSessions(64)
            .log(new CapturedLog(ExecutorLog.Level.ERROR).log()));
            Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDirectoryName()));
            Publication control = aeron.addPublication(CHANNEL, Protocol.CONTROL_STREAM_ID))
        {
            final TestClient legitimate = connect(aeron, clients, "legitimate");
            final byte[] data = new byte[8192];
            random.nextBytes(data);
            final long mine = ok(legitimate.call(CUDA_MALLOC, DEVICE_0, data.length)).value(0);
            ok(legitimate.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, data, mine, data.length));

            TestClient attacker = connect(aeron, clients, "fuzzer");
            long delivered = 0;
            long sessionsLost = 0;
            for (long input = 0; input < INPUTS; input++)
            {
                final boolean onControlStream = random.nextInt(1000) == 0;
                final int length = mutate(
                    onControlStream ? seedConnectRequest() : seedSessionMessage(attacker, legitimate.sessionId));
                final long result = onControlStream ? control.offer(message, 0, length) : offer(attacker, length);
                if (result > 0)
                {
                    delivered++;
                }
                else if (!onControlStream && (result == Publication.NOT_CONNECTED || result == Publication.CLOSED))
                {
                    sessionsLost++;
                    attacker.close();
                    attacker = reconnect(aeron, clients, "fuzzer after " + input);
                }
                if (input % CHECK_EVERY == 0)
                {
                    assertLegitimateClientServed(legitimate, mine, data);
                }
            }
            assertLegitimateClientServed(legitimate, mine, data);
            System.out.println("WireFuzzTest: " + INPUTS + " inputs, " + delivered + " delivered, " +
                sessionsLost + " fuzzer sessions ended by its own input; executor counted " +
                executor.counters().malformedMessages() + " malformed, " + executor.counters().foreignMessages() +
                " for another session, " + executor.counters().calls() + " calls, " + executor.counters().errors() +
                " internal errors");
            assertTrue(delivered >= INPUTS / 2, () -> "too few inputs reached the executor");
        }
        finally
        {
            clients.forEach(TestClient::close);
        }
    }

    /**
     * Offer until the executor takes the input, so that every input counted is one it had to handle.
     */
    private long offer(final TestClient attacker, final int length)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long result;
        while ((result = attacker.offerRawOnce(message, length)) == Publication.BACK_PRESSURED ||
            result == Publication.ADMIN_ACTION)
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("the executor took no input for 10 s");
            }
            Thread.onSpinWait();
        }
        return result;
    }

    private void assertLegitimateClientServed(final TestClient client, final long address, final byte[] data)
    {
        final byte[] back = ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, address, data.length)).payload();
        assertArrayEquals(data, back, "the legitimate client's memory is intact");
        random.nextBytes(data);
        ok(client.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, data, address, data.length));
        assertEquals(0, client.call(Function.CUDA_GET_DEVICE_COUNT, DEVICE_0).status());
    }

    private static TestClient connect(final Aeron aeron, final List<TestClient> clients, final String name)
    {
        final TestClient client = new TestClient(aeron, CHANNEL, CHANNEL, name);
        clients.add(client);
        assertTrue(client.connect(""), () -> name + " refused: " + client.rejectDetail);
        return client;
    }

    /**
     * A new session for the fuzzer once its own input ended the last one; while the fuzzed connect requests hold
     * every slot (each until its reply channel fails to connect), the executor refuses it, and it tries again, as it
     * does when a busy machine leaves its request unanswered for the client's own timeout.
     */
    private static TestClient reconnect(final Aeron aeron, final List<TestClient> clients, final String name)
    {
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (true)
        {
            final TestClient client = new TestClient(aeron, CHANNEL, CHANNEL, name);
            clients.add(client);
            try
            {
                if (client.connect(""))
                {
                    return client;
                }
                assertEquals(RejectReason.TOO_MANY_SESSIONS, client.rejectReason, client.rejectDetail);
            }
            catch (final AssertionError slow)
            {
                // Unanswered for the client's 10 s on a busy machine: the deadline below bounds the retries.
                assertTrue(slow.getMessage().startsWith("timed out waiting for Connected"), slow::getMessage);
            }
            assertTrue(System.nanoTime() - deadline < 0, "no session for the fuzzer in 60 s");
            client.close();
            CapturedLog.sleep(50);
        }
    }

    /**
     * A connect request that proves the (empty) token, as a client's would, so that those the mutation leaves intact
     * open sessions and those it changes are refused by the handshake.
     */
    private int seedConnectRequest()
    {
        final long correlationId = random.nextLong();
        final int protocolVersion = random.nextBoolean() ? Protocol.PROTOCOL_VERSION : random.nextInt();
        final int responseStreamId = random.nextInt();
        final long clientPid = random.nextLong();
        final String responseChannel = random.nextBoolean() ? SMALL_TERMS_CHANNEL :
            "aeron:udp?endpoint=localhost:" + random.nextInt(65536) + "|term-length=64k";
        final String clientName = "fuzz\u0000\u001b[31m" + random.nextInt();
        final ClientHandshake handshake = new ClientHandshake("");
        final byte[] proof = handshake.proveToken(
            correlationId, protocolVersion, responseStreamId, clientPid, responseChannel, clientName);
        final ConnectRequestEncoder encoder = new ConnectRequestEncoder()
            .wrapAndApplyHeader(message, 0, header)
            .correlationId(correlationId)
            .protocolVersion(protocolVersion)
            .responseStreamId(responseStreamId)
            .clientPid(clientPid)
            .putClientPublicKey(handshake.publicKey(), 0, ConnectRequestEncoder.clientPublicKeyLength())
            .putClientProof(proof, 0, proof.length)
            .responseChannel(responseChannel)
            .clientName(clientName)
            .token("");
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    private int seedSessionMessage(final TestClient attacker, final long victimSessionId)
    {
        final long sessionId = random.nextInt(8) == 0 ? victimSessionId : attacker.sessionId;
        return switch (random.nextInt(10))
        {
            case 0 ->
            {
                final byte[] chunk = new byte[random.nextInt(256)];
                yield MessageHeaderEncoder.ENCODED_LENGTH + new BulkDataEncoder()
                    .wrapAndApplyHeader(message, 0, header)
                    .sessionId(sessionId)
                    .correlationId(random.nextInt(64))
                    .payloadOffset(interesting())
                    .putChunk(chunk, 0, chunk.length)
                    .encodedLength();
            }
            case 1 -> MessageHeaderEncoder.ENCODED_LENGTH + new KeepAliveEncoder()
                .wrapAndApplyHeader(message, 0, header).sessionId(sessionId).timestamp(random.nextLong()).encodedLength();
            case 2 -> MessageHeaderEncoder.ENCODED_LENGTH + new CloseSessionEncoder()
                .wrapAndApplyHeader(message, 0, header).sessionId(victimSessionId).encodedLength();
            default -> seedCall(sessionId);
        };
    }

    /**
     * The ids calls are made of: every hand-written function and every row of the function table, except the four that
     * add a stream callback or host function. Such a call rightly holds its session's stream until the client answers
     * that the callback ran, or goes silent for the keep-alive timeout (SessionCallbacksTest, CallbacksIT): the
     * fuzzer never answers, so each one would stall its session for seconds and the million inputs for hours.
     */
    private static final int[] FUNCTION_IDS = IntStream.concat(
        Arrays.stream(Function.values())
            .filter(function -> !EnumSet.of(Function.CUDA_STREAM_ADD_CALLBACK, Function.CUDA_LAUNCH_HOST_FUNC,
                Function.CU_STREAM_ADD_CALLBACK, Function.CU_LAUNCH_HOST_FUNC).contains(function))
            .mapToInt(Function::id),
        FunctionTable.standard().rows().stream().mapToInt(FunctionRow::id)).toArray();

    private int seedCall(final long sessionId)
    {
        final int[] functions = FUNCTION_IDS;
        final boolean bulk = random.nextInt(4) == 0;
        final byte[] payload = new byte[bulk ? 0 : random.nextInt(64)];
        random.nextBytes(payload);
        final CallEncoder encoder = new CallEncoder()
            .wrapAndApplyHeader(message, 0, header)
            .sessionId(sessionId)
            .correlationId(random.nextInt(64))
            .function(random.nextInt(20) == 0 ? random.nextInt() : functions[random.nextInt(functions.length)])
            .context(random.nextInt(4) == 0 ? interesting() : random.nextInt(3))
            .totalPayloadLength(bulk ? interesting() : payload.length);
        encoder.flags().clear().bulkFollows(bulk).replyOnErrorOnly(random.nextBoolean());
        final int argCount = random.nextInt(9);
        final CallEncoder.ArgsEncoder args = encoder.argsCount(argCount);
        for (int i = 0; i < argCount; i++)
        {
            args.next().value(interesting());
        }
        encoder.putPayload(payload, 0, payload.length);
        return MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
    }

    private long interesting()
    {
        final long value = INTERESTING[random.nextInt(INTERESTING.length)];
        return random.nextInt(4) == 0 ? value + random.nextInt(17) - 8 : value;
    }

    /**
     * Bit flips, interesting bytes, truncation or extension; a third of the inputs go unmutated.
     */
    private int mutate(final int length)
    {
        int mutated = length;
        final int mutations = random.nextInt(4);
        for (int i = 0; i < mutations; i++)
        {
            switch (random.nextInt(5))
            {
                case 0 -> flipBit(random.nextInt(mutated));
                case 1 -> message.putByte(random.nextInt(mutated), INTERESTING_BYTES[random.nextInt(4)]);
                case 2 -> mutated = Math.max(1, random.nextInt(mutated + 1));
                case 3 ->
                {
                    final int extra = random.nextInt(64);
                    for (int j = 0; j < extra && mutated < message.capacity(); j++)
                    {
                        message.putByte(mutated++, (byte)random.nextInt());
                    }
                }
                default -> message.putInt(random.nextInt(Math.max(1, mutated - 3)), (int)interesting());
            }
        }
        return mutated;
    }

    private void flipBit(final int offset)
    {
        message.putByte(offset, (byte)(message.getByte(offset) ^ (1 << random.nextInt(8))));
    }
}
