package io.gpurelay.executor.config;

import java.util.Locale;
import java.util.function.Supplier;

import io.gpurelay.driver.ControlBackoffIdleStrategy;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.ProportionalBackoffIdleStrategy;
import io.gpurelay.driver.SessionBackoffIdleStrategy;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.YieldingIdleStrategy;

/**
 * How the executor's threads wait when there is nothing to do: the trade between reply latency and idle CPU.
 */
public enum IdleStrategyKind
{
    /** Spin, yield, then park up to 1 ms: low latency under load, nearly idle when quiet. */
    BACKOFF(BackoffIdleStrategy::new),
    /**
     * Spin and yield for longer than a round trip, then park for a sixteenth of the quiet time so far, up to 1 ms for
     * a session's thread ({@link SessionBackoffIdleStrategy}; the balanced driver's sender and receiver, which an idle
     * executor keeps, park up to 20 ms): calls back to back never wait for a thread to wake, and a call after a quiet
     * spell waits at most a sixteenth of it, and 1 ms at most, for the session's thread. For hosts with cores to spare.
     */
    SHORT_BACKOFF(SessionBackoffIdleStrategy::new),
    /** Sleep 1 ms: the least CPU, up to a millisecond more per call. */
    SLEEP(() -> new SleepingMillisIdleStrategy(1)),
    /** Yield the core: low latency, a core busy per open session. */
    YIELD(YieldingIdleStrategy::new),
    /** Busy spin: the lowest latency, a whole core per open session. Only with cores to spare. */
    SPIN(BusySpinIdleStrategy::new);

    /** Aeron's own default sleep of its client conductor. */
    static final long AERON_CLIENT_SLEEP_MS = 16;
    static final long QUIET_AERON_CLIENT_SLEEP_MS = 50;

    private final Supplier<IdleStrategy> factory;

    IdleStrategyKind(final Supplier<IdleStrategy> factory)
    {
        this.factory = factory;
    }

    /**
     * A fresh idle strategy: they keep per-thread state, so every thread gets its own.
     */
    public IdleStrategy newIdleStrategy()
    {
        return factory.get();
    }

    /**
     * A fresh idle strategy for the executor's conductor, which takes connect and stat requests and runs the worker
     * supervisor, off the path of every call: with {@link #SHORT_BACKOFF} it parks up to 50 ms when quiet
     * ({@link ControlBackoffIdleStrategy}) or less, as its sessions' checks need; otherwise as the sessions wait.
     *
     * @param longestParkNs the longest the conductor may sleep: how often the sessions it hosts are checked.
     */
    public IdleStrategy newControlIdleStrategy(final long longestParkNs)
    {
        if (this != SHORT_BACKOFF)
        {
            return factory.get();
        }
        if (longestParkNs >= ControlBackoffIdleStrategy.MAX_PARK_NS)
        {
            return new ControlBackoffIdleStrategy();
        }
        return new ProportionalBackoffIdleStrategy(ControlBackoffIdleStrategy.MAX_SPINS,
            ControlBackoffIdleStrategy.MAX_YIELDS, ControlBackoffIdleStrategy.MIN_PARK_NS,
            Math.max(ControlBackoffIdleStrategy.MIN_PARK_NS, longestParkNs), ControlBackoffIdleStrategy.PARK_DIVISOR);
    }

    /**
     * How the Aeron client's own conductor thread waits between its duty cycles. Aeron's default sleeps 16 ms; with
     * {@link #SHORT_BACKOFF} it sleeps {@value #QUIET_AERON_CLIENT_SLEEP_MS} ms, as the executor's other threads off
     * the path of a call park when quiet: that thread only keeps the driver informed the client lives (every 500 ms)
     * and learns of new and lost images, so a session's first call may wait that long once for its request image,
     * while every call that finds its streams (and every add and get of a stream, which do the conductor's work
     * themselves) waits on nothing. Three of these threads in an idle executor with two warm workers woke 190 times
     * a second at 16 ms.
     */
    public IdleStrategy newAeronClientIdleStrategy()
    {
        return new SleepingMillisIdleStrategy(this == SHORT_BACKOFF ? QUIET_AERON_CLIENT_SLEEP_MS :
            AERON_CLIENT_SLEEP_MS);
    }

    public String cliName()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The wait that goes with a media driver profile when none is given: the balanced profile's threads spin briefly
     * before they back off, and so do the executor's, or a call would wait for the session's thread to wake.
     */
    public static IdleStrategyKind forProfile(final DriverProfile profile)
    {
        return profile == DriverProfile.BALANCED ? SHORT_BACKOFF : BACKOFF;
    }

    public static IdleStrategyKind fromCliName(final String name)
    {
        for (final IdleStrategyKind kind : values())
        {
            if (kind.cliName().equalsIgnoreCase(name.trim()))
            {
                return kind;
            }
        }
        throw new IllegalArgumentException(
            "unknown idle strategy '" + name + "': expected backoff, short-backoff, sleep, yield or spin");
    }
}
