package io.gpurelay.agent.client;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;

import io.aeron.Aeron;
import org.agrona.DirectBuffer;

/**
 * Aeron reads some settings as class names (idle strategies, for one). In the agent jar Aeron and Agrona are
 * relocated, so a value such as {@code org.agrona.concurrent.BackoffIdleStrategy}, from gpurelay's driver profiles or
 * from the user, names a class the agent does not have. This rewrites such values to the relocated names; outside
 * the agent jar it changes nothing.
 */
final class RelocatedClassNames
{
    private RelocatedClassNames()
    {
    }

    /**
     * Rewrite {@code aeron.*} and {@code agrona.*} properties whose value is a class of Aeron or Agrona.
     */
    static void relocate(final Properties properties)
    {
        final Map<String, String> packages = relocatedPackages();
        for (final String name : properties.stringPropertyNames())
        {
            if (!name.startsWith("aeron.") && !name.startsWith("agrona."))
            {
                continue;
            }
            final String value = properties.getProperty(name).trim();
            for (final Map.Entry<String, String> relocation : packages.entrySet())
            {
                if (value.startsWith(relocation.getKey()))
                {
                    properties.setProperty(name, relocation.getValue() + value.substring(relocation.getKey().length()));
                }
            }
        }
    }

    /**
     * Original package prefix → the prefix the classes really have here. The original names are assembled at run
     * time because the shade plugin rewrites string constants that look like the relocated packages.
     */
    static Map<String, String> relocatedPackages()
    {
        final Map<String, String> packages = new LinkedHashMap<>();
        addIfRelocated(packages, String.join(".", "org", "agrona", ""), DirectBuffer.class.getPackageName() + ".");
        addIfRelocated(packages, String.join(".", "io", "aeron", ""), Aeron.class.getPackageName() + ".");
        return packages;
    }

    private static void addIfRelocated(final Map<String, String> packages, final String original, final String actual)
    {
        if (!original.equals(actual))
        {
            packages.put(original, actual);
        }
    }
}
