package io.gpurelay.emulator.blas;

/**
 * {@code cudaDataType} values that {@code cublasGemmEx} is asked about; only the two real types are emulated.
 */
public final class CudaDataType
{
    public static final int R_32F = 0;
    public static final int R_64F = 1;
    public static final int R_16F = 2;
    public static final int R_16BF = 14;

    private CudaDataType()
    {
    }
}
