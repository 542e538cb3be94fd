package io.gpurelay.agent.client;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.protocol.ClientResponseListener;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.DirectBuffer;

/**
 * Hands what arrives on the response stream to whoever waits for it: the handshake to the connecting thread, replies
 * and payload chunks to their pending calls by correlation id. A failure reply nobody waits for belongs to a
 * pipelined call; it is kept for the next call that waits for a reply, which is how CUDA reports asynchronous errors.
 */
final class ResponseRouter implements ClientResponseListener
{
    /** What the executor answered to a connect request. */
    record Handshake(
        boolean accepted,
        long sessionId,
        int protocolVersion,
        int requestStreamId,
        int deviceCount,
        long keepAliveIntervalMs,
        String executorVersion,
        String backend,
        RejectReason rejectReason,
        String rejectDetail)
    {
    }

    private final Map<Long, PendingCall> pendingCalls = new ConcurrentHashMap<>();
    private final AtomicInteger asynchronousError = new AtomicInteger(RuntimeStatus.SUCCESS);
    private volatile long handshakeCorrelationId = Long.MIN_VALUE;
    private volatile Handshake handshake;

    void expectHandshake(final long correlationId)
    {
        handshake = null;
        handshakeCorrelationId = correlationId;
    }

    /**
     * @return the executor's answer to the connect request, or null while none came.
     */
    Handshake handshake()
    {
        return handshake;
    }

    void register(final PendingCall call)
    {
        pendingCalls.put(call.correlationId(), call);
    }

    void unregister(final PendingCall call)
    {
        pendingCalls.remove(call.correlationId());
    }

    /**
     * @return the first failure of a pipelined call since the last time this was asked, or success; clears it.
     */
    int takeAsynchronousError()
    {
        return asynchronousError.getAndSet(RuntimeStatus.SUCCESS);
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
        if (correlationId == handshakeCorrelationId)
        {
            handshake = new Handshake(true, sessionId, protocolVersion, requestStreamId, deviceCount,
                keepAliveIntervalMs, executorVersion, backend, null, null);
        }
    }

    public void onRejected(
        final long correlationId, final RejectReason reason, final int executorProtocolVersion, final String detail)
    {
        if (correlationId == handshakeCorrelationId)
        {
            handshake = new Handshake(false, 0, executorProtocolVersion, 0, 0, 0, null, null, reason, detail);
        }
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
        final PendingCall call = pendingCalls.get(correlationId);
        if (call != null)
        {
            call.onReply(status, values, valueCount, message, payload, payloadOffset, payloadLength,
                totalPayloadLength, System.nanoTime());
        }
        else if (status != RuntimeStatus.SUCCESS)
        {
            asynchronousError.compareAndSet(RuntimeStatus.SUCCESS, status);
            AgentLog.info("a pipelined call failed with status " + status +
                (message.isEmpty() ? "" : ": " + message) + "; the next synchronising call reports it");
        }
    }

    public void onBulkData(
        final long correlationId, final long offset, final DirectBuffer buffer, final int chunkOffset, final int length)
    {
        final PendingCall call = pendingCalls.get(correlationId);
        if (call != null)
        {
            call.onPayload(offset, buffer, chunkOffset, length, System.nanoTime());
        }
    }
}
