package io.gpurelay.agent.jcuda.runtime;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.gpurelay.agent.log.AgentLog;
import jcuda.runtime.cudaDeviceProp;
import jcuda.runtime.cudaUUID;

/**
 * Fills a {@link cudaDeviceProp} from the executor's {@code name=value} properties: every public field whose name is
 * a key gets the value (numbers, comma-separated arrays, the name as NUL-padded bytes, the UUID from 32 hex digits).
 * Keys the class has no field for are ignored, so an executor on a newer CUDA can send more than this JCuda knows.
 */
final class DevicePropertyFields
{
    private static final Map<String, Field> FIELDS = new HashMap<>();

    static
    {
        for (final Field field : cudaDeviceProp.class.getFields())
        {
            if (!Modifier.isStatic(field.getModifiers()))
            {
                FIELDS.put(field.getName(), field);
            }
        }
    }

    private DevicePropertyFields()
    {
    }

    static void fill(final cudaDeviceProp properties, final Map<String, String> values)
    {
        for (final Map.Entry<String, String> entry : values.entrySet())
        {
            final Field field = FIELDS.get(entry.getKey());
            if (field == null)
            {
                continue;
            }
            try
            {
                set(properties, field, entry.getValue().trim());
            }
            catch (final RuntimeException | IllegalAccessException ex)
            {
                AgentLog.debug("device property " + entry.getKey() + "='" + entry.getValue() + "' ignored: " +
                    AgentLog.describe(ex));
            }
        }
    }

    private static void set(final cudaDeviceProp properties, final Field field, final String value)
        throws IllegalAccessException
    {
        final Class<?> type = field.getType();
        if (type == int.class)
        {
            field.setInt(properties, (int)Long.parseLong(value));
        }
        else if (type == long.class)
        {
            field.setLong(properties, Long.parseLong(value));
        }
        else if (type == int[].class)
        {
            final long[] numbers = numbers(value);
            final int[] target = sized((int[])field.get(properties), numbers.length);
            for (int i = 0; i < target.length; i++)
            {
                target[i] = i < numbers.length ? (int)numbers[i] : 0;
            }
            field.set(properties, target);
        }
        else if (type == byte[].class && field.getName().equals("name"))
        {
            field.set(properties, nulPadded((byte[])field.get(properties), value.getBytes(StandardCharsets.UTF_8)));
        }
        else if (type == byte[].class)
        {
            final long[] numbers = numbers(value);
            final byte[] target = sized((byte[])field.get(properties), numbers.length);
            for (int i = 0; i < target.length; i++)
            {
                target[i] = i < numbers.length ? (byte)numbers[i] : 0;
            }
            field.set(properties, target);
        }
        else if (type == cudaUUID.class)
        {
            final cudaUUID uuid = field.get(properties) != null ? (cudaUUID)field.get(properties) : new cudaUUID();
            uuid.bytes = hexBytes(value);
            field.set(properties, uuid);
        }
    }

    private static long[] numbers(final String value)
    {
        return value.isEmpty() ? new long[0] :
            Arrays.stream(value.split(",")).mapToLong(number -> Long.parseLong(number.trim())).toArray();
    }

    private static int[] sized(final int[] existing, final int length)
    {
        return existing != null ? existing : new int[length];
    }

    private static byte[] sized(final byte[] existing, final int length)
    {
        return existing != null ? existing : new byte[length];
    }

    /**
     * The text in the field's array, NUL-padded, always leaving at least one NUL as C's char[256] would.
     */
    private static byte[] nulPadded(final byte[] existing, final byte[] text)
    {
        final byte[] target = existing != null && existing.length > 0 ? existing : new byte[text.length + 1];
        Arrays.fill(target, (byte)0);
        System.arraycopy(text, 0, target, 0, Math.min(text.length, target.length - 1));
        return target;
    }

    private static byte[] hexBytes(final String hex)
    {
        if (hex.length() % 2 != 0)
        {
            throw new IllegalArgumentException("odd number of hex digits");
        }
        final byte[] bytes = new byte[hex.length() / 2];
        for (int i = 0; i < bytes.length; i++)
        {
            bytes[i] = (byte)Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
