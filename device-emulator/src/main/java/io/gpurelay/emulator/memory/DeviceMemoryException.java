package io.gpurelay.emulator.memory;

/**
 * A memory operation the device refuses. The kind maps onto the CUDA error each API reports for it.
 */
public final class DeviceMemoryException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public enum Kind
    {
        /** No allocation of this owner covers the range: cudaErrorInvalidValue / CUDA_ERROR_INVALID_VALUE. */
        OUT_OF_BOUNDS,
        /** Not the start of a live allocation of this owner: cudaErrorInvalidValue / CUDA_ERROR_INVALID_VALUE. */
        INVALID_POINTER,
        /** Not enough device memory left: cudaErrorMemoryAllocation / CUDA_ERROR_OUT_OF_MEMORY. */
        OUT_OF_MEMORY
    }

    private final Kind kind;

    public DeviceMemoryException(final Kind kind, final String message)
    {
        super(message, null, false, false);
        this.kind = kind;
    }

    public Kind kind()
    {
        return kind;
    }
}
