package io.gpurelay.emulator.rand;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.function.DoubleUnaryOperator;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Distribution checks over a million samples per generator. Bounds are five standard errors of the statistic for
 * means and variances, and the 0.1% critical value 1.95 / sqrt(n) for the Kolmogorov-Smirnov distance, so a correct
 * generator fails one of them far less than once in a thousand runs (and the seeds are fixed).
 */
class CurandStatisticsTest
{
    private static final int SAMPLES = 1_000_000;
    private static final double KS_CRITICAL = 1.95 / Math.sqrt(SAMPLES);

    private final RandDevice device = new RandDevice();

    @AfterEach
    void close()
    {
        device.close();
    }

    @ParameterizedTest
    @ValueSource(ints = { CurandRngType.PSEUDO_XORWOW, CurandRngType.PSEUDO_MRG32K3A,
        CurandRngType.PSEUDO_PHILOX4_32_10 })
    void uniformsAreUniformOnTheHalfOpenUnitInterval(final int type)
    {
        final long output = device.allocate(SAMPLES * 8L);
        final CurandGenerator generator = device.generator(type, 2024);

        assertEquals(0, generator.generateUniform(output, SAMPLES));
        final float[] floats = device.floats(output, SAMPLES);
        final double[] singles = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++)
        {
            assertTrue(floats[i] > 0.0f && floats[i] <= 1.0f, "uniform " + floats[i]);
            singles[i] = floats[i];
        }
        checkUniform(singles);

        assertEquals(0, generator.generateUniformDouble(output, SAMPLES));
        final double[] doubles = device.doubles(output, SAMPLES);
        for (final double value : doubles)
        {
            assertTrue(value > 0.0 && value <= 1.0, "uniform double " + value);
        }
        checkUniform(doubles);
    }

    private static void checkUniform(final double[] values)
    {
        assertEquals(0.5, mean(values), 5 * Math.sqrt(1.0 / 12 / SAMPLES));
        assertEquals(1.0 / 12, variance(values), 5 * Math.sqrt((1.0 / 80 - 1.0 / 144) / SAMPLES));
        assertTrue(ksDistance(values, x -> x) < KS_CRITICAL);
    }

    @ParameterizedTest
    @ValueSource(ints = { CurandRngType.PSEUDO_XORWOW, CurandRngType.PSEUDO_MRG32K3A,
        CurandRngType.PSEUDO_PHILOX4_32_10 })
    void normalsHaveTheRequestedMeanAndDeviation(final int type)
    {
        final long output = device.allocate(SAMPLES * 8L);
        final CurandGenerator generator = device.generator(type, 7);
        final double mean = 2.0;
        final double stddev = 3.0;

        assertEquals(0, generator.generateNormal(output, SAMPLES, (float)mean, (float)stddev));
        final float[] floats = device.floats(output, SAMPLES);
        final double[] singles = new double[SAMPLES];
        for (int i = 0; i < SAMPLES; i++)
        {
            singles[i] = floats[i];
        }
        checkNormal(singles, mean, stddev);

        assertEquals(0, generator.generateNormalDouble(output, SAMPLES, mean, stddev));
        checkNormal(device.doubles(output, SAMPLES), mean, stddev);
    }

    private static void checkNormal(final double[] values, final double mean, final double stddev)
    {
        assertEquals(mean, mean(values), 5 * stddev / Math.sqrt(SAMPLES));
        assertEquals(stddev * stddev, variance(values), 5 * stddev * stddev * Math.sqrt(2.0 / SAMPLES));
        assertTrue(ksDistance(values, x -> standardNormalCdf((x - mean) / stddev)) < KS_CRITICAL);
    }

    @ParameterizedTest
    @ValueSource(ints = { CurandRngType.PSEUDO_XORWOW, CurandRngType.PSEUDO_MRG32K3A,
        CurandRngType.PSEUDO_PHILOX4_32_10 })
    void logNormalsAreExponentialsOfNormals(final int type)
    {
        final long output = device.allocate(SAMPLES * 8L);
        final CurandGenerator generator = device.generator(type, 8);

        assertEquals(0, generator.generateLogNormalDouble(output, SAMPLES, 0.5, 0.25));
        final double[] logs = device.doubles(output, SAMPLES);
        for (int i = 0; i < SAMPLES; i++)
        {
            assertTrue(logs[i] > 0.0);
            logs[i] = Math.log(logs[i]);
        }
        checkNormal(logs, 0.5, 0.25);

        assertEquals(0, generator.generateLogNormal(output, SAMPLES, 0.5f, 0.25f));
        final float[] floats = device.floats(output, SAMPLES);
        for (int i = 0; i < SAMPLES; i++)
        {
            logs[i] = Math.log(floats[i]);
        }
        assertEquals(0.5, mean(logs), 5 * 0.25 / Math.sqrt(SAMPLES));
    }

    @ParameterizedTest
    @ValueSource(ints = { CurandRngType.PSEUDO_XORWOW, CurandRngType.PSEUDO_MRG32K3A,
        CurandRngType.PSEUDO_PHILOX4_32_10 })
    void poissonCountsHaveMeanAndVarianceLambda(final int type)
    {
        final long output = device.allocate(SAMPLES * 4L);
        final CurandGenerator generator = device.generator(type, 9);
        for (final double lambda : new double[]{ 0.25, 4.5, 1000.0 })
        {
            assertEquals(0, generator.generatePoisson(output, SAMPLES, lambda));
            final int[] counts = device.ints(output, SAMPLES);
            final double[] values = new double[SAMPLES];
            for (int i = 0; i < SAMPLES; i++)
            {
                values[i] = counts[i];
            }
            assertEquals(lambda, mean(values), 5 * Math.sqrt(lambda / SAMPLES), "mean for lambda " + lambda);
            assertEquals(lambda, variance(values), 5 * Math.sqrt((lambda + 2 * lambda * lambda) / SAMPLES),
                "variance for lambda " + lambda);
            if (lambda == 4.5)
            {
                checkPoissonFrequencies(counts, lambda);
            }
        }
    }

    private static void checkPoissonFrequencies(final int[] counts, final double lambda)
    {
        final int[] observed = new int[13];
        for (final int count : counts)
        {
            if (count < observed.length)
            {
                observed[count]++;
            }
        }
        double probability = Math.exp(-lambda);
        for (int k = 0; k < observed.length; k++)
        {
            final double expected = probability * SAMPLES;
            assertEquals(expected, observed[k], 5 * Math.sqrt(expected * (1 - probability)), "frequency of " + k);
            probability *= lambda / (k + 1);
        }
    }

    private static double mean(final double[] values)
    {
        double sum = 0.0;
        for (final double value : values)
        {
            sum += value;
        }
        return sum / values.length;
    }

    private static double variance(final double[] values)
    {
        final double mean = mean(values);
        double sum = 0.0;
        for (final double value : values)
        {
            sum += (value - mean) * (value - mean);
        }
        return sum / (values.length - 1);
    }

    private static double ksDistance(final double[] values, final DoubleUnaryOperator cdf)
    {
        final double[] sorted = values.clone();
        Arrays.sort(sorted);
        double distance = 0.0;
        for (int i = 0; i < sorted.length; i++)
        {
            final double f = cdf.applyAsDouble(sorted[i]);
            distance = Math.max(distance, Math.max(f - (double)i / sorted.length, (i + 1.0) / sorted.length - f));
        }
        return distance;
    }

    /**
     * Phi(x) through the complementary error function of Numerical Recipes (erfcc, relative error below 1.2e-7),
     * far finer than the Kolmogorov-Smirnov bound it feeds.
     */
    private static double standardNormalCdf(final double x)
    {
        final double z = Math.abs(x) / Math.sqrt(2.0);
        final double t = 1.0 / (1.0 + 0.5 * z);
        final double erfc = t * Math.exp(-z * z - 1.26551223 + t * (1.00002368 + t * (0.37409196 + t * (0.09678418 +
            t * (-0.18628806 + t * (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 +
            t * 0.17087277)))))))));
        return x >= 0 ? 1.0 - 0.5 * erfc : 0.5 * erfc;
    }
}
