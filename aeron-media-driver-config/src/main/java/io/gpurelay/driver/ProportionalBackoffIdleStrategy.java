package io.gpurelay.driver;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import org.agrona.concurrent.IdleStrategy;

/**
 * Spins, then yields, then parks for a fixed fraction of the time the thread has been parked so far (a sixteenth,
 * {@link #DEFAULT_PARK_DIVISOR}, for threads on the path of a call), between a minimum and a maximum park: work is
 * noticed at most that fraction of the quiet time late, and a thread idle for long wakes only every
 * {@code maxParkNs}.
 * <p>
 * Why not {@link org.agrona.concurrent.BackoffIdleStrategy}'s doubling parks: a doubling park ends up to as long after
 * the work arrived as the thread had already waited, and on a UDP round trip five or six threads wait in turn (the
 * client's driver sender, the executor's receiver, its session thread, its sender, the client's receiver and the
 * caller). Once one call takes longer than the spinning and yielding last, every thread on the path is parked when
 * the next call reaches it, each adds up to as much again as the last round trip took, and the round trips settle
 * at the longest park instead of coming back: a 4 KiB copy over UDP took 450 µs on a 16-core host where the same
 * copy from pinned memory, never caught that way, took 35 µs. Parks of a sixteenth of the quiet time make each
 * thread at most 1/16 late, so six threads together add less than the round trip itself and the round trips shrink
 * back until the threads no longer park. They also cost few wake-ups: from 100 µs to 10 ms of quiet a thread wakes
 * about 70 times, where doubling parks capped at 1 ms wake it a thousand times a second for as long as it stays
 * quiet.
 * <p>
 * The clock is read once per park, never while spinning or yielding. Not thread safe: one per thread.
 */
public final class ProportionalBackoffIdleStrategy implements IdleStrategy
{
    /** A thread on the path of a call that has been parked for {@code t} parks for at most {@code t / 16}. */
    public static final int DEFAULT_PARK_DIVISOR = 16;

    private static final int NOT_IDLE = 0;
    private static final int SPINNING = 1;
    private static final int YIELDING = 2;
    private static final int PARKING = 3;

    private final long maxSpins;
    private final long maxYields;
    private final long minParkNs;
    private final long maxParkNs;
    private final int parkDivisor;
    private final long minYieldNs;
    private int state = NOT_IDLE;
    private long spins;
    private long yields;
    private long yieldingSinceNs;
    private long parkingSinceNs;

    /**
     * @param maxSpins  spins after the last work, before yielding.
     * @param maxYields yields after the spins, before parking.
     * @param minParkNs the shortest park (the kernel's timer slack, 50 µs by default on Linux, makes shorter ones
     *                  last that long anyway).
     * @param maxParkNs the longest park: how often a thread quiet for long wakes, and how late at most it notices work.
     */
    public ProportionalBackoffIdleStrategy(
        final long maxSpins, final long maxYields, final long minParkNs, final long maxParkNs)
    {
        this(maxSpins, maxYields, minParkNs, maxParkNs, DEFAULT_PARK_DIVISOR);
    }

    /**
     * @param parkDivisor a thread parked for {@code t} parks for {@code t / parkDivisor} next (within the bounds): a
     *                    larger divisor notices work sooner and wakes more often on the way to the longest park.
     */
    public ProportionalBackoffIdleStrategy(
        final long maxSpins, final long maxYields, final long minParkNs, final long maxParkNs, final int parkDivisor)
    {
        this(maxSpins, maxYields, 0, minParkNs, maxParkNs, parkDivisor);
    }

    /**
     * @param minYieldNs the thread goes on yielding, after its {@code maxYields} yields, until it has yielded for this
     *                   long: for a thread that waits for something that takes a while (a caller waiting for a
     *                   copy's reply), so that it is not parked, and late by the kernel's timer slack, when the
     *                   answer comes within that time. Yielding gives the core away to any thread that wants it.
     */
    public ProportionalBackoffIdleStrategy(
        final long maxSpins, final long maxYields, final long minYieldNs, final long minParkNs, final long maxParkNs,
        final int parkDivisor)
    {
        if (maxSpins < 0 || maxYields < 0 || minYieldNs < 0 || minParkNs < 1 || maxParkNs < minParkNs ||
            parkDivisor < 1)
        {
            throw new IllegalArgumentException("spins, yields and the yielding time must not be negative, " +
                "1 <= minParkNs <= maxParkNs and the divisor at least 1: " + maxSpins + ", " + maxYields + ", " +
                minYieldNs + ", " + minParkNs + ", " + maxParkNs + ", " + parkDivisor);
        }
        this.minYieldNs = minYieldNs;
        this.maxSpins = maxSpins;
        this.maxYields = maxYields;
        this.minParkNs = minParkNs;
        this.maxParkNs = maxParkNs;
        this.parkDivisor = parkDivisor;
    }

    /**
     * How long a thread parked for {@code idleNs} parks next.
     */
    public long parkNs(final long idleNs)
    {
        return Math.min(maxParkNs, Math.max(minParkNs, idleNs / parkDivisor));
    }

    public void idle(final int workCount)
    {
        if (workCount > 0)
        {
            reset();
        }
        else
        {
            idle();
        }
    }

    public void idle()
    {
        switch (state)
        {
            case NOT_IDLE:
                state = SPINNING;
                spins = 0;
                // fall through: the first idle spins
            case SPINNING:
                if (spins++ < maxSpins)
                {
                    Thread.onSpinWait();
                    return;
                }
                state = YIELDING;
                yields = 0;
                yieldingSinceNs = minYieldNs > 0 ? System.nanoTime() : 0;
                // fall through
            case YIELDING:
                if (yields++ < maxYields || minYieldNs > 0 && System.nanoTime() - yieldingSinceNs < minYieldNs)
                {
                    Thread.yield();
                    return;
                }
                state = PARKING;
                parkingSinceNs = System.nanoTime();
                LockSupport.parkNanos(minParkNs);
                return;
            default:
                LockSupport.parkNanos(parkNs(System.nanoTime() - parkingSinceNs));
        }
    }

    public void reset()
    {
        state = NOT_IDLE;
    }

    public String alias()
    {
        return "proportional-backoff";
    }

    public String toString()
    {
        return "ProportionalBackoffIdleStrategy{spins=" + maxSpins + ", yields=" + maxYields +
            (minYieldNs > 0 ? " for at least " + TimeUnit.NANOSECONDS.toMicros(minYieldNs) + " µs" : "") + ", park " +
            TimeUnit.NANOSECONDS.toMicros(minParkNs) + " µs .. " + TimeUnit.NANOSECONDS.toMicros(maxParkNs) +
            " µs, 1/" + parkDivisor + " of the time parked}";
    }
}
