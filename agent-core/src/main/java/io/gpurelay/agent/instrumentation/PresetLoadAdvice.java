package io.gpurelay.agent.instrumentation;

import net.bytebuddy.asm.Advice;

/**
 * Inlined at the start of JavaCPP's {@code Loader.load(Class, Properties, boolean, String)}: returns at once (null) for
 * the classes of presets whose natives the agent rewrites.
 */
final class PresetLoadAdvice
{
    private PresetLoadAdvice()
    {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class)
    static boolean skipRelayedPreset(@Advice.Argument(0) final Class<?> type)
    {
        return RelayedLibraries.skipClass(type);
    }
}
