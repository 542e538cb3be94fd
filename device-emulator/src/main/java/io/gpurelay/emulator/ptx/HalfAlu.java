package io.gpurelay.emulator.ptx;

/**
 * Arithmetic on 16-bit floats, scalar ({@code .f16 .bf16}) and packed two per 32-bit register ({@code .f16x2
 * .bf16x2}, each half computed independently, low half first).
 * <p>
 * Results are rounded once, exactly as PTX requires: the exact result is held as an unevaluated sum of two doubles
 * (a product of two halves is exact in a double; a sum is made exact with the TwoSum algorithm), squeezed into one
 * double with round-to-odd, and only then rounded to the 16-bit format. Round-to-odd keeps enough information for the
 * second rounding to be correct because a double has more than two bits beyond a half's significand.
 */
final class HalfAlu
{
    private static final long LOW16 = 0xFFFF;
    private static final long CANONICAL_NAN = 0x7FFF;

    private HalfAlu()
    {
    }

    private static boolean bfloat(final PtxType type)
    {
        return type == PtxType.BF16 || type == PtxType.BF16X2;
    }

    private static int parts(final PtxType type)
    {
        return type == PtxType.F16X2 || type == PtxType.BF16X2 ? 2 : 1;
    }

    static double toDouble(final long bits, final boolean bfloat)
    {
        return bfloat ? HalfPrecision.bfloat16ToFloat((int)bits) : HalfPrecision.halfToFloat((int)(bits & LOW16));
    }

    private static long toBits(final double value, final boolean bfloat, final Rounding rounding)
    {
        return bfloat ? HalfPrecision.toBfloat16(value, rounding) : HalfPrecision.toHalf(value, rounding);
    }

    /**
     * Round the exact value {@code high + low} (with |low| below half an ulp of high) to a double with round-to-odd.
     */
    private static double roundToOdd(final double high, final double low)
    {
        if (low == 0.0 || (Double.doubleToRawLongBits(high) & 1) != 0)
        {
            return high;
        }
        return low > 0 ? Math.nextUp(high) : Math.nextDown(high);
    }

    private static double exactSum(final double a, final double b)
    {
        final double sum = a + b;
        if (!Double.isFinite(sum))
        {
            return sum;
        }
        final double virtualB = sum - a;
        final double error = (a - (sum - virtualB)) + (b - virtualB);
        return roundToOdd(sum, error);
    }

    private static double flush(final double value, final boolean bfloat, final boolean ftz)
    {
        final double smallestNormal = bfloat ? Float.MIN_NORMAL : 0x1p-14;
        return ftz && Math.abs(value) < smallestNormal ? Math.copySign(0.0, value) : value;
    }

    private static long flushBits(final long bits, final boolean bfloat, final boolean ftz)
    {
        final long exponent = bfloat ? bits & 0x7F80 : bits & 0x7C00;
        return ftz && exponent == 0 ? bits & 0x8000 : bits;
    }

    /**
     * add, sub, mul and fma (d = a * b + c).
     */
    static void arithmetic(final long[] r, final int mask, final Instruction in)
    {
        final PtxType type = in.type;
        final boolean bfloat = bfloat(type);
        final int parts = parts(type);
        final Opcode opcode = in.opcode;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            long result = 0;
            for (int part = 0; part < parts; part++)
            {
                final int shift = 16 * part;
                final double x = flush(toDouble(r[in.a + lane] >>> shift, bfloat), bfloat, in.ftz);
                final double y = flush(toDouble(r[in.b + lane] >>> shift, bfloat), bfloat, in.ftz);
                double exact = switch (opcode)
                {
                    case ADD -> exactSum(x, y);
                    case SUB -> exactSum(x, -y);
                    case MUL -> x * y;
                    default -> exactSum(x * y, flush(toDouble(r[in.c + lane] >>> shift, bfloat), bfloat, in.ftz));
                };
                if (in.sat)
                {
                    exact = FloatRounding.saturate(exact);
                }
                result |= flushBits(toBits(exact, bfloat, in.rounding), bfloat, in.ftz) << shift;
            }
            r[in.d + lane] = result;
        }
    }

    /**
     * neg, abs (sign bit only), min and max (a NaN operand loses unless {@code .NaN}).
     */
    static void unaryOrMinMax(final long[] r, final int mask, final Instruction in)
    {
        final PtxType type = in.type;
        final boolean bfloat = bfloat(type);
        final int parts = parts(type);
        final boolean propagateNan = in.variant == FloatAlu.PROPAGATE_NAN;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            long result = 0;
            for (int part = 0; part < parts; part++)
            {
                final int shift = 16 * part;
                final long xBits = r[in.a + lane] >>> shift & LOW16;
                final long bits = switch (in.opcode)
                {
                    case NEG -> xBits ^ 0x8000;
                    case ABS -> xBits & 0x7FFF;
                    default ->
                    {
                        final long yBits = r[in.b + lane] >>> shift & LOW16;
                        final double x = toDouble(xBits, bfloat);
                        final double y = toDouble(yBits, bfloat);
                        if (Double.isNaN(x) || Double.isNaN(y))
                        {
                            yield propagateNan || (Double.isNaN(x) && Double.isNaN(y)) ? CANONICAL_NAN :
                                Double.isNaN(x) ? yBits : xBits;
                        }
                        final boolean max = in.opcode == Opcode.MAX;
                        final double chosen = max ? Math.max(x, y) : Math.min(x, y);
                        yield Double.doubleToRawLongBits(chosen) == Double.doubleToRawLongBits(x) ? xBits : yBits;
                    }
                };
                result |= bits << shift;
            }
            r[in.d + lane] = result;
        }
    }
}
