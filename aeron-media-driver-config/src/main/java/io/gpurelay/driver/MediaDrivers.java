package io.gpurelay.driver;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.aeron.CommonContext;
import io.aeron.driver.Configuration;
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
 *     <li>A client's private directory is deleted when its driver stops; one whose client died without stopping it
 *     ({@code kill -9}) is reclaimed by the next client that starts a private driver in the same temporary
 *     directory. A private driver serves one client's few streams, so its command-and-control file is small.</li>
 * </ul>
 */
public final class MediaDrivers
{
    /** A driver whose heartbeat is older than this is taken for dead (Aeron's own default driver timeout). */
    public static final long DRIVER_HEARTBEAT_TIMEOUT_MS = 10_000;
    /** How a private driver's directory in {@code java.io.tmpdir} is named: this, then a random UUID. */
    public static final String PRIVATE_DIRECTORY_PREFIX = "gpurelay-aeron-";
    /**
     * A private driver's counters: Aeron's least, room for thousands of counters where one client's streams need
     * dozens (Aeron's default, 8 MiB, takes 40 MiB of the CnC file with its metadata).
     */
    static final int PRIVATE_COUNTERS_VALUES_BUFFER_LENGTH = Configuration.COUNTERS_VALUES_BUFFER_LENGTH_MIN;

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
        final File parent = new File(System.getProperty("java.io.tmpdir"));
        reclaimStalePrivateDirectories(parent, log);
        final String privateDir = new File(parent, PRIVATE_DIRECTORY_PREFIX + UUID.randomUUID()).getAbsolutePath();
        log.accept("no media driver running in " + aeronDir + ", starting an embedded one in " + privateDir);
        profile.applyAsDefaults();
        return held(privateDir, launch(privateContext(privateDir)));
    }

    /**
     * Delete the private driver directories in {@code parent} whose driver is dead: its lock file is held by no
     * process, or, for a directory without one (a driver still starting, or one of an older gpurelay), Aeron's own
     * liveness check finds no heartbeat and nothing has changed in it for the driver timeout. A live driver's
     * directory, another client's, is never touched; nor is a symbolic link.
     *
     * @return the directories deleted.
     */
    public static List<File> reclaimStalePrivateDirectories(final File parent, final Consumer<String> log)
    {
        final File[] candidates = parent.listFiles((directory, name) -> name.startsWith(PRIVATE_DIRECTORY_PREFIX));
        if (candidates == null)
        {
            return List.of();
        }
        return Stream.of(candidates)
            .filter(candidate -> Files.isDirectory(candidate.toPath(), LinkOption.NOFOLLOW_LINKS) && isStale(candidate))
            .filter(candidate -> deleteQuietly(candidate.toPath(), log))
            .peek(candidate -> log.accept("reclaimed the media driver directory of a client that died: " + candidate))
            .collect(Collectors.toList());
    }

    private static boolean isStale(final File directory)
    {
        try
        {
            if (DriverDirectoryLock.isAbandoned(directory))
            {
                return true;
            }
            if (new File(directory, DriverDirectoryLock.FILE_NAME).exists())
            {
                return false;
            }
            return System.currentTimeMillis() - directory.lastModified() > DRIVER_HEARTBEAT_TIMEOUT_MS &&
                !CommonContext.isDriverActive(directory, DRIVER_HEARTBEAT_TIMEOUT_MS, message -> { });
        }
        catch (final RuntimeException ex)
        {
            return false;
        }
    }

    /**
     * Depth first, without following links.
     */
    private static boolean deleteQuietly(final Path directory, final Consumer<String> log)
    {
        try (Stream<Path> entries = Files.walk(directory))
        {
            for (final Path entry : entries.sorted(Comparator.reverseOrder()).collect(Collectors.toList()))
            {
                Files.deleteIfExists(entry);
            }
            return true;
        }
        catch (final IOException | UncheckedIOException ex)
        {
            log.accept("cannot reclaim the media driver directory " + directory + ": " + ex.getMessage());
            return false;
        }
    }

    /**
     * A private driver's context: its command-and-control file sized for one client (about 11 MiB instead of 46; the
     * error log stays at Aeron's least, 4 MiB), unless the system properties say otherwise.
     */
    static MediaDriver.Context privateContext(final String aeronDir)
    {
        final MediaDriver.Context context = new MediaDriver.Context().aeronDirectoryName(aeronDir);
        if (System.getProperty(Configuration.COUNTERS_VALUES_BUFFER_LENGTH_PROP_NAME) == null)
        {
            context.counterValuesBufferLength(PRIVATE_COUNTERS_VALUES_BUFFER_LENGTH);
        }
        return context;
    }

    /**
     * Launch an embedded driver and hold its directory's lock until the handle closes.
     */
    public static DriverHandle launchHeld(final String aeronDir, final DriverProfile profile)
    {
        return held(aeronDir, launch(aeronDir, profile));
    }

    private static DriverHandle held(final String aeronDir, final MediaDriver driver)
    {
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
        return launch(new MediaDriver.Context().aeronDirectoryName(aeronDir));
    }

    /**
     * @param context made after the profile's properties were set: a context reads them as it is made.
     */
    private static MediaDriver launch(final MediaDriver.Context context)
    {
        return MediaDriver.launch(context
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true)
            .warnIfDirectoryExists(false));
    }
}
