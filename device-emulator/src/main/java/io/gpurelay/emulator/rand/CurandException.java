package io.gpurelay.emulator.rand;

/**
 * A generator that cannot be created, carrying the status {@code curandCreateGenerator} returns for it.
 */
public final class CurandException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int status;

    public CurandException(final int status, final String message)
    {
        super(message, null, false, false);
        this.status = status;
    }

    public int status()
    {
        return status;
    }
}
