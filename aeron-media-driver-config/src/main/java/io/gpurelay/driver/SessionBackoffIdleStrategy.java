package io.gpurelay.driver;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.IdleStrategy;

/**
 * The wait of the {@link DriverProfile#BALANCED balanced} profile's threads that exist only while a session is open:
 * the executor's session threads and the sender and receiver of the media driver an agent starts for itself. As
 * {@link ShortBackoffIdleStrategy} (spins and yields, then parks for a sixteenth of the quiet time) but never longer
 * than {@link #MAX_PARK_NS 1 ms}: they decide how long a call after a quiet spell waits (over IPC the session thread
 * alone), and an open session that is quiet costs them a thousand wake-ups a second each, as it did before, while an
 * executor without sessions has none of them.
 * <p>
 * A class of its own, with a constructor without arguments, because the media driver makes its idle strategies from
 * a class name ({@code aeron.sender.idle.strategy}).
 */
public final class SessionBackoffIdleStrategy implements IdleStrategy
{
    /** The most a call after a quiet spell waits for each of these threads. */
    public static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final ProportionalBackoffIdleStrategy backoff = new ProportionalBackoffIdleStrategy(
        ShortBackoffIdleStrategy.MAX_SPINS, ShortBackoffIdleStrategy.MAX_YIELDS, ShortBackoffIdleStrategy.MIN_PARK_NS,
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
        return "session-backoff";
    }

    public String toString()
    {
        return "SessionBackoffIdleStrategy{" + backoff + "}";
    }
}
