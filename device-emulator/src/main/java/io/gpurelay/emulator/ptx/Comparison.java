package io.gpurelay.emulator.ptx;

/**
 * {@code setp}, {@code set}, {@code selp}, {@code slct} and the predicate logic instructions. Predicate registers are
 * lane masks: bit {@code lane} of {@code predicates[index]} is that lane's predicate.
 */
final class Comparison
{
    static final int EQ = 0;
    static final int NE = 1;
    static final int LT = 2;
    static final int LE = 3;
    static final int GT = 4;
    static final int GE = 5;
    static final int LO = 6;
    static final int LS = 7;
    static final int HI = 8;
    static final int HS = 9;
    static final int EQU = 10;
    static final int NEU = 11;
    static final int LTU = 12;
    static final int LEU = 13;
    static final int GTU = 14;
    static final int GEU = 15;
    static final int NUM = 16;
    static final int NAN = 17;

    /** Names in the order of the constants above. */
    static final String[] NAMES = {
        "eq", "ne", "lt", "le", "gt", "ge", "lo", "ls", "hi", "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num",
        "nan"};

    /** How the comparison is combined with a predicate operand, in the bits above the comparison. */
    static final int COMBINE_NONE = 0;
    static final int COMBINE_AND = 1 << 8;
    static final int COMBINE_OR = 2 << 8;
    static final int COMBINE_XOR = 3 << 8;

    private static final long LOW32 = 0xFFFF_FFFFL;

    private Comparison()
    {
    }

    static int fromName(final String name)
    {
        for (int i = 0; i < NAMES.length; i++)
        {
            if (NAMES[i].equals(name))
            {
                return i;
            }
        }
        throw new IllegalArgumentException(name);
    }

    static boolean appliesTo(final int comparison, final PtxType type)
    {
        return switch (type.kind)
        {
            case BITS -> comparison == EQ || comparison == NE;
            case SIGNED -> comparison <= GE;
            case UNSIGNED -> comparison <= HS;
            case FLOAT -> comparison != LO && comparison != LS && comparison != HI && comparison != HS;
            case PREDICATE -> false;
        };
    }

    /**
     * Evaluate the comparison for each lane in the mask.
     *
     * @return the lanes where it holds.
     */
    static int compare(final long[] r, final int mask, final Instruction in)
    {
        final int comparison = in.variant & 0xFF;
        final int a = in.a;
        final int b = in.b;
        int result = 0;
        switch (in.sourceType)
        {
            case F32 ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    float x = Float.intBitsToFloat((int)r[a + lane]);
                    float y = Float.intBitsToFloat((int)r[b + lane]);
                    if (in.ftz)
                    {
                        x = FloatRounding.flush(x);
                        y = FloatRounding.flush(y);
                    }
                    if (compareFloat(comparison, x, y))
                    {
                        result |= 1 << lane;
                    }
                }
            }
            case F64 ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    if (compareFloat(comparison, Double.longBitsToDouble(r[a + lane]),
                        Double.longBitsToDouble(r[b + lane])))
                    {
                        result |= 1 << lane;
                    }
                }
            }
            case F16, BF16 ->
            {
                final boolean bfloat = in.sourceType == PtxType.BF16;
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    if (compareFloat(comparison, HalfAlu.toDouble(r[a + lane], bfloat),
                        HalfAlu.toDouble(r[b + lane], bfloat)))
                    {
                        result |= 1 << lane;
                    }
                }
            }
            case S32 ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    if (compareSigned(comparison, (int)r[a + lane], (int)r[b + lane]))
                    {
                        result |= 1 << lane;
                    }
                }
            }
            case U64, B64 ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    if (compareSigned(comparison, r[a + lane] + Long.MIN_VALUE, r[b + lane] + Long.MIN_VALUE))
                    {
                        result |= 1 << lane;
                    }
                }
            }
            default ->
            {
                final PtxType type = in.sourceType;
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    if (compareSigned(comparison, IntegerAlu.extend(r[a + lane], type),
                        IntegerAlu.extend(r[b + lane], type)))
                    {
                        result |= 1 << lane;
                    }
                }
            }
        }
        return result;
    }

    /**
     * Compare two integers that have been extended so that a signed comparison orders them correctly (unsigned
     * 64-bit values are biased by 2^63 first).
     */
    private static boolean compareSigned(final int comparison, final long x, final long y)
    {
        return switch (comparison)
        {
            case EQ -> x == y;
            case NE -> x != y;
            case LT, LO -> x < y;
            case LE, LS -> x <= y;
            case GT, HI -> x > y;
            default -> x >= y;
        };
    }

    private static boolean compareFloat(final int comparison, final double x, final double y)
    {
        return switch (comparison)
        {
            case EQ -> x == y;
            case NE -> x != y && !Double.isNaN(x) && !Double.isNaN(y);
            case LT -> x < y;
            case LE -> x <= y;
            case GT -> x > y;
            case GE -> x >= y;
            case EQU -> x == y || Double.isNaN(x) || Double.isNaN(y);
            case NEU -> x != y;
            case LTU -> !(x >= y);
            case LEU -> !(x > y);
            case GTU -> !(x <= y);
            case GEU -> !(x < y);
            case NUM -> !Double.isNaN(x) && !Double.isNaN(y);
            case NAN -> Double.isNaN(x) || Double.isNaN(y);
            default -> throw new IllegalStateException("comparison " + NAMES[comparison] + " on floats");
        };
    }

    private static int combine(final int result, final int[] predicates, final Instruction in, final boolean negate)
    {
        final int value = negate ? ~result : result;
        final int combine = in.variant & ~0xFF;
        if (combine == COMBINE_NONE)
        {
            return value;
        }
        final int operand = in.pNegated ? ~predicates[in.p] : predicates[in.p];
        return switch (combine)
        {
            case COMBINE_AND -> value & operand;
            case COMBINE_OR -> value | operand;
            default -> value ^ operand;
        };
    }

    static void setp(final long[] r, final int[] predicates, final int mask, final Instruction in)
    {
        final int result = compare(r, mask, in);
        final int first = combine(result, predicates, in, false);
        predicates[in.d] = (predicates[in.d] & ~mask) | (first & mask);
        if (in.d2 != Instruction.NONE)
        {
            final int second = combine(result, predicates, in, true);
            predicates[in.d2] = (predicates[in.d2] & ~mask) | (second & mask);
        }
    }

    static void set(final long[] r, final int[] predicates, final int mask, final Instruction in)
    {
        final int result = combine(compare(r, mask, in), predicates, in, false);
        final long truth = in.type == PtxType.F32 ? Float.floatToRawIntBits(1.0f) : LOW32;
        final int d = in.d;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = (result >>> lane & 1) != 0 ? truth : 0;
        }
    }

    static void selp(final long[] r, final int[] predicates, final int mask, final Instruction in)
    {
        final int condition = in.pNegated ? ~predicates[in.p] : predicates[in.p];
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = (condition >>> lane & 1) != 0 ? r[a + lane] : r[b + lane];
        }
    }

    static void slct(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final boolean floating = in.sourceType == PtxType.F32;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final boolean selectA;
            if (floating)
            {
                float selector = Float.intBitsToFloat((int)r[c + lane]);
                if (in.ftz)
                {
                    selector = FloatRounding.flush(selector);
                }
                selectA = selector >= 0.0f;
            }
            else
            {
                selectA = (int)r[c + lane] >= 0;
            }
            r[d + lane] = selectA ? r[a + lane] : r[b + lane];
        }
    }

    static void predicateLogic(final int[] predicates, final int mask, final Instruction in)
    {
        final int x = predicates[in.a];
        final int value = switch (in.opcode)
        {
            case PRED_AND -> x & predicates[in.b];
            case PRED_OR -> x | predicates[in.b];
            case PRED_XOR -> x ^ predicates[in.b];
            case PRED_NOT -> ~x;
            default -> x;
        };
        predicates[in.d] = (predicates[in.d] & ~mask) | (value & mask);
    }
}
