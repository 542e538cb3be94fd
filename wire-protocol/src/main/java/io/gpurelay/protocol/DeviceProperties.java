package io.gpurelay.protocol;

import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Device properties on the wire: {@code name=value} lines, one per field of CUDA's {@code cudaDeviceProp}, with
 * arrays as comma-separated numbers. A text form keeps the set open: an executor on a newer CUDA may send fields
 * an older client ignores, and a client fills only the fields its binding has.
 */
public final class DeviceProperties
{
    private DeviceProperties()
    {
    }

    public static byte[] encode(final Map<String, String> properties)
    {
        final StringBuilder text = new StringBuilder(2048);
        for (final Map.Entry<String, String> entry : properties.entrySet())
        {
            final String value = entry.getValue();
            if (entry.getKey().indexOf('=') >= 0 || entry.getKey().indexOf('\n') >= 0 || value.indexOf('\n') >= 0)
            {
                throw new IllegalArgumentException("property cannot be encoded: " + entry.getKey());
            }
            text.append(entry.getKey()).append('=').append(value).append('\n');
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    public static Map<String, String> decode(final byte[] bytes)
    {
        final Map<String, String> properties = new LinkedHashMap<>();
        for (final String line : new String(bytes, StandardCharsets.UTF_8).split("\n"))
        {
            final int separator = line.indexOf('=');
            if (separator > 0)
            {
                properties.put(line.substring(0, separator), line.substring(separator + 1));
            }
        }
        return properties;
    }
}
