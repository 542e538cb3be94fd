package io.gpurelay.emulator.ptx;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * Builds a kernel's parameter buffer the way the driver does: each value at its parameter's offset, little endian.
 */
final class ParameterBuffer
{
    private final PtxKernel kernel;
    private final ByteBuffer buffer;

    private ParameterBuffer(final PtxKernel kernel)
    {
        this.kernel = kernel;
        this.buffer = ByteBuffer.allocate(kernel.parameterBufferSize()).order(ByteOrder.LITTLE_ENDIAN);
    }

    static ParameterBuffer of(final ModuleInstance instance, final String kernelName)
    {
        return new ParameterBuffer(instance.module().kernel(kernelName));
    }

    private int offset(final int index, final int size)
    {
        final KernelParameter parameter = kernel.parameters().get(index);
        if (parameter.size() < size)
        {
            throw new IllegalArgumentException(parameter + " is smaller than " + size + " bytes");
        }
        return kernel.parameterOffset(index);
    }

    ParameterBuffer putByte(final int index, final int value)
    {
        buffer.put(offset(index, 1), (byte)value);
        return this;
    }

    ParameterBuffer putShort(final int index, final int value)
    {
        buffer.putShort(offset(index, 2), (short)value);
        return this;
    }

    ParameterBuffer putInt(final int index, final int value)
    {
        buffer.putInt(offset(index, 4), value);
        return this;
    }

    ParameterBuffer putFloat(final int index, final float value)
    {
        buffer.putFloat(offset(index, 4), value);
        return this;
    }

    ParameterBuffer putLong(final int index, final long value)
    {
        buffer.putLong(offset(index, 8), value);
        return this;
    }

    ParameterBuffer putDouble(final int index, final double value)
    {
        buffer.putDouble(offset(index, 8), value);
        return this;
    }

    /**
     * Write raw bytes at a byte position inside a parameter (for by-value structs).
     */
    ParameterBuffer putBytes(final int index, final int position, final byte[] bytes)
    {
        buffer.put(offset(index, position + bytes.length) + position, bytes);
        return this;
    }

    byte[] bytes()
    {
        return buffer.array();
    }
}
