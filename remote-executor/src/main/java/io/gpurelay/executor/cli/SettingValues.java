package io.gpurelay.executor.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the executor's settings are written: byte sizes ({@code 4g}, {@code 512m}, {@code 1048576}) and durations
 * ({@code 500ms}, {@code 10s}, {@code 2m}). The same rules hold on the command line, in the environment and in the
 * properties file.
 */
public final class SettingValues
{
    private static final Pattern SIZE = Pattern.compile("(\\d{1,19})([kmgt]?)", Pattern.CASE_INSENSITIVE);
    private static final Pattern DURATION = Pattern.compile("(\\d{1,12})(ms|s|m|h)", Pattern.CASE_INSENSITIVE);

    private SettingValues()
    {
    }

    /**
     * Bytes, with an optional binary suffix k, m, g or t (1k = 1024), in either case.
     */
    public static long parseSize(final String text)
    {
        final Matcher matcher = SIZE.matcher(text.trim());
        if (!matcher.matches())
        {
            throw new IllegalArgumentException("'" + text + "' is not a size: write bytes, or a whole number " +
                "followed by k, m, g or t (e.g. 4g, 512m)");
        }
        final int shift = switch (matcher.group(2).toLowerCase(Locale.ROOT))
        {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        final long value;
        try
        {
            value = Long.parseLong(matcher.group(1));
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("'" + text + "' is too large", ex);
        }
        if (value > (Long.MAX_VALUE >> shift))
        {
            throw new IllegalArgumentException("'" + text + "' is too large");
        }
        if (value == 0)
        {
            throw new IllegalArgumentException("'" + text + "': the size must be more than 0");
        }
        return value << shift;
    }

    /**
     * A whole number with a unit: ms, s, m or h. A unit is required, so that {@code 10} is never mistaken.
     */
    public static Duration parseDuration(final String text)
    {
        final Matcher matcher = DURATION.matcher(text.trim());
        if (!matcher.matches())
        {
            throw new IllegalArgumentException("'" + text + "' is not a duration: write a whole number followed by " +
                "ms, s, m or h (e.g. 500ms, 10s, 2m)");
        }
        final long value = Long.parseLong(matcher.group(1));
        final Duration duration = switch (matcher.group(2).toLowerCase(Locale.ROOT))
        {
            case "ms" -> Duration.ofMillis(value);
            case "s" -> Duration.ofSeconds(value);
            case "m" -> Duration.ofMinutes(value);
            default -> Duration.ofHours(value);
        };
        if (duration.isZero())
        {
            throw new IllegalArgumentException("'" + text + "': the duration must be more than 0");
        }
        return duration;
    }

    /**
     * A limit that may be switched off: {@code 0}, {@code none} or a zero duration ({@code 0s}) for no limit, else a
     * duration as {@link #parseDuration} reads it.
     */
    public static Duration parseOptionalDuration(final String text)
    {
        final String trimmed = text.trim();
        if (trimmed.equals("0") || trimmed.equalsIgnoreCase("none") || trimmed.matches("0+\\s*(?i:ms|s|m|h)"))
        {
            return Duration.ZERO;
        }
        return parseDuration(trimmed);
    }

    /**
     * A duration as a person would write it back: {@code 10s}, {@code 500ms}.
     */
    public static String formatDuration(final Duration duration)
    {
        final long millis = duration.toMillis();
        if (millis % 1000 != 0)
        {
            return millis + "ms";
        }
        final long seconds = millis / 1000;
        return seconds % 60 == 0 && seconds > 0 ? seconds / 60 + "m" : seconds + "s";
    }
}
