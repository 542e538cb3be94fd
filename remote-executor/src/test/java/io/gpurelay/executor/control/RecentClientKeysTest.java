package io.gpurelay.executor.control;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class RecentClientKeysTest
{
    @Test
    void aKeySeenAgainIsARepeatUntilItIsForgotten()
    {
        final RecentClientKeys keys = new RecentClientKeys(2);
        final byte[] first = key(1);
        assertTrue(keys.add(first));
        assertFalse(keys.add(first.clone()), "the same bytes in another array are the same key");
        first[0] = 99;
        assertTrue(keys.add(key(2)), "the set kept its own copy, not the caller's array");
        assertFalse(keys.add(key(1)));

        assertTrue(keys.add(key(3)));
        assertTrue(keys.add(key(1)), "the oldest key is forgotten beyond the capacity");
    }

    private static byte[] key(final int value)
    {
        final byte[] key = new byte[32];
        key[0] = (byte)value;
        key[31] = (byte)(value * 7);
        return key;
    }
}
