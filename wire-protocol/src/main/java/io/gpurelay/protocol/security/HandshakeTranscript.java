package io.gpurelay.protocol.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/**
 * Hashes of what each side of a handshake said, so that a key or proof derived from one covers all of it: an attacker
 * who changes a field (the response channel, a public key, the session's ids) gets keys and proofs that do not match.
 * Every field goes in at a fixed width or with its length, so that no two different handshakes hash alike.
 */
public final class HandshakeTranscript
{
    private static final byte[] DOMAIN = "gpurelay handshake 1.2".getBytes(StandardCharsets.US_ASCII);

    private HandshakeTranscript()
    {
    }

    /**
     * The hash of a connect request: everything in it but the client's proof, which is computed over this.
     */
    public static byte[] requestHash(
        final long correlationId,
        final int protocolVersion,
        final int responseStreamId,
        final long clientPid,
        final String responseChannel,
        final String clientName,
        final byte[] clientPublicKey)
    {
        final MessageDigest digest = sha256();
        digest.update(DOMAIN);
        putLong(digest, correlationId);
        putLong(digest, protocolVersion);
        putLong(digest, responseStreamId);
        putLong(digest, clientPid);
        putBytes(digest, responseChannel.getBytes(StandardCharsets.UTF_8));
        putBytes(digest, clientName.getBytes(StandardCharsets.UTF_8));
        putBytes(digest, clientPublicKey);
        return digest.digest();
    }

    /**
     * The hash of a whole handshake: the request's hash and what the executor answered in {@code Connected}.
     */
    public static byte[] sessionHash(
        final byte[] requestHash,
        final long sessionId,
        final int requestStreamId,
        final int requestPublicationSessionId,
        final byte[] executorPublicKey)
    {
        final MessageDigest digest = sha256();
        digest.update(DOMAIN);
        putBytes(digest, requestHash);
        putLong(digest, sessionId);
        putLong(digest, requestStreamId);
        putLong(digest, requestPublicationSessionId);
        putBytes(digest, executorPublicKey);
        return digest.digest();
    }

    private static void putLong(final MessageDigest digest, final long value)
    {
        for (int shift = 56; shift >= 0; shift -= 8)
        {
            digest.update((byte)(value >>> shift));
        }
    }

    private static void putBytes(final MessageDigest digest, final byte[] bytes)
    {
        putLong(digest, bytes.length);
        digest.update(bytes);
    }

    private static MessageDigest sha256()
    {
        try
        {
            return MessageDigest.getInstance("SHA-256");
        }
        catch (final NoSuchAlgorithmException ex)
        {
            throw new IllegalStateException("the JDK lacks SHA-256", ex);
        }
    }
}
