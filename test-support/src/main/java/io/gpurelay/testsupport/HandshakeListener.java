package io.gpurelay.testsupport;

import io.gpurelay.protocol.ClientResponseListener;

/**
 * A test client's response listener that takes the executor's {@code Connected} answer as one {@link Connected}
 * value instead of its eleven parameters.
 */
public interface HandshakeListener extends ClientResponseListener
{
    /**
     * The executor's answer to a connect request, as {@link ClientResponseListener#onConnected} receives it.
     */
    record Connected(
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
        String backend)
    {
    }

    void onConnected(Connected connected);

    @Override
    default void onConnected(
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
        onConnected(new Connected(correlationId, sessionId, protocolVersion, requestStreamId,
            requestPublicationSessionId, executorPublicKey, executorProof, deviceCount, keepAliveIntervalMs,
            executorVersion, backend));
    }
}
