package io.gpurelay.emulator.ptx;

import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * {@code cvt} between every integer and float type, with PTX's rounding, saturation and flush-to-zero rules:
 * float-to-integer conversions always saturate and turn NaN into 0; integer-to-integer conversions sign- or
 * zero-extend according to the source type, then wrap (or clamp with {@code .sat}) to the destination.
 */
final class Conversions
{
    private static final double TWO_TO_64 = 0x1p64;
    private static final double TWO_TO_63 = 0x1p63;
    private static final long EXACT_IN_DOUBLE = 1L << 53;

    private Conversions()
    {
    }

    static void convert(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        if (in.type == PtxType.F16X2 || in.type == PtxType.BF16X2)
        {
            final int b = in.b;
            final boolean half = in.type == PtxType.F16X2;
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                final double high = Float.intBitsToFloat((int)r[a + lane]);
                final double low = Float.intBitsToFloat((int)r[b + lane]);
                r[d + lane] = ((long)toHalfFormat(high, half, in) << 16) | toHalfFormat(low, half, in);
            }
            return;
        }
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = convert(r[a + lane], in);
        }
    }

    private static int toHalfFormat(final double value, final boolean half, final Instruction in)
    {
        final double input = in.sat ? FloatRounding.saturate(value) : value;
        return half ? HalfPrecision.toHalf(input, in.rounding) : HalfPrecision.toBfloat16(input, in.rounding);
    }

    static long convert(final long raw, final Instruction in)
    {
        final PtxType from = in.sourceType;
        final PtxType to = in.type;
        if (from.isFloat())
        {
            double value = toDouble(raw, from);
            if (in.ftz && from == PtxType.F32)
            {
                value = FloatRounding.flush(value);
            }
            return to.isFloat() ? floatToFloat(value, in) : floatToInteger(value, to, in.rounding);
        }
        final long value = IntegerAlu.extend(raw, from);
        final boolean unsigned64 = (from == PtxType.U64 || from == PtxType.B64) && value < 0;
        return to.isFloat() ? integerToFloat(value, unsigned64, in) : integerToInteger(value, unsigned64, to, in.sat);
    }

    static double toDouble(final long raw, final PtxType type)
    {
        return switch (type)
        {
            case F16 -> HalfPrecision.halfToFloat((int)raw & 0xFFFF);
            case BF16 -> HalfPrecision.bfloat16ToFloat((int)raw);
            case F32 -> Float.intBitsToFloat((int)raw);
            default -> Double.longBitsToDouble(raw);
        };
    }

    private static long floatToFloat(final double input, final Instruction in)
    {
        double value = in.rounding.isIntegral() ? FloatRounding.roundToIntegral(input, in.rounding) : input;
        if (in.sat)
        {
            value = FloatRounding.saturate(value);
        }
        final Rounding rounding = in.rounding.direction();
        return switch (in.type)
        {
            case F64 -> Double.doubleToRawLongBits(value);
            case F32 ->
            {
                final float single = FloatRounding.toFloat(value, rounding);
                yield Float.floatToRawIntBits(in.ftz ? FloatRounding.flush(single) : single) & 0xFFFF_FFFFL;
            }
            case F16 -> HalfPrecision.toHalf(value, rounding);
            default -> HalfPrecision.toBfloat16(value, rounding);
        };
    }

    private static long floatToInteger(final double input, final PtxType to, final Rounding rounding)
    {
        if (Double.isNaN(input))
        {
            return 0;
        }
        final double value = FloatRounding.roundToIntegral(input, rounding);
        return switch (to)
        {
            case S8 -> (long)clamp(value, Byte.MIN_VALUE, Byte.MAX_VALUE);
            case S16 -> (long)clamp(value, Short.MIN_VALUE, Short.MAX_VALUE);
            case S32 -> (int)value;
            case U8, B8 -> (long)clamp(value, 0, 0xFF);
            case U16, B16 -> (long)clamp(value, 0, 0xFFFF);
            case U32, B32 -> (long)clamp(value, 0, 0xFFFF_FFFFL);
            case S64 -> (long)value;
            default -> toUnsigned64(value);
        };
    }

    private static double clamp(final double value, final double minimum, final double maximum)
    {
        return Math.max(minimum, Math.min(maximum, value));
    }

    private static long toUnsigned64(final double value)
    {
        if (value <= 0)
        {
            return 0;
        }
        if (value >= TWO_TO_64)
        {
            return -1L;
        }
        return value >= TWO_TO_63 ? (long)(value - TWO_TO_63) + Long.MIN_VALUE : (long)value;
    }

    private static long integerToFloat(final long value, final boolean unsigned64, final Instruction in)
    {
        final Rounding rounding = in.rounding;
        final boolean exact = !unsigned64 && value > -EXACT_IN_DOUBLE && value < EXACT_IN_DOUBLE;
        double result;
        switch (in.type)
        {
            case F32 ->
            {
                final float single = exact ? FloatRounding.toFloat((double)value, rounding) :
                    FloatRounding.toFloat(exactValue(value, unsigned64), rounding);
                result = single;
            }
            case F64 -> result = exact ? value : FloatRounding.toDouble(exactValue(value, unsigned64), rounding);
            default ->
            {
                final double wide = exact ? value : exactValue(value, unsigned64).doubleValue();
                final double saturated = in.sat ? FloatRounding.saturate(wide) : wide;
                return in.type == PtxType.F16 ?
                    HalfPrecision.toHalf(saturated, rounding) : HalfPrecision.toBfloat16(saturated, rounding);
            }
        }
        if (in.sat)
        {
            result = FloatRounding.saturate(result);
        }
        return in.type == PtxType.F32 ?
            Float.floatToRawIntBits((float)result) & 0xFFFF_FFFFL : Double.doubleToRawLongBits(result);
    }

    private static BigDecimal exactValue(final long value, final boolean unsigned64)
    {
        return unsigned64 ? new BigDecimal(new BigInteger(Long.toUnsignedString(value))) : BigDecimal.valueOf(value);
    }

    private static long integerToInteger(final long value, final boolean unsigned64, final PtxType to,
        final boolean saturate)
    {
        if (!saturate)
        {
            return IntegerAlu.extend(value, to);
        }
        return switch (to)
        {
            case U64, B64 -> !unsigned64 && value < 0 ? 0 : value;
            case S64 -> unsigned64 ? Long.MAX_VALUE : value;
            default ->
            {
                final long minimum = to.isSigned() ? -(1L << (to.bits() - 1)) : 0;
                final long maximum = to.isSigned() ? (1L << (to.bits() - 1)) - 1 : (1L << to.bits()) - 1;
                yield unsigned64 ? maximum : Math.max(minimum, Math.min(maximum, value));
            }
        };
    }
}
