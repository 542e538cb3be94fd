package io.gpurelay.executor.log;

/**
 * Text a client chose (its name, its channel) made safe for one line of the executor's log: quoted, control and
 * invisible characters escaped ({@code \xNN}, {@code \\uNNNN}; visible letters of any script are kept), and cut to a
 * fixed length so that a client can neither forge log lines nor flood the log.
 */
public final class LogText
{
    /** Characters of client text a log line shows; the rest is counted. */
    static final int MAX_SHOWN = 128;

    private LogText()
    {
    }

    public static String quote(final String text)
    {
        if (text == null)
        {
            return "(none)";
        }
        final int shown = Math.min(text.length(), MAX_SHOWN);
        final StringBuilder quoted = new StringBuilder(shown + 16).append('\'');
        for (int i = 0; i < shown; i++)
        {
            final char c = text.charAt(i);
            if (c == '\\' || c == '\'')
            {
                quoted.append('\\').append(c);
            }
            else if (c >= 0x20 && c < 0x7F || c >= 0xA0 && isVisible(c))
            {
                quoted.append(c);
            }
            else if (c <= 0xFF)
            {
                quoted.append(String.format("\\x%02x", (int)c));
            }
            else
            {
                quoted.append(String.format("\\u%04x", (int)c));
            }
        }
        quoted.append('\'');
        if (text.length() > shown)
        {
            quoted.append(" (+").append(text.length() - shown).append(" more characters)");
        }
        return quoted.toString();
    }

    /**
     * The text of a {@link #quote quoted} client name, for where a name is shown without quotes (the session
     * counters): exact for names made by {@code ClientName.sanitise}, which {@link #quote} only escapes {@code \\} and
     * {@code '} of.
     */
    public static String unquote(final String quoted)
    {
        if (quoted.length() < 2 || quoted.charAt(0) != '\'' || quoted.charAt(quoted.length() - 1) != '\'')
        {
            return quoted;
        }
        final StringBuilder text = new StringBuilder(quoted.length());
        for (int i = 1; i < quoted.length() - 1; i++)
        {
            final char c = quoted.charAt(i);
            if (c == '\\' && i + 1 < quoted.length() - 1 &&
                (quoted.charAt(i + 1) == '\\' || quoted.charAt(i + 1) == '\''))
            {
                i++;
                text.append(quoted.charAt(i));
            }
            else
            {
                text.append(c);
            }
        }
        return text.toString();
    }

    private static boolean isVisible(final char c)
    {
        return switch (Character.getType(c))
        {
            case Character.CONTROL, Character.FORMAT, Character.SURROGATE, Character.PRIVATE_USE, Character.UNASSIGNED,
                Character.LINE_SEPARATOR, Character.PARAGRAPH_SEPARATOR, Character.SPACE_SEPARATOR -> false;
            default -> true;
        };
    }
}
