package io.gpurelay.executor;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;

import io.aeron.Aeron;
import io.aeron.FragmentAssembler;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.ClientResponseAdapter;
import io.gpurelay.protocol.ClientResponseListener;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.BulkDataEncoder;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.ConnectRequestEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The smallest client that speaks the protocol, for driving an executor in tests: connect, call and wait for the
 * reply (sending keep-alives while it waits, as the agent does), and the ways a broken client misbehaves.
 */
final class TestClient implements AutoCloseable, ClientResponseListener
{
    static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);
    /** The context's default stream, as copies name it. */
    static final long DEFAULT_STREAM = 0;
    private static final AtomicInteger NEXT_RESPONSE_STREAM_ID = new AtomicInteger(5000);

    private final Aeron aeron;
    private final String executorChannel;
    private final String name;
    private final Subscription responses;
    private final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(this));
    private final ClientProxy proxy = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
    private final IdleStrategy idleStrategy = new BackoffIdleStrategy();
    private final Map<Long, Reply> replies = new HashMap<>();
    private final int responseStreamId;
    private final String responseChannel;
    private Publication control;
    private Publication requests;
    private Reply partialReply;
    private long partialCorrelationId;
    private long nextCorrelationId = 1;
    private long lastSentNs;
    private boolean sendKeepAlives = true;
    private long pid = ProcessHandle.current().pid();

    long sessionId;
    int requestStreamId;
    int deviceCount;
    long keepAliveIntervalMs;
    String executorVersion;
    String backend;
    int executorProtocolVersion;
    RejectReason rejectReason;
    String rejectDetail;
    int keepAlivesReceived;
    String sessionFailure;

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
        if (pid == ProcessHandle.current().pid())
        {
            if (!proxy.connect(control, correlationId, responseStreamId, responseChannel, name, token, protocolVersion))
            {
                throw new AssertionError("connect request not sent");
            }
            return;
        }
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
        final ConnectRequestEncoder encoder = new ConnectRequestEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .correlationId(correlationId)
            .protocolVersion(protocolVersion)
            .responseStreamId(responseStreamId)
            .clientPid(pid)
            .responseChannel(responseChannel)
            .clientName(name)
            .token(token);
        final int length = MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
        await("connect request sent", () -> control.offer(buffer, 0, length) > 0);
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
        requests = aeron.addPublication(executorChannel, requestStreamId);
        await("request publication connected", requests::isConnected);
        lastSentNs = System.nanoTime();
        return true;
    }

    Reply call(final Function function, final long context, final long... args)
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
    long pipelined(final Function function, final long context, final long... args)
    {
        return send(function, context, null, true, args);
    }

    long send(
        final Function function,
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
        final long correlationId = nextCorrelationId++;
        final UnsafeBuffer buffer = new UnsafeBuffer(ByteBuffer.allocateDirect(1024));
        final CallEncoder encoder = new CallEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .sessionId(sessionId)
            .correlationId(correlationId)
            .function(function.id())
            .context(context)
            .totalPayloadLength(totalLength);
        encoder.flags().clear().bulkFollows(true);
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

    private void offer(final DirectBuffer buffer, final int length)
    {
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        while (requests.offer(buffer, 0, length) < 0)
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("message not sent");
            }
            idleStrategy.idle();
        }
        lastSentNs = System.nanoTime();
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

    private void awaitPolling(final String what, final BooleanSupplier condition)
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

    public void onConnected(
        final long correlationId,
        final long sessionId,
        final int protocolVersion,
        final int requestStreamId,
        final int deviceCount,
        final long keepAliveIntervalMs,
        final String executorVersion,
        final String backend)
    {
        this.sessionId = sessionId;
        this.executorProtocolVersion = protocolVersion;
        this.requestStreamId = requestStreamId;
        this.deviceCount = deviceCount;
        this.keepAliveIntervalMs = keepAliveIntervalMs;
        this.executorVersion = executorVersion;
        this.backend = backend;
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
