package io.gpurelay.bench.jmh;

import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.ClientResponseAdapter;
import io.gpurelay.protocol.ClientResponseListener;
import io.gpurelay.protocol.ExecutorProxy;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.SessionRequestAdapter;
import io.gpurelay.protocol.SessionRequestListener;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * What decoding costs: the executor's {@link SessionRequestAdapter} and the client's {@link ClientResponseAdapter}
 * on messages the proxies wrote, held in memory (no transport).
 */
public class DecodingBenchmark extends ProtocolBenchmark
{
    private UnsafeBuffer smallCall;
    private UnsafeBuffer callWith4KiBPayload;
    private UnsafeBuffer smallReply;
    private UnsafeBuffer replyWith4KiBPayload;
    private SessionRequestAdapter requestAdapter;
    private ClientResponseAdapter responseAdapter;
    private Blackhole blackhole;

    @Setup(Level.Trial)
    public void setUp(final Blackhole blackhole)
    {
        this.blackhole = blackhole;
        final ClientProxy clientProxy = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        final ExecutorProxy executorProxy = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        final long[] args = { 0x7000_0000_0000L, 4096 };
        final ByteArrayPayload payload = new ByteArrayPayload(new byte[4096]);
        try (EncodedMessages messages = new EncodedMessages())
        {
            smallCall = messages.capture(publication -> clientProxy.call(
                publication, SESSION_ID, 1, Function.CU_CTX_SYNCHRONIZE, CONTEXT, args, 0, null, false));
            callWith4KiBPayload = messages.capture(publication -> clientProxy.call(
                publication, SESSION_ID, 2, Function.CU_MEMCPY_HTOD, CONTEXT, args, 2, payload, false));
            smallReply = messages.capture(publication -> executorProxy.reply(
                publication, SESSION_ID, 1, 0, new long[]{ 1 }, 1, null, null));
            replyWith4KiBPayload = messages.capture(publication -> executorProxy.reply(
                publication, SESSION_ID, 2, 0, args, 0, null, payload));
        }
        requestAdapter = new SessionRequestAdapter(new ConsumingRequests());
        responseAdapter = new ClientResponseAdapter(new ConsumingResponses());
    }

    @Benchmark
    public void smallCall()
    {
        requestAdapter.onFragment(smallCall, 0, smallCall.capacity(), null);
    }

    @Benchmark
    public void callWith4KiBPayload()
    {
        requestAdapter.onFragment(callWith4KiBPayload, 0, callWith4KiBPayload.capacity(), null);
    }

    @Benchmark
    public void smallReply()
    {
        responseAdapter.onFragment(smallReply, 0, smallReply.capacity(), null);
    }

    @Benchmark
    public void replyWith4KiBPayload()
    {
        responseAdapter.onFragment(replyWith4KiBPayload, 0, replyWith4KiBPayload.capacity(), null);
    }

    private final class ConsumingRequests implements SessionRequestListener
    {
        public void onCall(final CallView call)
        {
            blackhole.consume(call.correlationId());
            blackhole.consume(call.argCount() > 0 ? call.arg(0) : 0);
            blackhole.consume(call.payload().capacity());
        }

        public void onBulkData(
            final long sessionId, final long correlationId, final long offset, final DirectBuffer buffer,
            final int chunkOffset, final int length)
        {
            blackhole.consume(length);
        }

        public void onKeepAlive(final long sessionId, final long timestampMs)
        {
            blackhole.consume(timestampMs);
        }

        public void onCloseSession(final long sessionId)
        {
            blackhole.consume(sessionId);
        }

        public void onMalformed(final String reason)
        {
            throw new IllegalStateException(reason);
        }
    }

    private final class ConsumingResponses implements ClientResponseListener
    {
        public void onConnected(
            final long correlationId, final long sessionId, final int protocolVersion, final int requestStreamId,
            final int requestPublicationSessionId, final byte[] executorPublicKey, final byte[] executorProof,
            final int deviceCount, final long keepAliveIntervalMs, final String executorVersion, final String backend)
        {
            blackhole.consume(sessionId);
        }

        public void onRejected(
            final long correlationId, final RejectReason reason, final int executorProtocolVersion, final String detail)
        {
            blackhole.consume(reason);
        }

        public void onReply(
            final long correlationId, final int status, final long[] values, final int valueCount, final String message,
            final DirectBuffer payload, final int payloadOffset, final int payloadLength,
            final long totalPayloadLength)
        {
            blackhole.consume(status);
            blackhole.consume(valueCount > 0 ? values[0] : 0);
            blackhole.consume(payloadLength);
        }

        public void onBulkData(
            final long correlationId, final long offset, final DirectBuffer buffer, final int chunkOffset,
            final int length)
        {
            blackhole.consume(length);
        }
    }
}
