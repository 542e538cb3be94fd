package io.gpurelay.emulator.blas;

/**
 * {@code cublasDiagType_t}: whether a triangular matrix's diagonal is read or taken as ones.
 */
public final class CublasDiagType
{
    public static final int NON_UNIT = 0;
    public static final int UNIT = 1;

    private CublasDiagType()
    {
    }

    static boolean isValid(final int diagType)
    {
        return diagType == NON_UNIT || diagType == UNIT;
    }
}
