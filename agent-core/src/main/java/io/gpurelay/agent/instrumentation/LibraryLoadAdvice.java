package io.gpurelay.agent.instrumentation;

import net.bytebuddy.asm.Advice;

/**
 * Inlined at the start of JCuda's {@code LibUtils.loadLibrary(String, String...)}: returns at once for the libraries
 * of rewritten bindings.
 */
final class LibraryLoadAdvice
{
    private LibraryLoadAdvice()
    {
    }

    @Advice.OnMethodEnter(skipOn = Advice.OnNonDefaultValue.class)
    static boolean skipRelayedLibrary(@Advice.Argument(0) final String libraryName)
    {
        return RelayedLibraries.skip(libraryName);
    }
}
