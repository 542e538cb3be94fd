package io.gpurelay.emulator.ptx;

/**
 * A launch refused before it starts because its arguments are invalid: zero or too-large grid or block dimensions,
 * an unknown kernel, a parameter buffer of the wrong size. The driver maps it to CUDA_ERROR_INVALID_VALUE.
 */
public final class InvalidLaunchException extends IllegalArgumentException
{
    private static final long serialVersionUID = 1L;

    public InvalidLaunchException(final String message)
    {
        super(message);
    }
}
