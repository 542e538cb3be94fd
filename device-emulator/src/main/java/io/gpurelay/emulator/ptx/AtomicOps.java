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
     * Apply one atomic operation.
     *
     * @param operand the value operand ({@code b}); for cas the value compared with.
     * @param swap    for cas, the value stored when the comparison holds.
     * @return the old value, extended as the type says.
     */
    static long apply(final int operation, final PtxType type, final Object base, final long offset,
        final long operand, final long swap)
    {
        return type.size == 4 ?
            IntegerAlu.extend(apply32(operation, type, base, offset, (int)operand, (int)swap), type) :
            apply64(operation, type, base, offset, operand, swap);
    }

    private static int apply32(final int operation, final PtxType type, final Object base, final long offset,
        final int operand, final int swap)
    {
        switch (operation)
        {
            case ADD:
                if (type == PtxType.F32)
                {
                    break;
                }
                return UNSAFE.getAndAddInt(base, offset, operand);
            case EXCH:
                return UNSAFE.getAndSetInt(base, offset, operand);
            case CAS:
                while (true)
                {
                    final int old = UNSAFE.getIntVolatile(base, offset);
                    if (old != operand || UNSAFE.compareAndSwapInt(base, offset, old, swap))
                    {
                        return old;
                    }
                }
            default:
                break;
        }
        while (true)
        {
            final int old = UNSAFE.getIntVolatile(base, offset);
            final int updated = switch (operation)
            {
                case ADD -> Float.floatToRawIntBits(FloatRounding.flush(FloatRounding.flush(Float.intBitsToFloat(old)) +
                    FloatRounding.flush(Float.intBitsToFloat(operand))));
                case MIN -> type.isSigned() ? Math.min(old, operand) :
                    Integer.compareUnsigned(old, operand) <= 0 ? old : operand;
                case MAX -> type.isSigned() ? Math.max(old, operand) :
                    Integer.compareUnsigned(old, operand) >= 0 ? old : operand;
                case INC -> Integer.compareUnsigned(old, operand) >= 0 ? 0 : old + 1;
                case DEC -> old == 0 || Integer.compareUnsigned(old, operand) > 0 ? operand : old - 1;
                case AND -> old & operand;
                case OR -> old | operand;
                default -> old ^ operand;
            };
            if (UNSAFE.compareAndSwapInt(base, offset, old, updated))
            {
                return old;
            }
        }
    }

    private static long apply64(final int operation, final PtxType type, final Object base, final long offset,
        final long operand, final long swap)
    {
        switch (operation)
        {
            case ADD:
                if (type == PtxType.F64)
                {
                    break;
                }
                return UNSAFE.getAndAddLong(base, offset, operand);
            case EXCH:
                return UNSAFE.getAndSetLong(base, offset, operand);
            case CAS:
                while (true)
                {
                    final long old = UNSAFE.getLongVolatile(base, offset);
                    if (old != operand || UNSAFE.compareAndSwapLong(base, offset, old, swap))
                    {
                        return old;
                    }
                }
            default:
                break;
        }
        while (true)
        {
            final long old = UNSAFE.getLongVolatile(base, offset);
            final long updated = switch (operation)
            {
                case ADD -> Double.doubleToRawLongBits(Double.longBitsToDouble(old) + Double.longBitsToDouble(operand));
                case MIN -> type.isSigned() ? Math.min(old, operand) :
                    Long.compareUnsigned(old, operand) <= 0 ? old : operand;
                case MAX -> type.isSigned() ? Math.max(old, operand) :
                    Long.compareUnsigned(old, operand) >= 0 ? old : operand;
                case AND -> old & operand;
                case OR -> old | operand;
                default -> old ^ operand;
            };
            if (UNSAFE.compareAndSwapLong(base, offset, old, updated))
            {
                return old;
            }
        }
    }
}
