package io.gpurelay.protocol;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.codecs.ConnectRequestDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import org.agrona.DirectBuffer;

/**
 * Decodes the executor's control stream.
 */
public final class ConnectRequestAdapter implements FragmentHandler
{
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final ConnectRequestDecoder decoder = new ConnectRequestDecoder();
    private final ConnectRequestListener listener;

    public ConnectRequestAdapter(final ConnectRequestListener listener)
    {
        this.listener = listener;
    }

    public void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH + ConnectRequestDecoder.BLOCK_LENGTH)
        {
            listener.onMalformed("fragment of " + length + " bytes is shorter than a message header");
            return;
        }
        headerDecoder.wrap(buffer, offset);
        if (headerDecoder.schemaId() != ConnectRequestDecoder.SCHEMA_ID ||
            headerDecoder.templateId() != ConnectRequestDecoder.TEMPLATE_ID)
        {
            listener.onMalformed("unexpected message on the control stream: schema " + headerDecoder.schemaId() +
                " template " + headerDecoder.templateId());
            return;
        }
        try
        {
            decoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
            final int end = offset + length;
            final long correlationId = decoder.correlationId();
            final int protocolVersion = decoder.protocolVersion();
            final int responseStreamId = decoder.responseStreamId();
            final long clientPid = decoder.clientPid();
            final byte[] clientPublicKey = new byte[ConnectRequestDecoder.clientPublicKeyLength()];
            final byte[] clientProof = new byte[ConnectRequestDecoder.clientProofLength()];
            decoder.getClientPublicKey(clientPublicKey, 0, clientPublicKey.length);
            decoder.getClientProof(clientProof, 0, clientProof.length);
            VarDataBounds.check("responseChannel", decoder.responseChannelLength(), VarDataBounds.MAX_CHANNEL_LENGTH,
                decoder.limit(), end);
            final String responseChannel = decoder.responseChannel();
            VarDataBounds.check("clientName", decoder.clientNameLength(), VarDataBounds.MAX_CLIENT_NAME_LENGTH,
                decoder.limit(), end);
            final String clientName = decoder.clientName();
            listener.onConnectRequest(correlationId, protocolVersion, responseStreamId, clientPid, responseChannel,
                clientName, clientPublicKey, clientProof);
        }
        catch (final MalformedCallException ex)
        {
            listener.onMalformed("connect request refused: " + ex.getMessage());
        }
        catch (final IndexOutOfBoundsException | IllegalArgumentException | IllegalStateException ex)
        {
            listener.onMalformed("truncated connect request: " + ex.getMessage());
        }
    }
}
