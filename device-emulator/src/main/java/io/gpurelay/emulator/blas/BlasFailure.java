package io.gpurelay.emulator.blas;

/**
 * Ends a routine early with a status other than success; {@link BlasCall#run} turns it into the return value.
 */
final class BlasFailure extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int status;

    BlasFailure(final int status, final String message)
    {
        super(message, null, false, false);
        this.status = status;
    }

    int status()
    {
        return status;
    }
}
