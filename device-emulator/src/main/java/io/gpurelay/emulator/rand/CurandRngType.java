package io.gpurelay.emulator.rand;

/**
 * {@code curandRngType_t}. The emulator has the three counter- or recurrence-based pseudo-random generators;
 * MTGP32, MT19937 and the quasi-random generators are refused with {@link CurandStatus#TYPE_ERROR}, the status
 * cuRAND gives a type it does not know, since cuRAND has no "not supported" status.
 */
public final class CurandRngType
{
    /**
     * cuRAND's default pseudo-random generator, which is XORWOW.
     */
    public static final int PSEUDO_DEFAULT = 100;
    public static final int PSEUDO_XORWOW = 101;
    public static final int PSEUDO_MRG32K3A = 121;
    public static final int PSEUDO_MTGP32 = 141;
    public static final int PSEUDO_MT19937 = 142;
    public static final int PSEUDO_PHILOX4_32_10 = 161;
    public static final int QUASI_DEFAULT = 200;
    public static final int QUASI_SOBOL32 = 201;
    public static final int QUASI_SCRAMBLED_SOBOL32 = 202;
    public static final int QUASI_SOBOL64 = 203;
    public static final int QUASI_SCRAMBLED_SOBOL64 = 204;

    private CurandRngType()
    {
    }

    static boolean isEmulated(final int rngType)
    {
        return rngType == PSEUDO_DEFAULT || rngType == PSEUDO_XORWOW || rngType == PSEUDO_MRG32K3A ||
            rngType == PSEUDO_PHILOX4_32_10;
    }
}
