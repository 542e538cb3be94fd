package io.gpurelay.emulator.fft;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The emulator's FFT against the definition of the DFT, computed naively in O(n^2) per dimension: lengths that are
 * powers of two (radix-2), primes and other composites (Bluestein), 1 to 3 dimensions, both directions, and the real
 * transforms' half-spectrum layout.
 */
final class FftTest
{
    private static final double TOLERANCE = 1e-9;

    @ParameterizedTest
    @ValueSource(ints = { 1, 2, 3, 4, 5, 7, 8, 12, 13, 16, 17, 31, 60, 64, 97, 100, 128, 243, 256, 1000, 1021 })
    void oneDimensionalMatchesTheDefinitionInBothDirections(final int n)
    {
        final SplittableRandom random = new SplittableRandom(n);
        for (final int sign : new int[]{ Fft.FORWARD, Fft.INVERSE })
        {
            final double[] re = randomArray(random, n);
            final double[] im = randomArray(random, n);
            final double[][] expected = naive(re, im, new int[]{ n }, sign);
            new Fft(n).transform(re, im, 0, sign);
            assertClose(expected[0], re, n);
            assertClose(expected[1], im, n);
        }
    }

    @Test
    void forwardThenInverseMultipliesByTheLength()
    {
        final int n = 37;
        final SplittableRandom random = new SplittableRandom(1);
        final double[] re = randomArray(random, n);
        final double[] im = randomArray(random, n);
        final double[] re0 = re.clone();
        final double[] im0 = im.clone();
        final Fft fft = new Fft(n);
        fft.transform(re, im, 0, Fft.FORWARD);
        fft.transform(re, im, 0, Fft.INVERSE);
        for (int i = 0; i < n; i++)
        {
            assertEquals(n * re0[i], re[i], 1e-9 * n);
            assertEquals(n * im0[i], im[i], 1e-9 * n);
        }
    }

    @Test
    void anOffsetTransformsOnlyItsOwnElements()
    {
        final SplittableRandom random = new SplittableRandom(2);
        final double[] re = randomArray(random, 20);
        final double[] im = randomArray(random, 20);
        final double[] reBefore = re.clone();
        final double[] part = new double[6];
        final double[] partIm = new double[6];
        System.arraycopy(re, 7, part, 0, 6);
        System.arraycopy(im, 7, partIm, 0, 6);
        final double[][] expected = naive(part, partIm, new int[]{ 6 }, Fft.FORWARD);
        new Fft(6).transform(re, im, 7, Fft.FORWARD);
        for (int i = 0; i < 6; i++)
        {
            assertEquals(expected[0][i], re[7 + i], TOLERANCE);
            assertEquals(expected[1][i], im[7 + i], TOLERANCE);
        }
        assertEquals(reBefore[6], re[6]);
        assertEquals(reBefore[13], re[13]);
    }

    @ParameterizedTest
    @ValueSource(strings = { "4x8", "3x5", "7x16", "2x3x5", "4x4x4", "5x1x6", "1x9" })
    void multiDimensionalComplexMatchesTheDefinition(final String shape)
    {
        final int[] dims = dims(shape);
        final int total = FftNd.product(dims);
        final SplittableRandom random = new SplittableRandom(total);
        for (final int sign : new int[]{ Fft.FORWARD, Fft.INVERSE })
        {
            final double[] re = randomArray(random, total);
            final double[] im = randomArray(random, total);
            final double[][] expected = naive(re, im, dims, sign);
            new FftNd().complex(re, im, dims, sign);
            assertClose(expected[0], re, total);
            assertClose(expected[1], im, total);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = { "1", "2", "7", "8", "15", "16", "4x6", "5x7", "3x4x5", "2x2x9" })
    void realToComplexKeepsTheNonRedundantHalfAndComplexToRealInvertsIt(final String shape)
    {
        final int[] dims = dims(shape);
        final int total = FftNd.product(dims);
        final SplittableRandom random = new SplittableRandom(31L * total);
        final double[] real = randomArray(random, total);
        final double[][] full = naive(real, new double[total], dims, Fft.FORWARD);
        final FftNd fft = new FftNd();
        final double[][] half = fft.realToComplex(real, dims);
        final int last = dims[dims.length - 1];
        final int halfLast = last / 2 + 1;
        assertEquals(total / last * halfLast, half[0].length);
        for (int row = 0; row < total / last; row++)
        {
            for (int k = 0; k < halfLast; k++)
            {
                assertEquals(full[0][row * last + k], half[0][row * halfLast + k], TOLERANCE * total);
                assertEquals(full[1][row * last + k], half[1][row * halfLast + k], TOLERANCE * total);
            }
        }
        final double[] back = fft.complexToReal(half[0], half[1], dims);
        for (int i = 0; i < total; i++)
        {
            assertEquals(total * real[i], back[i], TOLERANCE * total);
        }
    }

    @Test
    void complexToRealMatchesTheDefinitionOfAFullHermitianSpectrum()
    {
        final int[] dims = { 3, 6 };
        final SplittableRandom random = new SplittableRandom(5);
        final double[] signal = randomArray(random, 18);
        final double[][] spectrum = naive(signal, new double[18], dims, Fft.FORWARD);
        final double[][] inverse = naive(spectrum[0], spectrum[1], dims, Fft.INVERSE);
        final double[][] half = new FftNd().realToComplex(signal, dims);
        final double[] real = new FftNd().complexToReal(half[0], half[1], dims);
        assertClose(inverse[0], real, 18);
    }

    @Test
    void badLengthsAndDirectionsAreRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> new Fft(0));
        assertThrows(IllegalArgumentException.class, () -> new Fft(4).transform(new double[4], new double[4], 0, 2));
        assertThrows(IllegalArgumentException.class, () -> FftNd.product(new int[]{ 65536, 65536 }));
    }

    /**
     * The DFT by its definition, one dimension after another, in double precision with exact angle reduction.
     */
    static double[][] naive(final double[] re, final double[] im, final int[] dims, final int sign)
    {
        double[] curRe = re.clone();
        double[] curIm = im.clone();
        final int total = FftNd.product(dims);
        int inner = total;
        for (final int size : dims)
        {
            inner /= size;
            final double[] nextRe = new double[total];
            final double[] nextIm = new double[total];
            for (int flat = 0; flat < total; flat++)
            {
                final int k = flat / inner % size;
                final int base = flat - k * inner;
                double sumRe = 0;
                double sumIm = 0;
                for (int j = 0; j < size; j++)
                {
                    final double angle = sign * 2 * Math.PI * ((long)j * k % size) / size;
                    final double c = Math.cos(angle);
                    final double s = Math.sin(angle);
                    final double xRe = curRe[base + j * inner];
                    final double xIm = curIm[base + j * inner];
                    sumRe += xRe * c - xIm * s;
                    sumIm += xRe * s + xIm * c;
                }
                nextRe[flat] = sumRe;
                nextIm[flat] = sumIm;
            }
            curRe = nextRe;
            curIm = nextIm;
        }
        return new double[][]{ curRe, curIm };
    }

    private static void assertClose(final double[] expected, final double[] actual, final int n)
    {
        for (int i = 0; i < n; i++)
        {
            assertEquals(expected[i], actual[i], TOLERANCE * Math.max(1, n), "element " + i);
        }
    }

    private static double[] randomArray(final SplittableRandom random, final int n)
    {
        final double[] values = new double[n];
        for (int i = 0; i < n; i++)
        {
            values[i] = random.nextDouble(-1, 1);
        }
        return values;
    }

    private static int[] dims(final String shape)
    {
        final String[] parts = shape.split("x");
        final int[] dims = new int[parts.length];
        for (int i = 0; i < parts.length; i++)
        {
            dims[i] = Integer.parseInt(parts[i]);
        }
        return dims;
    }
}
