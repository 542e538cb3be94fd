package io.gpurelay.protocol.security;

import java.util.HexFormat;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The test cases of RFC 5869 appendix A for HKDF-SHA256.
 */
class HkdfTest
{
    private static final HexFormat HEX = HexFormat.of();

    @Test
    void rfc5869TestCase1()
    {
        check("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "000102030405060708090a0b0c", "f0f1f2f3f4f5f6f7f8f9", 42,
            "077709362c2e32df0ddc3f0dc47bba6390b6c73bb50f9c3122ec844ad7c2b3e5",
            "3cb25f25faacd57a90434f64d0362f2a2d2d0a90cf1a5a4c5db02d56ecc4c5bf34007208d5b887185865");
    }

    @Test
    void rfc5869TestCase2LongInputs()
    {
        check(range(0x00, 80), range(0x60, 80), range(0xb0, 80), 82,
            "06a6b88c5853361a06104c9ceb35b45cef760014904671014a193f40c15fc244",
            "b11e398dc80327a1c8e7f78c596a49344f012eda2d4efad8a050cc4c19afa97c" +
                "59045a99cac7827271cb41c65e590e09da3275600c2f09b8367793a9aca3db71" +
                "cc30c58179ec3e87c14c01d5c1f3434f1d87");
    }

    @Test
    void rfc5869TestCase3EmptySaltAndInfo()
    {
        check("0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b", "", "", 42,
            "19ef24a32c717b167f33a91d6f648bdf96596776afdb6377ac434c1c293ccb04",
            "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d9d201395faa4b61a96c8");
    }

    @Test
    void refusesMoreOutputThanHkdfDefines()
    {
        assertThrows(IllegalArgumentException.class, () -> Hkdf.expand(new byte[32], new byte[0], 255 * 32 + 1));
    }

    private static void check(
        final String ikm, final String salt, final String info, final int length, final String prk, final String okm)
    {
        final byte[] pseudorandomKey = Hkdf.extract(HEX.parseHex(salt), HEX.parseHex(ikm));
        assertArrayEquals(HEX.parseHex(prk), pseudorandomKey);
        assertArrayEquals(HEX.parseHex(okm), Hkdf.expand(pseudorandomKey, HEX.parseHex(info), length));
    }

    private static String range(final int first, final int count)
    {
        final byte[] bytes = new byte[count];
        for (int i = 0; i < count; i++)
        {
            bytes[i] = (byte)(first + i);
        }
        return HEX.formatHex(bytes);
    }
}
