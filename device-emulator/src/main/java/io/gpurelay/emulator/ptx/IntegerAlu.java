package io.gpurelay.emulator.ptx;

/**
 * Integer arithmetic, bit manipulation and register moves over the lanes of a warp.
 * <p>
 * Register convention: a register narrower than 64 bits keeps its value in the low bits and the bits above are
 * unspecified; every instruction reads only the bits its type covers (see {@link #extend}). That lets wrapping
 * operations (add, sub, mul.lo, logic, shl) run on the full 64 bits whatever the type, because the low bits of the
 * result only depend on the low bits of the operands. Loads and conversions write properly extended values, as PTX
 * defines for a destination wider than the type.
 * <p>
 * Each method runs the instruction for the lanes set in {@code mask}; {@code r} is the register file laid out as
 * {@code r[(slot << 5) | lane]}.
 */
final class IntegerAlu
{
    static final int LO = 0;
    static final int HI = 1;
    static final int WIDE = 2;

    static final int CARRY_ADD = 0;
    static final int CARRY_SUB = 1;
    static final int CARRY_MAD_LO = 2;
    static final int CARRY_MAD_HI = 3;

    static final int FUNNEL_LEFT = 0;
    static final int FUNNEL_RIGHT = 1;
    static final int FUNNEL_CLAMP = 2;

    static final int PRMT_DEFAULT = 0;
    static final int PRMT_F4E = 1;
    static final int PRMT_B4E = 2;
    static final int PRMT_RC8 = 3;
    static final int PRMT_ECL = 4;
    static final int PRMT_ECR = 5;
    static final int PRMT_RC16 = 6;

    /** For each prmt mode and selector, the source byte of result bytes 3..0 as nibbles (PTX ISA, prmt table). */
    private static final int[][] PRMT_SELECTIONS = {
        {},
        {0x3210, 0x4321, 0x5432, 0x6543},
        {0x5670, 0x6701, 0x7012, 0x0123},
        {0x0000, 0x1111, 0x2222, 0x3333},
        {0x3210, 0x3211, 0x3222, 0x3333},
        {0x0000, 0x1110, 0x2210, 0x3210},
        {0x1010, 0x3232, 0x1010, 0x3232}};

    private static final long LOW32 = 0xFFFF_FFFFL;

    private IntegerAlu()
    {
    }

    /**
     * The value of a register as an integer of the given type: sign-extended for signed types, zero-extended for
     * unsigned and bit types.
     */
    static long extend(final long value, final PtxType type)
    {
        return switch (type)
        {
            case S8 -> (byte)value;
            case S16 -> (short)value;
            case S32 -> (int)value;
            case U8, B8 -> value & 0xFF;
            case U16, B16, F16, BF16 -> value & 0xFFFF;
            case U32, B32, F32, F16X2, BF16X2 -> value & LOW32;
            default -> value;
        };
    }

    private static long lowBits(final int count)
    {
        return count >= 64 ? -1L : (1L << count) - 1;
    }

    static void mov(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = r[a + lane];
        }
    }

    static void pack(final long[] r, final int mask, final Instruction in)
    {
        final int bits = in.variant;
        final long fieldMask = lowBits(bits);
        final int[] elements = in.elements;
        final int d = in.d;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            long value = 0;
            for (int i = 0; i < elements.length; i++)
            {
                value |= (r[elements[i] + lane] & fieldMask) << (i * bits);
            }
            r[d + lane] = value;
        }
    }

    static void unpack(final long[] r, final int mask, final Instruction in)
    {
        final int bits = in.variant;
        final long fieldMask = lowBits(bits);
        final int[] elements = in.elements;
        final int a = in.a;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long value = r[a + lane];
            for (int i = 0; i < elements.length; i++)
            {
                r[elements[i] + lane] = (value >>> (i * bits)) & fieldMask;
            }
        }
    }

    static void add(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        if (in.sat)
        {
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                r[d + lane] = saturate32((long)(int)r[a + lane] + (int)r[b + lane]);
            }
            return;
        }
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = r[a + lane] + r[b + lane];
        }
    }

    static void sub(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        if (in.sat)
        {
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                r[d + lane] = saturate32((long)(int)r[a + lane] - (int)r[b + lane]);
            }
            return;
        }
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = r[a + lane] - r[b + lane];
        }
    }

    private static long saturate32(final long value)
    {
        return Math.max(Integer.MIN_VALUE, Math.min(Integer.MAX_VALUE, value));
    }

    /**
     * mul and mad: {@code .lo} keeps the low half of the product, {@code .hi} the high half, {@code .wide} all of it.
     */
    static void multiply(final long[] r, final int mask, final Instruction in, final boolean add)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final PtxType type = in.type;
        if (in.variant == LO)
        {
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                final long product = r[a + lane] * r[b + lane];
                r[d + lane] = add ? product + r[c + lane] : product;
            }
            return;
        }
        if (in.variant == WIDE)
        {
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                final long product = extend(r[a + lane], type) * extend(r[b + lane], type);
                r[d + lane] = add ? product + r[c + lane] : product;
            }
            return;
        }
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long high = multiplyHigh(r[a + lane], r[b + lane], type);
            if (in.sat)
            {
                r[d + lane] = saturate32((long)(int)high + (int)r[c + lane]);
            }
            else
            {
                r[d + lane] = add ? high + r[c + lane] : high;
            }
        }
    }

    private static long multiplyHigh(final long x, final long y, final PtxType type)
    {
        return switch (type)
        {
            case S16 -> ((short)x * (short)y) >> 16;
            case U16, B16 -> ((x & 0xFFFF) * (y & 0xFFFF)) >>> 16;
            case S32 -> ((long)(int)x * (int)y) >> 32;
            case U32, B32 -> ((x & LOW32) * (y & LOW32)) >>> 32;
            case S64 -> Math.multiplyHigh(x, y);
            default -> Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
        };
    }

    /**
     * add.cc/addc, sub.cc/subc and mad.cc/madc on 32 or 64 bits. The carry flag is a lane mask; after a subtraction
     * it holds the borrow, since PTX defines {@code subc} as {@code d = a - (b + CC.CF)}.
     *
     * @param carry the carry flag of each lane.
     * @return the carry out of each lane in mask.
     */
    static int carryArithmetic(final long[] r, final int mask, final Instruction in, final int carry)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final boolean wide = in.type.size == 8;
        final int operation = in.variant;
        int carryOut = 0;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long carryIn = in.carryIn ? carry >>> lane & 1 : 0;
            final long x;
            final long y;
            switch (operation)
            {
                case CARRY_MAD_LO ->
                {
                    x = r[a + lane] * r[b + lane];
                    y = r[c + lane];
                }
                case CARRY_MAD_HI ->
                {
                    x = multiplyHigh(r[a + lane], r[b + lane], wide ? PtxType.U64 : PtxType.U32);
                    y = r[c + lane];
                }
                default ->
                {
                    x = r[a + lane];
                    y = r[b + lane];
                }
            }
            final boolean out;
            if (operation == CARRY_SUB)
            {
                if (wide)
                {
                    r[d + lane] = x - y - carryIn;
                    out = Long.compareUnsigned(x, y) < 0 || (carryIn != 0 && x == y);
                }
                else
                {
                    final long difference = (x & LOW32) - (y & LOW32) - carryIn;
                    r[d + lane] = difference;
                    out = difference < 0;
                }
            }
            else if (wide)
            {
                final long sum = x + y;
                r[d + lane] = sum + carryIn;
                out = Long.compareUnsigned(sum, x) < 0 || (carryIn != 0 && sum == -1L);
            }
            else
            {
                final long sum = (x & LOW32) + (y & LOW32) + carryIn;
                r[d + lane] = sum;
                out = (sum >>> 32) != 0;
            }
            if (out)
            {
                carryOut |= 1 << lane;
            }
        }
        return carryOut;
    }

    static void multiply24(final long[] r, final int mask, final Instruction in, final boolean add)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final boolean signed = in.type == PtxType.S32;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long x = signed ? ((int)r[a + lane] << 8) >> 8 : r[a + lane] & 0xFF_FFFF;
            final long y = signed ? ((int)r[b + lane] << 8) >> 8 : r[b + lane] & 0xFF_FFFF;
            final long product = x * y;
            final long result = in.variant == LO ? product : product >> 16;
            r[d + lane] = add ? result + r[c + lane] : result;
        }
    }

    static void divide(final long[] r, final int mask, final Instruction in, final boolean remainder)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final PtxType type = in.type;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long x = extend(r[a + lane], type);
            final long y = extend(r[b + lane], type);
            if (y == 0)
            {
                // The hardware does not trap on division by zero: the quotient is all ones, the remainder the dividend.
                r[d + lane] = remainder ? x : -1L;
            }
            else if (type == PtxType.U64 || type == PtxType.B64)
            {
                r[d + lane] = remainder ? Long.remainderUnsigned(x, y) : Long.divideUnsigned(x, y);
            }
            else if (type == PtxType.S64 && x == Long.MIN_VALUE && y == -1)
            {
                r[d + lane] = remainder ? 0 : Long.MIN_VALUE;
            }
            else
            {
                r[d + lane] = remainder ? x % y : x / y;
            }
        }
    }

    static void minMax(final long[] r, final int mask, final Instruction in, final boolean max)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final PtxType type = in.type;
        final long bias = type == PtxType.U64 || type == PtxType.B64 ? Long.MIN_VALUE : 0;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long x = extend(r[a + lane], type);
            final long y = extend(r[b + lane], type);
            final boolean xFirst = (x + bias < y + bias) != max;
            r[d + lane] = xFirst ? x : y;
        }
    }

    static void abs(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final PtxType type = in.type;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = Math.abs(extend(r[a + lane], type));
        }
    }

    static void neg(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            r[d + lane] = -r[a + lane];
        }
    }

    static void logic(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        switch (in.opcode)
        {
            case AND ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    r[d + lane] = r[a + lane] & r[b + lane];
                }
            }
            case OR ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    r[d + lane] = r[a + lane] | r[b + lane];
                }
            }
            case XOR ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    r[d + lane] = r[a + lane] ^ r[b + lane];
                }
            }
            case NOT ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    r[d + lane] = ~r[a + lane];
                }
            }
            default ->
            {
                for (int m = mask; m != 0; m &= m - 1)
                {
                    final int lane = Integer.numberOfTrailingZeros(m);
                    r[d + lane] = extend(r[a + lane], in.type) == 0 ? 1 : 0;
                }
            }
        }
    }

    /**
     * Shift amounts are unsigned and clamp at the type's width: shl and logical shr give 0, arithmetic shr the sign.
     */
    static void shift(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final PtxType type = in.type;
        final int width = type.bits();
        final boolean left = in.opcode == Opcode.SHL;
        final boolean arithmetic = type.isSigned();
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long amount = r[b + lane] & LOW32;
            final long value = r[a + lane];
            if (left)
            {
                r[d + lane] = amount >= width ? 0 : value << amount;
            }
            else if (arithmetic)
            {
                r[d + lane] = extend(value, type) >> Math.min(amount, 63);
            }
            else
            {
                r[d + lane] = amount >= width ? 0 : extend(value, type) >>> amount;
            }
        }
    }

    static void bitFieldExtract(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final PtxType type = in.type;
        final int width = type.bits();
        final boolean signed = type.isSigned();
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long value = r[a + lane] & lowBits(width);
            final int position = (int)(r[b + lane] & 0xFF);
            final int length = (int)(r[c + lane] & 0xFF);
            if (length == 0)
            {
                r[d + lane] = 0;
                continue;
            }
            final int available = Math.max(0, Math.min(length, width - position));
            long field = position >= width ? 0 : (value >>> position) & lowBits(available);
            if (signed)
            {
                final int signPosition = Math.min(position + length - 1, width - 1);
                if ((value >>> signPosition & 1) != 0)
                {
                    field |= ~lowBits(available);
                }
            }
            r[d + lane] = field;
        }
    }

    static void bitFieldInsert(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final int e = in.e;
        final int width = in.type.bits();
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final int position = (int)(r[c + lane] & 0xFF);
            final int length = (int)(r[e + lane] & 0xFF);
            final long base = r[b + lane];
            if (position >= width || length == 0)
            {
                r[d + lane] = base;
                continue;
            }
            final long field = lowBits(Math.min(length, width - position)) << position;
            r[d + lane] = (base & ~field) | ((r[a + lane] << position) & field);
        }
    }

    static void bitCount(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final boolean wide = in.type == PtxType.B64;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long value = r[a + lane];
            r[d + lane] = switch (in.opcode)
            {
                case BREV -> wide ? Long.reverse(value) : Integer.reverse((int)value);
                case POPC -> wide ? Long.bitCount(value) : Integer.bitCount((int)value);
                default -> wide ? Long.numberOfLeadingZeros(value) : Integer.numberOfLeadingZeros((int)value);
            };
        }
    }

    /**
     * Position of the most significant bit that differs from the sign (for signed types) or is set; all ones when
     * there is none. With {@code .shiftamt}, the left shift that would move that bit to the top instead.
     */
    static void findBit(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final PtxType type = in.type;
        final int width = type.bits();
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            long value = extend(r[a + lane], type);
            if (type.isSigned() && value < 0)
            {
                value = ~value;
            }
            value &= lowBits(width);
            if (value == 0)
            {
                r[d + lane] = LOW32;
                continue;
            }
            final int position = 63 - Long.numberOfLeadingZeros(value);
            r[d + lane] = in.variant == 1 ? width - 1 - position : position;
        }
    }

    static void permute(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long bytes = ((r[b + lane] & LOW32) << 32) | (r[a + lane] & LOW32);
            final int selector = (int)r[c + lane];
            long result = 0;
            if (in.variant == PRMT_DEFAULT)
            {
                for (int i = 0; i < 4; i++)
                {
                    final int nibble = selector >>> (4 * i) & 0xF;
                    long value = bytes >>> (8 * (nibble & 7)) & 0xFF;
                    if ((nibble & 8) != 0)
                    {
                        value = (value & 0x80) != 0 ? 0xFF : 0;
                    }
                    result |= value << (8 * i);
                }
            }
            else
            {
                final int selection = PRMT_SELECTIONS[in.variant][selector & 3];
                for (int i = 0; i < 4; i++)
                {
                    result |= (bytes >>> (8 * (selection >>> (4 * i) & 7)) & 0xFF) << (8 * i);
                }
            }
            r[d + lane] = result;
        }
    }

    /**
     * lop3: bit i of the lookup table is the result for a = bit 2 of i, b = bit 1, c = bit 0.
     */
    static void logic3(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final int table = in.variant;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long x = r[a + lane];
            final long y = r[b + lane];
            final long z = r[c + lane];
            long result = 0;
            for (int i = 0; i < 8; i++)
            {
                if ((table >>> i & 1) != 0)
                {
                    result |= ((i & 4) != 0 ? x : ~x) & ((i & 2) != 0 ? y : ~y) & ((i & 1) != 0 ? z : ~z);
                }
            }
            r[d + lane] = result;
        }
    }

    static void funnelShift(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final boolean right = (in.variant & FUNNEL_RIGHT) != 0;
        final boolean clamp = (in.variant & FUNNEL_CLAMP) != 0;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long pair = ((r[b + lane] & LOW32) << 32) | (r[a + lane] & LOW32);
            final long amount = r[c + lane] & LOW32;
            final int shift = clamp ? (int)Math.min(amount, 32) : (int)(amount & 31);
            r[d + lane] = right ? pair >>> shift : (pair << shift) >>> 32;
        }
    }

    static void dotProduct4(final long[] r, final int mask, final Instruction in)
    {
        final int d = in.d;
        final int a = in.a;
        final int b = in.b;
        final int c = in.c;
        final boolean signedA = (in.variant & 1) != 0;
        final boolean signedB = (in.variant & 2) != 0;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long x = r[a + lane];
            final long y = r[b + lane];
            long sum = r[c + lane];
            for (int i = 0; i < 4; i++)
            {
                final int xByte = (int)(x >>> (8 * i)) & 0xFF;
                final int yByte = (int)(y >>> (8 * i)) & 0xFF;
                sum += (long)(signedA ? (byte)xByte : xByte) * (signedB ? (byte)yByte : yByte);
            }
            r[d + lane] = sum;
        }
    }
}
