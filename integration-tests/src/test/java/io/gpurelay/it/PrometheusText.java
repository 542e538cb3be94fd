package io.gpurelay.it;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A strict reader of the Prometheus text exposition format (version 0.0.4), enough to check an endpoint: every line
 * must be a HELP or TYPE comment or a sample of a family whose TYPE came before it, with well-formed labels and
 * value. Samples are kept by their series, {@code name{label="value",...}} with the labels in the order written.
 */
final class PrometheusText
{
    private static final Pattern SAMPLE =
        Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)\\})? (\\S+)( -?\\d+)?$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"(,|$)");
    private static final Pattern TYPE =
        Pattern.compile("^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$");

    private final Map<String, String> types = new HashMap<>();
    private final Map<String, Double> samples = new LinkedHashMap<>();

    private PrometheusText()
    {
    }

    /**
     * @throws AssertionError naming the first line that is not valid.
     */
    static PrometheusText parse(final String text)
    {
        final PrometheusText parsed = new PrometheusText();
        text.lines().forEach(parsed::line);
        return parsed;
    }

    String type(final String family)
    {
        return types.get(family);
    }

    /**
     * @return the sample's value, or null when the endpoint has no such series.
     */
    Double value(final String series)
    {
        return samples.get(series);
    }

    Map<String, Double> samples()
    {
        return samples;
    }

    private void line(final String line)
    {
        if (line.isEmpty() || line.startsWith("# HELP "))
        {
            return;
        }
        if (line.startsWith("#"))
        {
            final Matcher type = TYPE.matcher(line);
            check(type.matches(), "not a TYPE line", line);
            types.put(type.group(1), type.group(2));
            return;
        }
        final Matcher sample = SAMPLE.matcher(line);
        check(sample.matches(), "not a sample", line);
        final String name = sample.group(1);
        check(types.containsKey(name) || types.containsKey(name.replaceFirst("_(bucket|count|sum)$", "")),
            "sample before its family's TYPE", line);
        if (sample.group(3) != null && !sample.group(3).isEmpty())
        {
            final Matcher label = LABEL.matcher(sample.group(3));
            int end = 0;
            while (label.find() && label.start() == end)
            {
                end = label.end();
            }
            check(end == sample.group(3).length(), "malformed labels", line);
        }
        final String value = sample.group(4);
        final double parsed = switch (value)
        {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default ->
            {
                try
                {
                    yield Double.parseDouble(value);
                }
                catch (final NumberFormatException ex)
                {
                    throw new AssertionError("not a sample value in line: " + line, ex);
                }
            }
        };
        check(samples.put(name + (sample.group(2) == null ? "" : sample.group(2)), parsed) == null,
            "duplicate series", line);
    }

    private static void check(final boolean condition, final String what, final String line)
    {
        if (!condition)
        {
            throw new AssertionError(what + " in Prometheus text: " + line);
        }
    }
}
