package io.gpurelay.protocol;

/**
 * The {@code curandStatus_t} values of cuRAND's host API. Numbers are cuRAND's own.
 */
public final class CurandStatus
{
    public static final int SUCCESS = 0;
    public static final int VERSION_MISMATCH = 100;
    public static final int NOT_INITIALIZED = 101;
    public static final int ALLOCATION_FAILED = 102;
    public static final int TYPE_ERROR = 103;
    public static final int OUT_OF_RANGE = 104;
    public static final int LENGTH_NOT_MULTIPLE = 105;
    public static final int DOUBLE_PRECISION_REQUIRED = 106;
    public static final int LAUNCH_FAILURE = 201;
    public static final int PREEXISTING_FAILURE = 202;
    public static final int INITIALIZATION_FAILED = 203;
    public static final int ARCH_MISMATCH = 204;
    public static final int INTERNAL_ERROR = 999;

    private CurandStatus()
    {
    }

    /**
     * The constant's name in {@code curand.h}.
     */
    public static String name(final int status)
    {
        return switch (status)
        {
            case SUCCESS -> "CURAND_STATUS_SUCCESS";
            case VERSION_MISMATCH -> "CURAND_STATUS_VERSION_MISMATCH";
            case NOT_INITIALIZED -> "CURAND_STATUS_NOT_INITIALIZED";
            case ALLOCATION_FAILED -> "CURAND_STATUS_ALLOCATION_FAILED";
            case TYPE_ERROR -> "CURAND_STATUS_TYPE_ERROR";
            case OUT_OF_RANGE -> "CURAND_STATUS_OUT_OF_RANGE";
            case LENGTH_NOT_MULTIPLE -> "CURAND_STATUS_LENGTH_NOT_MULTIPLE";
            case DOUBLE_PRECISION_REQUIRED -> "CURAND_STATUS_DOUBLE_PRECISION_REQUIRED";
            case LAUNCH_FAILURE -> "CURAND_STATUS_LAUNCH_FAILURE";
            case PREEXISTING_FAILURE -> "CURAND_STATUS_PREEXISTING_FAILURE";
            case INITIALIZATION_FAILED -> "CURAND_STATUS_INITIALIZATION_FAILED";
            case ARCH_MISMATCH -> "CURAND_STATUS_ARCH_MISMATCH";
            case INTERNAL_ERROR -> "CURAND_STATUS_INTERNAL_ERROR";
            default -> "curandStatus_t " + status;
        };
    }
}
