package io.gpurelay.protocol;

import io.aeron.Publication;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.CallbackDoneEncoder;
import io.gpurelay.protocol.codecs.CloseSessionEncoder;
import io.gpurelay.protocol.codecs.ConnectRequestEncoder;
import io.gpurelay.protocol.codecs.KeepAliveEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.security.MessageSealer;
import org.agrona.concurrent.IdleStrategy;

/**
 * Encodes what a client sends to the executor. One reusable buffer and one set of encoders: not thread safe, the
 * owner serialises callers (a call and its bulk chunks must reach the executor back to back).
 */
public final class ClientProxy
{
    private final MessageWriter writer;
    private final ConnectRequestEncoder connectRequestEncoder = new ConnectRequestEncoder();
    private final KeepAliveEncoder keepAliveEncoder = new KeepAliveEncoder();
    private final CloseSessionEncoder closeSessionEncoder = new CloseSessionEncoder();
    private final CallEncoder callEncoder = new CallEncoder();
    private final CallbackDoneEncoder callbackDoneEncoder = new CallbackDoneEncoder();

    /** Room for a callback's answer, sealed or not. */
    private static final int CALLBACK_DONE_CAPACITY = 128;

    public ClientProxy(final IdleStrategy idleStrategy, final long timeoutNs)
    {
        this.writer = new MessageWriter(idleStrategy, timeoutNs);
    }

    private ClientProxy(final MessageWriter writer)
    {
        this.writer = writer;
    }

    /**
     * A proxy for the session's callback stream ({@link #callbackDone} and {@link #keepAlive}): a small buffer, no bulk
     * data. With a timeout of 0 it makes one offer attempt per message.
     */
    public static ClientProxy forCallbacks(final IdleStrategy idleStrategy, final long timeoutNs)
    {
        return new ClientProxy(new MessageWriter(idleStrategy, timeoutNs, CALLBACK_DONE_CAPACITY));
    }

    /**
     * Send a connect request; it is the proof, not the token, that shows the executor this client holds the token.
     *
     * @param clientPublicKey the client's ephemeral X25519 public key.
     * @param clientProof     the proof of the token over every other field of this request.
     */
    public boolean connect(
        final Publication controlPublication,
        final long correlationId,
        final int responseStreamId,
        final long clientPid,
        final String responseChannel,
        final String clientName,
        final byte[] clientPublicKey,
        final byte[] clientProof,
        final int protocolVersion)
    {
        connectRequestEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .correlationId(correlationId)
            .protocolVersion(protocolVersion)
            .responseStreamId(responseStreamId)
            .clientPid(clientPid)
            .putClientPublicKey(clientPublicKey, 0, clientPublicKey.length)
            .putClientProof(clientProof, 0, clientProof.length)
            .responseChannel(responseChannel)
            .clientName(clientName)
            .token("");
        return writer.send(
            controlPublication, MessageHeaderEncoder.ENCODED_LENGTH + connectRequestEncoder.encodedLength());
    }

    /**
     * Seal every message sent from now on: the handshake is done and the session's channel leaves the host.
     */
    public void sealWith(final MessageSealer sealer)
    {
        writer.sealWith(sealer);
    }

    public boolean keepAlive(final Publication publication, final long sessionId, final long nowMs)
    {
        keepAliveEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder).sessionId(sessionId).timestamp(nowMs);
        return writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + keepAliveEncoder.encodedLength());
    }

    /**
     * Answer a {@code CallbackDue}: the callback has returned and its stream may go on.
     */
    public boolean callbackDone(final Publication publication, final long sessionId, final long callbackId)
    {
        callbackDoneEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .sessionId(sessionId)
            .callbackId(callbackId);
        return writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + callbackDoneEncoder.encodedLength());
    }

    public boolean closeSession(final Publication publication, final long sessionId)
    {
        closeSessionEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder).sessionId(sessionId);
        return writer.send(publication, MessageHeaderEncoder.ENCODED_LENGTH + closeSessionEncoder.encodedLength());
    }

    /**
     * Send a call, its payload inline when it fits one message, else as bulk chunks right behind it.
     *
     * @param args      scalar arguments; the first {@code argCount} are sent.
     * @param payload   bytes to send with the call, or null.
     * @param pipelined the executor replies only if the call fails.
     */
    public boolean call(
        final Publication publication,
        final long sessionId,
        final long correlationId,
        final RemotedFunction function,
        final long context,
        final long[] args,
        final int argCount,
        final PayloadSource payload,
        final boolean pipelined)
    {
        final long payloadLength = payload == null ? 0 : payload.length();
        final int chunkLength = Protocol.chunkLength(publication.maxMessageLength());
        final boolean bulk = payloadLength > chunkLength - argCount * 8L;

        callEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .sessionId(sessionId)
            .correlationId(correlationId)
            .function(function.id())
            .context(context)
            .totalPayloadLength(payloadLength);
        callEncoder.flags().clear().bulkFollows(bulk).replyOnErrorOnly(pipelined);
        final CallEncoder.ArgsEncoder argsEncoder = callEncoder.argsCount(argCount);
        for (int i = 0; i < argCount; i++)
        {
            argsEncoder.next().value(args[i]);
        }
        final int limit = writer.putTrailingPayload(callEncoder.limit(), payload, 0, bulk ? 0 : (int)payloadLength);
        if (!writer.send(publication, limit))
        {
            return false;
        }
        return !bulk || writer.sendChunks(publication, sessionId, correlationId, payload, chunkLength);
    }

    /**
     * Send a call whose payload, or whose reply's payload, moves through the session's transfer region
     * ({@link TransferRegion}): only the call itself goes through Aeron.
     *
     * @param payloadLength   bytes the caller writes into the region after this call, or 0.
     * @param replyInRegion   the caller reads the reply's payload from the region.
     */
    public boolean callThroughRegion(
        final Publication publication,
        final long sessionId,
        final long correlationId,
        final RemotedFunction function,
        final long context,
        final long[] args,
        final int argCount,
        final long payloadLength,
        final boolean replyInRegion,
        final boolean pipelined)
    {
        callEncoder.wrapAndApplyHeader(writer.buffer, 0, writer.headerEncoder)
            .sessionId(sessionId)
            .correlationId(correlationId)
            .function(function.id())
            .context(context)
            .totalPayloadLength(payloadLength);
        callEncoder.flags().clear().replyOnErrorOnly(pipelined).payloadInRegion(payloadLength > 0)
            .replyInRegion(replyInRegion);
        final CallEncoder.ArgsEncoder argsEncoder = callEncoder.argsCount(argCount);
        for (int i = 0; i < argCount; i++)
        {
            argsEncoder.next().value(args[i]);
        }
        final int limit = writer.putTrailingPayload(callEncoder.limit(), null, 0, 0);
        return writer.send(publication, limit);
    }
}
