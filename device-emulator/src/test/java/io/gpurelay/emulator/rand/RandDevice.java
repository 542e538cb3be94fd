package io.gpurelay.emulator.rand;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * A small emulated device for one session, with generators on it and the reads tests need.
 */
final class RandDevice implements AutoCloseable
{
    final DeviceMemory memory = new DeviceMemory(1L << 30, 0x6000_0000_0000L);
    final Object owner = new Object();

    CurandGenerator generator(final int rngType, final long seed)
    {
        final CurandGenerator generator = CurandGenerator.create(rngType, memory, owner);
        generator.setPseudoRandomGeneratorSeed(seed);
        return generator;
    }

    long allocate(final long bytes)
    {
        return memory.allocate(bytes, owner).deviceAddress();
    }

    void free(final long address)
    {
        memory.free(address, owner);
    }

    ByteBuffer read(final long address, final int bytes)
    {
        final byte[] copy = new byte[bytes];
        memory.read(address, copy, 0, bytes, owner);
        return ByteBuffer.wrap(copy).order(ByteOrder.LITTLE_ENDIAN);
    }

    int[] ints(final long address, final int count)
    {
        final int[] values = new int[count];
        read(address, count * 4).asIntBuffer().get(values);
        return values;
    }

    float[] floats(final long address, final int count)
    {
        final float[] values = new float[count];
        read(address, count * 4).asFloatBuffer().get(values);
        return values;
    }

    double[] doubles(final long address, final int count)
    {
        final double[] values = new double[count];
        read(address, count * 8).asDoubleBuffer().get(values);
        return values;
    }

    public void close()
    {
        memory.close();
    }
}
