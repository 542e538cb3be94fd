package io.gpurelay.agent.cuda;

/**
 * A host memory range that cannot be used, and why, in words for the log.
 */
public final class HostRangeException extends Exception
{
    private static final long serialVersionUID = 1L;

    public HostRangeException(final String message)
    {
        super(message, null, false, false);
    }
}
