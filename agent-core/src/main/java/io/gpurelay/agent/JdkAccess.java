package io.gpurelay.agent;

import java.lang.instrument.Instrumentation;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Opens the JDK internals Agrona and Aeron use (the Unsafe API, direct buffer fields, the selector implementation,
 * CRC classes) to the agent's own module, so that users need no {@code --add-opens} flags. Must run before any
 * Agrona or Aeron class loads: Agrona resolves its Unsafe access in static initialisers.
 */
final class JdkAccess
{
    private static final Set<String> EXPORTED_AND_OPENED = Set.of(
        "jdk.internal.misc", "java.nio", "sun.nio.ch", "java.util.zip");

    private JdkAccess()
    {
    }

    static void openTo(final Module agentModule, final Instrumentation instrumentation)
    {
        final Module javaBase = Object.class.getModule();
        final Set<Module> agent = Set.of(agentModule);
        final Map<String, Set<Module>> packages = new HashMap<>();
        for (final String packageName : EXPORTED_AND_OPENED)
        {
            packages.put(packageName, agent);
        }
        instrumentation.redefineModule(javaBase, Set.of(), packages, packages, Set.of(), Map.of());
    }
}
