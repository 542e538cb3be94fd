package io.gpurelay.executor.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import io.gpurelay.driver.ControlBackoffIdleStrategy;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.ProportionalBackoffIdleStrategy;
import io.gpurelay.driver.SessionBackoffIdleStrategy;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.junit.jupiter.api.Test;

class IdleStrategyKindTest
{
    @Test
    void theBalancedProfilesThreadsParkInProportionToTheirQuietTime()
    {
        assertEquals(IdleStrategyKind.SHORT_BACKOFF, IdleStrategyKind.forProfile(DriverProfile.BALANCED));
        assertInstanceOf(SessionBackoffIdleStrategy.class, IdleStrategyKind.SHORT_BACKOFF.newIdleStrategy());
        assertInstanceOf(ControlBackoffIdleStrategy.class,
            IdleStrategyKind.SHORT_BACKOFF.newControlIdleStrategy(TimeUnit.SECONDS.toNanos(1)));
        assertInstanceOf(SleepingMillisIdleStrategy.class, IdleStrategyKind.SHORT_BACKOFF.newAeronClientIdleStrategy());
        assertTrue(IdleStrategyKind.SHORT_BACKOFF.newAeronClientIdleStrategy().toString().contains("50"));
    }

    @Test
    void theConductorParksNoLongerThanItsSessionsChecksNeed()
    {
        final ProportionalBackoffIdleStrategy strategy = assertInstanceOf(ProportionalBackoffIdleStrategy.class,
            IdleStrategyKind.SHORT_BACKOFF.newControlIdleStrategy(TimeUnit.MILLISECONDS.toNanos(2)));
        assertEquals(TimeUnit.MILLISECONDS.toNanos(2), strategy.parkNs(TimeUnit.SECONDS.toNanos(10)));
    }

    @Test
    void otherKindsWaitInTheConductorAsTheSessionsDo()
    {
        assertInstanceOf(BackoffIdleStrategy.class,
            IdleStrategyKind.BACKOFF.newControlIdleStrategy(TimeUnit.SECONDS.toNanos(1)));
        assertInstanceOf(BusySpinIdleStrategy.class,
            IdleStrategyKind.SPIN.newControlIdleStrategy(TimeUnit.SECONDS.toNanos(1)));
        assertTrue(IdleStrategyKind.BACKOFF.newAeronClientIdleStrategy().toString().contains("16"));
    }
}
