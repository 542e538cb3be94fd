package io.gpurelay.emulator.fft;

import java.util.HashMap;
import java.util.Map;

/**
 * Multi-dimensional transforms of dense row-major arrays (the last dimension varies fastest), as cuFFT computes
 * them: complex-to-complex in either direction, real-to-complex keeping the {@code n/2 + 1} non-redundant
 * coefficients of the last dimension, and complex-to-real from those, all unnormalised. A transform along each
 * dimension in turn, with one {@link Fft} per length, kept for later calls.
 * <p>
 * Not thread-safe.
 */
public final class FftNd
{
    private static final int KEPT_LENGTHS = 16;

    private final Map<Integer, Fft> transforms = new HashMap<>();
    private double[] lineRe = new double[0];
    private double[] lineIm = new double[0];

    /**
     * Transform {@code re + i im} in place.
     *
     * @param dims the sizes, outermost first; their product is the arrays' length.
     * @param sign {@link Fft#FORWARD} or {@link Fft#INVERSE}.
     */
    public void complex(final double[] re, final double[] im, final int[] dims, final int sign)
    {
        final int total = product(dims);
        if (re.length < total || im.length < total)
        {
            throw new IllegalArgumentException("arrays of " + re.length + " for " + total + " elements");
        }
        int inner = total;
        for (int d = 0; d < dims.length; d++)
        {
            final int size = dims[d];
            inner /= size;
            if (size == 1)
            {
                continue;
            }
            final Fft fft = transform(size);
            if (inner == 1)
            {
                for (int start = 0; start < total; start += size)
                {
                    fft.transform(re, im, start, sign);
                }
                continue;
            }
            ensureLine(size);
            final int block = size * inner;
            for (int outer = 0; outer < total; outer += block)
            {
                for (int i = 0; i < inner; i++)
                {
                    final int base = outer + i;
                    for (int k = 0; k < size; k++)
                    {
                        lineRe[k] = re[base + k * inner];
                        lineIm[k] = im[base + k * inner];
                    }
                    fft.transform(lineRe, lineIm, 0, sign);
                    for (int k = 0; k < size; k++)
                    {
                        re[base + k * inner] = lineRe[k];
                        im[base + k * inner] = lineIm[k];
                    }
                }
            }
        }
    }

    /**
     * The forward transform of real data: {@code real} has {@code product(dims)} values; the result's last dimension
     * has {@code dims[last] / 2 + 1} coefficients (cuFFT's R2C layout).
     *
     * @return {re, im} of {@link #halfDims(int[])}'s shape.
     */
    public double[][] realToComplex(final double[] real, final int[] dims)
    {
        final int total = product(dims);
        final double[] re = new double[total];
        final double[] im = new double[total];
        System.arraycopy(real, 0, re, 0, total);
        complex(re, im, dims, Fft.FORWARD);
        final int last = dims[dims.length - 1];
        final int half = last / 2 + 1;
        final int rows = total / last;
        final double[] halfRe = new double[rows * half];
        final double[] halfIm = new double[rows * half];
        for (int row = 0; row < rows; row++)
        {
            System.arraycopy(re, row * last, halfRe, row * half, half);
            System.arraycopy(im, row * last, halfIm, row * half, half);
        }
        return new double[][]{ halfRe, halfIm };
    }

    /**
     * The inverse transform to real data from the non-redundant half of a Hermitian spectrum (cuFFT's C2R): the
     * other coefficients are the conjugates of their mirror images, {@code X[-k] = conj(X[k])}, and the imaginary
     * parts that a real signal cannot have are ignored, as cuFFT does.
     *
     * @param halfRe the real parts, of {@link #halfDims(int[])}'s shape.
     * @param dims   the real data's sizes.
     * @return {@code product(dims)} reals.
     */
    public double[] complexToReal(final double[] halfRe, final double[] halfIm, final int[] dims)
    {
        final int total = product(dims);
        final int last = dims[dims.length - 1];
        final int half = last / 2 + 1;
        final int rows = total / last;
        final double[] re = new double[total];
        final double[] im = new double[total];
        final int outerDims = dims.length - 1;
        final int[] index = new int[outerDims];
        for (int row = 0; row < rows; row++)
        {
            // The mirror row: each outer index negated modulo its size.
            int mirror = 0;
            for (int d = 0; d < outerDims; d++)
            {
                mirror = mirror * dims[d] + (index[d] == 0 ? 0 : dims[d] - index[d]);
            }
            for (int k = 0; k < last; k++)
            {
                if (k < half)
                {
                    re[row * last + k] = halfRe[row * half + k];
                    im[row * last + k] = halfIm[row * half + k];
                }
                else
                {
                    re[row * last + k] = halfRe[mirror * half + last - k];
                    im[row * last + k] = -halfIm[mirror * half + last - k];
                }
            }
            for (int d = outerDims - 1; d >= 0; d--)
            {
                if (++index[d] < dims[d])
                {
                    break;
                }
                index[d] = 0;
            }
        }
        // The real part of the inverse is the inverse of the spectrum's Hermitian part, (X[k] + conj(X[-k])) / 2:
        // the imaginary parts a real signal cannot have drop out.
        complex(re, im, dims, Fft.INVERSE);
        return re;
    }

    /**
     * The shape of the complex side of a real transform: the last size becomes {@code n / 2 + 1}.
     */
    public static int[] halfDims(final int[] dims)
    {
        final int[] half = dims.clone();
        half[half.length - 1] = dims[dims.length - 1] / 2 + 1;
        return half;
    }

    public static int product(final int[] dims)
    {
        long product = 1;
        for (final int size : dims)
        {
            if (size < 1)
            {
                throw new IllegalArgumentException("size " + size);
            }
            product *= size;
            if (product > Integer.MAX_VALUE - 8)
            {
                throw new IllegalArgumentException("a transform of more than 2^31 elements is too large for the " +
                    "emulator");
            }
        }
        return (int)product;
    }

    /**
     * The transform of a length, kept for later calls; past {@value #KEPT_LENGTHS} lengths the kept ones are dropped,
     * so that a session of many sizes does not hold their tables for ever.
     */
    private Fft transform(final int size)
    {
        Fft fft = transforms.get(size);
        if (fft == null)
        {
            if (transforms.size() >= KEPT_LENGTHS)
            {
                transforms.clear();
            }
            fft = new Fft(size);
            transforms.put(size, fft);
        }
        return fft;
    }

    private void ensureLine(final int size)
    {
        if (lineRe.length < size)
        {
            lineRe = new double[size];
            lineIm = new double[size];
        }
    }
}
