package io.gpurelay.emulator.ptx;

/**
 * Test-side reference for rounding a float to IEEE half precision (round to nearest even), written independently of
 * the emulator's own conversion: scale so that the half's last significand bit has weight 1, round, scale back.
 */
final class HalfReference
{
    private HalfReference()
    {
    }

    static float roundThroughHalf(final float value)
    {
        final int exponent = Math.max(Math.getExponent(value), -14);
        final double quantum = Math.scalb(1.0, exponent - 10);
        final double rounded = Math.rint(value / quantum) * quantum;
        return Math.abs(rounded) > 65504.0 ? Math.copySign(Float.POSITIVE_INFINITY, value) : (float)rounded;
    }
}
