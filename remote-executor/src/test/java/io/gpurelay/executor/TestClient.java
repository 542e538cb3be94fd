package io.gpurelay.executor;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.ClientResponseAdapter;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.BulkDataEncoder;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.ClientHandshake;
import io.gpurelay.protocol.security.ExecutorHandshake;
import io.gpurelay.protocol.security.HandshakeException;
import io.gpurelay.protocol.security.HandshakeTranscript;
import io.gpurelay.protocol.security.MessageSealer;
import io.gpurelay.protocol.security.OpeningFragmentHandler;
import io.gpurelay.protocol.security.SessionKeys;
import io.gpurelay.testsupport.HandshakeListener;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The smallest client that speaks the protocol, for driving an executor in tests: connect, call and wait for the
 * reply (sending keep-alives while it waits, as the agent does), and the ways a broken client misbehaves. It makes
 * the handshake as the agent does, and on a UDP channel seals what it sends and opens what it receives.
 */
final class TestClient implements AutoCloseable, HandshakeListener
{
    static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    /** The context's default stream, as copies name it. */
    static final long DEFAULT_STREAM = 0;
    private static final AtomicInteger NEXT_RESPONSE_STREAM_ID = new AtomicInteger(5000);

    static
    {
        // One handshake before any test: the first X25519 and HKDF of a JVM load and interpret their classes, which
        // on a busy machine can take longer than a test's keep-alive timeout between Connected and the first call.
        try
        {
            final ClientHandshake client = new ClientHandshake("warm-up");
            final byte[] proof = client.proveToken(1, Protocol.PROTOCOL_VERSION, 1, 1, "aeron:ipc", "warm-up");
            final byte[] requestHash = HandshakeTranscript.requestHash(
                1, Protocol.PROTOCOL_VERSION, 1, 1, "aeron:ipc", "warm-up", client.publicKey());
            final ExecutorHandshake executor = new ExecutorHandshake("warm-up");
            final ExecutorHandshake.Accepted accepted = executor.accept(requestHash, client.publicKey(), 1, 1, 1001,
                executor.isClientProof(requestHash, proof));
            client.complete(1, 1, 1001, true, accepted.executorPublicKey(), accepted.executorProof());
        }
        catch (final HandshakeException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private final Aeron aeron;
    private final String executorChannel;
    private final String name;
    private final Subscription responses;
    private final OpeningFragmentHandler opening =
        new OpeningFragmentHandler(new ClientResponseAdapter(this), why -> this.droppedReplies++);
    private final FragmentAssembler assembler = new FragmentAssembler(opening);
    private final ClientProxy proxy = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
    private final IdleStrategy idleStrategy = new BackoffIdleStrategy();
    private final Map<Long, Reply> replies = new HashMap<>();
    final int responseStreamId;
    private final String responseChannel;
    private Publication control;
    private Publication requests;
    private MessageSealer requestSealer;
    private UnsafeBuffer sealedBuffer;
    private byte[] lastSent;
    private Reply partialReply;
    private long partialCorrelationId;
    private long nextCorrelationId = 1;
    private long lastSentNs;
    private boolean sendKeepAlives = true;
    private long pid = ProcessHandle.current().pid();
    private ClientHandshake handshake;

    long sessionId;
    int requestStreamId;
    int requestPublicationSessionId;
    byte[] executorPublicKey;
    byte[] executorProof;
    SessionKeys keys;
    int droppedReplies;
    int deviceCount;
    long keepAliveIntervalMs;
    String executorVersion;
    String backend;
    int executorProtocolVersion;
    RejectReason rejectReason;
    String rejectDetail;
    int keepAlivesReceived;
    String sessionFailure;
    /** Device output received so far, and how many bytes the executor said it dropped. */
    final ByteArrayOutputStream deviceOutput = new ByteArrayOutputStream();
    long deviceOutputDropped;

    /**
     * @param responseChannel where the executor replies: aeron:ipc, or a UDP endpoint of this client.
     */
    TestClient(final Aeron aeron, final String executorChannel, final String responseChannel, final String name)
    {
        this.aeron = aeron;
        this.executorChannel = executorChannel;
        this.responseChannel = responseChannel;
        this.name = name;
        this.responseStreamId = NEXT_RESPONSE_STREAM_ID.getAndIncrement();
        this.responses = aeron.addSubscription(responseChannel, responseStreamId);
    }

    String name()
    {
        return name;
    }

    /**
     * @return the reply, after asserting that it succeeded (status 0 in every API), with its message on failure.
     */
    static Reply ok(final Reply reply)
    {
        assertEquals(0, reply.status(), reply.message());
        return reply;
    }

    /**
     * Allocate device memory in the driver context and copy the floats there.
     */
    static long allocUpload(final TestClient client, final long context, final float[] values)
    {
        final long address = ok(client.call(Function.CU_MEM_ALLOC, context, 4L * values.length)).value(0);
        upload(client, context, address, values);
        return address;
    }

    static void upload(final TestClient client, final long context, final long address, final float[] values)
    {
        ok(client.callWithPayload(Function.CU_MEMCPY_HTOD, context, floats(values), address, 4L * values.length,
            DEFAULT_STREAM));
    }

    static float[] download(final TestClient client, final long context, final long address, final int count)
    {
        final ByteBuffer bytes = ByteBuffer.wrap(
            ok(client.call(Function.CU_MEMCPY_DTOH, context, address, 4L * count, DEFAULT_STREAM)).payload())
            .order(ByteOrder.LITTLE_ENDIAN);
        final float[] values = new float[count];
        bytes.asFloatBuffer().get(values);
        return values;
    }

    /**
     * The floats as little-endian bytes, as they lie in device memory.
     */
    static byte[] floats(final float[] values)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(values);
        return bytes.array();
    }

    record Reply(int status, long[] values, String message, byte[] payload)
    {
        long value(final int index)
        {
            return values[index];
        }
    }

    /**
     * @return true when the executor accepted the session, false when it refused (see {@link #rejectReason}).
     */
    boolean connect(final String token)
    {
        return connect(token, Protocol.PROTOCOL_VERSION);
    }

    boolean connect(final String token, final int protocolVersion)
    {
        sendConnect(token, protocolVersion);
        awaitPolling("Connected or ConnectRejected", () -> sessionId != 0 || rejectReason != null);
        return completeConnect();
    }

    /**
     * The first half of {@link #connect}: the request is sent, the answer not awaited; see {@link #pollConnect()}.
     */
    void sendConnect(final String token, final int protocolVersion)
    {
        control = aeron.addPublication(executorChannel, Protocol.CONTROL_STREAM_ID);
        await("control publication connected", control::isConnected);
        final long correlationId = nextCorrelationId++;
        handshake = new ClientHandshake(token);
        final byte[] proof = handshake.proveToken(
            correlationId, protocolVersion, responseStreamId, pid, responseChannel, name);
        if (!proxy.connect(control, correlationId, responseStreamId, pid, responseChannel, name,
            handshake.publicKey(), proof, protocolVersion))
        {
            throw new AssertionError("connect request not sent");
        }
    }

    /**
     * Connect in the name of another process of this host, as a client on it would.
     */
    TestClient pid(final long pid)
    {
        this.pid = pid;
        return this;
    }

    /**
     * @return whether the executor has answered the connect request sent by {@link #sendConnect}.
     */
    boolean pollConnect()
    {
        poll();
        return sessionId != 0 || rejectReason != null;
    }

    /**
     * @return true when the executor accepted the session (its request stream is then connected), false if refused.
     */
    boolean completeConnect()
    {
        if (rejectReason != null)
        {
            return false;
        }
        try
        {
            keys = handshake.complete(sessionId, requestStreamId, requestPublicationSessionId,
                Protocol.sealsSessions(executorChannel), executorPublicKey, executorProof);
        }
        catch (final HandshakeException ex)
        {
            throw new AssertionError("the executor's proof does not hold: " + ex.getMessage(), ex);
        }
        final ChannelUri requestChannel = ChannelUri.parse(executorChannel);
        requestChannel.put(CommonContext.SESSION_ID_PARAM_NAME, Integer.toString(requestPublicationSessionId));
        requests = aeron.addExclusivePublication(requestChannel.toString(), requestStreamId);
        if (keys.sealed())
        {
            requestSealer = keys.requestSealer();
            proxy.sealWith(requestSealer);
            opening.requireSealed(keys.replyOpener());
            sealedBuffer = new UnsafeBuffer(ByteBuffer.allocateDirect(
                Protocol.MAX_CHUNK_LENGTH + Protocol.MESSAGE_OVERHEAD + MessageSealer.MAX_OVERHEAD));
        }
        await("request publication connected", requests::isConnected);
        // The executor times the session's silence from Connected on: tell it at once that the client is here.
        proxy.keepAlive(requests, sessionId, System.currentTimeMillis());
        lastSentNs = System.nanoTime();
        return true;
    }

    Reply call(final RemotedFunction function, final long context, final long... args)
    {
        return awaitReply(send(function, context, null, false, args));
    }

    Reply callWithPayload(final Function function, final long context, final byte[] payload, final long... args)
    {
        return awaitReply(send(function, context, new ByteArrayPayload(payload), false, args));
    }

    /**
     * @return the correlation id of the call, for {@link #awaitReply} when it fails.
     */
    long pipelined(final RemotedFunction function, final long context, final long... args)
    {
        return send(function, context, null, true, args);
    }

    long send(
        final RemotedFunction function,
        final long context,
        final PayloadSource payload,
        final boolean pipelined,
        final long... args)
    {
        final long correlationId = nextCorrelationId++;
        if (!proxy.call(requests, sessionId, correlationId, function, context, args, args.length, payload, pipelined))
        {
            throw new AssertionError("call " + function + " not sent");
        }
        lastSentNs = System.nanoTime();
        return correlationId;
    }

    /**
     * A call whose function id the client chooses, known to the executor or not.
     */
    Reply callFunctionId(final int functionId, final long sessionId)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(256));
        final CallEncoder encoder = new CallEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .sessionId(sessionId)
            .correlationId(nextCorrelationId)
            .function(functionId)
            .context(0)
            .totalPayloadLength(0);
        encoder.flags().clear();
        encoder.argsCount(0);
        encoder.putPayload(new byte[0], 0, 0);
        offer(buffer, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
        return sessionId == this.sessionId ? awaitReply(nextCorrelationId++) : null;
    }

    /**
     * A call whose payload is announced to follow in chunks, which the test then sends (or not) itself.
     */
    long announceBulkCall(final Function function, final long context, final long totalLength, final long... args)
    {
        return announceCall(function, context, totalLength, true, args);
    }

    /**
     * A call that claims its payload of {@code totalLength} bytes waits in the session's transfer region.
     */
    long announceRegionCall(final Function function, final long context, final long totalLength, final long... args)
    {
        return announceCall(function, context, totalLength, false, args);
    }

    /** A call with an empty inline payload whose {@code totalLength} bytes follow in chunks or wait in the region. */
    private long announceCall(
        final Function function, final long context, final long totalLength, final boolean bulk, final long... args)
    {
        final long correlationId = nextCorrelationId++;
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
        final CallEncoder encoder = new CallEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .sessionId(sessionId)
            .correlationId(correlationId)
            .function(function.id())
            .context(context)
            .totalPayloadLength(totalLength);
        if (bulk)
        {
            encoder.flags().clear().bulkFollows(true);
        }
        else
        {
            encoder.flags().clear().payloadInRegion(true);
        }
        final CallEncoder.ArgsEncoder argsEncoder = encoder.argsCount(args.length);
        for (final long arg : args)
        {
            argsEncoder.next().value(arg);
        }
        encoder.putPayload(new byte[0], 0, 0);
        offer(buffer, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
        return correlationId;
    }

    void sendChunk(final long correlationId, final long offset, final byte[] chunk)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(chunk.length + 256));
        final BulkDataEncoder encoder = new BulkDataEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .sessionId(sessionId)
            .correlationId(correlationId)
            .payloadOffset(offset);
        encoder.putChunk(chunk, 0, chunk.length);
        offer(buffer, MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
    }

    void offerRaw(final byte[] bytes)
    {
        offer(new UnsafeBuffer(bytes), bytes.length);
    }

    /**
     * Send these exact bytes on the session's own publication, unsealed whatever the channel: a replay of
     * {@link #lastSent()} or a forgery.
     */
    void offerExactly(final byte[] bytes)
    {
        offerBytes(requests, new UnsafeBuffer(bytes), bytes.length);
    }

    /**
     * The bytes of the last message sent through {@link #offer}, as they went on the wire (sealed on UDP).
     */
    byte[] lastSent()
    {
        return lastSent.clone();
    }

    /**
     * Send a message made by hand as the client sends everything: sealed on UDP.
     */
    void offerAsClient(final byte[] message)
    {
        offer(new UnsafeBuffer(message), message.length);
    }

    /**
     * The message sealed as the client would send it next, but not sent: it uses up its sequence number.
     */
    byte[] sealButKeep(final byte[] message)
    {
        final int length = requestSealer.seal(new UnsafeBuffer(message), 0, message.length, sealedBuffer);
        final byte[] sealed = new byte[length];
        sealedBuffer.getBytes(0, sealed);
        return sealed;
    }

    /**
     * A raw call, sealed on UDP like everything the client sends.
     */
    private void offer(final DirectBuffer buffer, final int length)
    {
        if (requestSealer == null)
        {
            offerBytes(requests, buffer, length);
            return;
        }
        final int sealedLength = requestSealer.seal(buffer, 0, length, sealedBuffer);
        offerBytes(requests, sealedBuffer, sealedLength);
    }

    private void offerBytes(final Publication publication, final DirectBuffer buffer, final int length)
    {
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        while (publication.offer(buffer, 0, length) < 0)
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("message not sent");
            }
            idleStrategy.idle();
        }
        lastSent = new byte[length];
        buffer.getBytes(0, lastSent);
        lastSentNs = System.nanoTime();
    }

    /**
     * A raw call sent by a publication of its own to this session's request stream: what an attacker who knows the
     * stream id can do. The publication stays open until the client closes.
     */
    Publication publicationOfAnother()
    {
        final Publication other = aeron.addExclusivePublication(executorChannel, requestStreamId);
        await("the other publication connected", other::isConnected);
        return other;
    }

    void offerOn(final Publication publication, final byte[] bytes)
    {
        offerBytes(publication, new UnsafeBuffer(bytes), bytes.length);
    }

    /**
     * A call message in the clear, as an attacker would make it: for any session id, with any arguments.
     */
    byte[] encodeCall(final long sessionId, final Function function, final long... args)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final CallEncoder encoder = new CallEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .sessionId(sessionId)
            .correlationId(nextCorrelationId++)
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

    Reply awaitReply(final long correlationId)
    {
        awaitPolling("reply to call " + correlationId, () -> replies.containsKey(correlationId));
        return replies.remove(correlationId);
    }

    /**
     * Poll for a while and report whether any reply arrived: for calls that must not be answered.
     */
    /**
     * Offer raw bytes on the session's request stream once, and take (and forget) what arrived meanwhile.
     *
     * @return the publication's result: a position, or a negative Aeron status such as back pressure.
     */
    long offerRawOnce(final DirectBuffer buffer, final int length)
    {
        final long result = requests.offer(buffer, 0, length);
        poll();
        replies.clear();
        return result;
    }

    boolean anyReplyWithin(final long millis)
    {
        final long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() - deadline < 0)
        {
            if (poll() == 0)
            {
                idleStrategy.idle();
            }
            if (!replies.isEmpty())
            {
                return true;
            }
        }
        return false;
    }

    void stopKeepAlives()
    {
        sendKeepAlives = false;
    }

    void closeSession()
    {
        proxy.closeSession(requests, sessionId);
    }

    /**
     * What a client process that dies does: its request stream disappears without a CloseSession.
     */
    void dropRequestStream()
    {
        CloseHelper.close(requests);
    }

    private int poll()
    {
        final int fragments = responses.poll(assembler, 1024);
        if (sendKeepAlives && requests != null && !requests.isClosed() &&
            System.nanoTime() - lastSentNs > TimeUnit.MILLISECONDS.toNanos(keepAliveIntervalMs))
        {
            proxy.keepAlive(requests, sessionId, System.currentTimeMillis());
            lastSentNs = System.nanoTime();
        }
        return fragments;
    }

    void awaitPolling(final String what, final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        idleStrategy.reset();
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("timed out waiting for " + what);
            }
            idleStrategy.idle(poll());
        }
    }

    /**
     * Wait, bounded and without spinning, for something another thread does.
     */
    static void await(final String what, final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        while (!condition.getAsBoolean())
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("timed out waiting for " + what);
            }
            CapturedLog.sleep(1);
        }
    }

    public void onConnected(final Connected connected)
    {
        this.sessionId = connected.sessionId();
        this.executorProtocolVersion = connected.protocolVersion();
        this.requestStreamId = connected.requestStreamId();
        this.requestPublicationSessionId = connected.requestPublicationSessionId();
        this.executorPublicKey = connected.executorPublicKey();
        this.executorProof = connected.executorProof();
        this.deviceCount = connected.deviceCount();
        this.keepAliveIntervalMs = connected.keepAliveIntervalMs();
        this.executorVersion = connected.executorVersion();
        this.backend = connected.backend();
    }

    public void onRejected(
        final long correlationId, final RejectReason reason, final int executorProtocolVersion, final String detail)
    {
        this.rejectReason = reason;
        this.executorProtocolVersion = executorProtocolVersion;
        this.rejectDetail = detail;
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
        final byte[] bytes = new byte[(int)totalPayloadLength];
        payload.getBytes(payloadOffset, bytes, 0, payloadLength);
        final Reply reply = new Reply(status, Arrays.copyOf(values, valueCount), message, bytes);
        if (payloadLength == totalPayloadLength)
        {
            replies.put(correlationId, reply);
        }
        else
        {
            partialReply = reply;
            partialCorrelationId = correlationId;
        }
    }

    public void onBulkData(
        final long correlationId, final long offset, final DirectBuffer buffer, final int chunkOffset, final int length)
    {
        if (partialReply == null || correlationId != partialCorrelationId)
        {
            throw new AssertionError("unexpected chunk of call " + correlationId);
        }
        buffer.getBytes(chunkOffset, partialReply.payload(), (int)offset, length);
        if (offset + length == partialReply.payload().length)
        {
            replies.put(correlationId, partialReply);
            partialReply = null;
        }
    }

    public void onDeviceOutput(
        final long sessionId, final DirectBuffer text, final int offset, final int length, final long droppedBytes)
    {
        if (sessionId != this.sessionId)
        {
            throw new AssertionError("device output of session " + sessionId + " reached session " + this.sessionId);
        }
        final byte[] bytes = new byte[length];
        text.getBytes(offset, bytes);
        deviceOutput.writeBytes(bytes);
        deviceOutputDropped += droppedBytes;
    }

    public void onKeepAlive(final long sessionId)
    {
        if (sessionId == this.sessionId)
        {
            keepAlivesReceived++;
        }
    }

    public void onSessionFailed(final long sessionId, final String reason)
    {
        if (sessionId == this.sessionId)
        {
            sessionFailure = reason;
        }
    }

    /**
     * Poll until the executor says the session failed, and return why.
     */
    String awaitSessionFailure()
    {
        awaitPolling("SessionFailed", () -> sessionFailure != null);
        return sessionFailure;
    }

    public void close()
    {
        CloseHelper.closeAll(requests, control, responses);
    }
}
