package io.gpurelay.agent.instrumentation;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.gpurelay.agent.log.AgentLog;

/**
 * The native libraries whose loading is skipped: those of bindings the agent rewrites, whose native methods never
 * run in this process. Other bindings' libraries load as usual, so they fail or work exactly as without the agent.
 * Public because the check runs inside the binding's library loader.
 */
public final class RelayedLibraries
{
    private static final List<String> PREFIXES = new CopyOnWriteArrayList<>();
    private static final List<String> CLASS_PREFIXES = new CopyOnWriteArrayList<>();

    private RelayedLibraries()
    {
    }

    static void register(final String libraryNamePrefix)
    {
        PREFIXES.add(libraryNamePrefix);
    }

    public static void registerClasses(final String classNamePrefix)
    {
        CLASS_PREFIXES.add(classNamePrefix);
    }

    /**
     * @return true to skip loading the libraries of this JavaCPP class.
     */
    public static boolean skipClass(final Class<?> type)
    {
        if (type != null)
        {
            final String name = type.getName();
            for (final String prefix : CLASS_PREFIXES)
            {
                if (name.startsWith(prefix))
                {
                    AgentLog.debug("not loading the native libraries of " + name + ": its calls are relayed");
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * @return true to skip loading this library.
     */
    public static boolean skip(final String libraryName)
    {
        if (libraryName != null)
        {
            for (final String prefix : PREFIXES)
            {
                if (libraryName.startsWith(prefix))
                {
                    AgentLog.debug("not loading native library " + libraryName + ": its calls are relayed");
                    return true;
                }
            }
        }
        return false;
    }
}
