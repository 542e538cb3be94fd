package io.gpurelay.protocol.security;

import java.security.GeneralSecurityException;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * HKDF with HMAC-SHA256 (RFC 5869), on the JDK's {@code HmacSHA256}: JDK 17 has no HKDF of its own.
 */
public final class Hkdf
{
    /** Bytes of an HMAC-SHA256 output, and so of a pseudorandom key. */
    public static final int HASH_LENGTH = 32;

    private static final String HMAC = "HmacSHA256";

    private Hkdf()
    {
    }

    /**
     * HKDF-Extract: a pseudorandom key from input keying material.
     *
     * @param salt an empty salt stands for {@link #HASH_LENGTH} zero bytes, as the RFC says.
     */
    public static byte[] extract(final byte[] salt, final byte[] inputKeyingMaterial)
    {
        return hmac(salt.length == 0 ? new byte[HASH_LENGTH] : salt, inputKeyingMaterial);
    }

    /**
     * HKDF-Expand: {@code length} bytes of output keying material for the purpose {@code info} names.
     */
    public static byte[] expand(final byte[] pseudorandomKey, final byte[] info, final int length)
    {
        if (length < 0 || length > 255 * HASH_LENGTH)
        {
            throw new IllegalArgumentException(
                "HKDF-Expand yields 0 to " + 255 * HASH_LENGTH + " bytes, not " + length);
        }
        final Mac mac = mac(pseudorandomKey);
        final byte[] output = new byte[length];
        byte[] block = new byte[0];
        for (int filled = 0, counter = 1; filled < length; counter++)
        {
            mac.update(block);
            mac.update(info);
            mac.update((byte)counter);
            block = mac.doFinal();
            final int take = Math.min(HASH_LENGTH, length - filled);
            System.arraycopy(block, 0, output, filled, take);
            filled += take;
        }
        return output;
    }

    static byte[] hmac(final byte[] key, final byte[] data)
    {
        return mac(key).doFinal(data);
    }

    private static Mac mac(final byte[] key)
    {
        try
        {
            final Mac mac = Mac.getInstance(HMAC);
            mac.init(new SecretKeySpec(key, HMAC));
            return mac;
        }
        catch (final GeneralSecurityException ex)
        {
            throw new IllegalStateException("the JDK lacks " + HMAC, ex);
        }
    }
}
