package io.gpurelay.protocol;

/**
 * The {@code cufftResult} values of cuFFT, and its transform types. Numbers are cuFFT's own.
 */
public final class CufftStatus
{
    public static final int SUCCESS = 0;
    public static final int INVALID_PLAN = 1;
    public static final int ALLOC_FAILED = 2;
    public static final int INVALID_TYPE = 3;
    public static final int INVALID_VALUE = 4;
    public static final int INTERNAL_ERROR = 5;
    public static final int EXEC_FAILED = 6;
    public static final int SETUP_FAILED = 7;
    public static final int INVALID_SIZE = 8;
    public static final int UNALIGNED_DATA = 9;
    public static final int INCOMPLETE_PARAMETER_LIST = 10;
    public static final int INVALID_DEVICE = 11;
    public static final int PARSE_ERROR = 12;
    public static final int NO_WORKSPACE = 13;
    public static final int NOT_IMPLEMENTED = 14;
    public static final int LICENSE_ERROR = 15;
    public static final int NOT_SUPPORTED = 16;

    /** {@code CUFFT_FORWARD}: the exponent's sign. */
    public static final int FORWARD = -1;
    /** {@code CUFFT_INVERSE}. */
    public static final int INVERSE = 1;

    private CufftStatus()
    {
    }

    /**
     * The constant's name in {@code cufft.h}.
     */
    public static String name(final int status)
    {
        return switch (status)
        {
            case SUCCESS -> "CUFFT_SUCCESS";
            case INVALID_PLAN -> "CUFFT_INVALID_PLAN";
            case ALLOC_FAILED -> "CUFFT_ALLOC_FAILED";
            case INVALID_TYPE -> "CUFFT_INVALID_TYPE";
            case INVALID_VALUE -> "CUFFT_INVALID_VALUE";
            case INTERNAL_ERROR -> "CUFFT_INTERNAL_ERROR";
            case EXEC_FAILED -> "CUFFT_EXEC_FAILED";
            case SETUP_FAILED -> "CUFFT_SETUP_FAILED";
            case INVALID_SIZE -> "CUFFT_INVALID_SIZE";
            case UNALIGNED_DATA -> "CUFFT_UNALIGNED_DATA";
            case INCOMPLETE_PARAMETER_LIST -> "CUFFT_INCOMPLETE_PARAMETER_LIST";
            case INVALID_DEVICE -> "CUFFT_INVALID_DEVICE";
            case PARSE_ERROR -> "CUFFT_PARSE_ERROR";
            case NO_WORKSPACE -> "CUFFT_NO_WORKSPACE";
            case NOT_IMPLEMENTED -> "CUFFT_NOT_IMPLEMENTED";
            case LICENSE_ERROR -> "CUFFT_LICENSE_ERROR";
            case NOT_SUPPORTED -> "CUFFT_NOT_SUPPORTED";
            default -> "cufftResult " + status;
        };
    }
}
