package io.gpurelay.executor.backend;

import java.util.function.IntToLongFunction;

import org.agrona.DirectBuffer;

/**
 * Where each parameter of a kernel lies in its parameter buffer, as the backend knows it: the emulator from the
 * kernel's PTX {@code .entry} declaration, a GPU from {@code cuFuncGetParamInfo}. A launch's parameters arrive as the
 * client sends them, their count and sizes as arguments and their bytes one after the other as payload (JCuda's
 * {@code Pointer.to(...)} leaves carry their sizes, nothing more); {@link #parameterBuffer} checks each against the
 * kernel and puts it at the kernel's offset for it, so a launch never reads a parameter from the wrong place, and a
 * mismatch, which on a GPU would be a silently wrong result or a fault, is refused naming the kernel and parameter.
 */
public final class KernelParameterLayout
{
    /** The parameter count that says the payload is a ready buffer in CUDA's layout (cuLaunchKernel's extra). */
    public static final long READY_BUFFER = -1;

    private final String kernelName;
    private final int[] offsets;
    private final int[] sizes;
    private final String[] declarations;
    private final int bufferSize;

    /**
     * @param declarations how the kernel declares each parameter, for messages, e.g. {@code .param .u64 (8 bytes)}.
     */
    public KernelParameterLayout(
        final String kernelName, final int[] offsets, final int[] sizes, final String[] declarations)
    {
        if (offsets.length != sizes.length || offsets.length != declarations.length)
        {
            throw new IllegalArgumentException("kernel '" + kernelName + "': " + offsets.length + " offsets, " +
                sizes.length + " sizes and " + declarations.length + " declarations");
        }
        this.kernelName = kernelName;
        this.offsets = offsets.clone();
        this.sizes = sizes.clone();
        this.declarations = declarations.clone();
        int end = 0;
        for (int i = 0; i < offsets.length; i++)
        {
            end = Math.max(end, offsets[i] + sizes[i]);
        }
        this.bufferSize = end;
    }

    public String kernelName()
    {
        return kernelName;
    }

    public int count()
    {
        return offsets.length;
    }

    /**
     * @return the byte offset of a parameter in the parameter buffer.
     */
    public int offset(final int index)
    {
        return offsets[index];
    }

    /**
     * @return bytes the parameter takes.
     */
    public int size(final int index)
    {
        return sizes[index];
    }

    public String declaration(final int index)
    {
        return declarations[index];
    }

    /**
     * @return bytes of the parameter buffer: each parameter at its offset, up to the end of the one that ends last.
     */
    public int bufferSize()
    {
        return bufferSize;
    }

    /**
     * The parameter buffer of a launch, checked against the kernel.
     *
     * @param count          the parameter count the client sent, or {@link #READY_BUFFER}.
     * @param parameterSize  the size the client sent for each parameter, by index.
     * @param payload        the parameters' bytes one after the other, or the ready buffer.
     * @return the buffer with each parameter at its offset, or null when the parameters do not match the kernel
     *         (the failure is in {@code result}).
     */
    public byte[] parameterBuffer(
        final long count, final IntToLongFunction parameterSize, final DirectBuffer payload, final CallResult result)
    {
        if (count == READY_BUFFER)
        {
            return readyBuffer(payload, result);
        }
        if (count != offsets.length)
        {
            result.fail(CudaError.INVALID_VALUE, "kernel '" + kernelName + "' takes " + offsets.length +
                " parameters, got " + count);
            return null;
        }
        long total = 0;
        for (int i = 0; i < offsets.length; i++)
        {
            final long size = parameterSize.applyAsLong(i);
            if (size != sizes[i])
            {
                result.fail(CudaError.INVALID_VALUE, "kernel '" + kernelName + "' parameter " + i + ": got " + size +
                    " bytes, the kernel declares " + declarations[i]);
                return null;
            }
            total += size;
        }
        if (total != payload.capacity())
        {
            result.fail(CudaError.INVALID_VALUE, "kernel '" + kernelName + "': the parameters' sizes add up to " +
                total + " bytes, the call carries " + payload.capacity());
            return null;
        }
        final byte[] buffer = new byte[bufferSize];
        int from = 0;
        for (int i = 0; i < offsets.length; i++)
        {
            payload.getBytes(from, buffer, offsets[i], sizes[i]);
            from += sizes[i];
        }
        return buffer;
    }

    public String toString()
    {
        final StringBuilder text = new StringBuilder(kernelName).append('(');
        for (int i = 0; i < offsets.length; i++)
        {
            text.append(i == 0 ? "" : ", ").append(sizes[i]).append(" bytes at ").append(offsets[i]);
        }
        return text.append(')').toString();
    }

    private byte[] readyBuffer(final DirectBuffer payload, final CallResult result)
    {
        final int length = payload.capacity();
        if (length < bufferSize)
        {
            result.fail(CudaError.INVALID_VALUE, "kernel '" + kernelName + "' takes a parameter buffer of " +
                bufferSize + " bytes, got " + length);
            return null;
        }
        final byte[] buffer = new byte[length];
        payload.getBytes(0, buffer);
        return buffer;
    }
}
