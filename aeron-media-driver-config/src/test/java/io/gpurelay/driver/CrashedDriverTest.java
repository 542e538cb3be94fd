package io.gpurelay.driver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A driver killed with SIGKILL leaves a directory whose heartbeat looks alive for the driver timeout; the next
 * process must see through it and start at once.
 */
class CrashedDriverTest
{
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void theDirectoryOfAKilledDriverIsReusedAtOnce(@TempDir final Path work) throws Exception
    {
        final String dir = work.resolve("aeron").toString();
        final Process driverProcess = new ProcessBuilder(List.of(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
            "-cp", System.getProperty("java.class.path"),
            DriverInAnotherProcess.class.getName(), dir))
            .redirectErrorStream(true)
            .start();
        try
        {
            awaitReady(driverProcess);
            assertTrue(MediaDrivers.isDriverActive(dir), "a live driver is active");

            driverProcess.destroyForcibly();
            assertTrue(driverProcess.waitFor(60, TimeUnit.SECONDS), "the killed driver's process ends");

            assertFalse(MediaDrivers.isDriverActive(dir), "a killed driver is not active, fresh heartbeat or not");
            try (DriverHandle driver = MediaDrivers.useOrLaunch(dir, DriverProfile.SHARED, message -> { });
                Aeron aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(dir)))
            {
                assertTrue(driver.isEmbedded(), "a new driver was launched in the directory");
                assertTrue(aeron.clientId() >= 0);
                assertTrue(MediaDrivers.isDriverActive(dir));
            }
        }
        finally
        {
            driverProcess.destroyForcibly();
        }
    }

    @Test
    void aDriverOfThisProcessStaysActive(@TempDir final Path work)
    {
        final String dir = work.resolve("aeron").toString();
        try (DriverHandle driver = MediaDrivers.launchHeld(dir, DriverProfile.SHARED))
        {
            assertTrue(MediaDrivers.isDriverActive(dir));
            assertEquals(dir, driver.aeronDirectoryName());
        }
        assertFalse(MediaDrivers.isDriverActive(dir));
    }

    private static void awaitReady(final Process process) throws IOException
    {
        final BufferedReader output = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        final StringBuilder seen = new StringBuilder();
        String line;
        while ((line = output.readLine()) != null)
        {
            if (line.contains(DriverInAnotherProcess.READY))
            {
                return;
            }
            seen.append(line).append('\n');
        }
        throw new AssertionError("the driver process ended before it was ready:\n" + seen);
    }
}
