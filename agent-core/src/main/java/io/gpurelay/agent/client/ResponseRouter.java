package io.gpurelay.agent.client;

import java.io.PrintStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.ClientResponseListener;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.DirectBuffer;

/**
 * Hands what arrives on the response stream to whoever waits for it: the handshake to the connecting thread, replies
 * and payload chunks to their pending calls by correlation id. A failure reply nobody waits for belongs to a
 * pipelined call; it is kept for the next call in that call's context, which is how CUDA reports asynchronous errors.
 * Every message, the executor's keep-alives included, is a sign that the executor is alive.
 * <p>
 * A callback that is due goes to the client's callback thread ({@link ClientCallbacks}).
 * <p>
 * What the session's kernels printed arrives before the reply of the call that flushed it, and goes to
 * {@code System.out} as it arrives, so that it lands among the program's own output where a local run prints it.
 */
final class ResponseRouter implements ClientResponseListener
{
    /** What the executor answered to a connect request. */
    record Handshake(
        boolean accepted,
        long sessionId,
        int protocolVersion,
        int requestStreamId,
        int requestPublicationSessionId,
        byte[] executorPublicKey,
        byte[] executorProof,
        int deviceCount,
        long keepAliveIntervalMs,
        String executorVersion,
        String backend,
        RejectReason rejectReason,
        String rejectDetail)
    {
    }

    private final Map<Long, PendingCall> pendingCalls = new ConcurrentHashMap<>();
    private final ClientCallbacks callbacks;
    private final AsynchronousErrors asynchronousErrors = new AsynchronousErrors();
    private volatile long handshakeCorrelationId = Long.MIN_VALUE;
    private volatile Handshake handshake;
    private volatile String offeredTransferRegion;
    private volatile long offeredTransferRegionLength;
    private volatile long lastMessageNs = System.nanoTime();
    private volatile String sessionFailure;
    private byte[] deviceOutputBytes = new byte[0];

    /**
     * @param callbacks told when a callback is due, and when the call that added one failed.
     */
    ResponseRouter(final ClientCallbacks callbacks)
    {
        this.callbacks = callbacks;
    }

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

    AsynchronousErrors asynchronousErrors()
    {
        return asynchronousErrors;
    }

    /**
     * Why the executor ended the accepted session on its own (its worker process died), or null.
     */
    String sessionFailure()
    {
        return sessionFailure;
    }

    /**
     * When the executor last sent anything on this stream.
     */
    long lastMessageNs()
    {
        return lastMessageNs;
    }

    public void onConnected(
        final long correlationId,
        final long sessionId,
        final int protocolVersion,
        final int requestStreamId,
        final int requestPublicationSessionId,
        final byte[] executorPublicKey,
        final byte[] executorProof,
        final int deviceCount,
        final long keepAliveIntervalMs,
        final String executorVersion,
        final String backend)
    {
        lastMessageNs = System.nanoTime();
        // The first answer to a connect request counts: a supervisor whose worker died refuses a request the worker
        // may have answered already.
        if (correlationId == handshakeCorrelationId && handshake == null)
        {
            handshake = new Handshake(true, sessionId, protocolVersion, requestStreamId, requestPublicationSessionId,
                executorPublicKey, executorProof, deviceCount, keepAliveIntervalMs, executorVersion, backend, null,
                null);
        }
    }

    public void onTransferRegionOffered(final long correlationId, final String fileName, final long length)
    {
        if (correlationId == handshakeCorrelationId)
        {
            offeredTransferRegion = fileName;
            offeredTransferRegionLength = length;
        }
    }

    /**
     * The file name of the transfer region the executor offered with {@code Connected}, or null.
     */
    String offeredTransferRegion()
    {
        return offeredTransferRegion;
    }

    long offeredTransferRegionLength()
    {
        return offeredTransferRegionLength;
    }

    public void onRejected(
        final long correlationId, final RejectReason reason, final int executorProtocolVersion, final String detail)
    {
        lastMessageNs = System.nanoTime();
        if (correlationId == handshakeCorrelationId && handshake == null)
        {
            handshake = new Handshake(false, 0, executorProtocolVersion, 0, 0, null, null, 0, 0, null, null, reason,
                detail);
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
        final long nowNs = System.nanoTime();
        lastMessageNs = nowNs;
        final PendingCall call = pendingCalls.get(correlationId);
        if (call != null)
        {
            call.onReply(status, values, valueCount, message, payload, payloadOffset, payloadLength,
                totalPayloadLength, nowNs);
        }
        else if (status != RuntimeStatus.SUCCESS)
        {
            // A callback's id is the correlation id of the call that added it: one refused never comes due. A failed
            // graph launch says how many of its host nodes' callbacks were queued (protocol 1.3.4): the rest never are.
            callbacks.refused(correlationId, valueCount > 0 ? values[0] : -1);
            CallFailures.report(asynchronousErrors.failed(correlationId, status), status, message);
        }
    }

    public void onBulkData(
        final long correlationId, final long offset, final DirectBuffer buffer, final int chunkOffset, final int length)
    {
        final long nowNs = System.nanoTime();
        lastMessageNs = nowNs;
        final PendingCall call = pendingCalls.get(correlationId);
        if (call != null)
        {
            call.onPayload(offset, buffer, chunkOffset, length, nowNs);
        }
    }

    /**
     * The executor is still working on a call of this session: a long kernel or synchronisation, not a lost executor.
     */
    public void onKeepAlive(final long sessionId)
    {
        lastMessageNs = System.nanoTime();
    }

    /**
     * The executor's supervisor says the worker process of this client's session died: no reply will come.
     */
    public void onSessionFailed(final long sessionId, final String reason)
    {
        lastMessageNs = System.nanoTime();
        final Handshake accepted = handshake;
        if (accepted != null && accepted.accepted() && accepted.sessionId() == sessionId)
        {
            sessionFailure = "session " + sessionId + " failed: " + reason;
        }
    }

    /**
     * Handed to the callback thread, which runs the callback: never the thread polling, which may be an application
     * thread waiting for a synchronisation that waits for this callback.
     */
    public void onCallbackDue(final long sessionId, final long callbackId, final int status)
    {
        lastMessageNs = System.nanoTime();
        callbacks.onDue(sessionId, callbackId, status);
    }

    public void onDeviceOutput(
        final long sessionId, final DirectBuffer text, final int offset, final int length, final long droppedBytes)
    {
        lastMessageNs = System.nanoTime();
        if (droppedBytes > 0)
        {
            AgentLog.warn(droppedBytes + " bytes of device output dropped (the executor keeps at most " +
                "a bounded amount per synchronisation)");
        }
        if (length > 0)
        {
            if (deviceOutputBytes.length < length)
            {
                deviceOutputBytes = new byte[length];
            }
            text.getBytes(offset, deviceOutputBytes, 0, length);
            final PrintStream out = System.out;
            out.write(deviceOutputBytes, 0, length);
            out.flush();
        }
    }
}
