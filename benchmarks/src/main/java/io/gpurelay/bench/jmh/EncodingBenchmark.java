package io.gpurelay.bench.jmh;

import io.aeron.Publication;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.ExecutorProxy;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * What encoding costs: the SBE codec alone writing a small call into a buffer, and the proxies writing calls and
 * replies through an Aeron IPC publication (copy into the log buffer included; the subscription is drained after each
 * message, so the term never fills).
 */
public class EncodingBenchmark extends ProtocolBenchmark
{
    private final UnsafeBuffer codecBuffer = new UnsafeBuffer(new byte[4096]);
    private final MessageHeaderEncoder headerEncoder = new MessageHeaderEncoder();
    private final CallEncoder callEncoder = new CallEncoder();
    private final long[] args = { 0x7000_0000_0000L, 4096, 0 };
    private final long[] values = { 1 };
    private final ByteArrayPayload payload4KiB = new ByteArrayPayload(new byte[4096]);
    private EncodedMessages messages;
    private Publication publication;
    private ClientProxy clientProxy;
    private ExecutorProxy executorProxy;
    private long correlationId;

    @Setup(Level.Trial)
    public void setUp()
    {
        messages = new EncodedMessages();
        publication = messages.publication();
        clientProxy = new ClientProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
        executorProxy = new ExecutorProxy(new BackoffIdleStrategy(), TIMEOUT_NS);
    }

    @TearDown(Level.Trial)
    public void tearDown()
    {
        messages.close();
    }

    /** The generated codec alone: header, fixed fields, flags, three arguments, an empty payload. */
    @Benchmark
    public int codecSmallCall()
    {
        callEncoder.wrapAndApplyHeader(codecBuffer, 0, headerEncoder)
            .sessionId(SESSION_ID)
            .correlationId(++correlationId)
            .function(Function.CU_CTX_SYNCHRONIZE.id())
            .context(CONTEXT)
            .totalPayloadLength(0);
        callEncoder.flags().clear();
        final CallEncoder.ArgsEncoder argsEncoder = callEncoder.argsCount(args.length);
        for (final long arg : args)
        {
            argsEncoder.next().value(arg);
        }
        callEncoder.putPayload(codecBuffer, 0, 0);
        return callEncoder.encodedLength();
    }

    /** A synchronous call with no arguments, as cuCtxSynchronize sends it. */
    @Benchmark
    public boolean proxySmallCall()
    {
        final boolean sent = clientProxy.call(
            publication, SESSION_ID, ++correlationId, Function.CU_CTX_SYNCHRONIZE, CONTEXT, args, 0, null, false);
        messages.drain();
        return sent;
    }

    /** A host-to-device copy of 4 KiB: the payload rides inline. */
    @Benchmark
    public boolean proxyCallWith4KiBPayload()
    {
        final boolean sent = clientProxy.call(
            publication, SESSION_ID, ++correlationId, Function.CU_MEMCPY_HTOD, CONTEXT, args, 2, payload4KiB, false);
        messages.drain();
        return sent;
    }

    /** The reply to a small call: a status and one value. */
    @Benchmark
    public boolean proxySmallReply()
    {
        final boolean sent = executorProxy.reply(publication, SESSION_ID, ++correlationId, 0, values, 1, null, null);
        messages.drain();
        return sent;
    }

    /** The reply to a device-to-host copy of 4 KiB. */
    @Benchmark
    public boolean proxyReplyWith4KiBPayload()
    {
        final boolean sent = executorProxy.reply(
            publication, SESSION_ID, ++correlationId, 0, values, 0, null, payload4KiB);
        messages.drain();
        return sent;
    }
}
