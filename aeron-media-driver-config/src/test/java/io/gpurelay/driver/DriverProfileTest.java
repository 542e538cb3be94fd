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
    void everyProfileLoadsAndNamesAThreadingMode()
    {
        for (final DriverProfile profile : DriverProfile.values())
        {
            assertTrue(profile.properties().containsKey("aeron.threading.mode"), profile.cliName());
            assertEquals(profile, DriverProfile.fromCliName(profile.cliName()));
        }
        assertEquals("SHARED", DriverProfile.SHARED.properties().getProperty("aeron.threading.mode"));
    }

    @Test
    void unknownProfileIsRefusedWithTheChoices()
    {
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> DriverProfile.fromCliName("turbo"));
        assertTrue(ex.getMessage().contains("shared, throughput or low-latency"), ex.getMessage());
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
