package io.gpurelay.protocol.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * Every secret of a session, derived with HKDF-SHA256 from the token (the pre-shared key) and the X25519 shared
 * secret, each bound to the handshake's transcript:
 * <pre>
 * early          = HKDF-Extract(salt = "gpurelay 1.2 psk", token)
 * client proof   = HKDF-Expand(early, "client proof" || requestHash, 32)
 * master         = HKDF-Extract(salt = early, X25519 shared secret)
 * request key    = HKDF-Expand(master, "request key" || sessionHash, 32)     client to executor, AES-256-GCM
 * reply key      = HKDF-Expand(master, "reply key" || sessionHash, 32)       executor to client, AES-256-GCM
 * executor proof = HKDF-Expand(master, "executor proof" || sessionHash, 32)
 * </pre>
 * The client proof shows the executor, before it opens anything, that the client holds the token (it works as TLS
 * 1.3's PSK binder). The executor proof shows the client that the executor holds the token and computed the same
 * shared secret. The token itself never leaves either side. Without a token the early secret is that of the empty
 * token, which anyone can compute: the exchange is then unauthenticated X25519.
 */
public final class KeySchedule
{
    /** Bytes of a proof and of a key. */
    public static final int SECRET_LENGTH = 32;

    private static final byte[] PSK_SALT = ascii("gpurelay 1.2 psk");
    private static final byte[] CLIENT_PROOF = ascii("client proof");
    private static final byte[] REQUEST_KEY = ascii("request key");
    private static final byte[] REPLY_KEY = ascii("reply key");
    private static final byte[] EXECUTOR_PROOF = ascii("executor proof");

    private final byte[] earlySecret;

    /**
     * @param token the pre-shared token, or null or empty for none.
     */
    public KeySchedule(final String token)
    {
        final byte[] presharedKey = token == null ? new byte[0] : token.getBytes(StandardCharsets.UTF_8);
        this.earlySecret = Hkdf.extract(PSK_SALT, presharedKey);
    }

    public byte[] clientProof(final byte[] requestHash)
    {
        return Hkdf.expand(earlySecret, concat(CLIENT_PROOF, requestHash), SECRET_LENGTH);
    }

    /**
     * Compared in constant time: a near miss tells nothing about the token.
     */
    public boolean isClientProof(final byte[] requestHash, final byte[] proof)
    {
        return MessageDigest.isEqual(clientProof(requestHash), proof);
    }

    /**
     * The session's keys and the executor's proof, from the X25519 shared secret and the whole handshake.
     */
    public Derived derive(final byte[] sharedSecret, final byte[] sessionHash)
    {
        final byte[] master = Hkdf.extract(earlySecret, sharedSecret);
        return new Derived(
            Hkdf.expand(master, concat(REQUEST_KEY, sessionHash), SECRET_LENGTH),
            Hkdf.expand(master, concat(REPLY_KEY, sessionHash), SECRET_LENGTH),
            Hkdf.expand(master, concat(EXECUTOR_PROOF, sessionHash), SECRET_LENGTH));
    }

    /**
     * What {@link #derive} yields.
     */
    public record Derived(byte[] requestKey, byte[] replyKey, byte[] executorProof)
    {
        public String toString()
        {
            return "KeySchedule.Derived[secrets not shown]";
        }
    }

    private static byte[] concat(final byte[] label, final byte[] hash)
    {
        final byte[] info = new byte[label.length + hash.length];
        System.arraycopy(label, 0, info, 0, label.length);
        System.arraycopy(hash, 0, info, label.length, hash.length);
        return info;
    }

    private static byte[] ascii(final String text)
    {
        return text.getBytes(StandardCharsets.US_ASCII);
    }
}
