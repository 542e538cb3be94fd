package io.gpurelay.emulator.rand;

/**
 * {@code curandOrdering_t}: how a pseudo-random generator's sequence is laid out in the output. Note that BEST is
 * 100 and DEFAULT 101 in {@code curand.h}.
 */
public final class CurandOrdering
{
    public static final int PSEUDO_BEST = 100;
    public static final int PSEUDO_DEFAULT = 101;
    public static final int PSEUDO_SEEDED = 102;
    public static final int PSEUDO_LEGACY = 103;
    public static final int PSEUDO_DYNAMIC = 104;
    public static final int QUASI_DEFAULT = 201;

    private CurandOrdering()
    {
    }

    static boolean isPseudo(final int ordering)
    {
        return ordering >= PSEUDO_BEST && ordering <= PSEUDO_DYNAMIC;
    }
}
