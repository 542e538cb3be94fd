package io.gpurelay.emulator.blas;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

/**
 * A checked range of device memory that one argument of a routine covers, copied into a Java array to compute on
 * and written back element by element or column by column, so that nothing outside the elements the routine
 * defines as outputs is ever stored to: the gaps between strided elements or between columns may belong to another
 * operand.
 */
final class DeviceRegion
{
    static final long FLOAT_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(float[].class);
    static final long DOUBLE_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(double[].class);
    static final long INT_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(int[].class);
    static final long LONG_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(long[].class);

    private final long hostAddress;
    private final int elements;
    private final int elementSize;

    DeviceRegion(final long hostAddress, final int elements, final int elementSize)
    {
        this.hostAddress = hostAddress;
        this.elements = elements;
        this.elementSize = elementSize;
    }

    float[] readFloats()
    {
        final float[] values = new float[elements];
        UNSAFE.copyMemory(null, hostAddress, values, FLOAT_ARRAY_OFFSET, (long)elements * Float.BYTES);
        return values;
    }

    double[] readDoubles()
    {
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

    long[] readLongs()
    {
        final long[] values = new long[elements];
        UNSAFE.copyMemory(null, hostAddress, values, LONG_ARRAY_OFFSET, (long)elements * Long.BYTES);
        return values;
    }

    /**
     * A single-precision array for {@link Precision#SINGLE}, a double-precision one otherwise.
     */
    Object read(final Precision precision)
    {
        return precision == Precision.SINGLE ? readFloats() : readDoubles();
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
     * Store the {@code n} elements of a vector with increment {@code inc}, as laid out in this region.
     */
    void writeVector(final Object values, final int n, final int inc)
    {
        if (n <= 0)
        {
            return;
        }
        if (inc == 1 || inc == -1)
        {
            writeRun(values, 0, n);
            return;
        }
        final int step = Math.abs(inc);
        final int last = inc == 0 ? 0 : (n - 1) * step;
        for (int index = 0; index <= last; index += Math.max(step, 1))
        {
            writeRun(values, index, 1);
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
     * Store the triangle of a square matrix that {@code fillMode} names, leaving the other triangle untouched.
     */
    void writeTriangle(final Object values, final int n, final int ld, final int fillMode)
    {
        for (int column = 0; column < n; column++)
        {
            if (fillMode == CublasFillMode.LOWER)
            {
                writeRun(values, column * ld + column, n - column);
            }
            else
            {
                writeRun(values, column * ld, column + 1);
            }
        }
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
        if (values instanceof int[])
        {
            return INT_ARRAY_OFFSET;
        }
        return LONG_ARRAY_OFFSET;
    }
}
