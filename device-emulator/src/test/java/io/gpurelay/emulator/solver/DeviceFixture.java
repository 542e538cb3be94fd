package io.gpurelay.emulator.solver;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * A small emulated device with one session's cuSOLVER handle, and the copies to and from it that tests need (the
 * part of the cuBLAS tests' fixture of the same name that these tests use).
 */
final class DeviceFixture implements AutoCloseable
{
    final DeviceMemory memory = new DeviceMemory(1L << 28, 0x7000_0000_0000L);
    final Object owner = new Object();
    final CusolverDnHandle handle = CusolverDnHandle.create(memory, owner);

    long allocate(final long bytes)
    {
        return memory.allocate(bytes, owner).deviceAddress();
    }

    long store(final ElementType type, final double[] values)
    {
        final long address = allocate(Math.max(1, (long)values.length * type.size));
        write(type, address, values);
        return address;
    }

    void write(final ElementType type, final long address, final double[] values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * type.size).order(ByteOrder.LITTLE_ENDIAN);
        for (final double value : values)
        {
            if (type == ElementType.SINGLE)
            {
                buffer.putFloat((float)value);
            }
            else
            {
                buffer.putDouble(value);
            }
        }
        memory.write(address, buffer.array(), 0, buffer.capacity(), owner);
    }

    double[] load(final ElementType type, final long address, final int count)
    {
        final byte[] bytes = new byte[count * type.size];
        memory.read(address, bytes, 0, bytes.length, owner);
        final ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        final double[] values = new double[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = type == ElementType.SINGLE ? buffer.getFloat() : buffer.getDouble();
        }
        return values;
    }

    long storeInts(final int... values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(Math.max(4, values.length * 4)).order(ByteOrder.LITTLE_ENDIAN);
        for (final int value : values)
        {
            buffer.putInt(value);
        }
        final long address = allocate(buffer.capacity());
        memory.write(address, buffer.array(), 0, buffer.capacity(), owner);
        return address;
    }

    int[] loadInts(final long address, final int count)
    {
        final byte[] bytes = new byte[count * 4];
        memory.read(address, bytes, 0, bytes.length, owner);
        final ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        final int[] values = new int[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = buffer.getInt();
        }
        return values;
    }

    int loadInt(final long address)
    {
        return loadInts(address, 1)[0];
    }

    public void close()
    {
        memory.close();
    }
}
