package io.gpurelay.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class ProportionalBackoffIdleStrategyTest
{
    private static final long US = TimeUnit.MICROSECONDS.toNanos(1);
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void aParkIsTheGivenFractionOfTheTimeParkedWithinItsBounds()
    {
        final ProportionalBackoffIdleStrategy strategy = new ProportionalBackoffIdleStrategy(0, 0, US, 10 * MS);
        assertEquals(US, strategy.parkNs(0));
        assertEquals(US, strategy.parkNs(15 * US));
        assertEquals(100 * US, strategy.parkNs(1600 * US));
        assertEquals(10 * MS, strategy.parkNs(160 * MS));
        assertEquals(10 * MS, strategy.parkNs(TimeUnit.HOURS.toNanos(1)));

        final ProportionalBackoffIdleStrategy quarter = new ProportionalBackoffIdleStrategy(0, 0, US, 50 * MS, 4);
        assertEquals(MS, quarter.parkNs(4 * MS));
        assertEquals(50 * MS, quarter.parkNs(TimeUnit.SECONDS.toNanos(1)));
    }

    /**
     * What keeps UDP round trips from settling at the longest park: each waiting thread is at most a sixteenth of its
     * quiet time late, so the five or six threads a round trip passes add less than the round trip took, and the
     * next round trip is shorter.
     */
    @Test
    void threadsOnAUdpRoundTripTogetherAddLessThanTheRoundTripTook()
    {
        final ShortBackoffIdleStrategy shortBackoff = new ShortBackoffIdleStrategy();
        final ProportionalBackoffIdleStrategy onTheCallPath = new ProportionalBackoffIdleStrategy(
            ShortBackoffIdleStrategy.MAX_SPINS, ShortBackoffIdleStrategy.MAX_YIELDS,
            ShortBackoffIdleStrategy.MIN_PARK_NS, ShortBackoffIdleStrategy.MAX_PARK_NS);
        final int threadsOnTheRoundTrip = 6;
        for (long roundTripNs = 100 * US; roundTripNs < 100 * MS; roundTripNs *= 3)
        {
            final long lateness = threadsOnTheRoundTrip * onTheCallPath.parkNs(roundTripNs);
            assertTrue(lateness < roundTripNs || lateness <= threadsOnTheRoundTrip * 10 * MS,
                roundTripNs + " ns: " + lateness);
            assertTrue(lateness < roundTripNs / 2 || roundTripNs > 16 * ShortBackoffIdleStrategy.MAX_PARK_NS,
                roundTripNs + " ns: " + lateness);
        }
        assertTrue(shortBackoff.toString().contains("1/16"), shortBackoff.toString());
    }

    @Test
    void spinsAndYieldsAfterWorkBeforeItParks()
    {
        final ProportionalBackoffIdleStrategy strategy = new ProportionalBackoffIdleStrategy(50, 50, MS, MS);
        for (int round = 0; round < 3; round++)
        {
            final long startNs = System.nanoTime();
            for (int i = 0; i < 100; i++)
            {
                strategy.idle(0);
            }
            // The 101st idle would park for a millisecond; the first hundred only spin and yield.
            strategy.idle(0);
            assertTrue(System.nanoTime() - startNs >= MS, "parked after the spins and yields");
            strategy.idle(1);
        }
    }

    @Test
    void aWaitThatYieldsForAWhileIsNotParkedBeforeThen()
    {
        // One yield, then yielding until 200 ms have passed, then parks of a second.
        final ProportionalBackoffIdleStrategy strategy =
            new ProportionalBackoffIdleStrategy(0, 1, 200 * MS, 1000 * MS, 1000 * MS, 16);
        final long startNs = System.nanoTime();
        int calls = 0;
        while (System.nanoTime() - startNs < 100 * MS)
        {
            strategy.idle(0);
            calls++;
        }
        assertTrue(System.nanoTime() - startNs < 1000 * MS, "not parked while it should yield");
        assertTrue(calls > 2, "went on yielding after its one yield: " + calls + " calls");
        while (System.nanoTime() - startNs < 200 * MS)
        {
            strategy.idle(0);
        }
        final long parkStartNs = System.nanoTime();
        strategy.idle(0);
        strategy.idle(0);
        assertTrue(System.nanoTime() - parkStartNs >= 1000 * MS, "parked once it had yielded for long enough");
    }

    @Test
    void aClientsOwnBalancedDriverParksItsSenderAndReceiverNoLongerThanAMillisecond()
    {
        final java.util.Properties saved = (java.util.Properties)System.getProperties().clone();
        try
        {
            DriverProfile.BALANCED.applyAsClientDefaults();
            assertEquals(SessionBackoffIdleStrategy.class.getName(), System.getProperty("aeron.sender.idle.strategy"));
            assertEquals(SessionBackoffIdleStrategy.class.getName(),
                System.getProperty("aeron.receiver.idle.strategy"));
            assertEquals(ConductorBackoffIdleStrategy.class.getName(),
                System.getProperty("aeron.conductor.idle.strategy"));
            assertEquals(SessionBackoffIdleStrategy.MAX_PARK_NS,
                new ProportionalBackoffIdleStrategy(0, 0, US, SessionBackoffIdleStrategy.MAX_PARK_NS)
                    .parkNs(TimeUnit.SECONDS.toNanos(1)));
        }
        finally
        {
            System.setProperties(saved);
        }
    }

    @Test
    void refusesBoundsThatMakeNoSense()
    {
        assertThrows(IllegalArgumentException.class, () -> new ProportionalBackoffIdleStrategy(-1, 0, US, MS));
        assertThrows(IllegalArgumentException.class, () -> new ProportionalBackoffIdleStrategy(0, 0, 0, MS));
        assertThrows(IllegalArgumentException.class, () -> new ProportionalBackoffIdleStrategy(0, 0, MS, US));
        assertThrows(IllegalArgumentException.class, () -> new ProportionalBackoffIdleStrategy(0, 0, US, MS, 0));
    }

    @Test
    void theDriverMakesTheBalancedProfilesStrategiesFromTheirNames()
    {
        for (final String property : new String[]{ "aeron.sender.idle.strategy", "aeron.receiver.idle.strategy",
            "aeron.conductor.idle.strategy", "aeron.driver.async.executor.idle.strategy" })
        {
            final String name = DriverProfile.BALANCED.properties().getProperty(property);
            assertEquals(name, io.aeron.driver.Configuration.agentIdleStrategy(name, null).getClass().getName(),
                property);
        }
        assertEquals(ConductorBackoffIdleStrategy.class.getName(),
            DriverProfile.BALANCED.properties().getProperty("aeron.conductor.idle.strategy"));
        assertEquals(ControlBackoffIdleStrategy.class.getName(),
            DriverProfile.BALANCED.properties().getProperty("aeron.driver.async.executor.idle.strategy"));
    }
}
