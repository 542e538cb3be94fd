package io.gpurelay.emulator.blas;

/**
 * {@code cublasMath_t}. The emulator stores the mode and hands it back; it never changes how results are computed,
 * since every mode only permits, never requires, lower internal precision.
 */
public final class CublasMath
{
    public static final int DEFAULT_MATH = 0;
    public static final int TENSOR_OP_MATH = 1;
    public static final int PEDANTIC_MATH = 2;
    public static final int TF32_TENSOR_OP_MATH = 3;
    public static final int FP32_EMULATED_BF16X9_MATH = 4;
    public static final int FP64_EMULATED_FIXEDPOINT_MATH = 8;
    public static final int DISALLOW_REDUCED_PRECISION_REDUCTION = 16;

    /**
     * cuBLAS 13.1 accepted every value below 32 that was tried (0 to 5, 8, 16, 19) and refused 32 and 100, so the
     * check is on the five bits the modes and the flag occupy.
     */
    private static final int KNOWN_BITS = 0x1F;

    private CublasMath()
    {
    }

    static boolean isValid(final int mode)
    {
        return (mode & ~KNOWN_BITS) == 0;
    }
}
