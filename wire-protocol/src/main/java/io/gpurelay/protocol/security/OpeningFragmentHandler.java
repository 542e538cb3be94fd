package io.gpurelay.protocol.security;

import java.nio.ByteOrder;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.codecs.ConnectRejectedDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import org.agrona.DirectBuffer;

/**
 * Stands between a {@link io.aeron.FragmentAssembler} and a stream's adapter: passes messages through in the clear
 * until {@link #requireSealed} (the handshake is in the clear, and IPC sessions stay so), then passes on only what a
 * {@link MessageOpener} opens, and reports everything else.
 */
public final class OpeningFragmentHandler implements FragmentHandler
{
    /** Told about each message dropped. */
    @FunctionalInterface
    public interface DropListener
    {
        void onDropped(MessageOpener.Outcome why);
    }

    private final FragmentHandler delegate;
    private final DropListener dropListener;
    private volatile MessageOpener opener;

    public OpeningFragmentHandler(final FragmentHandler delegate, final DropListener dropListener)
    {
        this.delegate = delegate;
        this.dropListener = dropListener;
    }

    /**
     * From now on, take only messages this opener opens.
     */
    public void requireSealed(final MessageOpener opener)
    {
        this.opener = opener;
    }

    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        final MessageOpener current = opener;
        if (current == null)
        {
            delegate.onFragment(buffer, offset, length, header);
            return;
        }
        final int messageLength = current.open(buffer, offset, length);
        if (messageLength < 0)
        {
            if (current.outcome() == MessageOpener.Outcome.NOT_SEALED && isConnectRejected(buffer, offset, length))
            {
                // The supervisor of a worker that died refuses, in the clear, a connect request the worker may have
                // answered already; a client takes only the first answer to its request, so this one is harmless.
                delegate.onFragment(buffer, offset, length, header);
                return;
            }
            dropListener.onDropped(current.outcome());
            return;
        }
        delegate.onFragment(current.plaintext(), 0, messageLength, header);
    }

    private static boolean isConnectRejected(final DirectBuffer buffer, final int offset, final int length)
    {
        return length >= MessageHeaderDecoder.ENCODED_LENGTH &&
            buffer.getShort(offset + MessageHeaderDecoder.templateIdEncodingOffset(), ByteOrder.LITTLE_ENDIAN) ==
            ConnectRejectedDecoder.TEMPLATE_ID &&
            buffer.getShort(offset + MessageHeaderDecoder.schemaIdEncodingOffset(), ByteOrder.LITTLE_ENDIAN) ==
            ConnectRejectedDecoder.SCHEMA_ID;
    }
}
