package io.gpurelay.testsupport;

import java.util.Random;

/**
 * One array of each primitive type but boolean, all of one length, for tests that copy every kind of host array
 * there and back: {@link #random} fills them from a seeded generator, and a new one of the same length holds zeros
 * to copy them back into.
 */
public final class ArraysOfEveryType
{
    public final byte[] bytes;
    public final short[] shorts;
    public final char[] chars;
    public final int[] ints;
    public final long[] longs;
    public final float[] floats;
    public final double[] doubles;

    /**
     * Arrays of {@code length} zeros.
     */
    public ArraysOfEveryType(final int length)
    {
        bytes = new byte[length];
        shorts = new short[length];
        chars = new char[length];
        ints = new int[length];
        longs = new long[length];
        floats = new float[length];
        doubles = new double[length];
    }

    /**
     * Arrays of {@code length} random values from {@code random}: the bytes first, then element by element the short,
     * char, int, long, float and double.
     */
    public static ArraysOfEveryType random(final Random random, final int length)
    {
        final ArraysOfEveryType arrays = new ArraysOfEveryType(length);
        random.nextBytes(arrays.bytes);
        for (int i = 0; i < length; i++)
        {
            arrays.shorts[i] = (short)random.nextInt();
            arrays.chars[i] = (char)random.nextInt();
            arrays.ints[i] = random.nextInt();
            arrays.longs[i] = random.nextLong();
            arrays.floats[i] = random.nextFloat();
            arrays.doubles[i] = random.nextDouble();
        }
        return arrays;
    }
}
