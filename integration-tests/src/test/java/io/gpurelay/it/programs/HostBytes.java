package io.gpurelay.it.programs;

import java.util.Arrays;
import java.util.zip.CRC32;

import io.gpurelay.testsupport.Checks;

/**
 * Host buffers of the array programs (driver and runtime API alike) and the checks of what a copy left in them.
 */
final class HostBytes
{
    /**
     * What every byte of a destination holds before a copy: a byte the copy did not write keeps it.
     */
    static final byte UNTOUCHED = 0x55;

    private HostBytes()
    {
    }

    /**
     * The copied rows arrived, and every other byte of the destination kept its value.
     */
    static void checkRows(final Checks checks, final String name, final byte[] source, final int sourcePitch,
        final byte[] back, final int backPitch, final int width, final int height)
    {
        boolean rows = true;
        boolean untouched = true;
        for (int i = 0; i < back.length; i++)
        {
            final int row = i / backPitch;
            final int column = i % backPitch;
            if (row < height && column < width)
            {
                rows &= back[i] == source[row * sourcePitch + column];
            }
            else
            {
                untouched &= back[i] == UNTOUCHED;
            }
        }
        checks.check(name + ": the rows arrived", rows);
        checks.check(name + ": no other host byte changed", untouched);
    }

    /**
     * Prints a call's result; a status (anything but a checksum, an extent or a format) must be 0.
     */
    static void result(final Checks checks, final String name, final long value)
    {
        System.out.println("RESULT " + name + " = " + value);
        if (!name.contains("checksum") && !name.contains("extent") && !name.contains("format"))
        {
            checks.equal(name, 0, value);
        }
    }

    static byte[] pattern(final int length, final int seed)
    {
        final byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++)
        {
            bytes[i] = (byte)(i * seed + 1);
        }
        return bytes;
    }

    static byte[] filled(final int length)
    {
        final byte[] bytes = new byte[length];
        Arrays.fill(bytes, UNTOUCHED);
        return bytes;
    }

    static long crc(final byte[] bytes)
    {
        final CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
