package io.gpurelay.emulator.ptx;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * Test fixture: device memory of one owner plus helpers to move arrays in and out and to load the kernels under
 * {@code src/test/resources/kernels}.
 */
final class EmulatedDevice implements AutoCloseable
{
    static final long BASE_ADDRESS = 0x7F00_0000_0000L;

    final DeviceMemory memory = new DeviceMemory(1L << 30, BASE_ADDRESS);
    final Object owner = new Object();

    static String kernelSource(final String fileName)
    {
        try (InputStream in = EmulatedDevice.class.getResourceAsStream("/kernels/" + fileName))
        {
            if (in == null)
            {
                throw new IllegalArgumentException("no kernel resource " + fileName);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    ModuleInstance load(final String fileName)
    {
        return PtxModule.parse(kernelSource(fileName)).instantiate(memory, owner);
    }

    ModuleInstance loadSource(final String ptx)
    {
        return PtxModule.parse(ptx).instantiate(memory, owner);
    }

    long allocate(final long bytes)
    {
        return memory.allocate(bytes, owner).deviceAddress();
    }

    long upload(final float[] values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asFloatBuffer().put(values);
        return upload(buffer.array());
    }

    long upload(final double[] values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * 8).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asDoubleBuffer().put(values);
        return upload(buffer.array());
    }

    long upload(final int[] values)
    {
        final ByteBuffer buffer = ByteBuffer.allocate(values.length * 4).order(ByteOrder.LITTLE_ENDIAN);
        buffer.asIntBuffer().put(values);
        return upload(buffer.array());
    }

    long upload(final byte[] bytes)
    {
        final long address = allocate(Math.max(1, bytes.length));
        memory.write(address, bytes, 0, bytes.length, owner);
        return address;
    }

    byte[] download(final long address, final int bytes)
    {
        final byte[] result = new byte[bytes];
        memory.read(address, result, 0, bytes, owner);
        return result;
    }

    float[] downloadFloats(final long address, final int count)
    {
        final float[] result = new float[count];
        ByteBuffer.wrap(download(address, count * 4)).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(result);
        return result;
    }

    double[] downloadDoubles(final long address, final int count)
    {
        final double[] result = new double[count];
        ByteBuffer.wrap(download(address, count * 8)).order(ByteOrder.LITTLE_ENDIAN).asDoubleBuffer().get(result);
        return result;
    }

    int[] downloadInts(final long address, final int count)
    {
        final int[] result = new int[count];
        ByteBuffer.wrap(download(address, count * 4)).order(ByteOrder.LITTLE_ENDIAN).asIntBuffer().get(result);
        return result;
    }

    long[] downloadLongs(final long address, final int count)
    {
        final long[] result = new long[count];
        ByteBuffer.wrap(download(address, count * 8)).order(ByteOrder.LITTLE_ENDIAN).asLongBuffer().get(result);
        return result;
    }

    public void close()
    {
        memory.close();
    }
}
