package io.gpurelay.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Properties;

/**
 * Media driver tunings, each a properties file next to this class. A property the user already set (on the command
 * line or in the environment of the JVM) wins over the profile's value.
 * <p>
 * {@link #AUTO}, the default everywhere, is no tuning of its own: it stands for the profile that suits the host,
 * {@link #forHost chosen by its core count}, and is {@link #resolve resolved} before anything is tuned.
 */
public enum DriverProfile
{
    /** The profile that suits this host: {@link #BALANCED} with cores to spare, {@link #SHARED} otherwise. */
    AUTO("auto"),
    /** One backing-off thread: safe on small machines. */
    SHARED("shared"),
    /** Dedicated threads that spin and yield briefly before they back off: low latency, nearly idle when quiet. */
    BALANCED("balanced"),
    /** Dedicated backing-off threads, large buffers: bulk copies. */
    THROUGHPUT("throughput"),
    /** Dedicated spinning threads: lowest latency, needs spare cores. */
    LOW_LATENCY("low-latency");

    /**
     * From this many cores up, {@link #AUTO} gives the driver's sender and receiver threads of their own: a GPU
     * server's 16 cores have room for them, while on 2 or 4 cores they would take turns with the application.
     */
    public static final int DEDICATED_THREADS_MIN_CORES = 8;

    private static final String CHOICES = "auto, shared, balanced, throughput or low-latency";

    private final String cliName;

    DriverProfile(final String cliName)
    {
        this.cliName = cliName;
    }

    public String cliName()
    {
        return cliName;
    }

    public static DriverProfile fromCliName(final String name)
    {
        for (final DriverProfile profile : values())
        {
            if (profile.cliName.equals(name.toLowerCase(Locale.ROOT)) || profile.name().equalsIgnoreCase(name))
            {
                return profile;
            }
        }
        throw new IllegalArgumentException("unknown media driver profile '" + name + "': expected " + CHOICES);
    }

    /**
     * The profile {@link #AUTO} stands for on a host with this many cores.
     */
    public static DriverProfile forHost(final int cores)
    {
        return cores >= DEDICATED_THREADS_MIN_CORES ? BALANCED : SHARED;
    }

    /**
     * @return this profile, or for {@link #AUTO} the one that suits a host with this many cores.
     */
    public DriverProfile resolve(final int cores)
    {
        return this == AUTO ? forHost(cores) : this;
    }

    /**
     * @return this profile, or for {@link #AUTO} the one that suits this host (the cores this JVM may use, which
     *         respects a container's CPU limit).
     */
    public DriverProfile resolveForThisHost()
    {
        return resolve(Runtime.getRuntime().availableProcessors());
    }

    /**
     * How a resolved profile was chosen, for the one line that says so: {@code balanced (auto: 16 cores)}.
     */
    public String describeChoice(final DriverProfile requested)
    {
        return requested == AUTO ?
            cliName + " (auto: " + Runtime.getRuntime().availableProcessors() + " cores)" : cliName;
    }

    /**
     * @throws IllegalStateException for {@link #AUTO}, which has no properties until resolved.
     */
    public Properties properties()
    {
        if (this == AUTO)
        {
            throw new IllegalStateException("the auto profile is resolved to a concrete one before it is used");
        }
        final Properties properties = new Properties();
        try (InputStream in = DriverProfile.class.getResourceAsStream(cliName + ".properties"))
        {
            if (in == null)
            {
                throw new IllegalStateException("profile resource missing: " + cliName + ".properties");
            }
            properties.load(in);
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
        return properties;
    }

    /**
     * As {@link #applyAsDefaults()}, for the media driver a client starts for itself: with {@link #BALANCED} its sender
     * and receiver, which serve the client's sessions only, park no longer than 1 ms
     * ({@link SessionBackoffIdleStrategy}) rather than the executor's 20 ms, so that a call after a quiet spell waits
     * less for them; a client's driver is not what an idle GPU host pays for.
     */
    public void applyAsClientDefaults()
    {
        if (resolveForThisHost() == BALANCED)
        {
            for (final String property : new String[]{ "aeron.sender.idle.strategy", "aeron.receiver.idle.strategy" })
            {
                if (System.getProperty(property) == null)
                {
                    System.setProperty(property, SessionBackoffIdleStrategy.class.getName());
                }
            }
        }
        applyAsDefaults();
    }

    /**
     * Set this profile's properties as system properties, except those already set; the UDP receiver window is cut
     * to the socket buffer the host grants (see {@link SocketBuffers}).
     */
    public void applyAsDefaults()
    {
        final Properties properties = resolveForThisHost().properties();
        SocketBuffers.fitWindow(properties, System.getProperties());
        properties.forEach((key, value) ->
        {
            if (System.getProperty((String)key) == null)
            {
                System.setProperty((String)key, (String)value);
            }
        });
    }
}
