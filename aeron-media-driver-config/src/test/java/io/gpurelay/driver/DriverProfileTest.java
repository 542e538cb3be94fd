package io.gpurelay.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DriverProfileTest
{
    @Test
    void everyConcreteProfileLoadsAndNamesAThreadingMode()
    {
        for (final DriverProfile profile : DriverProfile.values())
        {
            assertEquals(profile, DriverProfile.fromCliName(profile.cliName()));
            if (profile != DriverProfile.AUTO)
            {
                assertTrue(profile.properties().containsKey("aeron.threading.mode"), profile.cliName());
            }
        }
        assertEquals("SHARED", DriverProfile.SHARED.properties().getProperty("aeron.threading.mode"));
        assertEquals("DEDICATED", DriverProfile.BALANCED.properties().getProperty("aeron.threading.mode"));
        assertThrows(IllegalStateException.class, DriverProfile.AUTO::properties);
    }

    @Test
    void autoPicksDedicatedDriverThreadsFromEightCoresUpAndTheSharedThreadBelow()
    {
        assertEquals(DriverProfile.SHARED, DriverProfile.forHost(1));
        assertEquals(DriverProfile.SHARED, DriverProfile.forHost(2));
        assertEquals(DriverProfile.SHARED, DriverProfile.forHost(DriverProfile.DEDICATED_THREADS_MIN_CORES - 1));
        assertEquals(DriverProfile.BALANCED, DriverProfile.forHost(DriverProfile.DEDICATED_THREADS_MIN_CORES));
        assertEquals(DriverProfile.BALANCED, DriverProfile.forHost(16));
        assertEquals(DriverProfile.BALANCED, DriverProfile.AUTO.resolve(16));
        assertEquals(DriverProfile.SHARED, DriverProfile.AUTO.resolve(2));
    }

    @Test
    void aGivenProfileIsKeptWhateverTheHost()
    {
        for (final DriverProfile profile : DriverProfile.values())
        {
            if (profile != DriverProfile.AUTO)
            {
                assertEquals(profile, profile.resolve(2), profile.cliName());
                assertEquals(profile, profile.resolve(64), profile.cliName());
                assertEquals(profile.cliName(), profile.describeChoice(profile));
            }
        }
        final DriverProfile chosen = DriverProfile.AUTO.resolveForThisHost();
        assertEquals(chosen.cliName() + " (auto: " + Runtime.getRuntime().availableProcessors() + " cores)",
            chosen.describeChoice(DriverProfile.AUTO));
    }

    @Test
    void theBalancedProfilesThreadsWaitWithTheShortBackoffWhichTheDriverCanMake()
    {
        final String name = DriverProfile.BALANCED.properties().getProperty("aeron.sender.idle.strategy");
        assertEquals(ShortBackoffIdleStrategy.class.getName(), name);
        assertEquals(name, DriverProfile.BALANCED.properties().getProperty("aeron.receiver.idle.strategy"));
        assertEquals(ShortBackoffIdleStrategy.class,
            io.aeron.driver.Configuration.agentIdleStrategy(name, null).getClass());
    }

    @Test
    void unknownProfileIsRefusedWithTheChoices()
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> DriverProfile.fromCliName("turbo"));
        assertTrue(ex.getMessage().contains("auto, shared, balanced, throughput or low-latency"), ex.getMessage());
    }

    @Test
    void launchesAnEmbeddedDriverThenFindsItRunning(@TempDir final Path tmp)
    {
        final String dir = tmp.resolve("aeron").toString();
        assertFalse(MediaDrivers.isDriverActive(dir));
        final List<String> log = new ArrayList<>();
        try (DriverHandle first = MediaDrivers.useOrLaunch(dir, DriverProfile.SHARED, log::add))
        {
            assertTrue(first.isEmbedded());
            assertTrue(MediaDrivers.isDriverActive(dir));
            try (DriverHandle second = MediaDrivers.useOrLaunch(dir, DriverProfile.SHARED, log::add))
            {
                assertFalse(second.isEmbedded());
                assertEquals(dir, second.aeronDirectoryName());
            }
        }
        assertFalse(new File(dir, "cnc.dat").exists() && MediaDrivers.isDriverActive(dir));
        assertTrue(log.stream().anyMatch(line -> line.contains("using the media driver running in")), log.toString());
    }

    @Test
    void privateDriverGoesToItsOwnDirectory(@TempDir final Path tmp) throws Exception
    {
        final String dir = tmp.resolve("nothing-here").toString();
        final List<String> log = new ArrayList<>();
        try (DriverHandle handle = MediaDrivers.useOrLaunchPrivate(dir, DriverProfile.SHARED, log::add))
        {
            assertTrue(handle.isEmbedded());
            assertFalse(dir.equals(handle.aeronDirectoryName()));
            assertTrue(Files.isDirectory(Path.of(handle.aeronDirectoryName())));
        }
    }
}
