package io.gpurelay.emulator.blas;

/**
 * {@code cublasGemmAlgo_t}. The emulator has one algorithm; it only checks that the value is one cuBLAS knows, as
 * cuBLAS 13.1 refuses 24 and 1000 with {@link CublasStatus#INVALID_VALUE}.
 */
public final class CublasGemmAlgo
{
    public static final int DEFAULT = -1;
    public static final int ALGO0 = 0;
    public static final int ALGO23 = 23;
    public static final int DEFAULT_TENSOR_OP = 99;
    public static final int ALGO0_TENSOR_OP = 100;
    public static final int ALGO15_TENSOR_OP = 115;
    public static final int AUTOTUNE = 999;

    private CublasGemmAlgo()
    {
    }

    static boolean isValid(final int algo)
    {
        return algo == DEFAULT || (algo >= ALGO0 && algo <= ALGO23) || algo == DEFAULT_TENSOR_OP ||
            (algo >= ALGO0_TENSOR_OP && algo <= ALGO15_TENSOR_OP) || algo == AUTOTUNE;
    }
}
