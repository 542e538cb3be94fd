package io.gpurelay.executor.log;

import java.io.PrintStream;
import java.util.Locale;

/**
 * The executor's log: one line per event on stderr, prefixed so that it stands out in a shared console and is easy
 * to grep. Deliberately not java.util.logging: its shutdown hook resets handlers while the executor is still closing
 * sessions on SIGTERM, and those closing lines are the ones operators need. Thread safe.
 */
public final class ExecutorLog
{
    public static final String PREFIX = "gpurelay executor: ";

    public enum Level
    {
        ERROR, WARN, INFO, DEBUG;

        public static Level fromName(final String name)
        {
            try
            {
                return valueOf(name.trim().toUpperCase(Locale.ROOT));
            }
            catch (final IllegalArgumentException ex)
            {
                throw new IllegalArgumentException(
                    "unknown log level '" + name + "': expected error, warn, info or debug", ex);
            }
        }
    }

    private final PrintStream out;
    private final Level level;
    private final String prefix;

    public ExecutorLog(final PrintStream out, final Level level)
    {
        this(out, level, PREFIX);
    }

    /**
     * @param prefix starts every line; a worker process names itself and its pid, as its lines share the
     *               executor's stderr.
     */
    public ExecutorLog(final PrintStream out, final Level level, final String prefix)
    {
        this.out = out;
        this.level = level;
        this.prefix = prefix;
    }

    public Level level()
    {
        return level;
    }

    public boolean isEnabled(final Level level)
    {
        return level.compareTo(this.level) <= 0;
    }

    public void error(final String message, final Throwable cause)
    {
        if (isEnabled(Level.ERROR))
        {
            synchronized (out)
            {
                out.println(prefix + "error: " + message);
                if (cause != null)
                {
                    cause.printStackTrace(out);
                }
                out.flush();
            }
        }
    }

    public void warn(final String message)
    {
        if (isEnabled(Level.WARN))
        {
            print("warning: " + message);
        }
    }

    public void info(final String message)
    {
        if (isEnabled(Level.INFO))
        {
            print(message);
        }
    }

    public void debug(final String message)
    {
        if (isEnabled(Level.DEBUG))
        {
            print("debug: " + message);
        }
    }

    private void print(final String message)
    {
        synchronized (out)
        {
            out.println(prefix + message);
            out.flush();
        }
    }
}
