package io.gpurelay.emulator.ptx;

/**
 * Single and double precision arithmetic and math functions over the lanes of a warp. Floats live in registers as
 * raw bits (the low 32 bits for f32).
 * <p>
 * Operations PTX defines as correctly rounded (add, sub, mul, fma, div.rn, sqrt.rn, rcp.rn) are computed in the
 * operand's own precision, so results are bit-identical to a GPU's. Approximate functions ({@code .approx},
 * {@code div.full}) are computed more accurately than the hardware does, which stays within the error bounds the
 * PTX ISA gives for them.
 */
final class FloatAlu
{
    static final int PROPAGATE_NAN = 1;

    static final int TEST_FINITE = 0;
    static final int TEST_INFINITE = 1;
    static final int TEST_NUMBER = 2;
    static final int TEST_NOT_A_NUMBER = 3;
    static final int TEST_NORMAL = 4;
    static final int TEST_SUBNORMAL = 5;

    private static final int FLOAT_SIGN = 0x8000_0000;
    private static final float CANONICAL_NAN32 = Float.intBitsToFloat(0x7FFF_FFFF);
    private static final double CANONICAL_NAN64 = Double.longBitsToDouble(0x7FFF_FFFF_FFFF_FFFFL);
    private static final double LN2 = Math.log(2.0);

    private FloatAlu()
    {
    }

    private static float f(final long bits)
    {
        return Float.intBitsToFloat((int)bits);
    }

    private static long bits(final float value)
    {
        return Float.floatToRawIntBits(value);
    }

    private static double d(final long bits)
    {
        return Double.longBitsToDouble(bits);
    }

    private static long bits(final double value)
    {
        return Double.doubleToRawLongBits(value);
    }

    private static float input(final float value, final Instruction in)
    {
        return in.ftz ? FloatRounding.flush(value) : value;
    }

    private static float output(final float value, final Instruction in)
    {
        final float flushed = in.ftz ? FloatRounding.flush(value) : value;
        return in.sat ? FloatRounding.saturate(flushed) : flushed;
    }

    private static double output(final double value, final Instruction in)
    {
        return in.sat ? FloatRounding.saturate(value) : value;
    }

    static void add(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final boolean subtract = in.opcode == Opcode.SUB;
        if (in.type == PtxType.F32)
        {
            if (in.plainFloat)
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    final float y = f(r[b + lane]);
                    r[d + lane] = bits(f(r[a + lane]) + (subtract ? -y : y));
                }
                return;
            }
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                final float y = input(f(r[b + lane]), in);
                r[d + lane] = bits(output(
                    FloatRounding.add(input(f(r[a + lane]), in), subtract ? -y : y, in.rounding), in));
            }
            return;
        }
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final double y = d(r[b + lane]);
            r[d + lane] = bits(output(FloatRounding.add(d(r[a + lane]), subtract ? -y : y, in.rounding), in));
        }
    }

    static void multiply(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        if (in.type == PtxType.F32)
        {
            if (in.plainFloat)
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    r[d + lane] = bits(f(r[a + lane]) * f(r[b + lane]));
                }
                return;
            }
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                r[d + lane] = bits(output(FloatRounding.multiply(
                    input(f(r[a + lane]), in), input(f(r[b + lane]), in), in.rounding), in));
            }
            return;
        }
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = bits(output(FloatRounding.multiply(d(r[a + lane]), d(r[b + lane]), in.rounding), in));
        }
    }

    static void fma(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        if (in.type == PtxType.F32)
        {
            if (in.plainFloat)
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    r[d + lane] = bits(Math.fma(f(r[a + lane]), f(r[b + lane]), f(r[c + lane])));
                }
                return;
            }
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                r[d + lane] = bits(output(FloatRounding.fma(input(f(r[a + lane]), in), input(f(r[b + lane]), in),
                    input(f(r[c + lane]), in), in.rounding), in));
            }
            return;
        }
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = bits(output(
                FloatRounding.fma(d(r[a + lane]), d(r[b + lane]), d(r[c + lane]), in.rounding), in));
        }
    }

    static void divide(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            if (in.type == PtxType.F32)
            {
                r[d + lane] = bits(output(FloatRounding.divide(
                    input(f(r[a + lane]), in), input(f(r[b + lane]), in), in.rounding), in));
            }
            else
            {
                r[d + lane] = bits(FloatRounding.divide(d(r[a + lane]), d(r[b + lane]), in.rounding));
            }
        }
    }

    /**
     * PTX min/max return the other operand when one is NaN (the IEEE 754-2008 minNum/maxNum), unless {@code .NaN}
     * asks for NaN propagation; -0.0 orders below +0.0.
     */
    static void minMax(final long[] r, final int mask, final Instruction in, final boolean max)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final boolean propagate = in.variant == PROPAGATE_NAN;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            if (in.type == PtxType.F32)
            {
                final float x = input(f(r[a + lane]), in);
                final float y = input(f(r[b + lane]), in);
                final float result;
                if (Float.isNaN(x) || Float.isNaN(y))
                {
                    result = propagate || (Float.isNaN(x) && Float.isNaN(y)) ? CANONICAL_NAN32 :
                        Float.isNaN(x) ? y : x;
                }
                else
                {
                    result = max ? Math.max(x, y) : Math.min(x, y);
                }
                r[d + lane] = bits(result);
            }
            else
            {
                final double x = d(r[a + lane]);
                final double y = d(r[b + lane]);
                final double result;
                if (Double.isNaN(x) || Double.isNaN(y))
                {
                    result = propagate || (Double.isNaN(x) && Double.isNaN(y)) ? CANONICAL_NAN64 :
                        Double.isNaN(x) ? y : x;
                }
                else
                {
                    result = max ? Math.max(x, y) : Math.min(x, y);
                }
                r[d + lane] = bits(result);
            }
        }
    }

    /**
     * abs, neg and copysign only touch the sign bit (NaNs included); {@code .ftz} flushes the input first.
     */
    static void sign(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final boolean single = in.type == PtxType.F32;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            long value = r[a + lane];
            if (in.ftz && single)
            {
                value = bits(FloatRounding.flush(f(value)));
            }
            r[d + lane] = switch (in.opcode)
            {
                case ABS -> single ? value & ~FLOAT_SIGN & 0xFFFF_FFFFL : value & Long.MAX_VALUE;
                case NEG -> single ? (value ^ FLOAT_SIGN) & 0xFFFF_FFFFL : value ^ Long.MIN_VALUE;
                default -> single ?
                    ((r[b + lane] & ~FLOAT_SIGN) | (value & FLOAT_SIGN)) & 0xFFFF_FFFFL :
                    (r[b + lane] & Long.MAX_VALUE) | (value & Long.MIN_VALUE);
            };
        }
    }

    static void function(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final Opcode opcode = in.opcode;
        if (in.type == PtxType.F32)
        {
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                final float x = input(f(r[a + lane]), in);
                final float y = switch (opcode)
                {
                    case SQRT -> FloatRounding.sqrt(x, in.rounding);
                    case RSQRT -> (float)(1.0 / Math.sqrt(x));
                    case RCP -> FloatRounding.divide(1.0f, x, in.rounding);
                    case EX2 -> (float)Math.pow(2.0, x);
                    case LG2 -> (float)(Math.log(x) / LN2);
                    case SIN -> (float)Math.sin(x);
                    case COS -> (float)Math.cos(x);
                    default -> (float)Math.tanh(x);
                };
                r[d + lane] = bits(output(y, in));
            }
            return;
        }
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final double x = in.ftz ? FloatRounding.flush(d(r[a + lane])) : d(r[a + lane]);
            final double y = switch (opcode)
            {
                case SQRT -> FloatRounding.sqrt(x, in.rounding);
                case RSQRT -> 1.0 / Math.sqrt(x);
                default -> FloatRounding.divide(1.0, x, in.rounding);
            };
            r[d + lane] = bits(in.ftz ? FloatRounding.flush(y) : y);
        }
    }

    static void test(final long[] r, final int[] predicates, final int mask, final Instruction in)
    {
        final int a = in.a;
        int result = 0;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final double x = in.type == PtxType.F32 ? f(r[a + lane]) : d(r[a + lane]);
            final double smallestNormal = in.type == PtxType.F32 ? Float.MIN_NORMAL : Double.MIN_NORMAL;
            final double magnitude = Math.abs(x);
            final boolean holds = switch (in.variant)
            {
                case TEST_FINITE -> Double.isFinite(x);
                case TEST_INFINITE -> Double.isInfinite(x);
                case TEST_NUMBER -> !Double.isNaN(x);
                case TEST_NOT_A_NUMBER -> Double.isNaN(x);
                case TEST_NORMAL -> Double.isFinite(x) && magnitude >= smallestNormal;
                default -> magnitude > 0 && magnitude < smallestNormal;
            };
            if (holds)
            {
                result |= 1 << lane;
            }
        }
        predicates[in.d] = (predicates[in.d] & ~mask) | result;
    }
}
