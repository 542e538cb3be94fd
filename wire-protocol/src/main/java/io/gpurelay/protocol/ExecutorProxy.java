package io.gpurelay.protocol;

import io.aeron.Publication;
import io.gpurelay.protocol.codecs.CallReplyEncoder;
import io.gpurelay.protocol.codecs.CallbackDueEncoder;
import io.gpurelay.protocol.codecs.ConnectRejectedEncoder;
import io.gpurelay.protocol.codecs.ConnectedEncoder;
import io.gpurelay.protocol.codecs.DeviceOutputEncoder;
import io.gpurelay.protocol.codecs.KeepAliveEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.codecs.SessionFailedEncoder;
import org.agrona.DirectBuffer;
import io.gpurelay.protocol.security.MessageSealer;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.NoOpIdleStrategy;

/**
 * Encodes what the executor sends to one client. One per session worker; not thread safe.
 */
public final class ExecutorProxy
{
    private final MessageWriter writer;
    private final ConnectedEncoder connectedEncoder = new ConnectedEncoder();
    private final ConnectRejectedEncoder connectRejectedEncoder = new ConnectRejectedEncoder();
    private final CallReplyEncoder callReplyEncoder = new CallReplyEncoder();
    private final KeepAliveEncoder keepAliveEncoder = new KeepAliveEncoder();
    private final SessionFailedEncoder sessionFailedEncoder = new SessionFailedEncoder();
    private final DeviceOutputEncoder deviceOutputEncoder = new DeviceOutputEncoder();
    private final CallbackDueEncoder callbackDueEncoder = new CallbackDueEncoder();

    /** Room for a keep-alive, sealed or not. */
    private static final int KEEP_ALIVE_CAPACITY = 128;

    public ExecutorProxy(final IdleStrategy idleStrategy, final long timeoutNs)
    {
        this.writer = new MessageWriter(idleStrategy, timeoutNs);
    }

    private ExecutorProxy(final MessageWriter writer)
    {
        this.writer = writer;
    }

    /**
     * A proxy for {@link #keepAlive} only, which makes one offer attempt: what another thread uses to speak for a
     * session that is busy, without a buffer for bulk data.
     */
    public static ExecutorProxy forKeepAlives()
    {
        return new ExecutorProxy(new MessageWriter(NoOpIdleStrategy.INSTANCE, 0, KEEP_ALIVE_CAPACITY));
    }

    /**
     * Seal every message sent from now on; {@code Connected} itself goes in the clear, before this.
     */
    public void sealWith(final MessageSealer sealer)
    {
        writer.sealWith(sealer);
    }

    /**
     * @param requestPublicationSessionId the Aeron session id the client's request publication must use.
     * @param executorPublicKey           the executor's ephemeral X25519 public key.
     * @param executorProof               the executor's proof of the token and of the session's keys.
     */
    public boolean connected(
        final Publication publication,
        final long correlationId,
        final long sessionId,
        final int requestStreamId,
        final int requestPublicationSessionId,
        final byte[] executorPublicKey,
        final byte[] executorProof,
        final int deviceCount,
        final long keepAliveIntervalMs,
        final String executorVersion,
        final String backend)
    {
        return connected(publication, correlationId, sessionId, requestStreamId, requestPublicationSessionId,
            executorPublicKey, executorProof, deviceCount, keepAliveIntervalMs, executorVersion, backend, null, 0);
    }

    /**
     * @param transferRegion       the file name, in the Aeron directory, of the transfer region offered to the client,
     *                             or null for none.
     * @param transferRegionLength the region's length in bytes.
     */
    public boolean connected(
        final Publication publication,
        final long correlationId,
        final long sessionId,
        final int requestStreamId,
        final int requestPublicationSessionId,
        final byte[] executorPublicKey,
        final byte[] executorProof,
        final int deviceCount,
        final long keepAliveIntervalMs,
        final String executorVersion,
        final String backend,
        final String transferRegion,
        final long transferRegionLength)
    {
        connectedEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .correlationId(correlationId)
            .sessionId(sessionId)
            .protocolVersion(Protocol.PROTOCOL_VERSION)
            .requestStreamId(requestStreamId)
            .deviceCount(deviceCount)
            .keepAliveIntervalMs(keepAliveIntervalMs)
            .maxPayloadChunk(Protocol.chunkLength(publication.maxMessageLength()))
            .requestPublicationSessionId(requestPublicationSessionId)
            .putExecutorPublicKey(executorPublicKey, 0, executorPublicKey.length)
            .putExecutorProof(executorProof, 0, executorProof.length)
            .transferRegionBytes(transferRegion == null ? 0 : transferRegionLength)
            .executorVersion(executorVersion)
            .backend(backend)
            .transferRegion(transferRegion == null ? "" : transferRegion);
        return writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + connectedEncoder.encodedLength());
    }

    public boolean rejected(
        final Publication publication, final long correlationId, final RejectReason reason, final String detail)
    {
        connectRejectedEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .correlationId(correlationId)
            .reason(reason)
            .protocolVersion(Protocol.PROTOCOL_VERSION)
            .detail(detail);
        return writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + connectRejectedEncoder.encodedLength());
    }

    /**
     * Tell a client whose call is still running that the executor is alive.
     */
    public boolean keepAlive(final Publication publication, final long sessionId, final long nowMs)
    {
        keepAliveEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder).sessionId(sessionId).timestamp(nowMs);
        return writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + keepAliveEncoder.encodedLength());
    }

    /**
     * Tell a client that a callback it added has been reached by its stream, which now waits for its answer.
     *
     * @param status the stream's status for a stream callback, in the numbering of the API that added it; 0 for a
     *               host function.
     */
    public boolean callbackDue(
        final Publication publication, final long sessionId, final long callbackId, final int status)
    {
        callbackDueEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .sessionId(sessionId)
            .callbackId(callbackId)
            .status(status);
        return writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + callbackDueEncoder.encodedLength());
    }

    /**
     * Tell a client that its session is over although it did not close it: the worker process serving it died.
     */
    public boolean sessionFailed(final Publication publication, final long sessionId, final String reason)
    {
        sessionFailedEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .sessionId(sessionId)
            .reason(reason);
        return writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + sessionFailedEncoder.encodedLength());
    }

    /**
     * Reply to a call; a payload bigger than one message follows as bulk chunks.
     *
     * @param values  result values; the first {@code valueCount} are sent.
     * @param message why the call failed, or null.
     * @param payload result bytes, or null.
     */
    public boolean reply(
        final Publication publication,
        final long sessionId,
        final long correlationId,
        final int status,
        final long[] values,
        final int valueCount,
        final String message,
        final PayloadSource payload)
    {
        final long payloadLength = payload == null ? 0 : payload.length();
        final int chunkLength = Protocol.chunkLength(publication.maxMessageLength());
        final String text = message == null ? "" : message;
        final boolean bulk = payloadLength > chunkLength - valueCount * 8L - text.length() * 3L;

        callReplyEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .sessionId(sessionId)
            .correlationId(correlationId)
            .status(status)
            .totalPayloadLength(payloadLength);
        final CallReplyEncoder.ValuesEncoder valuesEncoder = callReplyEncoder.valuesCount(valueCount);
        for (int i = 0; i < valueCount; i++)
        {
            valuesEncoder.next().value(values[i]);
        }
        callReplyEncoder.message(text);
        final int limit = writer.putTrailingPayload(callReplyEncoder.limit(), payload, 0, bulk ? 0 : (int)payloadLength);
        if (!writer.send(publication, limit))
        {
            return false;
        }
        return !bulk || writer.sendChunks(publication, sessionId, correlationId, payload, chunkLength);
    }

    /**
     * Reply to a call whose payload the executor has already put through the session's transfer region: the reply
     * says how many bytes and carries none.
     */
    public boolean replyWithPayloadInRegion(
        final Publication publication,
        final long sessionId,
        final long correlationId,
        final int status,
        final long[] values,
        final int valueCount,
        final long payloadLength)
    {
        callReplyEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .sessionId(sessionId)
            .correlationId(correlationId)
            .status(status)
            .totalPayloadLength(payloadLength);
        final CallReplyEncoder.ValuesEncoder valuesEncoder = callReplyEncoder.valuesCount(valueCount);
        for (int i = 0; i < valueCount; i++)
        {
            valuesEncoder.next().value(values[i]);
        }
        callReplyEncoder.message("");
        return writer.send(publication, writer.putTrailingPayload(callReplyEncoder.limit(), null, 0, 0));
    }

    /**
     * Send what the session's kernels printed, in messages of at most one payload chunk; the count of dropped bytes
     * rides on the first. Nothing is sent when there is neither text nor a drop.
     */
    public boolean deviceOutput(
        final Publication publication,
        final long sessionId,
        final DirectBuffer text,
        final int offset,
        final int length,
        final long droppedBytes)
    {
        final int chunkLength = Protocol.chunkLength(publication.maxMessageLength());
        long dropped = droppedBytes;
        int sent = 0;
        while (sent < length || dropped > 0)
        {
            final int part = Math.min(chunkLength, length - sent);
            deviceOutputEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
                .sessionId(sessionId)
                .droppedBytes(dropped)
                .putText(text, offset + sent, part);
            if (!writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + deviceOutputEncoder.encodedLength()))
            {
                return false;
            }
            sent += part;
            dropped = 0;
        }
        return true;
    }
}
