package io.gpurelay.agent.client;

import java.util.concurrent.TimeUnit;

import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.ProportionalBackoffIdleStrategy;
import io.gpurelay.driver.ShortBackoffIdleStrategy;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * How client threads wait: spin briefly (replies over IPC come in microseconds), then yield, then park, so that a
 * thread waiting on a long call costs no CPU on a small machine; with the {@code balanced} profile they spin and yield
 * for longer than a round trip first, as the driver's threads do, and go on yielding for as long as a large copy from
 * pinned memory takes; with the {@code low-latency} profile they busy-spin.
 */
final class ClientIdleStrategies
{
    private static final long MAX_SPINS = 64;
    private static final long MAX_YIELDS = 16;
    private static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    private static final long MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(200);
    /**
     * How long a caller of the {@code balanced} profile yields before it parks: a synchronous copy of 64 MiB from
     * pinned memory takes about 1.2 ms on a PCIe 5 GPU, and a park ends no sooner than the kernel's timer slack
     * (50 µs) after the reply came, which cost such copies 10-15 % of their bandwidth. A local CUDA caller spins for
     * as long; yielding gives the core to any other thread that wants it.
     */
    static final long BALANCED_YIELD_NS = TimeUnit.MILLISECONDS.toNanos(2);

    private ClientIdleStrategies()
    {
    }

    static IdleStrategy waiting(final DriverProfile profile)
    {
        return switch (profile)
        {
            case LOW_LATENCY -> new BusySpinIdleStrategy();
            // Parks in proportion to the wait, as the balanced driver's threads do: doubling parks could leave the
            // caller up to a whole round trip late, and that lateness kept UDP round trips long once they were.
            // It yields for a while before parking: see BALANCED_YIELD_NS.
            case BALANCED -> new ProportionalBackoffIdleStrategy(ShortBackoffIdleStrategy.MAX_SPINS,
                ShortBackoffIdleStrategy.MAX_YIELDS, BALANCED_YIELD_NS, MIN_PARK_NS, MAX_PARK_NS,
                ProportionalBackoffIdleStrategy.DEFAULT_PARK_DIVISOR);
            default -> new BackoffIdleStrategy(MAX_SPINS, MAX_YIELDS, MIN_PARK_NS, MAX_PARK_NS);
        };
    }
}
