package io.gpurelay.emulator.solver;

/**
 * Ends a routine early with a status other than success; {@link SolverCall#run} turns it into the return value.
 */
final class SolverFailure extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int status;

    SolverFailure(final int status, final String message)
    {
        super(message, null, false, false);
        this.status = status;
    }

    int status()
    {
        return status;
    }
}
