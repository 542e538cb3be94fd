package io.gpurelay.emulator.ptx;

/**
 * Conversions between double and the 16-bit float formats, IEEE half ({@code .f16}) and bfloat16 ({@code .bf16}).
 * Java 17 has no half type; every half value is exactly representable as a float, so arithmetic stays in float and
 * only conversions come here.
 */
final class HalfPrecision
{
    private static final double HALF_MAX = 65504.0;
    private static final double BFLOAT16_MAX = 0x1.FEp127;

    private HalfPrecision()
    {
    }

    static int toHalf(final double value, final Rounding rounding)
    {
        if (Double.isNaN(value))
        {
            return 0x7E00;
        }
        final double rounded = FloatRounding.roundToFormat(value, 10, -14, HALF_MAX, rounding);
        final int sign = (Double.doubleToRawLongBits(rounded) >>> 63) != 0 ? 0x8000 : 0;
        final double magnitude = Math.abs(rounded);
        if (Double.isInfinite(magnitude))
        {
            return sign | 0x7C00;
        }
        if (magnitude == 0.0)
        {
            return sign;
        }
        final int exponent = Math.getExponent(magnitude);
        if (exponent < -14)
        {
            return sign | (int)Math.scalb(magnitude, 24);
        }
        return sign | ((exponent + 15) << 10) | ((int)Math.scalb(magnitude, 10 - exponent) - 1024);
    }

    static int toBfloat16(final double value, final Rounding rounding)
    {
        if (Double.isNaN(value))
        {
            return 0x7FC0;
        }
        final double rounded = FloatRounding.roundToFormat(value, 7, Float.MIN_EXPONENT, BFLOAT16_MAX, rounding);
        return Float.floatToRawIntBits((float)rounded) >>> 16;
    }

    static float halfToFloat(final int bits)
    {
        final int sign = bits & 0x8000;
        final int exponent = (bits >>> 10) & 0x1F;
        final int fraction = bits & 0x3FF;
        final float magnitude;
        if (exponent == 0x1F)
        {
            magnitude = fraction == 0 ? Float.POSITIVE_INFINITY : Float.NaN;
        }
        else if (exponent == 0)
        {
            magnitude = Math.scalb((float)fraction, -24);
        }
        else
        {
            magnitude = Math.scalb((float)(fraction | 0x400), exponent - 25);
        }
        return sign != 0 ? -magnitude : magnitude;
    }

    static float bfloat16ToFloat(final int bits)
    {
        return Float.intBitsToFloat((bits & 0xFFFF) << 16);
    }
}
