package io.gpurelay.agent.jcuda;

import org.junit.jupiter.api.function.Executable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The agent refuses a null argument as JCuda's own checks do: a NullPointerException naming the parameter and the
 * function.
 */
public final class NullArguments
{
    private NullArguments()
    {
    }

    public static void assertRefused(final String parameter, final String function, final Executable call)
    {
        final NullPointerException thrown = assertThrows(NullPointerException.class, call);
        assertEquals("Parameter '" + parameter + "' is null for " + function, thrown.getMessage());
    }
}
