package io.gpurelay.driver;

import java.io.File;
import java.util.UUID;
import java.util.function.Consumer;

import io.aeron.CommonContext;
import io.aeron.driver.MediaDriver;

/**
 * The directory rules for finding or starting a media driver.
 * <ul>
 *     <li>If a driver is running in the directory, use it (a standalone driver shared by several processes).</li>
 *     <li>Otherwise start an embedded one: in that directory for an executor (so clients on the host find it), or in
 *     a fresh private directory for a client that only needs a driver for itself (UDP to a remote executor).</li>
 *     <li>A directory whose driver is dead is reused at once: a driver gpurelay launched holds a
 *     {@link DriverDirectoryLock} that its process's death releases, so a crashed driver's fresh-looking heartbeat does
 *     not make its successor wait out the driver timeout.</li>
 * </ul>
 */
public final class MediaDrivers
{
    /** A driver whose heartbeat is older than this is taken for dead (Aeron's own default driver timeout). */
    public static final long DRIVER_HEARTBEAT_TIMEOUT_MS = 10_000;

    private MediaDrivers()
    {
    }

    /**
     * Default directory: the same one Aeron uses, so tools and standalone drivers agree.
     */
    public static String defaultDirectory()
    {
        return CommonContext.getAeronDirectoryName();
    }

    public static boolean isDriverActive(final String aeronDir)
    {
        final File dir = new File(aeronDir);
        if (!dir.isDirectory())
        {
            return false;
        }
        try
        {
            return !DriverDirectoryLock.isAbandoned(dir) &&
                CommonContext.isDriverActive(dir, DRIVER_HEARTBEAT_TIMEOUT_MS, message -> { });
        }
        catch (final RuntimeException ex)
        {
            return false;
        }
    }

    /**
     * Use a driver running in {@code aeronDir}, or launch an embedded one there.
     */
    public static DriverHandle useOrLaunch(final String aeronDir, final DriverProfile profile, final Consumer<String> log)
    {
        if (isDriverActive(aeronDir))
        {
            log.accept("using the media driver running in " + aeronDir);
            return new DriverHandle(aeronDir, null, null);
        }
        return launchHeld(aeronDir, profile);
    }

    /**
     * Use a driver running in {@code aeronDir}, or launch an embedded one in a private directory of its own.
     */
    public static DriverHandle useOrLaunchPrivate(
        final String aeronDir, final DriverProfile profile, final Consumer<String> log)
    {
        if (isDriverActive(aeronDir))
        {
            return new DriverHandle(aeronDir, null, null);
        }
        final String privateDir = new File(
            System.getProperty("java.io.tmpdir"), "gpurelay-aeron-" + UUID.randomUUID()).getAbsolutePath();
        log.accept("no media driver running in " + aeronDir + ", starting an embedded one in " + privateDir);
        return launchHeld(privateDir, profile);
    }

    /**
     * Launch an embedded driver and hold its directory's lock until the handle closes.
     */
    public static DriverHandle launchHeld(final String aeronDir, final DriverProfile profile)
    {
        final MediaDriver driver = launch(aeronDir, profile);
        try
        {
            return new DriverHandle(aeronDir, driver, DriverDirectoryLock.hold(aeronDir));
        }
        catch (final RuntimeException ex)
        {
            driver.close();
            throw ex;
        }
    }

    public static MediaDriver launch(final String aeronDir, final DriverProfile profile)
    {
        profile.applyAsDefaults();
        final MediaDriver.Context context = new MediaDriver.Context()
            .aeronDirectoryName(aeronDir)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .warnIfDirectoryExists(false);
        return MediaDriver.launch(context);
    }
}
