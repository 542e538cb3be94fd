package io.gpurelay.protocol;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.codecs.BulkDataDecoder;
import io.gpurelay.protocol.codecs.CallReplyDecoder;
import io.gpurelay.protocol.codecs.ConnectRejectedDecoder;
import io.gpurelay.protocol.codecs.ConnectedDecoder;
import io.gpurelay.protocol.codecs.DeviceOutputDecoder;
import io.gpurelay.protocol.codecs.KeepAliveDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import io.gpurelay.protocol.codecs.SessionFailedDecoder;
import org.agrona.DirectBuffer;

/**
 * Decodes a client's response stream. Put it behind a {@link io.aeron.FragmentAssembler}.
 */
public final class ClientResponseAdapter implements FragmentHandler
{
    private static final int MAX_VALUES = 64;

    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final ConnectedDecoder connectedDecoder = new ConnectedDecoder();
    private final ConnectRejectedDecoder connectRejectedDecoder = new ConnectRejectedDecoder();
    private final CallReplyDecoder callReplyDecoder = new CallReplyDecoder();
    private final BulkDataDecoder bulkDataDecoder = new BulkDataDecoder();
    private final KeepAliveDecoder keepAliveDecoder = new KeepAliveDecoder();
    private final SessionFailedDecoder sessionFailedDecoder = new SessionFailedDecoder();
    private final DeviceOutputDecoder deviceOutputDecoder = new DeviceOutputDecoder();
    private final long[] values = new long[MAX_VALUES];
    private final ClientResponseListener listener;

    public ClientResponseAdapter(final ClientResponseListener listener)
    {
        this.listener = listener;
    }

    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            return;
        }
        headerDecoder.wrap(buffer, offset);
        if (headerDecoder.schemaId() != CallReplyDecoder.SCHEMA_ID)
        {
            return;
        }
        switch (headerDecoder.templateId())
        {
            case CallReplyDecoder.TEMPLATE_ID -> onReply(buffer, offset, length);
            case BulkDataDecoder.TEMPLATE_ID ->
            {
                bulkDataDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                final long correlationId = bulkDataDecoder.correlationId();
                final long chunkOffset = bulkDataDecoder.payloadOffset();
                final int chunkLength = bulkDataDecoder.chunkLength();
                final int dataOffset = bulkDataDecoder.limit() + 4;
                SessionRequestAdapter.checkWithin(dataOffset, chunkLength, offset, length);
                listener.onBulkData(correlationId, chunkOffset, buffer, dataOffset, chunkLength);
            }
            case ConnectedDecoder.TEMPLATE_ID ->
            {
                connectedDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                final byte[] executorPublicKey = new byte[ConnectedDecoder.executorPublicKeyLength()];
                final byte[] executorProof = new byte[ConnectedDecoder.executorProofLength()];
                connectedDecoder.getExecutorPublicKey(executorPublicKey, 0, executorPublicKey.length);
                connectedDecoder.getExecutorProof(executorProof, 0, executorProof.length);
                listener.onConnected(
                    connectedDecoder.correlationId(),
                    connectedDecoder.sessionId(),
                    connectedDecoder.protocolVersion(),
                    connectedDecoder.requestStreamId(),
                    connectedDecoder.requestPublicationSessionId(),
                    executorPublicKey,
                    executorProof,
                    connectedDecoder.deviceCount(),
                    connectedDecoder.keepAliveIntervalMs(),
                    connectedDecoder.executorVersion(),
                    connectedDecoder.backend());
            }
            case ConnectRejectedDecoder.TEMPLATE_ID ->
            {
                connectRejectedDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                listener.onRejected(
                    connectRejectedDecoder.correlationId(),
                    connectRejectedDecoder.reason(),
                    connectRejectedDecoder.protocolVersion(),
                    connectRejectedDecoder.detail());
            }
            case DeviceOutputDecoder.TEMPLATE_ID ->
            {
                deviceOutputDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                final long sessionId = deviceOutputDecoder.sessionId();
                final long droppedBytes = deviceOutputDecoder.droppedBytes();
                final int textLength = deviceOutputDecoder.textLength();
                final int dataOffset = deviceOutputDecoder.limit() + 4;
                SessionRequestAdapter.checkWithin(dataOffset, textLength, offset, length);
                listener.onDeviceOutput(sessionId, buffer, dataOffset, textLength, droppedBytes);
            }
            case KeepAliveDecoder.TEMPLATE_ID ->
            {
                keepAliveDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                listener.onKeepAlive(keepAliveDecoder.sessionId());
            }
            case SessionFailedDecoder.TEMPLATE_ID ->
            {
                sessionFailedDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                listener.onSessionFailed(sessionFailedDecoder.sessionId(), sessionFailedDecoder.reason());
            }
            default ->
            {
            }
        }
    }

    private void onReply(final DirectBuffer buffer, final int offset, final int length)
    {
        final CallReplyDecoder decoder = callReplyDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        final long correlationId = decoder.correlationId();
        final int status = decoder.status();
        final long totalPayloadLength = decoder.totalPayloadLength();
        int count = 0;
        for (final CallReplyDecoder.ValuesDecoder value : decoder.values())
        {
            if (count < MAX_VALUES)
            {
                values[count++] = value.value();
            }
        }
        final String message = decoder.message();
        final int payloadLength = decoder.payloadLength();
        final int dataOffset = decoder.limit() + 4;
        SessionRequestAdapter.checkWithin(dataOffset, payloadLength, offset, length);
        listener.onReply(correlationId, status, values, count, message, buffer, dataOffset, payloadLength,
            totalPayloadLength);
    }
}
