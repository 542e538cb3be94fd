package io.gpurelay.protocol;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.codecs.BulkDataDecoder;
import io.gpurelay.protocol.codecs.CallDecoder;
import io.gpurelay.protocol.codecs.CloseSessionDecoder;
import io.gpurelay.protocol.codecs.KeepAliveDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import org.agrona.DirectBuffer;

/**
 * Decodes a session's request stream and hands each message to the listener. Put it behind a
 * {@link io.aeron.FragmentAssembler}: calls and chunks are usually bigger than one frame.
 */
public final class SessionRequestAdapter implements FragmentHandler
{
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final CallDecoder callDecoder = new CallDecoder();
    private final BulkDataDecoder bulkDataDecoder = new BulkDataDecoder();
    private final KeepAliveDecoder keepAliveDecoder = new KeepAliveDecoder();
    private final CloseSessionDecoder closeSessionDecoder = new CloseSessionDecoder();
    private final CallView callView = new CallView();
    private final SessionRequestListener listener;

    public SessionRequestAdapter(final SessionRequestListener listener)
    {
        this.listener = listener;
    }

    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            listener.onMalformed("fragment of " + length + " bytes is shorter than a message header");
            return;
        }
        headerDecoder.wrap(buffer, offset);
        if (headerDecoder.schemaId() != CallDecoder.SCHEMA_ID)
        {
            listener.onMalformed("unknown schema id " + headerDecoder.schemaId());
            return;
        }
        try
        {
            switch (headerDecoder.templateId())
            {
                case CallDecoder.TEMPLATE_ID -> onCall(buffer, offset, length);
                case BulkDataDecoder.TEMPLATE_ID ->
                {
                    bulkDataDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                    final long sessionId = bulkDataDecoder.sessionId();
                    final long correlationId = bulkDataDecoder.correlationId();
                    final long chunkOffset = bulkDataDecoder.payloadOffset();
                    final int chunkLength = bulkDataDecoder.chunkLength();
                    final int dataOffset = bulkDataDecoder.limit() + 4;
                    checkWithin(dataOffset, chunkLength, offset, length);
                    listener.onBulkData(sessionId, correlationId, chunkOffset, buffer, dataOffset, chunkLength);
                }
                case KeepAliveDecoder.TEMPLATE_ID ->
                {
                    keepAliveDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                    listener.onKeepAlive(keepAliveDecoder.sessionId(), keepAliveDecoder.timestamp());
                }
                case CloseSessionDecoder.TEMPLATE_ID ->
                {
                    closeSessionDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
                    listener.onCloseSession(closeSessionDecoder.sessionId());
                }
                default -> listener.onMalformed("unknown template id " + headerDecoder.templateId());
            }
        }
        catch (final IndexOutOfBoundsException | IllegalArgumentException | IllegalStateException |
            MalformedCallException ex)
        {
            listener.onMalformed("truncated or malformed message: " + ex.getMessage());
        }
    }

    private void onCall(final DirectBuffer buffer, final int offset, final int length)
    {
        final CallDecoder decoder = callDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        final CallView view = callView;
        view.sessionId = decoder.sessionId();
        view.correlationId = decoder.correlationId();
        view.functionId = decoder.function();
        view.bulkFollows = decoder.flags().bulkFollows();
        view.pipelined = decoder.flags().replyOnErrorOnly();
        view.payloadInRegion = decoder.flags().payloadInRegion();
        view.replyInRegion = decoder.flags().replyInRegion();
        view.context = decoder.context();
        view.totalPayloadLength = decoder.totalPayloadLength();
        final CallDecoder.ArgsDecoder args = decoder.args();
        if (args.count() > CallView.MAX_ARGS)
        {
            throw new MalformedCallException("call has " + args.count() + " arguments, at most " + CallView.MAX_ARGS);
        }
        view.argCount = args.count();
        int i = 0;
        for (final CallDecoder.ArgsDecoder arg : args)
        {
            view.args[i++] = arg.value();
        }
        final int payloadLength = decoder.payloadLength();
        final int dataOffset = decoder.limit() + 4;
        checkWithin(dataOffset, payloadLength, offset, length);
        if (view.totalPayloadLength < 0 || (view.bulkFollows && view.payloadInRegion) ||
            (!view.bulkFollows && !view.payloadInRegion && payloadLength != view.totalPayloadLength) ||
            (view.payloadInRegion && payloadLength != 0))
        {
            throw new MalformedCallException("payload of " + payloadLength + " bytes but " +
                view.totalPayloadLength + " announced");
        }
        view.payload.wrap(buffer, dataOffset, payloadLength);
        decoder.skipPayload();
        listener.onCall(view);
    }

    static void checkWithin(final int dataOffset, final int dataLength, final int offset, final int length)
    {
        if (dataLength < 0 || dataOffset + (long)dataLength > (long)offset + length)
        {
            throw new MalformedCallException("var data of " + dataLength + " bytes runs past the message");
        }
    }
}
