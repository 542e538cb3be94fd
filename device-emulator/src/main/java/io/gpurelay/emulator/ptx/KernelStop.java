package io.gpurelay.emulator.ptx;

/**
 * How the kernels of one client end when they must not run on: each launch may run for at most a timeout, and another
 * thread may stop the running launch at once (its client has gone). A stopped launch fails with
 * {@link KernelFaultException.Kind#LAUNCH_TIMEOUT}, as a GPU's watchdog fails a kernel; a stop from another thread
 * also fails every later launch. The interpreter checks between time slices of a few thousand instructions.
 */
public final class KernelStop
{
    /** No timeout and nothing stopped: the launches of an emulator used on its own. */
    public static final KernelStop NEVER = new KernelStop(0);

    private final long timeoutNs;
    private volatile String stopReason;

    /**
     * @param timeoutNs how long one launch may run, or 0 for as long as it takes.
     */
    public KernelStop(final long timeoutNs)
    {
        if (timeoutNs < 0)
        {
            throw new IllegalArgumentException("kernel timeout must not be negative: " + timeoutNs);
        }
        this.timeoutNs = timeoutNs;
    }

    public long timeoutNs()
    {
        return timeoutNs;
    }

    /**
     * Stop the launch that runs now, and refuse those that follow. Safe from any thread.
     */
    public void stopNow(final String reason)
    {
        stopReason = reason;
    }

    public boolean isStopped()
    {
        return stopReason != null;
    }

    /**
     * @return when the launch that starts now must end, in {@link System#nanoTime()}, or {@link Long#MAX_VALUE}.
     */
    long deadlineFrom(final long startNs)
    {
        return timeoutNs == 0 ? Long.MAX_VALUE : startNs + timeoutNs;
    }

    /**
     * @throws KernelFaultException with {@link KernelFaultException.Kind#LAUNCH_TIMEOUT} if the launch must stop.
     */
    void check(final String kernelName, final long deadlineNs)
    {
        final String reason = stopReason;
        if (reason != null)
        {
            throw new KernelFaultException(KernelFaultException.Kind.LAUNCH_TIMEOUT, kernelName,
                "kernel '" + kernelName + "' stopped: " + reason);
        }
        if (deadlineNs != Long.MAX_VALUE && System.nanoTime() - deadlineNs > 0)
        {
            throw new KernelFaultException(KernelFaultException.Kind.LAUNCH_TIMEOUT, kernelName,
                "kernel '" + kernelName + "' ran longer than the kernel timeout of " + timeoutNs / 1_000_000 + " ms");
        }
    }
}
