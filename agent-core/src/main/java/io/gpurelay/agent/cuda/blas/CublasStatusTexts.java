package io.gpurelay.agent.cuda.blas;

import io.gpurelay.protocol.CublasStatus;

/**
 * What {@code cublasGetStatusName} and {@code cublasGetStatusString} answer, computed in the client for both bindings
 * (the names are {@code cublasStatus_t}'s, the strings the meanings cuBLAS's documentation gives): free of JCuda's
 * classes, so a JavaCPP program, which has none, can use it.
 */
public final class CublasStatusTexts
{
    /** {@code CUBLAS_STATUS_LICENSE_ERROR}, which no gpurelay call returns. */
    private static final int LICENSE_ERROR = 16;

    private CublasStatusTexts()
    {
    }

    /**
     * The status's {@code cublasStatus_t} name; for a value that is none, a text that says so.
     */
    public static String name(final int status)
    {
        return switch (status)
        {
            case CublasStatus.SUCCESS -> "CUBLAS_STATUS_SUCCESS";
            case CublasStatus.NOT_INITIALIZED -> "CUBLAS_STATUS_NOT_INITIALIZED";
            case CublasStatus.ALLOC_FAILED -> "CUBLAS_STATUS_ALLOC_FAILED";
            case CublasStatus.INVALID_VALUE -> "CUBLAS_STATUS_INVALID_VALUE";
            case CublasStatus.ARCH_MISMATCH -> "CUBLAS_STATUS_ARCH_MISMATCH";
            case CublasStatus.MAPPING_ERROR -> "CUBLAS_STATUS_MAPPING_ERROR";
            case CublasStatus.EXECUTION_FAILED -> "CUBLAS_STATUS_EXECUTION_FAILED";
            case CublasStatus.INTERNAL_ERROR -> "CUBLAS_STATUS_INTERNAL_ERROR";
            case CublasStatus.NOT_SUPPORTED -> "CUBLAS_STATUS_NOT_SUPPORTED";
            case LICENSE_ERROR -> "CUBLAS_STATUS_LICENSE_ERROR";
            default -> "unrecognized cublasStatus_t " + status;
        };
    }

    /**
     * What the status means, in the words of cuBLAS's documentation of {@code cublasStatus_t}.
     */
    public static String description(final int status)
    {
        return switch (status)
        {
            case CublasStatus.SUCCESS -> "the operation completed successfully";
            case CublasStatus.NOT_INITIALIZED -> "the cuBLAS library was not initialized";
            case CublasStatus.ALLOC_FAILED -> "resource allocation failed inside the cuBLAS library";
            case CublasStatus.INVALID_VALUE -> "an unsupported value or parameter was passed to the function";
            case CublasStatus.ARCH_MISMATCH -> "the function requires a feature absent from the device architecture";
            case CublasStatus.MAPPING_ERROR -> "an access to GPU memory space failed";
            case CublasStatus.EXECUTION_FAILED -> "the GPU program failed to execute";
            case CublasStatus.INTERNAL_ERROR -> "an internal cuBLAS operation failed";
            case CublasStatus.NOT_SUPPORTED -> "the functionality requested is not supported";
            case LICENSE_ERROR -> "the functionality requested requires some license and an error was detected " +
                "when trying to check the current licensing";
            default -> "unknown cuBLAS status " + status;
        };
    }
}
