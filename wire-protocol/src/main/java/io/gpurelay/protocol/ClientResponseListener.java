package io.gpurelay.protocol;

import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.DirectBuffer;

/**
 * What a client receives on its response stream.
 */
public interface ClientResponseListener
{
    /**
     * @param requestPublicationSessionId the Aeron session id the client's request publication must use.
     * @param executorPublicKey           the executor's ephemeral X25519 public key.
     * @param executorProof               the executor's proof of the token and of the session's keys.
     */
    void onConnected(
        long correlationId,
        long sessionId,
        int protocolVersion,
        int requestStreamId,
        int requestPublicationSessionId,
        byte[] executorPublicKey,
        byte[] executorProof,
        int deviceCount,
        long keepAliveIntervalMs,
        String executorVersion,
        String backend);

    /**
     * Follows {@link #onConnected} when the executor offers the session a shared-memory transfer region (an IPC
     * session): its file name in the Aeron directory and its length. Ignored by a client that does not use one.
     */
    default void onTransferRegionOffered(long correlationId, String fileName, long length)
    {
    }

    void onRejected(long correlationId, RejectReason reason, int executorProtocolVersion, String detail);

    /**
     * @param values          reused array; the first {@code valueCount} are the reply's.
     * @param payload         the inline payload, valid during the callback; empty when chunks follow.
     * @param totalPayloadLength bytes of payload in all: inline, or in chunks that follow.
     */
    void onReply(
        long correlationId,
        int status,
        long[] values,
        int valueCount,
        String message,
        DirectBuffer payload,
        int payloadOffset,
        int payloadLength,
        long totalPayloadLength);

    void onBulkData(long correlationId, long offset, DirectBuffer buffer, int chunkOffset, int length);

    /**
     * The executor is alive and still working on this session's calls: a long kernel or synchronisation is not a
     * lost executor.
     */
    default void onKeepAlive(final long sessionId)
    {
    }

    /**
     * The session is over although the client did not close it: the worker process that served it died. Calls of the
     * session can no longer succeed.
     *
     * @param reason what ended it, e.g. "the session's worker died: signal 9".
     */
    default void onSessionFailed(final long sessionId, final String reason)
    {
    }

    /**
     * A stream callback or host function the client added has been reached by its stream, which waits until the
     * client answers {@code CallbackDone}.
     *
     * @param status the stream's status for a stream callback (0: no error), 0 for a host function.
     */
    default void onCallbackDue(final long sessionId, final long callbackId, final int status)
    {
    }

    /**
     * Text the session's kernels printed, flushed by the executor at a synchronisation point before the reply of the
     * call that flushed it; {@code droppedBytes} were printed before it but dropped to bound the executor's memory.
     */
    default void onDeviceOutput(
        final long sessionId, final DirectBuffer text, final int offset, final int length, final long droppedBytes)
    {
    }
}
