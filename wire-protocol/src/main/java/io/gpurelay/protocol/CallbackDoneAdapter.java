package io.gpurelay.protocol;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.codecs.CallbackDoneDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import org.agrona.DirectBuffer;

/**
 * Decodes a session's callback stream, which carries only {@code CallbackDone}: the client's answers to
 * {@code CallbackDue}. Anything else is malformed.
 */
public final class CallbackDoneAdapter implements FragmentHandler
{
    /** What the executor hears on a session's callback stream. */
    public interface Listener
    {
        void onCallbackDone(long sessionId, long callbackId);

        void onMalformed(String reason);
    }

    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final CallbackDoneDecoder decoder = new CallbackDoneDecoder();
    private final Listener listener;

    public CallbackDoneAdapter(final Listener listener)
    {
        this.listener = listener;
    }

    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH + CallbackDoneDecoder.BLOCK_LENGTH)
        {
            listener.onMalformed("a message of " + length + " bytes on the callback stream is too short");
            return;
        }
        headerDecoder.wrap(buffer, offset);
        if (headerDecoder.schemaId() != CallbackDoneDecoder.SCHEMA_ID ||
            headerDecoder.templateId() != CallbackDoneDecoder.TEMPLATE_ID)
        {
            listener.onMalformed("template " + headerDecoder.templateId() + " of schema " + headerDecoder.schemaId() +
                " on the callback stream, which carries only CallbackDone");
            return;
        }
        if (headerDecoder.blockLength() < CallbackDoneDecoder.BLOCK_LENGTH)
        {
            listener.onMalformed("a CallbackDone with a block of " + headerDecoder.blockLength() + " bytes");
            return;
        }
        decoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
        listener.onCallbackDone(decoder.sessionId(), decoder.callbackId());
    }
}
