package io.gpurelay.executor;

import java.util.Locale;
import java.util.function.Supplier;

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
        return name().toLowerCase(Locale.ROOT);
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
            "unknown idle strategy '" + name + "': expected backoff, sleep, yield or spin");
    }
}
