package io.gpurelay.emulator.blas;

/**
 * {@code cublasComputeType_t} values of CUDA 13, generated into {@link CublasComputeTypeCodes}.
 * {@code cublasGemmEx} also takes the legacy {@code cudaDataType} values {@link CudaDataType#R_32F} and
 * {@link CudaDataType#R_64F} as compute types, as cuBLAS still does for binaries built against CUDA 10.
 */
public final class CublasComputeType extends CublasComputeTypeCodes
{
    private CublasComputeType()
    {
    }

    /**
     * Compute types whose result single precision satisfies: the fast and emulated ones permit lower internal
     * precision but do not require it, so exact single precision is a valid way to honour them.
     */
    static boolean isSinglePrecision(final int computeType)
    {
        return switch (computeType)
        {
            case COMPUTE_32F, COMPUTE_32F_PEDANTIC, COMPUTE_32F_FAST_16F, COMPUTE_32F_FAST_16BF,
                COMPUTE_32F_FAST_TF32, COMPUTE_32F_EMULATED_16BFX9, CudaDataType.R_32F -> true;
            default -> false;
        };
    }

    static boolean isDoublePrecision(final int computeType)
    {
        return switch (computeType)
        {
            case COMPUTE_64F, COMPUTE_64F_PEDANTIC, COMPUTE_64F_EMULATED_FIXEDPOINT, CudaDataType.R_64F -> true;
            default -> false;
        };
    }
}
