package io.gpurelay.executor.log;

/**
 * A warning that a misbehaving peer could trigger thousands of times a second (malformed messages, messages for
 * another session): logged at most once per interval, with a count of what was held back. Each instance belongs to
 * one thread.
 */
public final class RateLimitedWarning
{
    private final ExecutorLog log;
    private final long intervalNs;
    private long lastLoggedNs;
    private boolean loggedBefore;
    private long suppressed;

    public RateLimitedWarning(final ExecutorLog log, final long intervalNs)
    {
        this.log = log;
        this.intervalNs = intervalNs;
    }

    public void warn(final String message, final long nowNs)
    {
        if (loggedBefore && nowNs - lastLoggedNs < intervalNs)
        {
            suppressed++;
            return;
        }
        log.warn(suppressed == 0 ? message : message + " (and " + suppressed + " more not logged)");
        loggedBefore = true;
        lastLoggedNs = nowNs;
        suppressed = 0;
    }
}
