package io.gpurelay.executor;

import java.util.Locale;
import java.util.function.Supplier;

import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.ShortBackoffIdleStrategy;
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
     * Spin and yield for longer than a round trip, then park up to 1 ms: calls back to back never wait for a thread to
     * wake, and a quiet thread still costs well under a percent of a core. For hosts with cores to spare.
     */
    SHORT_BACKOFF(ShortBackoffIdleStrategy::new),
    /** Sleep 1 ms: the least CPU, up to a millisecond more per call. */
    SLEEP(() -> new SleepingMillisIdleStrategy(1)),
    /** Yield the core: low latency, a core busy per open session. */
    YIELD(YieldingIdleStrategy::new),
    /** Busy spin: the lowest latency, a whole core per open session. Only with cores to spare. */
    SPIN(BusySpinIdleStrategy::new);

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
