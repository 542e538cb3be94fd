package io.gpurelay.it;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.ClientResponseAdapter;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.ClientHandshake;
import io.gpurelay.protocol.security.HandshakeException;
import io.gpurelay.testsupport.HandshakeListener;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * Measures how long an executor takes to start a session: from sending {@code ConnectRequest} to receiving
 * {@code Connected}, with one warmed-up client process, so that neither a JVM start nor the agent's own first-use
 * costs are counted. Each session is closed before the next begins.
 * <p>
 * {@code SessionStartProbe AERON_DIR CHANNEL COUNT PAUSE_MS}: prints {@code START_MS=...} per session and
 * {@code SESSION_START p50=... p99=... max=... n=...}. The session start includes the handshake: the probe proves the
 * token in {@code GPURELAY_TOKEN} (none when unset) and checks the executor's proof. The channel must be IPC: the
 * probe sends its close requests unsealed.
 */
public final class SessionStartProbe implements HandshakeListener
{
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(60);
    private static final int RESPONSE_STREAM_ID = 0x1234_5678;

    private long connectedSessionId = -1;
    private long connectedCorrelationId = -1;
    private int requestStreamId;
    private int requestPublicationSessionId;
    private byte[] executorPublicKey;
    private byte[] executorProof;
    private String rejection;

    private SessionStartProbe()
    {
    }

    public static void main(final String[] args) throws InterruptedException, HandshakeException
    {
        final String aeronDir = args[0];
        final String channel = args[1];
        final int count = Integer.parseInt(args[2]);
        final long pauseMs = Long.parseLong(args[3]);
        if (Protocol.sealsSessions(channel))
        {
            throw new IllegalArgumentException("the probe measures IPC sessions only: " + channel);
        }
        final String token = System.getenv("GPURELAY_TOKEN");
        final long pid = ProcessHandle.current().pid();
        final SessionStartProbe probe = new SessionStartProbe();
        final double[] millis = new double[count];
        try (Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDir));
            Subscription responses = aeron.addSubscription("aeron:ipc", RESPONSE_STREAM_ID);
            ExclusivePublication control = aeron.addExclusivePublication(channel, Protocol.CONTROL_STREAM_ID))
        {
            final FragmentAssembler assembler = new FragmentAssembler(new ClientResponseAdapter(probe));
            final ClientProxy proxy = new ClientProxy(new YieldingIdleStrategy(), TIMEOUT_NS);
            for (int i = 0; i < count; i++)
            {
                Thread.sleep(pauseMs);
                final long correlationId = i + 1;
                final long start = System.nanoTime();
                final ClientHandshake handshake = new ClientHandshake(token);
                final byte[] proof = handshake.proveToken(correlationId, Protocol.PROTOCOL_VERSION, RESPONSE_STREAM_ID,
                    pid, "aeron:ipc", "session-start-probe");
                if (!proxy.connect(control, correlationId, RESPONSE_STREAM_ID, pid, "aeron:ipc", "session-start-probe",
                    handshake.publicKey(), proof, Protocol.PROTOCOL_VERSION))
                {
                    throw new IllegalStateException("the connect request could not be sent");
                }
                final BusySpinIdleStrategy idle = new BusySpinIdleStrategy();
                while (probe.connectedCorrelationId != correlationId && probe.rejection == null)
                {
                    if (System.nanoTime() - start > TIMEOUT_NS)
                    {
                        throw new IllegalStateException("no answer to connect " + correlationId);
                    }
                    idle.idle(responses.poll(assembler, 16));
                }
                if (probe.rejection != null)
                {
                    throw new IllegalStateException("connect refused: " + probe.rejection);
                }
                handshake.complete(probe.connectedSessionId, probe.requestStreamId, probe.requestPublicationSessionId,
                    false, probe.executorPublicKey, probe.executorProof);
                millis[i] = (System.nanoTime() - start) / 1e6;
                System.out.printf("START_MS=%.2f%n", millis[i]);
                final ChannelUri requestChannel = ChannelUri.parse(channel);
                requestChannel.put(CommonContext.SESSION_ID_PARAM_NAME,
                    Integer.toString(probe.requestPublicationSessionId));
                try (ExclusivePublication requests = aeron.addExclusivePublication(
                    requestChannel.toString(), probe.requestStreamId))
                {
                    final long deadline = System.nanoTime() + TIMEOUT_NS;
                    while (!requests.isConnected() && System.nanoTime() - deadline < 0)
                    {
                        Thread.onSpinWait();
                    }
                    proxy.closeSession(requests, probe.connectedSessionId);
                }
            }
        }
        Arrays.sort(millis);
        System.out.printf("SESSION_START p50=%.2f p99=%.2f max=%.2f n=%d%n", millis[(count - 1) / 2],
            millis[Math.min(count - 1, (int)Math.ceil(count * 0.99) - 1)], millis[count - 1], count);
    }

    public void onConnected(final Connected connected)
    {
        this.connectedSessionId = connected.sessionId();
        this.requestStreamId = connected.requestStreamId();
        this.requestPublicationSessionId = connected.requestPublicationSessionId();
        this.executorPublicKey = connected.executorPublicKey();
        this.executorProof = connected.executorProof();
        this.connectedCorrelationId = connected.correlationId();
    }

    public void onRejected(
        final long correlationId, final RejectReason reason, final int executorProtocolVersion, final String detail)
    {
        rejection = reason + ": " + detail;
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
        final long correlationId, final long offset, final DirectBuffer buffer, final int chunkOffset, final int length)
    {
    }
}
