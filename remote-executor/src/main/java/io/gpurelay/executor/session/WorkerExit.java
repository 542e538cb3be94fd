package io.gpurelay.executor.session;

/**
 * Why a worker ended itself while it served a session, as its exit status: the supervisor tells the session's client
 * the reason ({@code SessionFailed}) from the status alone, since the worker halts at once. Statuses stay below 128,
 * which a shell reserves for signals.
 */
public enum WorkerExit
{
    /** A call waited on the device longer than {@code --kernel-timeout}: only ending the process stops a GPU kernel. */
    KERNEL_TIMEOUT(124, "a call ran longer than the kernel timeout; its worker was ended to stop the device"),
    /** The client went away during a call that a stop request did not end within the keep-alive timeout. */
    CALL_OUTLIVED_CLIENT(125, "its client went away during a call that could not be stopped; its worker was ended");

    private final int status;
    private final String description;

    WorkerExit(final int status, final String description)
    {
        this.status = status;
        this.description = description;
    }

    public int status()
    {
        return status;
    }

    public String description()
    {
        return description;
    }

    /**
     * @return the reason a worker ended itself with this exit status, or null for any other status.
     */
    public static WorkerExit fromStatus(final int status)
    {
        for (final WorkerExit exit : values())
        {
            if (exit.status == status)
            {
                return exit;
            }
        }
        return null;
    }
}
