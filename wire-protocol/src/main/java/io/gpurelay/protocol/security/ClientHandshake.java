package io.gpurelay.protocol.security;

import java.security.MessageDigest;

/**
 * The client's side of the handshake: an ephemeral key pair and a proof of the token for the connect request, then
 * the check of the executor's proof and the session's keys from its {@code Connected}.
 */
public final class ClientHandshake
{
    private final KeySchedule keySchedule;
    private final X25519KeyPair keyPair = X25519KeyPair.generate();
    private byte[] requestHash;

    /**
     * @param token the token the executor requires, or null or empty for none.
     */
    public ClientHandshake(final String token)
    {
        this.keySchedule = new KeySchedule(token);
    }

    public byte[] publicKey()
    {
        return keyPair.publicKey();
    }

    /**
     * The proof to send in the connect request with exactly these fields and {@link #publicKey()}.
     */
    public byte[] proveToken(
        final long correlationId,
        final int protocolVersion,
        final int responseStreamId,
        final long clientPid,
        final String responseChannel,
        final String clientName)
    {
        requestHash = HandshakeTranscript.requestHash(correlationId, protocolVersion, responseStreamId, clientPid,
            responseChannel, clientName, keyPair.publicKey());
        return keySchedule.clientProof(requestHash);
    }

    /**
     * Check the executor's answer and derive the session's keys.
     *
     * @throws HandshakeException if the executor does not prove that it holds the same token (or the answer was
     *                            changed on the way).
     */
    public SessionKeys complete(
        final long sessionId,
        final int requestStreamId,
        final int requestPublicationSessionId,
        final boolean sealed,
        final byte[] executorPublicKey,
        final byte[] executorProof) throws HandshakeException
    {
        if (requestHash == null)
        {
            throw new IllegalStateException("no connect request was proved");
        }
        final byte[] sessionHash = HandshakeTranscript.sessionHash(
            requestHash, sessionId, requestStreamId, requestPublicationSessionId, executorPublicKey);
        final KeySchedule.Derived derived = keySchedule.derive(keyPair.sharedSecret(executorPublicKey), sessionHash);
        if (!MessageDigest.isEqual(derived.executorProof(), executorProof))
        {
            throw new HandshakeException("the executor did not prove that it holds the same token");
        }
        return new SessionKeys(
            sessionId, requestPublicationSessionId, sealed, derived.requestKey(), derived.replyKey());
    }
}
