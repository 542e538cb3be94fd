package io.gpurelay.driver;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.IdleStrategy;

/**
 * The wait of the {@link DriverProfile#BALANCED balanced} profile's driver sender and receiver: spins and yields for
 * a while after each piece of work, then parks for a sixteenth of the time it has been parked so far, up to
 * {@link #MAX_PARK_NS 20 ms} (see {@link ProportionalBackoffIdleStrategy}). The spinning and yielding outlast a round
 * trip on loopback or a LAN (some tens of microseconds), so a thread that answers calls back to back never sleeps
 * between them; a call after a quiet spell finds each thread on its path at most a sixteenth of the spell late, and
 * never more than 20 ms; a thread quiet for long wakes fifty times a second, where parks capped at 1 ms woke it a
 * thousand times. Threads that exist only while a session is open wait with {@link SessionBackoffIdleStrategy}.
 * <p>
 * A class of its own, with a constructor without arguments, because the media driver makes its idle strategies from
 * a class name ({@code aeron.sender.idle.strategy}).
 */
public final class ShortBackoffIdleStrategy implements IdleStrategy
{
    /** Spins after work: a few microseconds. */
    public static final long MAX_SPINS = 100;
    /** Yields after the spins: on an idle core each returns in well under a microsecond. */
    public static final long MAX_YIELDS = 200;
    public static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    /** How often a thread quiet for long wakes, and the most a call after a quiet spell waits for it. */
    public static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(20);

    private final ProportionalBackoffIdleStrategy backoff =
        new ProportionalBackoffIdleStrategy(MAX_SPINS, MAX_YIELDS, MIN_PARK_NS, MAX_PARK_NS);

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
        return "ShortBackoffIdleStrategy{" + backoff + "}";
    }
}
