package io.gpurelay.bench;

/**
 * One figure of one transport, or, with a {@code NaN} value, a benchmark that could not run there and why.
 *
 * @param parameter the size or the call measured, e.g. {@code 65536} bytes or {@code cuCtxSynchronize}.
 * @param metric    e.g. {@code p50}, {@code bandwidth}, {@code time}; empty when not available.
 * @param note      empty for a figure; {@code n/a (error ...)} otherwise.
 */
public record BenchResult(
    Transport transport, String benchmark, String parameter, String metric, double value, String unit, String note)
{
    static BenchResult figure(
        final Transport transport, final String benchmark, final String parameter, final String metric,
        final double value, final String unit)
    {
        return new BenchResult(transport, benchmark, parameter, metric, value, unit, "");
    }

    static BenchResult notAvailable(
        final Transport transport, final String benchmark, final String parameter, final String reason)
    {
        return new BenchResult(transport, benchmark, parameter, "", Double.NaN, "", "n/a (error " + reason + ")");
    }

    public boolean available()
    {
        return !Double.isNaN(value);
    }
}
