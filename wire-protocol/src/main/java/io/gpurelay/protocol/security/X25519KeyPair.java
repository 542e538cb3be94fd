package io.gpurelay.protocol.security;

import java.math.BigInteger;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.interfaces.XECPublicKey;
import java.security.spec.NamedParameterSpec;
import java.security.spec.XECPublicKeySpec;

import javax.crypto.KeyAgreement;

/**
 * An ephemeral X25519 key pair (RFC 7748) on the JDK's {@code XDH}: one per handshake, on each side, never stored.
 * Public keys travel as the RFC's 32 little-endian bytes of the u-coordinate.
 */
public final class X25519KeyPair
{
    /** Bytes of an encoded public key and of a shared secret. */
    public static final int KEY_LENGTH = 32;

    private final KeyPair keyPair;
    private final byte[] publicKey;

    private X25519KeyPair(final KeyPair keyPair)
    {
        this.keyPair = keyPair;
        this.publicKey = encode(((XECPublicKey)keyPair.getPublic()).getU());
    }

    public static X25519KeyPair generate()
    {
        try
        {
            return new X25519KeyPair(KeyPairGenerator.getInstance("X25519").generateKeyPair());
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("the JDK lacks X25519", ex);
        }
    }

    /**
     * @return a copy of the encoded public key.
     */
    public byte[] publicKey()
    {
        return publicKey.clone();
    }

    /**
     * The shared secret with the holder of {@code peerPublicKey}.
     *
     * @throws HandshakeException if the peer's key is not a usable X25519 key (one of small order gives an all-zero
     *                            secret, which the JDK refuses).
     */
    public byte[] sharedSecret(final byte[] peerPublicKey) throws HandshakeException
    {
        if (peerPublicKey.length != KEY_LENGTH)
        {
            throw new HandshakeException("an X25519 public key has " + KEY_LENGTH + " bytes, not " +
                peerPublicKey.length);
        }
        try
        {
            final KeyAgreement agreement = KeyAgreement.getInstance("XDH");
            agreement.init(keyPair.getPrivate());
            agreement.doPhase(decode(peerPublicKey), true);
            return agreement.generateSecret();
        }
        catch (final GeneralSecurityException ex)
        {
            throw new HandshakeException("unusable X25519 public key: " + ex.getMessage());
        }
    }

    private static byte[] encode(final BigInteger u)
    {
        final byte[] bigEndian = u.toByteArray();
        final byte[] littleEndian = new byte[KEY_LENGTH];
        for (int i = 0; i < KEY_LENGTH && i < bigEndian.length; i++)
        {
            littleEndian[i] = bigEndian[bigEndian.length - 1 - i];
        }
        return littleEndian;
    }

    private static PublicKey decode(final byte[] littleEndian) throws GeneralSecurityException
    {
        final byte[] bigEndian = new byte[KEY_LENGTH];
        for (int i = 0; i < KEY_LENGTH; i++)
        {
            bigEndian[i] = littleEndian[KEY_LENGTH - 1 - i];
        }
        // RFC 7748 section 5: the most significant bit of the last byte is ignored.
        bigEndian[0] &= 0x7f;
        return KeyFactory.getInstance("XDH")
            .generatePublic(new XECPublicKeySpec(NamedParameterSpec.X25519, new BigInteger(1, bigEndian)));
    }
}
