package io.gpurelay.protocol;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.codecs.CallbackDoneDecoder;
import io.gpurelay.protocol.codecs.KeepAliveDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import org.agrona.DirectBuffer;

/**
 * Decodes a session's callback stream, which carries only {@code CallbackDone} (the client's answers to
 * {@code CallbackDue}) and {@code KeepAlive} (the client lives while its callbacks wait or run). Anything else is
 * malformed.
 */
public final class CallbackDoneAdapter implements FragmentHandler
{
    /** What the executor hears on a session's callback stream. */
    public interface Listener
    {
        void onCallbackDone(long sessionId, long callbackId);

        void onKeepAlive(long sessionId);

        void onMalformed(String reason);
    }

    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final CallbackDoneDecoder decoder = new CallbackDoneDecoder();
    private final KeepAliveDecoder keepAliveDecoder = new KeepAliveDecoder();
    private final Listener listener;

    public CallbackDoneAdapter(final Listener listener)
    {
        this.listener = listener;
    }

    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH)
        {
            listener.onMalformed("a message of " + length + " bytes on the callback stream is too short");
            return;
        }
        headerDecoder.wrap(buffer, offset);
        final int templateId = headerDecoder.templateId();
        final int blockLength = templateId == KeepAliveDecoder.TEMPLATE_ID ? KeepAliveDecoder.BLOCK_LENGTH :
            CallbackDoneDecoder.BLOCK_LENGTH;
        if (headerDecoder.schemaId() != CallbackDoneDecoder.SCHEMA_ID ||
            templateId != CallbackDoneDecoder.TEMPLATE_ID && templateId != KeepAliveDecoder.TEMPLATE_ID)
        {
            listener.onMalformed("template " + templateId + " of schema " + headerDecoder.schemaId() +
                " on the callback stream, which carries only CallbackDone and KeepAlive");
            return;
        }
        if (headerDecoder.blockLength() < blockLength ||
            length < MessageHeaderDecoder.ENCODED_LENGTH + headerDecoder.blockLength())
        {
            listener.onMalformed("a message of " + length + " bytes on the callback stream is shorter than its block");
            return;
        }
        if (templateId == KeepAliveDecoder.TEMPLATE_ID)
        {
            keepAliveDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
            listener.onKeepAlive(keepAliveDecoder.sessionId());
            return;
        }
        decoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        listener.onCallbackDone(decoder.sessionId(), decoder.callbackId());
    }
}
