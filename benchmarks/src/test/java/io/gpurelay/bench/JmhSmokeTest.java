package io.gpurelay.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Collection;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * The JMH benchmarks are generated and run: one short measurement of each family, in this JVM, so that a broken
 * benchmark shows in the build and not only when someone runs them.
 */
class JmhSmokeTest
{
    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void encodingDecodingAndDispatchBenchmarksRun() throws RunnerException
    {
        final Options options = new OptionsBuilder()
            .include("EncodingBenchmark.proxySmallCall$")
            .include("DecodingBenchmark.smallCall$")
            .include("DispatchBenchmark.contextSynchronize$")
            .forks(0)
            .warmupIterations(0)
            .measurementIterations(1)
            .measurementTime(TimeValue.milliseconds(200))
            .shouldFailOnError(true)
            .build();
        final Collection<RunResult> results = new Runner(options).run();
        assertEquals(3, results.size());
        for (final RunResult result : results)
        {
            final double nanosPerCall = result.getPrimaryResult().getScore();
            assertTrue(nanosPerCall > 0 && nanosPerCall < 1_000_000,
                result.getParams().getBenchmark() + ": " + nanosPerCall + " ns per call");
        }
    }
}
