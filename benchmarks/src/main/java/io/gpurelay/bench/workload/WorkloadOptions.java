package io.gpurelay.bench.workload;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * What a workload run measures, from {@code key=value} arguments the harness writes (see {@link #toArguments}).
 *
 * @param cublas             how sgemm is called: {@code jcublas} (JCublas2, as an application would; through the
 *                           agent) or {@code javacpp} (JavaCPP's cuBLAS presets, for the local figure on a CUDA 13
 *                           host where JCublas2 12.6 cannot load).
 * @param latencyWarmup      untimed small calls before the timed ones, per call.
 * @param latencyIterations  timed small calls, per call.
 * @param launches           kernel launches in the timed loop (a tenth as many warm it up).
 * @param copySizes          bytes per copy, for both directions.
 * @param copyBudget         bytes each size moves per direction; the repetitions follow from it (3 to 1000).
 * @param saxpySizes         vector lengths of SAXPY.
 * @param matmulSizes        n of the n × n tiled PTX matmul.
 * @param sgemmSizes         n of the n × n cuBLAS sgemm.
 * @param repeats            timed repetitions of each end-to-end run (after one untimed).
 */
public record WorkloadOptions(
    String cublas,
    int latencyWarmup,
    int latencyIterations,
    int launches,
    long[] copySizes,
    long copyBudget,
    long[] saxpySizes,
    long[] matmulSizes,
    long[] sgemmSizes,
    int repeats)
{
    public static final String JCUBLAS = "jcublas";
    public static final String JAVACPP = "javacpp";

    public String[] toArguments()
    {
        return new String[]{
            "cublas=" + cublas,
            "latency.warmup=" + latencyWarmup,
            "latency.iterations=" + latencyIterations,
            "launches=" + launches,
            "copy.sizes=" + join(copySizes),
            "copy.budget=" + copyBudget,
            "saxpy.sizes=" + join(saxpySizes),
            "matmul.sizes=" + join(matmulSizes),
            "sgemm.sizes=" + join(sgemmSizes),
            "repeats=" + repeats };
    }

    public WorkloadOptions withCublas(final String cublas)
    {
        return new WorkloadOptions(cublas, latencyWarmup, latencyIterations, launches, copySizes, copyBudget,
            saxpySizes, matmulSizes, sgemmSizes, repeats);
    }

    static WorkloadOptions parse(final String[] args)
    {
        final Map<String, String> values = new HashMap<>();
        for (final String arg : args)
        {
            final int equals = arg.indexOf('=');
            if (equals <= 0)
            {
                throw new IllegalArgumentException("expected key=value, got '" + arg + "'");
            }
            values.put(arg.substring(0, equals), arg.substring(equals + 1));
        }
        return new WorkloadOptions(
            values.getOrDefault("cublas", JCUBLAS),
            Integer.parseInt(values.getOrDefault("latency.warmup", "1000")),
            Integer.parseInt(values.getOrDefault("latency.iterations", "10000")),
            Integer.parseInt(values.getOrDefault("launches", "10000")),
            sizes(values.getOrDefault("copy.sizes", "")),
            Long.parseLong(values.getOrDefault("copy.budget", "67108864")),
            sizes(values.getOrDefault("saxpy.sizes", "")),
            sizes(values.getOrDefault("matmul.sizes", "")),
            sizes(values.getOrDefault("sgemm.sizes", "")),
            Integer.parseInt(values.getOrDefault("repeats", "3")));
    }

    private static long[] sizes(final String list)
    {
        return list.isBlank() ? new long[0] : Arrays.stream(list.split(",")).mapToLong(Long::parseLong).toArray();
    }

    private static String join(final long[] sizes)
    {
        final StringBuilder text = new StringBuilder();
        for (final long size : sizes)
        {
            text.append(text.length() == 0 ? "" : ",").append(size);
        }
        return text.toString();
    }

    public boolean equals(final Object other)
    {
        return other instanceof WorkloadOptions that && Arrays.equals(toArguments(), that.toArguments());
    }

    public int hashCode()
    {
        return Arrays.hashCode(toArguments());
    }

    public String toString()
    {
        return String.join(" ", toArguments());
    }
}
