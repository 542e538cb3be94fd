package io.gpurelay.emulator.rand;

/**
 * The conversions cuRAND applies to 32-bit words from XORWOW and Philox4x32-10 (curand_uniform.h,
 * curand_normal.h), which the emulator reproduces bit for bit where the GPU computes them exactly.
 * <p>
 * The uniform conversions are exact in IEEE arithmetic and match cuRAND bit for bit. The Box-Muller transform uses
 * logf, sqrtf and the fast {@code __sincosf} in single precision and log and sincospi in double precision on the
 * GPU; here it is evaluated in double precision with {@link Math}, so single-precision normals differ from
 * cuRAND's by at most about 2e-6 and double-precision ones by a few units in the last place.
 */
final class WordTransforms
{
    private static final float TWO_POW_MINUS_32 = 0x1p-32f;
    private static final float HALF_TWO_POW_MINUS_32 = 0x1p-33f;
    /**
     * CURAND_2POW32_INV_2PI: 2^-32 times the float nearest 2 pi.
     */
    private static final float TWO_PI_TWO_POW_MINUS_32 = 0x1p-32f * 6.2831855f;
    private static final double TWO_POW_MINUS_53 = 0x1p-53;
    private static final double TWO_POW_MINUS_32_DOUBLE = 0x1p-32;
    private static final long WORD = 0xFFFF_FFFFL;

    private WordTransforms()
    {
    }

    /**
     * {@code _curand_uniform}: x 2^-32 + 2^-33, a float in (0, 1].
     */
    static float uniform(final int word)
    {
        return (float)(word & WORD) * TWO_POW_MINUS_32 + HALF_TWO_POW_MINUS_32;
    }

    /**
     * {@code _curand_uniform_double_hq}: 53 bits from two words, z 2^-53 + 2^-54, a double in (0, 1).
     */
    static double uniformDouble(final int low, final int high)
    {
        return fiftyThreeBits(low, high) * TWO_POW_MINUS_53 + TWO_POW_MINUS_53 / 2.0;
    }

    /**
     * {@code _curand_uniform_double} of one word: x 2^-32 + 2^-32, a double in (0, 1]; the emulator's Poisson
     * sampler draws its uniform this way.
     */
    static double uniformDoubleFromWord(final int word)
    {
        return (word & WORD) * TWO_POW_MINUS_32_DOUBLE + TWO_POW_MINUS_32_DOUBLE;
    }

    /**
     * {@code _curand_box_muller}: the radius from x, the angle from y, giving (r sin, r cos).
     */
    static void normalPair(final int x, final int y, final float[] pair)
    {
        final float u = uniform(x);
        final float angle = (float)(y & WORD) * TWO_PI_TWO_POW_MINUS_32 + TWO_PI_TWO_POW_MINUS_32 / 2.0f;
        final double radius = Math.sqrt(-2.0 * Math.log(u));
        pair[0] = (float)(radius * Math.sin(angle));
        pair[1] = (float)(radius * Math.cos(angle));
    }

    /**
     * {@code _curand_box_muller_double}: the radius from (x0, x1), the angle in half turns from (y0, y1).
     */
    static void normalDoublePair(final int x0, final int x1, final int y0, final int y1, final double[] pair)
    {
        final double u = uniformDouble(x0, x1);
        final double halfTurns = fiftyThreeBits(y0, y1) * (2.0 * TWO_POW_MINUS_53) + TWO_POW_MINUS_53;
        final double radius = Math.sqrt(-2.0 * Math.log(u));
        pair[0] = radius * Math.sin(Math.PI * halfTurns);
        pair[1] = radius * Math.cos(Math.PI * halfTurns);
    }

    private static double fiftyThreeBits(final int low, final int high)
    {
        return (double)((low & WORD) ^ ((high & WORD) << 21));
    }
}
