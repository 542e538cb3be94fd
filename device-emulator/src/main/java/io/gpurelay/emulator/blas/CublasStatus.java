package io.gpurelay.emulator.blas;

/**
 * {@code cublasStatus_t}: what every routine of the emulated cuBLAS returns, with the values of CUDA 13's
 * {@code cublas_api.h}.
 */
public final class CublasStatus
{
    public static final int SUCCESS = 0;
    public static final int NOT_INITIALIZED = 1;
    public static final int ALLOC_FAILED = 3;
    public static final int INVALID_VALUE = 7;
    public static final int ARCH_MISMATCH = 8;
    public static final int MAPPING_ERROR = 11;
    public static final int EXECUTION_FAILED = 13;
    public static final int INTERNAL_ERROR = 14;
    public static final int NOT_SUPPORTED = 15;

    private CublasStatus()
    {
    }

    /**
     * The constant's name in {@code cublas_api.h}, for messages and logs.
     */
    public static String name(final int status)
    {
        return switch (status)
        {
            case SUCCESS -> "CUBLAS_STATUS_SUCCESS";
            case NOT_INITIALIZED -> "CUBLAS_STATUS_NOT_INITIALIZED";
            case ALLOC_FAILED -> "CUBLAS_STATUS_ALLOC_FAILED";
            case INVALID_VALUE -> "CUBLAS_STATUS_INVALID_VALUE";
            case ARCH_MISMATCH -> "CUBLAS_STATUS_ARCH_MISMATCH";
            case MAPPING_ERROR -> "CUBLAS_STATUS_MAPPING_ERROR";
            case EXECUTION_FAILED -> "CUBLAS_STATUS_EXECUTION_FAILED";
            case INTERNAL_ERROR -> "CUBLAS_STATUS_INTERNAL_ERROR";
            case NOT_SUPPORTED -> "CUBLAS_STATUS_NOT_SUPPORTED";
            default -> "cublasStatus_t(" + status + ")";
        };
    }
}
