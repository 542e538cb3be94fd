package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import org.agrona.concurrent.UnsafeBuffer;

/**
 * What the GPU tests share: the skip where no GPU is usable, host buffers in direct memory like Aeron's, the test
 * kernels, and kernel parameters as a client sends them. Public for {@link #assumeGpu()} alone, which the gpu tests
 * of other packages share.
 */
public final class GpuTestSupport
{
    static final int MIB = 1 << 20;

    private GpuTestSupport()
    {
    }

    /**
     * Skip where no GPU is usable, or fail with the reason where the run says a GPU must be there
     * ({@code -Dgpurelay.requireGpu=true}), so that a GPU host whose CUDA does not load is not mistaken for a passing
     * run.
     */
    public static void assumeGpu()
    {
        if (Boolean.getBoolean("gpurelay.requireGpu"))
        {
            assertTrue(GpuRuntime.usable(), () -> "no usable GPU: " + GpuRuntime.unusableReason());
        }
        assumeTrue(GpuRuntime.usable(), () -> "no usable GPU: " + GpuRuntime.unusableReason());
    }

    static UnsafeBuffer hostBuffer(final int bytes)
    {
        return new UnsafeBuffer(ByteBuffer.allocateDirect(bytes).order(ByteOrder.LITTLE_ENDIAN));
    }

    static UnsafeBuffer pattern(final int bytes, final int seed)
    {
        final UnsafeBuffer buffer = hostBuffer(bytes);
        for (int i = 0; i < bytes / Integer.BYTES; i++)
        {
            buffer.putInt(i * Integer.BYTES, (i + seed) * 0x9E3779B1);
        }
        return buffer;
    }

    static void assertSameBytes(final UnsafeBuffer expected, final UnsafeBuffer actual, final int length)
    {
        for (int i = 0; i < length; i++)
        {
            if (expected.getByte(i) != actual.getByte(i))
            {
                fail("byte " + i + " of " + length + ": expected " + expected.getByte(i) + ", got " +
                    actual.getByte(i));
            }
        }
    }

    /**
     * The PTX of {@code src/test/cuda/kernels.cu}.
     */
    static byte[] kernelsPtx()
    {
        try (InputStream in = GpuTestSupport.class.getResourceAsStream("kernels.ptx"))
        {
            return in.readAllBytes();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Kernel parameters as the client sends them, one after the other, each with its size.
     */
    static final class Parameters
    {
        private final ByteBuffer bytes = ByteBuffer.allocate(4096).order(ByteOrder.LITTLE_ENDIAN);
        private final long[] sizes = new long[64];
        private int count;

        Parameters int8(final byte value)
        {
            bytes.put(value);
            return withSize(1);
        }

        Parameters int32(final int value)
        {
            bytes.putInt(value);
            return withSize(4);
        }

        Parameters float32(final float value)
        {
            bytes.putFloat(value);
            return withSize(4);
        }

        Parameters int64(final long value)
        {
            bytes.putLong(value);
            return withSize(8);
        }

        Parameters pointer(final long address)
        {
            return int64(address);
        }

        int count()
        {
            return count;
        }

        long size(final int index)
        {
            return sizes[index];
        }

        UnsafeBuffer payload()
        {
            return new UnsafeBuffer(bytes.array(), 0, bytes.position());
        }

        private Parameters withSize(final long size)
        {
            sizes[count++] = size;
            return this;
        }
    }
}
