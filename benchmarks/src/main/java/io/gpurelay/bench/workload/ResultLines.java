package io.gpurelay.bench.workload;

import java.io.PrintStream;
import java.util.Locale;

/**
 * How a workload reports to the harness: one line per figure on standard output, tab separated, behind a marker that
 * nothing else prints. {@code @bench benchmark parameter metric value unit} is a figure; {@code @bench-na benchmark
 * parameter reason} says that a benchmark could not run, and why.
 */
public final class ResultLines
{
    public static final String FIGURE_MARKER = "@bench";
    public static final String NOT_AVAILABLE_MARKER = "@bench-na";

    private static final int MAX_REASON_LENGTH = 160;

    private final PrintStream out;

    public ResultLines(final PrintStream out)
    {
        this.out = out;
    }

    public void figure(
        final String benchmark, final String parameter, final String metric, final double value, final String unit)
    {
        out.printf(Locale.ROOT, "%s\t%s\t%s\t%s\t%.6g\t%s%n", FIGURE_MARKER, benchmark, parameter, metric, value, unit);
        out.flush();
    }

    public void notAvailable(final String benchmark, final String parameter, final Throwable cause)
    {
        final String message = String.valueOf(cause.getMessage()).lines().findFirst().orElse("").replace('\t', ' ');
        final String reason = cause.getClass().getSimpleName() + ": " +
            (message.length() > MAX_REASON_LENGTH ? message.substring(0, MAX_REASON_LENGTH) + " ..." : message);
        out.printf(Locale.ROOT, "%s\t%s\t%s\t%s%n", NOT_AVAILABLE_MARKER, benchmark, parameter, reason);
        out.flush();
    }
}
