package io.gpurelay.emulator.blas;

/**
 * {@code cublasFillMode_t}. {@link #FULL} exists in the header but no routine emulated here accepts it: cuBLAS
 * answers {@link CublasStatus#INVALID_VALUE} for it in symv, the only one measured.
 */
public final class CublasFillMode
{
    public static final int LOWER = 0;
    public static final int UPPER = 1;
    public static final int FULL = 2;

    private CublasFillMode()
    {
    }

    static boolean isTriangle(final int fillMode)
    {
        return fillMode == LOWER || fillMode == UPPER;
    }
}
