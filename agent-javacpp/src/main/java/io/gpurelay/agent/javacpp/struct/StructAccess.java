package io.gpurelay.agent.javacpp.struct;

import org.agrona.UnsafeApi;
import org.bytedeco.javacpp.Pointer;

/**
 * The bodies of the struct classes' rewritten native methods: each calls one of these with its accessor's number.
 * Memory is read and written where JavaCPP's JNI code would: at the pointer's address plus its position in structs,
 * plus the member's offset from the CUDA headers. Public because the rewritten classes call it.
 */
public final class StructAccess
{
    private StructAccess()
    {
    }

    private static long readLong(final long address, final StructLayout.Kind kind, final int size)
    {
        return ScalarMemory.readLong(address, kind, size);
    }

    public static boolean getBoolean(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        return readLong(a, accessor.member.kind(), accessor.member.size()) != 0;
    }

    public static boolean getBooleanAt(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        return readLong(a, accessor.elementKind(), accessor.elementSize()) != 0;
    }

    public static Pointer setBoolean(final Pointer self, final int id, final boolean value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        ScalarMemory.writeLong(a, accessor.member.kind(), accessor.member.size(), value ? 1 : 0);
        return self;
    }

    public static Pointer setBooleanAt(final Pointer self, final int id, final long index, final boolean value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        ScalarMemory.writeLong(a, accessor.elementKind(), accessor.elementSize(), value ? 1 : 0);
        return self;
    }

    public static byte getByte(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        return (byte)readLong(a, accessor.member.kind(), accessor.member.size());
    }

    public static byte getByteAt(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        return (byte)readLong(a, accessor.elementKind(), accessor.elementSize());
    }

    public static Pointer setByte(final Pointer self, final int id, final byte value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        ScalarMemory.writeLong(a, accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    public static Pointer setByteAt(final Pointer self, final int id, final long index, final byte value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        ScalarMemory.writeLong(a, accessor.elementKind(), accessor.elementSize(), value);
        return self;
    }

    public static short getShort(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        return (short)readLong(a, accessor.member.kind(), accessor.member.size());
    }

    public static short getShortAt(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        return (short)readLong(a, accessor.elementKind(), accessor.elementSize());
    }

    public static Pointer setShort(final Pointer self, final int id, final short value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        ScalarMemory.writeLong(a, accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    public static Pointer setShortAt(final Pointer self, final int id, final long index, final short value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        ScalarMemory.writeLong(a, accessor.elementKind(), accessor.elementSize(), value);
        return self;
    }

    public static char getChar(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        return (char)readLong(a, accessor.member.kind(), accessor.member.size());
    }

    public static char getCharAt(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        return (char)readLong(a, accessor.elementKind(), accessor.elementSize());
    }

    public static Pointer setChar(final Pointer self, final int id, final char value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        ScalarMemory.writeLong(a, accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    public static Pointer setCharAt(final Pointer self, final int id, final long index, final char value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        ScalarMemory.writeLong(a, accessor.elementKind(), accessor.elementSize(), value);
        return self;
    }

    public static int getInt(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        return (int)readLong(a, accessor.member.kind(), accessor.member.size());
    }

    public static int getIntAt(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        return (int)readLong(a, accessor.elementKind(), accessor.elementSize());
    }

    public static Pointer setInt(final Pointer self, final int id, final int value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        ScalarMemory.writeLong(a, accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    public static Pointer setIntAt(final Pointer self, final int id, final long index, final int value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        ScalarMemory.writeLong(a, accessor.elementKind(), accessor.elementSize(), value);
        return self;
    }

    public static long getLong(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        return (long)readLong(a, accessor.member.kind(), accessor.member.size());
    }

    public static long getLongAt(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        return (long)readLong(a, accessor.elementKind(), accessor.elementSize());
    }

    public static Pointer setLong(final Pointer self, final int id, final long value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        ScalarMemory.writeLong(a, accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    public static Pointer setLongAt(final Pointer self, final int id, final long index, final long value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        ScalarMemory.writeLong(a, accessor.elementKind(), accessor.elementSize(), value);
        return self;
    }

    public static float getFloat(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        return (float)ScalarMemory.readDouble(a, accessor.member.kind(), accessor.member.size());
    }

    public static float getFloatAt(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        return (float)ScalarMemory.readDouble(a, accessor.elementKind(), accessor.elementSize());
    }

    public static Pointer setFloat(final Pointer self, final int id, final float value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        ScalarMemory.writeDouble(a, accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    public static Pointer setFloatAt(final Pointer self, final int id, final long index, final float value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        ScalarMemory.writeDouble(a, accessor.elementKind(), accessor.elementSize(), value);
        return self;
    }

    public static double getDouble(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        return (double)ScalarMemory.readDouble(a, accessor.member.kind(), accessor.member.size());
    }

    public static double getDoubleAt(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        return (double)ScalarMemory.readDouble(a, accessor.elementKind(), accessor.elementSize());
    }

    public static Pointer setDouble(final Pointer self, final int id, final double value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.memberAddress(self);
        ScalarMemory.writeDouble(a, accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    public static Pointer setDoubleAt(final Pointer self, final int id, final long index, final double value)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        ScalarMemory.writeDouble(a, accessor.elementKind(), accessor.elementSize(), value);
        return self;
    }

    /**
     * A getter returning a pointer: a view of a struct member, the first element of an array member, or the value of
     * a pointer member (null for NULL), as a new object of the getter's class.
     */
    public static Pointer getPointer(final Pointer self, final int id, final Class<?> type)
    {
        final Accessor accessor = Accessor.get(id);
        final StructLayout.Member member = accessor.member;
        final long a = accessor.memberAddress(self);
        if (member.kind() == StructLayout.Kind.POINTER && !member.isArray())
        {
            final long target = UnsafeApi.getLong(null, a);
            return target == 0 ? null : PointerFields.create(type, target);
        }
        return PointerFields.create(type, a);
    }

    /**
     * An indexed getter returning a pointer: a view of a struct element, or the value of a pointer element.
     */
    public static Pointer getPointerAt(final Pointer self, final int id, final long index, final Class<?> type)
    {
        final Accessor accessor = Accessor.get(id);
        final long a = accessor.elementAddress(self, index);
        if (accessor.elementKind() == StructLayout.Kind.POINTER)
        {
            final long target = UnsafeApi.getLong(null, a);
            return target == 0 ? null : PointerFields.create(type, target);
        }
        return PointerFields.create(type, a);
    }

    /**
     * A setter taking a pointer: copies a struct member's bytes from it, or stores its address in a pointer member.
     */
    public static Pointer setPointer(final Pointer self, final int id, final Pointer value)
    {
        final Accessor accessor = Accessor.get(id);
        final StructLayout.Member member = accessor.member;
        store(accessor.memberAddress(self), member.kind(), member.size(), value);
        return self;
    }

    public static Pointer setPointerAt(final Pointer self, final int id, final long index, final Pointer value)
    {
        final Accessor accessor = Accessor.get(id);
        store(accessor.elementAddress(self, index), accessor.elementKind(), accessor.elementSize(), value);
        return self;
    }

    private static void store(final long address, final StructLayout.Kind kind, final int size, final Pointer value)
    {
        final long source = PointerFields.argumentAddress(value);
        if (kind == StructLayout.Kind.POINTER)
        {
            UnsafeApi.putLong(null, address, source);
        }
        else
        {
            if (source == 0)
            {
                throw new NullPointerException("Pointer address of argument 0 is NULL.");
            }
            UnsafeApi.copyMemory(null, source, null, address, size);
        }
    }

    /**
     * {@code allocate()}: one zeroed struct (C++'s value initialisation), or C++'s default values where its
     * constructor sets some (dim3's 1, 1, 1).
     */
    public static void allocate(final Pointer self, final int id)
    {
        StructMemory.allocate(self, Accessor.get(id).layout, 1);
    }

    /**
     * {@code allocateArray(long)}: that many structs, as {@code new T[count]}.
     */
    public static void allocateArray(final Pointer self, final int id, final long count)
    {
        StructMemory.allocate(self, Accessor.get(id).layout, count);
    }

    /**
     * A constructor taking one struct (dim3's from uint3): a new struct with the argument's bytes.
     */
    public static void allocateCopy(final Pointer self, final int id, final Pointer source)
    {
        final StructLayout layout = Accessor.get(id).layout;
        final long from = PointerFields.argumentAddress(source);
        if (from == 0)
        {
            throw new NullPointerException("Pointer address of argument 0 is NULL.");
        }
        StructMemory.allocate(self, layout, 1);
        UnsafeApi.copyMemory(null, from, null, self.address(), Math.min(layout.size(), Math.max(1, source.sizeof())));
    }

    /**
     * A constructor taking each member's value in order (dim3's three unsigned ints).
     */
    public static void allocateWith(final Pointer self, final int id, final Object[] values)
    {
        final StructLayout layout = Accessor.get(id).layout;
        StructMemory.allocate(self, layout, 1);
        final StructLayout.Member[] members = StructMemory.byOffset(layout);
        for (int i = 0; i < values.length; i++)
        {
            final StructLayout.Member member = members[i];
            final Object value = values[i];
            final long address = self.address() + member.offset();
            if (value instanceof Double || value instanceof Float)
            {
                ScalarMemory.writeDouble(address, member.kind(), member.size(), ((Number)value).doubleValue());
            }
            else if (value instanceof Boolean)
            {
                ScalarMemory.writeLong(address, member.kind(), member.size(), (Boolean)value ? 1 : 0);
            }
            else if (value instanceof Character)
            {
                ScalarMemory.writeLong(address, member.kind(), member.size(), (Character)value);
            }
            else
            {
                ScalarMemory.writeLong(address, member.kind(), member.size(), ((Number)value).longValue());
            }
        }
    }
}
