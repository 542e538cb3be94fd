package io.gpurelay.agent.log;

import java.io.PrintStream;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The agent's only output: single lines on stderr, prefixed {@code gpurelay: }. The agent runs inside someone else's
 * application, so it never prints stack traces and says each recurring problem once.
 */
public final class AgentLog
{
    public enum Level
    {
        ERROR, WARN, INFO, DEBUG;

        /**
         * @return the level named (case-insensitive), or null if the name is none of them.
         */
        public static Level parse(final String name)
        {
            for (final Level level : values())
            {
                if (level.name().equalsIgnoreCase(name.trim()))
                {
                    return level;
                }
            }
            return null;
        }

        public String lowerCaseName()
        {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final Level DEFAULT_LEVEL = Level.WARN;
    private static final String PREFIX = "gpurelay: ";

    private static final Set<String> SAID_ONCE = ConcurrentHashMap.newKeySet();
    private static volatile Level threshold = DEFAULT_LEVEL;
    private static volatile PrintStream target;

    private AgentLog()
    {
    }

    /**
     * @param out where lines go; null for whatever {@code System.err} is when a line is written.
     */
    public static void configure(final Level level, final PrintStream out)
    {
        threshold = level;
        target = out;
    }

    public static boolean isEnabled(final Level level)
    {
        return level.ordinal() <= threshold.ordinal();
    }

    public static void error(final String message)
    {
        log(Level.ERROR, message);
    }

    public static void warn(final String message)
    {
        log(Level.WARN, message);
    }

    public static void info(final String message)
    {
        log(Level.INFO, message);
    }

    public static void debug(final String message)
    {
        log(Level.DEBUG, message);
    }

    /**
     * Log a warning the first time this exact message comes, and never again in this JVM.
     */
    public static void warnOnce(final String message)
    {
        if (SAID_ONCE.add(message))
        {
            warn(message);
        }
    }

    public static void log(final Level level, final String message)
    {
        if (isEnabled(level))
        {
            final PrintStream out = target != null ? target : System.err;
            out.println(PREFIX + message);
        }
    }

    /**
     * A throwable as one line: its type and message, and its cause's, without a stack trace.
     */
    public static String describe(final Throwable throwable)
    {
        final StringBuilder text = new StringBuilder(throwable.toString());
        Throwable cause = throwable.getCause();
        for (int depth = 0; cause != null && depth < 3; depth++, cause = cause.getCause())
        {
            text.append(" (caused by ").append(cause).append(')');
        }
        return text.toString().replace('\n', ' ');
    }
}
