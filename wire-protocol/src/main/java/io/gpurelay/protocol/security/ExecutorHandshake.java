package io.gpurelay.protocol.security;

/**
 * The executor's side of the handshake: checks a connect request's proof of the token before anything is opened
 * for it, then answers with an ephemeral public key and a proof of its own, and derives the session's keys.
 */
public final class ExecutorHandshake
{
    private final KeySchedule keySchedule;

    /**
     * @param token the token clients must prove, or null or empty for none.
     */
    public ExecutorHandshake(final String token)
    {
        this.keySchedule = new KeySchedule(token);
    }

    /**
     * @param requestHash the {@link HandshakeTranscript#requestHash} of the request as it arrived.
     */
    public boolean isClientProof(final byte[] requestHash, final byte[] clientProof)
    {
        return keySchedule.isClientProof(requestHash, clientProof);
    }

    /**
     * Answer a request whose proof was checked.
     *
     * @throws HandshakeException if the client's public key cannot be used.
     */
    public Accepted accept(
        final byte[] requestHash,
        final byte[] clientPublicKey,
        final long sessionId,
        final int requestStreamId,
        final int requestPublicationSessionId,
        final boolean sealed) throws HandshakeException
    {
        final X25519KeyPair keyPair = X25519KeyPair.generate();
        final byte[] sharedSecret = keyPair.sharedSecret(clientPublicKey);
        final byte[] executorPublicKey = keyPair.publicKey();
        final byte[] sessionHash = HandshakeTranscript.sessionHash(
            requestHash, sessionId, requestStreamId, requestPublicationSessionId, executorPublicKey);
        final KeySchedule.Derived derived = keySchedule.derive(sharedSecret, sessionHash);
        return new Accepted(
            new SessionKeys(sessionId, requestPublicationSessionId, sealed, derived.requestKey(), derived.replyKey()),
            executorPublicKey,
            derived.executorProof());
    }

    /**
     * A session the executor accepts: its keys, and what {@code Connected} carries to the client.
     */
    public record Accepted(SessionKeys keys, byte[] executorPublicKey, byte[] executorProof)
    {
        public String toString()
        {
            return "ExecutorHandshake.Accepted[" + keys + "]";
        }
    }
}
