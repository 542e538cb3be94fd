package io.gpurelay.protocol;

import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.Header;
import io.gpurelay.protocol.codecs.ConnectRequestDecoder;
import io.gpurelay.protocol.codecs.MessageHeaderDecoder;
import io.gpurelay.protocol.codecs.StatRequestDecoder;
import org.agrona.DirectBuffer;

/**
 * Decodes the executor's control stream.
 */
public final class ConnectRequestAdapter implements FragmentHandler
{
    private final MessageHeaderDecoder headerDecoder = new MessageHeaderDecoder();
    private final ConnectRequestDecoder decoder = new ConnectRequestDecoder();
    private final StatRequestDecoder statDecoder = new StatRequestDecoder();
    private final ConnectRequestListener listener;

    public ConnectRequestAdapter(final ConnectRequestListener listener)
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
        if (headerDecoder.schemaId() == ConnectRequestDecoder.SCHEMA_ID &&
            headerDecoder.templateId() == ConnectRequestDecoder.TEMPLATE_ID)
        {
            onConnectRequest(buffer, offset, length);
        }
        else if (headerDecoder.schemaId() == StatRequestDecoder.SCHEMA_ID &&
            headerDecoder.templateId() == StatRequestDecoder.TEMPLATE_ID)
        {
            onStatRequest(buffer, offset, length);
        }
        else
        {
            listener.onMalformed("unexpected message on the control stream: schema " + headerDecoder.schemaId() +
                " template " + headerDecoder.templateId());
        }
    }

    private void onConnectRequest(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH + ConnectRequestDecoder.BLOCK_LENGTH)
        {
            listener.onMalformed("connect request of " + length + " bytes is shorter than its fixed fields");
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

    private void onStatRequest(final DirectBuffer buffer, final int offset, final int length)
    {
        if (length < MessageHeaderDecoder.ENCODED_LENGTH + StatRequestDecoder.BLOCK_LENGTH)
        {
            listener.onMalformed("stat request of " + length + " bytes is shorter than its fixed fields");
            return;
        }
        try
        {
            statDecoder.wrapAndApplyHeader(buffer, offset, headerDecoder);
            final byte[] clientPublicKey = new byte[StatRequestDecoder.clientPublicKeyLength()];
            final byte[] clientProof = new byte[StatRequestDecoder.clientProofLength()];
            statDecoder.getClientPublicKey(clientPublicKey, 0, clientPublicKey.length);
            statDecoder.getClientProof(clientProof, 0, clientProof.length);
            VarDataBounds.check("responseChannel", statDecoder.responseChannelLength(),
                VarDataBounds.MAX_CHANNEL_LENGTH, statDecoder.limit(), offset + length);
            listener.onStatRequest(statDecoder.correlationId(), statDecoder.protocolVersion(),
                statDecoder.responseStreamId(), statDecoder.responseChannel(), clientPublicKey, clientProof);
        }
        catch (final MalformedCallException ex)
        {
            listener.onMalformed("stat request refused: " + ex.getMessage());
        }
        catch (final IndexOutOfBoundsException | IllegalArgumentException | IllegalStateException ex)
        {
            listener.onMalformed("truncated stat request: " + ex.getMessage());
        }
    }
}
