package io.gpurelay.agent.instrumentation;

import java.lang.reflect.InvocationTargetException;

/** Calls a static method of a rewritten test class by reflection, throwing what the method threw. */
final class StaticCalls
{
    private StaticCalls()
    {
    }

    static Object invoke(final Class<?> type, final String name, final Class<?>[] parameterTypes, final Object... args)
        throws Exception
    {
        try
        {
            return type.getMethod(name, parameterTypes).invoke(null, args);
        }
        catch (final InvocationTargetException ex)
        {
            throw (Exception)ex.getCause();
        }
    }
}
