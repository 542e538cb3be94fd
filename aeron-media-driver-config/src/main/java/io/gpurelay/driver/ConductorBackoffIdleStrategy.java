package io.gpurelay.driver;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.IdleStrategy;

/**
 * The wait of the media driver's conductor in the {@link DriverProfile#BALANCED balanced} profile. The conductor is
 * off the path of a small call, but a large copy passes it: it moves each publication's limit on as the sender (or
 * an IPC subscriber) takes the data, and a copy larger than the publication's window (half a term) waits for it.
 * So it waits as the other threads off the path of a call do ({@link ControlBackoffIdleStrategy}: brief spins and
 * yields, then parks of a quarter of its quiet time), but never for more than {@link #MAX_PARK_NS 20 ms}, the most a
 * large copy after a quiet spell waits for it, once.
 * <p>
 * A class of its own, with a constructor without arguments, because the media driver makes its idle strategies from
 * a class name ({@code aeron.conductor.idle.strategy}).
 */
public final class ConductorBackoffIdleStrategy implements IdleStrategy
{
    /** How often a quiet conductor wakes, and the most a large copy after a quiet spell waits for it. */
    public static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(20);

    private final ProportionalBackoffIdleStrategy backoff = new ProportionalBackoffIdleStrategy(
        ControlBackoffIdleStrategy.MAX_SPINS, ControlBackoffIdleStrategy.MAX_YIELDS,
        ControlBackoffIdleStrategy.MIN_PARK_NS, MAX_PARK_NS, ControlBackoffIdleStrategy.PARK_DIVISOR);

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
        return "conductor-backoff";
    }

    public String toString()
    {
        return "ConductorBackoffIdleStrategy{" + backoff + "}";
    }
}
