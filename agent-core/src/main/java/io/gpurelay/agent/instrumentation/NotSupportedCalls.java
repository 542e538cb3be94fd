package io.gpurelay.agent.instrumentation;

import java.lang.reflect.Method;

import io.gpurelay.agent.log.AgentLog;

/**
 * Called by the rewritten native methods that gpurelay does not remote. Public because the calls come from the
 * binding's own classes.
 */
public final class NotSupportedCalls
{
    static final Method STATUS_HANDLER = handler("status", String.class, int.class);
    static final Method REPORT = handler("report", String.class);

    private NotSupportedCalls()
    {
    }

    /**
     * Log the message once and return the binding's "not supported" status.
     */
    public static int status(final String message, final int status)
    {
        AgentLog.warnOnce(message);
        return status;
    }

    /**
     * Log the message once; for native methods that return no status.
     */
    public static void report(final String message)
    {
        AgentLog.warnOnce(message);
    }

    private static Method handler(final String name, final Class<?>... parameterTypes)
    {
        try
        {
            return NotSupportedCalls.class.getMethod(name, parameterTypes);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
