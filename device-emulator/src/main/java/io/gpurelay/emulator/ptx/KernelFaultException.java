package io.gpurelay.emulator.ptx;

/**
 * A kernel that could not run to completion: it faulted on the device, or the launch needed more than the device has.
 * The kind says which CUDA error the driver reports; the message names the kernel, the PTX line and instruction, the
 * address and the block and thread that faulted.
 */
public final class KernelFaultException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public enum Kind
    {
        /** CUDA_ERROR_ILLEGAL_ADDRESS: an access outside any live allocation of the launching context or window. */
        ILLEGAL_ADDRESS,
        /** CUDA_ERROR_MISALIGNED_ADDRESS: an access not aligned to its size. */
        MISALIGNED_ADDRESS,
        /** CUDA_ERROR_ILLEGAL_INSTRUCTION: {@code trap} or {@code brkpt}. */
        ILLEGAL_INSTRUCTION,
        /** CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many threads per block, too much shared memory, stack overflow. */
        LAUNCH_OUT_OF_RESOURCES,
        /** CUDA_ERROR_LAUNCH_TIMEOUT: the launch ran past the kernel timeout, or was stopped (see {@link KernelStop}). */
        LAUNCH_TIMEOUT
    }

    private final Kind kind;
    private final String kernelName;

    public KernelFaultException(final Kind kind, final String kernelName, final String message)
    {
        super(message);
        this.kind = kind;
        this.kernelName = kernelName;
    }

    public Kind kind()
    {
        return kind;
    }

    public String kernelName()
    {
        return kernelName;
    }
}
