package io.gpurelay.emulator.blas;

/**
 * {@code cublasPointerMode_t}: whether scalars and reduction results live in host or device memory.
 */
public final class CublasPointerMode
{
    public static final int HOST = 0;
    public static final int DEVICE = 1;

    private CublasPointerMode()
    {
    }

    static boolean isValid(final int mode)
    {
        return mode == HOST || mode == DEVICE;
    }
}
