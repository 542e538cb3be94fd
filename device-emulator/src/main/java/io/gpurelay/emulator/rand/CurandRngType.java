package io.gpurelay.emulator.rand;

/**
 * {@code curandRngType_t}, its values generated into {@link CurandRngTypeCodes}. The emulator has the three
 * counter- or recurrence-based pseudo-random generators; MTGP32, MT19937 and the quasi-random generators are refused
 * with {@link CurandStatus#TYPE_ERROR}, the status cuRAND gives a type it does not know, since cuRAND has no "not
 * supported" status.
 */
public final class CurandRngType extends CurandRngTypeCodes
{
    private CurandRngType()
    {
    }

    static boolean isEmulated(final int rngType)
    {
        return rngType == PSEUDO_DEFAULT || rngType == PSEUDO_XORWOW || rngType == PSEUDO_MRG32K3A ||
            rngType == PSEUDO_PHILOX4_32_10;
    }
}
