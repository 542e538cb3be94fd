package io.gpurelay.protocol;

/**
 * The {@code cufftResult} values of cuFFT (generated into {@link CufftStatusCodes} from the library status
 * description), and its transform directions. Numbers are cuFFT's own.
 */
public final class CufftStatus extends CufftStatusCodes
{
    /** {@code CUFFT_FORWARD}: the exponent's sign. */
    public static final int FORWARD = -1;
    /** {@code CUFFT_INVERSE}. */
    public static final int INVERSE = 1;

    private CufftStatus()
    {
    }
}
