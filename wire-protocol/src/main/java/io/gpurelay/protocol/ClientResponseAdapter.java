package io.gpurelay.protocol;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.codecs.BulkDataDecoder;
import io.gpurelay.protocol.codecs.CallReplyDecoder;
import io.gpurelay.protocol.codecs.CallbackDueDecoder;
import io.gpurelay.protocol.codecs.ConnectRejectedDecoder;
import io.gpurelay.protocol.codecs.ConnectedDecoder;
import io.gpurelay.protocol.codecs.DeviceOutputDecoder;
import io.gpurelay.protocol.codecs.KeepAliveDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import io.gpurelay.protocol.codecs.RejectReason;
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
    private final CallbackDueDecoder callbackDueDecoder = new CallbackDueDecoder();
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
        try
        {
            onMessage(buffer, offset, length);
        }
        catch (final IndexOutOfBoundsException | IllegalArgumentException | IllegalStateException |
            MalformedCallException ex)
        {
            // A message the executor cannot have meant: dropped, and the call it answered times out.
            return;
        }
    }

    private void onMessage(final DirectBuffer buffer, final int offset, final int length)
    {
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
                final ConnectedDecoder decoder = connectedDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                final long correlationId = decoder.correlationId();
                final long sessionId = decoder.sessionId();
                final int protocolVersion = decoder.protocolVersion();
                final int requestStreamId = decoder.requestStreamId();
                final int requestPublicationSessionId = decoder.requestPublicationSessionId();
                final byte[] executorPublicKey = new byte[ConnectedDecoder.executorPublicKeyLength()];
                final byte[] executorProof = new byte[ConnectedDecoder.executorProofLength()];
                decoder.getExecutorPublicKey(executorPublicKey, 0, executorPublicKey.length);
                decoder.getExecutorProof(executorProof, 0, executorProof.length);
                final int deviceCount = decoder.deviceCount();
                final long keepAliveIntervalMs = decoder.keepAliveIntervalMs();
                VarDataBounds.check("executorVersion", decoder.executorVersionLength(), VarDataBounds.MAX_TEXT_LENGTH,
                    decoder.limit(), offset + length);
                final String executorVersion = decoder.executorVersion();
                VarDataBounds.check("backend", decoder.backendLength(), VarDataBounds.MAX_TEXT_LENGTH,
                    decoder.limit(), offset + length);
                // An executor from before transfer regions sends a shorter block and no region name.
                final boolean regionFields = headerDecoder.blockLength() >= ConnectedDecoder.BLOCK_LENGTH;
                final long transferRegionLength = regionFields ? decoder.transferRegionBytes() : 0;
                final String backend = decoder.backend();
                String transferRegion = "";
                if (regionFields && decoder.limit() + 4 <= offset + length)
                {
                    VarDataBounds.check("transferRegion", decoder.transferRegionLength(),
                        VarDataBounds.MAX_TEXT_LENGTH, decoder.limit(), offset + length);
                    transferRegion = decoder.transferRegion();
                }
                listener.onConnected(correlationId, sessionId, protocolVersion, requestStreamId,
                    requestPublicationSessionId, executorPublicKey, executorProof, deviceCount, keepAliveIntervalMs,
                    executorVersion, backend);
                if (transferRegionLength > 0 && !transferRegion.isEmpty())
                {
                    listener.onTransferRegionOffered(correlationId, transferRegion, transferRegionLength);
                }
            }
            case ConnectRejectedDecoder.TEMPLATE_ID ->
            {
                final ConnectRejectedDecoder decoder =
                    connectRejectedDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                final long correlationId = decoder.correlationId();
                final RejectReason reason = decoder.reason();
                final int protocolVersion = decoder.protocolVersion();
                VarDataBounds.check("detail", decoder.detailLength(), VarDataBounds.MAX_TEXT_LENGTH, decoder.limit(),
                    offset + length);
                listener.onRejected(correlationId, reason, protocolVersion, decoder.detail());
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
            case CallbackDueDecoder.TEMPLATE_ID ->
            {
                callbackDueDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                listener.onCallbackDue(
                    callbackDueDecoder.sessionId(), callbackDueDecoder.callbackId(), callbackDueDecoder.status());
            }
            case KeepAliveDecoder.TEMPLATE_ID ->
            {
                keepAliveDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                listener.onKeepAlive(keepAliveDecoder.sessionId());
            }
            case SessionFailedDecoder.TEMPLATE_ID ->
            {
                final SessionFailedDecoder decoder =
                    sessionFailedDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                final long sessionId = decoder.sessionId();
                VarDataBounds.check("reason", decoder.reasonLength(), VarDataBounds.MAX_TEXT_LENGTH, decoder.limit(),
                    offset + length);
                listener.onSessionFailed(sessionId, decoder.reason());
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
        VarDataBounds.check("message", decoder.messageLength(), VarDataBounds.MAX_TEXT_LENGTH, decoder.limit(),
            offset + length);
        final String message = decoder.message();
        final int payloadLength = decoder.payloadLength();
        final int dataOffset = decoder.limit() + 4;
        SessionRequestAdapter.checkWithin(dataOffset, payloadLength, offset, length);
        listener.onReply(correlationId, status, values, count, message, buffer, dataOffset, payloadLength,
            totalPayloadLength);
    }
}
