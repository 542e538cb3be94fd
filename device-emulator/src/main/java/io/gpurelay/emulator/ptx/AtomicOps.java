package io.gpurelay.emulator.ptx;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

/**
 * {@code atom} and {@code red} on 32- and 64-bit words. The word is addressed as Unsafe addresses it: a base object
 * ({@code null} for device memory, the byte array of shared memory) and an offset. Global atomics really are atomic,
 * since blocks may run on several threads at once; shared memory is only touched by the thread running its block,
 * but goes through the same code. As on the GPU, {@code atom.add.f32} flushes subnormals to zero.
 */
final class AtomicOps
{
    static final int ADD = 0;
    static final int MIN = 1;
    static final int MAX = 2;
    static final int INC = 3;
    static final int DEC = 4;
    static final int AND = 5;
    static final int OR = 6;
    static final int XOR = 7;
    static final int EXCH = 8;
    static final int CAS = 9;

    private AtomicOps()
    {
    }

    static boolean supports(final int operation, final PtxType type)
    {
        return switch (operation)
        {
            case ADD -> type.isInteger() || type == PtxType.F32 || type == PtxType.F64;
            case MIN, MAX -> type.kind == PtxType.Kind.SIGNED || type.kind == PtxType.Kind.UNSIGNED;
            case INC, DEC -> type == PtxType.U32;
            default -> type.isInteger() || type == PtxType.F32 || type == PtxType.F64;
        };
    }

    /**
     * Apply one atomic operation. A 32-bit word is read and compared as its type extends it to 64 bits (signed types
     * by sign, others by zero), so that one update serves both widths: min, max, inc and dec on extended values give
     * the 32-bit results, and only the low 32 bits are stored.
     *
     * @param operand the value operand ({@code b}); for cas the value compared with.
     * @param swap    for cas, the value stored when the comparison holds.
     * @return the old value, extended as the type says.
     */
    static long apply(final int operation, final PtxType type, final Object base, final long offset,
        final long operand, final long swap)
    {
        final boolean narrow = type.size == 4;
        final long value = IntegerAlu.extend(operand, type);
        switch (operation)
        {
            case ADD:
                if (type == PtxType.F32 || type == PtxType.F64)
                {
                    break;
                }
                return narrow ? IntegerAlu.extend(UNSAFE.getAndAddInt(base, offset, (int)operand), type) :
                    UNSAFE.getAndAddLong(base, offset, operand);
            case EXCH:
                return narrow ? IntegerAlu.extend(UNSAFE.getAndSetInt(base, offset, (int)operand), type) :
                    UNSAFE.getAndSetLong(base, offset, operand);
            case CAS:
                while (true)
                {
                    final long old = load(narrow, type, base, offset);
                    if (old != value || compareAndSwap(narrow, base, offset, old, swap))
                    {
                        return old;
                    }
                }
            default:
                break;
        }
        while (true)
        {
            final long old = load(narrow, type, base, offset);
            final long updated = switch (operation)
            {
                case ADD -> type == PtxType.F32 ?
                    Float.floatToRawIntBits(FloatRounding.flush(FloatRounding.flush(Float.intBitsToFloat((int)old)) +
                        FloatRounding.flush(Float.intBitsToFloat((int)value)))) :
                    Double.doubleToRawLongBits(Double.longBitsToDouble(old) + Double.longBitsToDouble(value));
                case MIN -> type.isSigned() ? Math.min(old, value) :
                    Long.compareUnsigned(old, value) <= 0 ? old : value;
                case MAX -> type.isSigned() ? Math.max(old, value) :
                    Long.compareUnsigned(old, value) >= 0 ? old : value;
                case INC -> Long.compareUnsigned(old, value) >= 0 ? 0 : old + 1;
                case DEC -> old == 0 || Long.compareUnsigned(old, value) > 0 ? value : old - 1;
                case AND -> old & value;
                case OR -> old | value;
                default -> old ^ value;
            };
            if (compareAndSwap(narrow, base, offset, old, updated))
            {
                return old;
            }
        }
    }

    private static long load(final boolean narrow, final PtxType type, final Object base, final long offset)
    {
        return narrow ? IntegerAlu.extend(UNSAFE.getIntVolatile(base, offset), type) :
            UNSAFE.getLongVolatile(base, offset);
    }

    private static boolean compareAndSwap(final boolean narrow, final Object base, final long offset,
        final long expected, final long updated)
    {
        return narrow ? UNSAFE.compareAndSwapInt(base, offset, (int)expected, (int)updated) :
            UNSAFE.compareAndSwapLong(base, offset, expected, updated);
    }
}
