package io.gpurelay.driver;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * Spins and yields for a while after each piece of work, then parks for longer and longer, up to a millisecond: the
 * wait of the {@link DriverProfile#BALANCED balanced} profile's threads. The spinning and yielding outlast a round
 * trip on loopback or a LAN (some tens of microseconds), so a thread that answers calls back to back never sleeps
 * between them; a quiet thread wakes at most a thousand times a second, well under a percent of a core.
 * <p>
 * A class of its own, with a constructor without arguments, because the media driver makes its idle strategies from
 * a class name ({@code aeron.sender.idle.strategy}); Agrona's {@link BackoffIdleStrategy} is final.
 */
public final class ShortBackoffIdleStrategy implements IdleStrategy
{
    /** Spins after work: a few microseconds. */
    public static final long MAX_SPINS = 100;
    /** Yields after the spins: on an idle core each returns in well under a microsecond. */
    public static final long MAX_YIELDS = 200;
    public static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    public static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final BackoffIdleStrategy backoff = new BackoffIdleStrategy(MAX_SPINS, MAX_YIELDS, MIN_PARK_NS,
        MAX_PARK_NS);

    public void idle(final int workCount)
    {
        backoff.idle(workCount);
    }

    public void idle()
    {
        backoff.idle();
    }

    public void reset()
    {
        backoff.reset();
    }

    public String alias()
    {
        return "short-backoff";
    }

    public String toString()
    {
        return "ShortBackoffIdleStrategy{spins=" + MAX_SPINS + ", yields=" + MAX_YIELDS + ", park " + MIN_PARK_NS +
            ".." + MAX_PARK_NS + " ns}";
    }
}
