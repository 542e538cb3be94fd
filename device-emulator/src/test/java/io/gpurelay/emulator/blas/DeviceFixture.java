package io.gpurelay.emulator.blas;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * A small emulated device with one session's handle, and the copies to and from it that tests need.
 */
public class DeviceFixture implements AutoCloseable
{
    public final DeviceMemory memory = new DeviceMemory(1L << 30, 0x7000_0000_0000L);
    public final Object owner = new Object();
    final CublasHandle handle = CublasHandle.create(memory, owner);

    public long allocate(final long bytes)
    {
        return memory.allocate(bytes, owner).deviceAddress();
    }

    public long store(final ElementType type, final double[] values)
    {
        final long address = allocate(Math.max(1, (long)values.length * type.size));
        write(type, address, values);
        return address;
    }

    public void write(final ElementType type, final long address, final double[] values)
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

    public double[] load(final ElementType type, final long address, final int count)
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

    public long storeInts(final int... values)
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

    public int[] loadInts(final long address, final int count)
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

    long storePointers(final long... pointers)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(pointers.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        for (final long pointer : pointers)
        {
            buffer.putLong(pointer);
        }
        final long address = allocate(buffer.capacity());
        memory.write(address, buffer.array(), 0, buffer.capacity(), owner);
        return address;
    }

    /**
     * A scalar the way the handle's pointer mode wants it: by value, or stored on the device.
     */
    Scalar scalar(final ElementType type, final double value)
    {
        return handle.pointerMode() == CublasPointerMode.HOST ?
            Scalar.host(value) : Scalar.device(store(type, new double[]{ value }));
    }

    ScalarResult result(final int bytes)
    {
        return handle.pointerMode() == CublasPointerMode.HOST ?
            ScalarResult.toHost() : ScalarResult.toDevice(allocate(bytes));
    }

    double resultValue(final ElementType type, final ScalarResult result)
    {
        return result.isOnDevice() ? load(type, result.deviceAddress(), 1)[0] : result.value();
    }

    int resultIndex(final ScalarResult result)
    {
        return result.isOnDevice() ? loadInts(result.deviceAddress(), 1)[0] : result.index();
    }

    public int loadInt(final long address)
    {
        return loadInts(address, 1)[0];
    }

    public void close()
    {
        memory.close();
    }
}
