package io.gpurelay.driver;

import java.util.concurrent.TimeUnit;

import org.agrona.concurrent.IdleStrategy;

/**
 * The wait of threads off the path of every call in the {@link DriverProfile#BALANCED balanced} profile: the media
 * driver's name-lookup executor, the executor's conductor and its workers' control loops (the driver's conductor
 * waits so too, but parks no longer than 20 ms: {@link ConductorBackoffIdleStrategy}). They set up
 * sessions, move limits on and watch timers, which a few milliseconds' delay does not hurt, so they spin and yield
 * only briefly and then park for a quarter of the time they have been quiet, up to {@link #MAX_PARK_NS 50 ms}
 * (see {@link ProportionalBackoffIdleStrategy}): an idle executor wakes each of them twenty times a second, and a
 * session opened after a long quiet spell waits up to 50 ms for each of them once. A quarter rather than the
 * sixteenth of the threads on the path of a call: some of these get a little work every few hundred milliseconds
 * (the driver's conductor a keep-alive from each client), and each time they go from short parks to long ones
 * again, which takes some thirty wake-ups at a quarter and a hundred at a sixteenth.
 * <p>
 * A class of its own, with a constructor without arguments, because the media driver makes its idle strategies from
 * a class name ({@code aeron.conductor.idle.strategy}).
 */
public final class ControlBackoffIdleStrategy implements IdleStrategy
{
    public static final long MAX_SPINS = 10;
    public static final long MAX_YIELDS = 5;
    public static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(10);
    /** How often a quiet thread wakes, and the most that work waits for it after a quiet spell. */
    public static final long MAX_PARK_NS = TimeUnit.MILLISECONDS.toNanos(50);
    /** A quiet thread parks for a quarter of the time it has been parked. */
    public static final int PARK_DIVISOR = 4;

    private final ProportionalBackoffIdleStrategy backoff =
        new ProportionalBackoffIdleStrategy(MAX_SPINS, MAX_YIELDS, MIN_PARK_NS, MAX_PARK_NS, PARK_DIVISOR);

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
        return "control-backoff";
    }

    public String toString()
    {
        return "ControlBackoffIdleStrategy{" + backoff + "}";
    }
}
