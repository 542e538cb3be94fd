package io.gpurelay.emulator.solver;

/**
 * The {@code cusolverStatus_t} values of {@code cusolver_common.h} that the emulated routines return (the header has
 * more, for the iterative-refinement solvers and licensing, which nothing here produces).
 * <p>
 * Written by hand rather than generated from {@code wire-protocol/src/main/statuses/library-statuses.txt} as
 * {@code CublasStatus} is: that description does not list cuSOLVER yet. Moving the values there when the protocol
 * relays cuSOLVER keeps one list of them.
 */
public final class CusolverStatus
{
    /** {@code CUSOLVER_STATUS_SUCCESS}. */
    public static final int SUCCESS = 0;
    /** {@code CUSOLVER_STATUS_NOT_INITIALIZED}: a null or destroyed handle. */
    public static final int NOT_INITIALIZED = 1;
    /** {@code CUSOLVER_STATUS_ALLOC_FAILED}. */
    public static final int ALLOC_FAILED = 2;
    /** {@code CUSOLVER_STATUS_INVALID_VALUE}: a bad size, leading dimension, enum value or workspace size. */
    public static final int INVALID_VALUE = 3;
    /** {@code CUSOLVER_STATUS_ARCH_MISMATCH}. */
    public static final int ARCH_MISMATCH = 4;
    /** {@code CUSOLVER_STATUS_MAPPING_ERROR}. */
    public static final int MAPPING_ERROR = 5;
    /** {@code CUSOLVER_STATUS_EXECUTION_FAILED}: what a faulting kernel gives, here a range outside the memory. */
    public static final int EXECUTION_FAILED = 6;
    /** {@code CUSOLVER_STATUS_INTERNAL_ERROR}. */
    public static final int INTERNAL_ERROR = 7;
    /** {@code CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED}. */
    public static final int MATRIX_TYPE_NOT_SUPPORTED = 8;
    /** {@code CUSOLVER_STATUS_NOT_SUPPORTED}. */
    public static final int NOT_SUPPORTED = 9;

    private CusolverStatus()
    {
    }

    /**
     * @return the status's name in {@code cusolver_common.h}, or for a number that is none of these, a text that
     * says so.
     */
    public static String name(final int status)
    {
        return switch (status)
        {
            case SUCCESS -> "CUSOLVER_STATUS_SUCCESS";
            case NOT_INITIALIZED -> "CUSOLVER_STATUS_NOT_INITIALIZED";
            case ALLOC_FAILED -> "CUSOLVER_STATUS_ALLOC_FAILED";
            case INVALID_VALUE -> "CUSOLVER_STATUS_INVALID_VALUE";
            case ARCH_MISMATCH -> "CUSOLVER_STATUS_ARCH_MISMATCH";
            case MAPPING_ERROR -> "CUSOLVER_STATUS_MAPPING_ERROR";
            case EXECUTION_FAILED -> "CUSOLVER_STATUS_EXECUTION_FAILED";
            case INTERNAL_ERROR -> "CUSOLVER_STATUS_INTERNAL_ERROR";
            case MATRIX_TYPE_NOT_SUPPORTED -> "CUSOLVER_STATUS_MATRIX_TYPE_NOT_SUPPORTED";
            case NOT_SUPPORTED -> "CUSOLVER_STATUS_NOT_SUPPORTED";
            default -> "cusolverStatus_t(" + status + ")";
        };
    }
}
