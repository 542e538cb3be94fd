package io.gpurelay.agent.javacpp;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.cuda.runtime.RuntimeErrorDescriptions;

/**
 * cuGetErrorName and cuGetErrorString for JavaCPP programs, answered here: the names are the {@code CUresult}
 * constants of the program's own preset ({@code CUDA_SUCCESS}, {@code CUDA_ERROR_*} of
 * {@code org.bytedeco.cuda.global.cudart}), so every code its CUDA version knows has its name; the descriptions are
 * the runtime's for the errors programs meet (the driver and the runtime number errors alike), else the name.
 */
final class DriverStatusNames
{
    private static final String PRESET = "org.bytedeco.cuda.global.cudart";
    private static volatile Map<Integer, String> names;

    private DriverStatusNames()
    {
    }

    /**
     * @return the CUresult's name, or null when the preset has no such code.
     */
    static String name(final int error)
    {
        return names().get(error);
    }

    static String description(final int error)
    {
        final String description = RuntimeErrorDescriptions.of(error);
        return description != null ? description : name(error);
    }

    private static Map<Integer, String> names()
    {
        Map<Integer, String> known = names;
        if (known == null)
        {
            known = read();
            names = known;
        }
        return known;
    }

    private static Map<Integer, String> read()
    {
        final Map<Integer, String> read = read("CUDA_SUCCESS", "CUDA_ERROR_");
        if (read == null)
        {
            AgentLog.warnOnce("cannot find " + PRESET + " to read its CUresult names; cuGetErrorName and " +
                "cuGetErrorString know only CUDA_SUCCESS");
            return Map.of(0, "CUDA_SUCCESS");
        }
        return read;
    }

    /**
     * The preset's status constants named {@code success} or starting with {@code errorPrefix}, by value (the first
     * name of a value), or null when the preset class cannot be found.
     */
    static Map<Integer, String> read(final String success, final String errorPrefix)
    {
        final Map<Integer, String> read = new HashMap<>();
        final Class<?> preset = preset();
        if (preset == null)
        {
            return null;
        }
        for (final Field field : preset.getFields())
        {
            final String name = field.getName();
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == int.class &&
                (name.equals(success) || name.startsWith(errorPrefix)))
            {
                try
                {
                    read.putIfAbsent(field.getInt(null), name);
                }
                catch (final IllegalAccessException ex)
                {
                    AgentLog.debug("cannot read " + PRESET + "." + name + ": " + ex);
                }
            }
        }
        return Map.copyOf(read);
    }

    /**
     * The program's preset class: it is loaded (its natives are what call here), by the thread's context loader or
     * the one that loaded JavaCPP.
     */
    private static Class<?> preset()
    {
        for (final ClassLoader loader : new ClassLoader[]{ Thread.currentThread().getContextClassLoader(),
            org.bytedeco.javacpp.Pointer.class.getClassLoader(), DriverStatusNames.class.getClassLoader() })
        {
            try
            {
                return Class.forName(PRESET, false, loader);
            }
            catch (final ClassNotFoundException | LinkageError ex)
            {
                // Try the next loader.
            }
        }
        return null;
    }
}
