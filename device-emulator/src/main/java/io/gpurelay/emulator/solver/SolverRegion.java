package io.gpurelay.emulator.solver;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

/**
 * A checked range of device memory that one argument of a routine covers, copied into a Java array to compute on
 * and written back column by column, so that nothing outside the elements the routine defines as outputs is ever
 * stored to: the rows between the end of one column and the start of the next (lda &gt; m) may belong to something
 * else.
 */
final class SolverRegion
{
    private static final long FLOAT_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(float[].class);
    private static final long DOUBLE_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(double[].class);
    private static final long INT_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(int[].class);

    private final long hostAddress;
    private final int elements;
    private final int elementSize;

    SolverRegion(final long hostAddress, final int elements, final int elementSize)
    {
        this.hostAddress = hostAddress;
        this.elements = elements;
        this.elementSize = elementSize;
    }

    /**
     * A {@code float[]} for {@link Precision#SINGLE}, a {@code double[]} otherwise, holding the region's elements.
     */
    Object read(final Precision precision)
    {
        if (precision == Precision.SINGLE)
        {
            final float[] values = new float[elements];
            UNSAFE.copyMemory(null, hostAddress, values, FLOAT_ARRAY_OFFSET, (long)elements * Float.BYTES);
            return values;
        }
        final double[] values = new double[elements];
        UNSAFE.copyMemory(null, hostAddress, values, DOUBLE_ARRAY_OFFSET, (long)elements * Double.BYTES);
        return values;
    }

    int[] readInts()
    {
        final int[] values = new int[elements];
        UNSAFE.copyMemory(null, hostAddress, values, INT_ARRAY_OFFSET, (long)elements * Integer.BYTES);
        return values;
    }

    /**
     * Store {@code count} consecutive elements of {@code values} from index {@code first} back to their places.
     */
    void writeRun(final Object values, final int first, final int count)
    {
        if (count > 0)
        {
            UNSAFE.copyMemory(values, arrayOffset(values) + (long)first * elementSize,
                null, hostAddress + (long)first * elementSize, (long)count * elementSize);
        }
    }

    /**
     * Store the {@code rows} x {@code cols} matrix with leading dimension {@code ld}, one column at a time.
     */
    void writeMatrix(final Object values, final int rows, final int cols, final int ld)
    {
        for (int column = 0; column < cols; column++)
        {
            writeRun(values, column * ld, rows);
        }
    }

    /**
     * Store the lower or upper triangle, diagonal included, of the {@code n} x {@code n} matrix with leading
     * dimension {@code ld}, leaving the other triangle untouched.
     */
    void writeTriangle(final Object values, final int n, final int ld, final boolean lower)
    {
        for (int column = 0; column < n; column++)
        {
            if (lower)
            {
                writeRun(values, column * ld + column, n - column);
            }
            else
            {
                writeRun(values, column * ld, column + 1);
            }
        }
    }

    /**
     * Store one int at the region's first element (an info word).
     */
    void writeInt(final int value)
    {
        UNSAFE.putInt(hostAddress, value);
    }

    private static long arrayOffset(final Object values)
    {
        if (values instanceof float[])
        {
            return FLOAT_ARRAY_OFFSET;
        }
        if (values instanceof double[])
        {
            return DOUBLE_ARRAY_OFFSET;
        }
        return INT_ARRAY_OFFSET;
    }
}
