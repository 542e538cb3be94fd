package io.gpurelay.emulator.blas;

/**
 * {@code cublasSideMode_t}: on which side of the other operand the symmetric or triangular matrix stands.
 */
public final class CublasSideMode
{
    public static final int LEFT = 0;
    public static final int RIGHT = 1;

    private CublasSideMode()
    {
    }

    static boolean isValid(final int side)
    {
        return side == LEFT || side == RIGHT;
    }
}
