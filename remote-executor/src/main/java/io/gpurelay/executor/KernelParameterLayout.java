package io.gpurelay.executor;

import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import org.agrona.DirectBuffer;

/**
 * The parameter buffer of a kernel launch, built from the parameters as the client sends them: their count and
 * sizes as arguments, their bytes one after the other in the payload (JCuda's {@code Pointer.to(...)} leaves carry
 * their sizes, nothing more). Each parameter is checked against the kernel's own declaration and put at the offset
 * the kernel's parameter buffer has for it, so a launch never reads a parameter from the wrong place, and a
 * mismatch, which on a GPU would be a silently wrong result or a fault, is refused naming the kernel and parameter.
 */
final class KernelParameterLayout
{
    /** The parameter count that says the payload is a ready buffer in CUDA's layout (cuLaunchKernel's extra). */
    static final long READY_BUFFER = -1;

    private KernelParameterLayout()
    {
    }

    /**
     * @param countArgument the index of the call's argument that holds the parameter count; the sizes follow it.
     * @return the parameter buffer, or null when the parameters do not match the kernel (the failure is in
     *         {@code result}).
     */
    static byte[] parameterBuffer(
        final BackendKernel kernel,
        final ReceivedCall call,
        final int countArgument,
        final DirectBuffer payload,
        final CallResult result)
    {
        final long count = call.arg(countArgument);
        final int payloadLength = payload.capacity();
        if (count == READY_BUFFER)
        {
            return readyBuffer(kernel, payload, result);
        }
        if (count != kernel.parameterCount())
        {
            result.fail(CudaError.INVALID_VALUE, "kernel '" + kernel.name() + "' takes " + kernel.parameterCount() +
                " parameters, got " + count);
            return null;
        }
        long total = 0;
        for (int i = 0; i < count; i++)
        {
            final long size = call.arg(countArgument + 1 + i);
            if (size != kernel.parameterSize(i))
            {
                result.fail(CudaError.INVALID_VALUE, "kernel '" + kernel.name() + "' parameter " + i + ": got " +
                    size + " bytes, the kernel declares " + kernel.parameterDeclaration(i));
                return null;
            }
            total += size;
        }
        if (total != payloadLength)
        {
            result.fail(CudaError.INVALID_VALUE, "kernel '" + kernel.name() + "': the parameters' sizes add up to " +
                total + " bytes, the call carries " + payloadLength);
            return null;
        }
        final byte[] buffer = new byte[kernel.parameterBufferSize()];
        int offset = 0;
        for (int i = 0; i < count; i++)
        {
            final int size = kernel.parameterSize(i);
            payload.getBytes(offset, buffer, kernel.parameterOffset(i), size);
            offset += size;
        }
        return buffer;
    }

    private static byte[] readyBuffer(final BackendKernel kernel, final DirectBuffer payload, final CallResult result)
    {
        final int length = payload.capacity();
        if (length < kernel.parameterBufferSize())
        {
            result.fail(CudaError.INVALID_VALUE, "kernel '" + kernel.name() + "' takes a parameter buffer of " +
                kernel.parameterBufferSize() + " bytes, got " + length);
            return null;
        }
        final byte[] buffer = new byte[length];
        payload.getBytes(0, buffer);
        return buffer;
    }
}
