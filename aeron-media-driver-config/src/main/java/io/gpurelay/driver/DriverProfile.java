package io.gpurelay.driver;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Locale;
import java.util.Properties;

/**
 * Media driver tunings, each a properties file next to this class. A property the user already set (on the command
 * line or in the environment of the JVM) wins over the profile's value.
 */
public enum DriverProfile
{
    /** One backing-off thread: the default, safe on small machines. */
    SHARED("shared"),
    /** Dedicated backing-off threads, large buffers: bulk copies. */
    THROUGHPUT("throughput"),
    /** Dedicated spinning threads: lowest latency, needs spare cores. */
    LOW_LATENCY("low-latency");

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
        throw new IllegalArgumentException("unknown media driver profile '" + name +
            "': expected shared, throughput or low-latency");
    }

    public Properties properties()
    {
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
     * Set this profile's properties as system properties, except those already set.
     */
    public void applyAsDefaults()
    {
        properties().forEach((key, value) ->
        {
            if (System.getProperty((String)key) == null)
            {
                System.setProperty((String)key, (String)value);
            }
        });
    }
}
