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
 * for longer than a round trip first, as the driver's threads do; with the {@code low-latency} profile they busy-spin.
 */
final class ClientIdleStrategies
{
    private static final long MAX_SPINS = 64;
    private static final long MAX_YIELDS = 16;
    private static final long MIN_PARK_NS = TimeUnit.MICROSECONDS.toNanos(1);
    private static final long MAX_PARK_NS = TimeUnit.MICROSECONDS.toNanos(200);

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
            case BALANCED -> new ProportionalBackoffIdleStrategy(ShortBackoffIdleStrategy.MAX_SPINS,
                ShortBackoffIdleStrategy.MAX_YIELDS, MIN_PARK_NS, MAX_PARK_NS);
            default -> new BackoffIdleStrategy(MAX_SPINS, MAX_YIELDS, MIN_PARK_NS, MAX_PARK_NS);
        };
    }
}
