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
}
