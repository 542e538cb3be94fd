package io.gpurelay.executor;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

/**
 * A {@code cuLaunchKernel} call as the agent sends it: the function, grid, block, shared memory and stream, then the
 * parameter count and each parameter's size as arguments, and the parameters' bytes one after the other as the
 * payload, each as JCuda's {@code Pointer.to(...)} leaf carries it (a {@code CUdeviceptr}, an {@code int[1]}, ...).
 */
final class KernelLaunch
{
    private final long function;
    private final int[] grid;
    private final int[] block;
    private final List<byte[]> parameters = new ArrayList<>();
    private int sharedMemoryBytes;
    private long stream;

    private KernelLaunch(final long function, final int[] grid, final int[] block)
    {
        this.function = function;
        this.grid = grid;
        this.block = block;
    }

    static KernelLaunch of(final long function, final int gridX, final int blockX)
    {
        return new KernelLaunch(function, new int[]{ gridX, 1, 1 }, new int[]{ blockX, 1, 1 });
    }

    static KernelLaunch of(final long function, final int[] grid, final int[] block)
    {
        return new KernelLaunch(function, grid.clone(), block.clone());
    }

    KernelLaunch sharedMemory(final int bytes)
    {
        this.sharedMemoryBytes = bytes;
        return this;
    }

    KernelLaunch stream(final long stream)
    {
        this.stream = stream;
        return this;
    }

    KernelLaunch pointer(final long address)
    {
        return bytes(little(8).putLong(address).array());
    }

    KernelLaunch int32(final int value)
    {
        return bytes(little(4).putInt(value).array());
    }

    KernelLaunch float32(final float value)
    {
        return bytes(little(4).putFloat(value).array());
    }

    KernelLaunch bytes(final byte[] parameter)
    {
        parameters.add(parameter);
        return this;
    }

    /**
     * The arguments of the parameter-list form: ..., stream, n, size of each parameter.
     */
    long[] args()
    {
        final long[] args = head(parameters.size());
        for (int i = 0; i < parameters.size(); i++)
        {
            args[10 + i] = parameters.get(i).length;
        }
        return args;
    }

    /**
     * The arguments of the ready-buffer form ({@code extra}): ..., stream, -1.
     */
    long[] readyBufferArgs()
    {
        final long[] args = head(0);
        args[9] = -1;
        return args;
    }

    byte[] payload()
    {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (final byte[] parameter : parameters)
        {
            bytes.writeBytes(parameter);
        }
        return bytes.toByteArray();
    }

    private long[] head(final int parameterCount)
    {
        final long[] args = new long[10 + parameterCount];
        args[0] = function;
        args[1] = grid[0];
        args[2] = grid[1];
        args[3] = grid[2];
        args[4] = block[0];
        args[5] = block[1];
        args[6] = block[2];
        args[7] = sharedMemoryBytes;
        args[8] = stream;
        args[9] = parameterCount;
        return args;
    }

    private static ByteBuffer little(final int size)
    {
        return ByteBuffer.allocate(size).order(ByteOrder.LITTLE_ENDIAN);
    }
}
