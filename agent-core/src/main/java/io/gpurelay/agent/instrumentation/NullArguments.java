package io.gpurelay.agent.instrumentation;

/**
 * What a rewritten native calls first for each argument JCuda's JNI code checks ({@link NullChecks}): the same
 * NullPointerException, with JCuda's message, before anything is relayed. The message is a constant of the calling
 * body, so a non-null argument costs a comparison.
 */
public final class NullArguments
{
    private NullArguments()
    {
    }

    public static void check(final Object argument, final String message)
    {
        if (argument == null)
        {
            throw new NullPointerException(message);
        }
    }
}
