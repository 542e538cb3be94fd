package io.gpurelay.emulator.fft;

/**
 * A discrete Fourier transform of one length, the emulator's reference for cuFFT: {@code X[k] = sum_j x[j] *
 * exp(sign * 2 pi i j k / n)}, unnormalised as cuFFT's is (a forward and an inverse transform multiply by n). Any
 * length: a power of two runs an iterative radix-2 transform; any other length Bluestein's algorithm, which writes
 * the transform as a convolution done with radix-2 transforms of a power-of-two length of at least {@code 2n - 1}.
 * Both take {@code O(n log n)} and compute in double precision; the chirp's angles are reduced exactly
 * ({@code j^2 mod 2n}), so that large lengths keep their accuracy.
 * <p>
 * An instance holds its tables and scratch space and is not thread-safe.
 */
public final class Fft
{
    /** {@code CUFFT_FORWARD}. */
    public static final int FORWARD = -1;
    /** {@code CUFFT_INVERSE}. */
    public static final int INVERSE = 1;

    private final int n;
    private final Radix2 radix2;
    private final int convolutionLength;
    private final Radix2 convolution;
    /** Bluestein's chirp {@code exp(-pi i j^2 / n)} for the forward sign; conjugated for the inverse. */
    private final double[] chirpRe;
    private final double[] chirpIm;
    /** The transform of the conjugated chirp, for each sign. */
    private final double[][] kernelRe = new double[2][];
    private final double[][] kernelIm = new double[2][];
    private final double[] workRe;
    private final double[] workIm;

    /**
     * @param n the transform's length, at least 1.
     */
    public Fft(final int n)
    {
        if (n < 1)
        {
            throw new IllegalArgumentException("transform length " + n);
        }
        this.n = n;
        if (Integer.bitCount(n) == 1)
        {
            radix2 = new Radix2(n);
            convolutionLength = 0;
            convolution = null;
            chirpRe = null;
            chirpIm = null;
            workRe = null;
            workIm = null;
        }
        else
        {
            radix2 = null;
            if (n > (1 << 29))
            {
                throw new IllegalArgumentException("transform length " + n + " is too large for the emulator");
            }
            convolutionLength = Integer.highestOneBit(2 * n - 1) << 1;
            convolution = new Radix2(convolutionLength);
            chirpRe = new double[n];
            chirpIm = new double[n];
            final long twoN = 2L * n;
            for (int j = 0; j < n; j++)
            {
                final long square = (long)j * j % twoN;
                final double angle = Math.PI * square / n;
                chirpRe[j] = Math.cos(angle);
                chirpIm[j] = -Math.sin(angle);
            }
            workRe = new double[convolutionLength];
            workIm = new double[convolutionLength];
        }
    }

    public int length()
    {
        return n;
    }

    /**
     * Transform {@code n} complex values in place, starting at {@code offset} of the arrays.
     *
     * @param sign {@link #FORWARD} or {@link #INVERSE}.
     */
    public void transform(final double[] re, final double[] im, final int offset, final int sign)
    {
        if (sign != FORWARD && sign != INVERSE)
        {
            throw new IllegalArgumentException("direction " + sign);
        }
        if (radix2 != null)
        {
            radix2.transform(re, im, offset, sign);
            return;
        }
        bluestein(re, im, offset, sign);
    }

    private void bluestein(final double[] re, final double[] im, final int offset, final int sign)
    {
        // c_j = exp(sign * pi i j^2 / n): the stored chirp is the forward one, conjugated for the inverse.
        final double conjugate = sign == FORWARD ? 1 : -1;
        final int which = sign == FORWARD ? 0 : 1;
        if (kernelRe[which] == null)
        {
            final double[] kRe = new double[convolutionLength];
            final double[] kIm = new double[convolutionLength];
            for (int j = 0; j < n; j++)
            {
                // b_j = conj(c_j), for j and -j.
                kRe[j] = chirpRe[j];
                kIm[j] = -conjugate * chirpIm[j];
                if (j > 0)
                {
                    kRe[convolutionLength - j] = kRe[j];
                    kIm[convolutionLength - j] = kIm[j];
                }
            }
            convolution.transform(kRe, kIm, 0, FORWARD);
            kernelRe[which] = kRe;
            kernelIm[which] = kIm;
        }
        final double[] kRe = kernelRe[which];
        final double[] kIm = kernelIm[which];
        java.util.Arrays.fill(workRe, 0);
        java.util.Arrays.fill(workIm, 0);
        for (int j = 0; j < n; j++)
        {
            final double cRe = chirpRe[j];
            final double cIm = conjugate * chirpIm[j];
            final double xRe = re[offset + j];
            final double xIm = im[offset + j];
            workRe[j] = xRe * cRe - xIm * cIm;
            workIm[j] = xRe * cIm + xIm * cRe;
        }
        convolution.transform(workRe, workIm, 0, FORWARD);
        for (int k = 0; k < convolutionLength; k++)
        {
            final double aRe = workRe[k];
            final double aIm = workIm[k];
            workRe[k] = aRe * kRe[k] - aIm * kIm[k];
            workIm[k] = aRe * kIm[k] + aIm * kRe[k];
        }
        convolution.transform(workRe, workIm, 0, INVERSE);
        final double scale = 1.0 / convolutionLength;
        for (int k = 0; k < n; k++)
        {
            final double cRe = chirpRe[k];
            final double cIm = conjugate * chirpIm[k];
            final double yRe = workRe[k] * scale;
            final double yIm = workIm[k] * scale;
            re[offset + k] = yRe * cRe - yIm * cIm;
            im[offset + k] = yRe * cIm + yIm * cRe;
        }
    }

    /**
     * An in-place iterative radix-2 transform of a power-of-two length.
     */
    private static final class Radix2
    {
        private final int n;
        private final int[] reversed;
        /** {@code cos(2 pi k / n)} and {@code sin(2 pi k / n)} for k below n/2. */
        private final double[] cos;
        private final double[] sin;

        Radix2(final int n)
        {
            this.n = n;
            reversed = new int[n];
            final int bits = Integer.numberOfTrailingZeros(n);
            for (int i = 0; i < n; i++)
            {
                reversed[i] = bits == 0 ? 0 : Integer.reverse(i) >>> (32 - bits);
            }
            cos = new double[Math.max(1, n / 2)];
            sin = new double[Math.max(1, n / 2)];
            for (int k = 0; k < n / 2; k++)
            {
                final double angle = 2 * Math.PI * k / n;
                cos[k] = Math.cos(angle);
                sin[k] = Math.sin(angle);
            }
        }

        void transform(final double[] re, final double[] im, final int offset, final int sign)
        {
            for (int i = 0; i < n; i++)
            {
                final int j = reversed[i];
                if (j > i)
                {
                    final double tRe = re[offset + i];
                    re[offset + i] = re[offset + j];
                    re[offset + j] = tRe;
                    final double tIm = im[offset + i];
                    im[offset + i] = im[offset + j];
                    im[offset + j] = tIm;
                }
            }
            for (int size = 2; size <= n; size <<= 1)
            {
                final int half = size >>> 1;
                final int step = n / size;
                for (int start = 0; start < n; start += size)
                {
                    for (int k = 0; k < half; k++)
                    {
                        final double wRe = cos[k * step];
                        final double wIm = sign * sin[k * step];
                        final int a = offset + start + k;
                        final int b = a + half;
                        final double bRe = re[b] * wRe - im[b] * wIm;
                        final double bIm = re[b] * wIm + im[b] * wRe;
                        re[b] = re[a] - bRe;
                        im[b] = im[a] - bIm;
                        re[a] += bRe;
                        im[a] += bIm;
                    }
                }
            }
        }
    }
}
