package io.gpurelay.protocol;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;

/**
 * The name a client goes by: in the executor's log, in its session list, and in the Aeron client name of the
 * agent. Both sides make it the same way, so that a name is always usable and what the executor shows is what the
 * client sent: control characters and other invisible code points become {@code ?}, runs of white space become one
 * space, and a name longer than {@link #MAX_LENGTH} characters is cut there, ending in {@code ...}.
 */
public final class ClientName
{
    /** Characters (code points) of a client name; long enough for a jar's file name or a fully qualified class. */
    public static final int MAX_LENGTH = 64;

    /** The name of a client that gave none, or nothing usable. */
    public static final String UNNAMED = "unnamed";

    private static final String CUT_MARK = "...";

    private ClientName()
    {
    }

    /**
     * @return {@code name} made safe to show and to pass to Aeron: printable, single spaced, at most
     * {@link #MAX_LENGTH} characters; {@link #UNNAMED} when nothing printable is left.
     */
    public static String sanitise(final String name)
    {
        if (name == null)
        {
            return UNNAMED;
        }
        final StringBuilder printable = new StringBuilder(Math.min(name.length(), 4 * MAX_LENGTH));
        boolean pendingSpace = false;
        int codePoints = 0;
        for (int i = 0; i < name.length() && codePoints <= MAX_LENGTH; )
        {
            final int codePoint = name.codePointAt(i);
            i += Character.charCount(codePoint);
            if (Character.isWhitespace(codePoint) || Character.isSpaceChar(codePoint))
            {
                pendingSpace = printable.length() > 0;
                continue;
            }
            if (pendingSpace)
            {
                printable.append(' ');
                codePoints++;
                pendingSpace = false;
            }
            printable.appendCodePoint(isVisible(codePoint) ? codePoint : '?');
            codePoints++;
        }
        if (printable.length() == 0)
        {
            return UNNAMED;
        }
        if (printable.codePointCount(0, printable.length()) <= MAX_LENGTH)
        {
            return printable.toString();
        }
        final int keep = printable.offsetByCodePoints(0, MAX_LENGTH - CUT_MARK.length());
        return printable.substring(0, keep) + CUT_MARK;
    }

    /**
     * @return whether {@link #sanitise} leaves {@code name} as it is.
     */
    public static boolean isSanitised(final String name)
    {
        return sanitise(name).equals(name);
    }

    /**
     * The default name of a JVM from its launch command ({@code sun.java.command}): for {@code java -jar PATH} the
     * jar's file name, not its path; for a main class the class (without a module name); sanitised.
     *
     * @param javaCommand the launch command, main class or jar first, then the program's arguments.
     * @param fallback    used when the command is empty, e.g. the JVM's {@code pid@host}.
     */
    public static String fromJavaCommand(final String javaCommand, final String fallback)
    {
        final String command = javaCommand == null ? "" : javaCommand.trim();
        if (command.isEmpty())
        {
            return sanitise(fallback);
        }
        final String first = firstWord(command);
        if (first.endsWith(".jar") || first.endsWith(".JAR"))
        {
            return sanitise(fileName(first));
        }
        final int moduleSeparator = first.indexOf('/');
        return sanitise(moduleSeparator >= 0 ? first.substring(moduleSeparator + 1) : first);
    }

    /**
     * The Aeron client name for a client of this name: ASCII only (Aeron keeps it in ASCII counters), within
     * Aeron's 100-character limit.
     */
    public static String aeronClientName(final String prefix, final String name)
    {
        final String safe = sanitise(name);
        final StringBuilder ascii = new StringBuilder(prefix.length() + safe.length() + 3);
        ascii.append(prefix).append(" (");
        safe.codePoints().forEach(codePoint -> ascii.append(codePoint >= 0x20 && codePoint < 0x7f ?
            (char)codePoint : '?'));
        return ascii.append(')').toString();
    }

    private static String firstWord(final String command)
    {
        for (int i = 0; i < command.length(); i++)
        {
            if (Character.isWhitespace(command.charAt(i)))
            {
                return command.substring(0, i);
            }
        }
        return command;
    }

    private static String fileName(final String jar)
    {
        try
        {
            final Path name = Path.of(jar).getFileName();
            return name == null ? jar : name.toString();
        }
        catch (final InvalidPathException ex)
        {
            final int slash = Math.max(jar.lastIndexOf('/'), jar.lastIndexOf('\\'));
            return jar.substring(slash + 1);
        }
    }

    private static boolean isVisible(final int codePoint)
    {
        switch (Character.getType(codePoint))
        {
            case Character.CONTROL:
            case Character.FORMAT:
            case Character.SURROGATE:
            case Character.PRIVATE_USE:
            case Character.UNASSIGNED:
            case Character.LINE_SEPARATOR:
            case Character.PARAGRAPH_SEPARATOR:
                return false;
            default:
                return true;
        }
    }
}
