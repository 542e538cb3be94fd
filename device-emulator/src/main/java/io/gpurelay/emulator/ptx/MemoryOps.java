package io.gpurelay.emulator.ptx;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

/**
 * Loads, stores and atomics. Every access is resolved by {@link Warp#resolve} into an Unsafe base object and offset
 * after its bounds and alignment have been checked, so an access either faults with a {@link KernelFaultException}
 * or touches memory the kernel is allowed to touch.
 */
final class MemoryOps
{
    /** The access has acquire (load) or release (store) semantics, or is volatile. */
    static final int ORDERED = 1;

    private static final long LOW32 = 0xFFFF_FFFFL;

    private MemoryOps()
    {
    }

    private static long address(final long[] r, final Instruction in, final int lane)
    {
        final long base = r[in.a + lane];
        return (in.address32 ? base & LOW32 : base) + in.offset;
    }

    static void load(final Warp warp, final int mask, final Instruction in)
    {
        if (in.variant == ORDERED)
        {
            UNSAFE.fullFence();
        }
        final long[] r = warp.registers;
        final int size = in.type.size;
        final boolean signed = in.type.isSigned();
        final int[] elements = in.elements;
        if (elements == null)
        {
            final int d = in.d;
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                final long offset = warp.resolve(in.space, address(r, in, lane), size, in, lane);
                r[d + lane] = read(warp.accessBase, offset, size, signed);
            }
            return;
        }
        final int total = size * elements.length;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long offset = warp.resolve(in.space, address(r, in, lane), total, in, lane);
            final Object base = warp.accessBase;
            for (int i = 0; i < elements.length; i++)
            {
                r[elements[i] + lane] = read(base, offset + (long)i * size, size, signed);
            }
        }
    }

    static void store(final Warp warp, final int mask, final Instruction in)
    {
        final long[] r = warp.registers;
        final int size = in.type.size;
        final int[] elements = in.elements;
        if (elements == null)
        {
            final int b = in.b;
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                final long offset = warp.resolve(in.space, address(r, in, lane), size, in, lane);
                write(warp.accessBase, offset, size, r[b + lane]);
            }
        }
        else
        {
            final int total = size * elements.length;
            for (int m = mask; m != 0; m &= m - 1)
            {
                final int lane = Integer.numberOfTrailingZeros(m);
                final long offset = warp.resolve(in.space, address(r, in, lane), total, in, lane);
                final Object base = warp.accessBase;
                for (int i = 0; i < elements.length; i++)
                {
                    write(base, offset + (long)i * size, size, r[elements[i] + lane]);
                }
            }
        }
        if (in.variant == ORDERED)
        {
            UNSAFE.fullFence();
        }
    }

    static void atomic(final Warp warp, final int mask, final Instruction in)
    {
        final long[] r = warp.registers;
        final int size = in.type.size;
        final boolean returnsOld = in.opcode == Opcode.ATOM;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long offset = warp.resolve(in.space, address(r, in, lane), size, in, lane);
            final long old = AtomicOps.apply(in.variant, in.type, warp.accessBase, offset, r[in.b + lane],
                in.c == Instruction.NONE ? 0 : r[in.c + lane]);
            if (returnsOld)
            {
                r[in.d + lane] = old;
            }
        }
    }

    static void isSpace(final long[] r, final int[] predicates, final int mask, final Instruction in)
    {
        int result = 0;
        for (int m = mask; m != 0; m &= m - 1)
        {
            final int lane = Integer.numberOfTrailingZeros(m);
            final long address = r[in.a + lane];
            final boolean holds = switch (in.space)
            {
                case SHARED -> GenericAddressSpace.isShared(address);
                case LOCAL -> GenericAddressSpace.isLocal(address);
                case GLOBAL -> !GenericAddressSpace.isShared(address) && !GenericAddressSpace.isLocal(address);
                default -> false;
            };
            if (holds)
            {
                result |= 1 << lane;
            }
        }
        predicates[in.d] = (predicates[in.d] & ~mask) | result;
    }

    private static long read(final Object base, final long offset, final int size, final boolean signed)
    {
        return switch (size)
        {
            case 1 ->
            {
                final byte value = UNSAFE.getByte(base, offset);
                yield signed ? value : value & 0xFF;
            }
            case 2 ->
            {
                final short value = UNSAFE.getShort(base, offset);
                yield signed ? value : value & 0xFFFF;
            }
            case 4 ->
            {
                final int value = UNSAFE.getInt(base, offset);
                yield signed ? value : value & LOW32;
            }
            default -> UNSAFE.getLong(base, offset);
        };
    }

    private static void write(final Object base, final long offset, final int size, final long value)
    {
        switch (size)
        {
            case 1 -> UNSAFE.putByte(base, offset, (byte)value);
            case 2 -> UNSAFE.putShort(base, offset, (short)value);
            case 4 -> UNSAFE.putInt(base, offset, (int)value);
            default -> UNSAFE.putLong(base, offset, value);
        }
    }
}
