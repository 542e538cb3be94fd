package io.gpurelay.agent.javacpp.struct;

import org.agrona.UnsafeApi;
import org.bytedeco.javacpp.Pointer;

/**
 * The bodies of the struct classes' rewritten native methods: each calls one of these with its accessor's number.
 * Memory is read and written where JavaCPP's JNI code would: at the pointer's address plus its position in structs,
 * plus the member's offset from the CUDA headers. Public because the rewritten classes call it. There is one entry
 * point per Java type because the rewritten natives call them by type; each is a conversion around one of the
 * shared readers and writers of integer or floating-point members and elements.
 */
public final class StructAccess
{
    private StructAccess()
    {
    }

    /** The integer member {@code id} of the struct at {@code self}, widened to a long. */
    private static long member(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        return ScalarMemory.readLong(accessor.memberAddress(self), accessor.member.kind(), accessor.member.size());
    }

    /** Element {@code index} of the integer array member {@code id}, widened to a long. */
    private static long element(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        return ScalarMemory.readLong(accessor.elementAddress(self, index), accessor.elementKind(),
            accessor.elementSize());
    }

    private static Pointer putMember(final Pointer self, final int id, final long value)
    {
        final Accessor accessor = Accessor.get(id);
        ScalarMemory.writeLong(accessor.memberAddress(self), accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    private static Pointer putElement(final Pointer self, final int id, final long index, final long value)
    {
        final Accessor accessor = Accessor.get(id);
        ScalarMemory.writeLong(accessor.elementAddress(self, index), accessor.elementKind(), accessor.elementSize(),
            value);
        return self;
    }

    /** The floating-point member {@code id}, widened to a double. */
    private static double realMember(final Pointer self, final int id)
    {
        final Accessor accessor = Accessor.get(id);
        return ScalarMemory.readDouble(accessor.memberAddress(self), accessor.member.kind(), accessor.member.size());
    }

    private static double realElement(final Pointer self, final int id, final long index)
    {
        final Accessor accessor = Accessor.get(id);
        return ScalarMemory.readDouble(accessor.elementAddress(self, index), accessor.elementKind(),
            accessor.elementSize());
    }

    private static Pointer putRealMember(final Pointer self, final int id, final double value)
    {
        final Accessor accessor = Accessor.get(id);
        ScalarMemory.writeDouble(accessor.memberAddress(self), accessor.member.kind(), accessor.member.size(), value);
        return self;
    }

    private static Pointer putRealElement(final Pointer self, final int id, final long index, final double value)
    {
        final Accessor accessor = Accessor.get(id);
        ScalarMemory.writeDouble(accessor.elementAddress(self, index), accessor.elementKind(),
            accessor.elementSize(), value);
        return self;
    }

    public static boolean getBoolean(final Pointer self, final int id)
    {
        return member(self, id) != 0;
    }

    public static boolean getBooleanAt(final Pointer self, final int id, final long index)
    {
        return element(self, id, index) != 0;
    }

    public static Pointer setBoolean(final Pointer self, final int id, final boolean value)
    {
        return putMember(self, id, value ? 1 : 0);
    }

    public static Pointer setBooleanAt(final Pointer self, final int id, final long index, final boolean value)
    {
        return putElement(self, id, index, value ? 1 : 0);
    }

    public static byte getByte(final Pointer self, final int id)
    {
        return (byte)member(self, id);
    }

    public static byte getByteAt(final Pointer self, final int id, final long index)
    {
        return (byte)element(self, id, index);
    }

    public static Pointer setByte(final Pointer self, final int id, final byte value)
    {
        return putMember(self, id, value);
    }

    public static Pointer setByteAt(final Pointer self, final int id, final long index, final byte value)
    {
        return putElement(self, id, index, value);
    }

    public static short getShort(final Pointer self, final int id)
    {
        return (short)member(self, id);
    }

    public static short getShortAt(final Pointer self, final int id, final long index)
    {
        return (short)element(self, id, index);
    }

    public static Pointer setShort(final Pointer self, final int id, final short value)
    {
        return putMember(self, id, value);
    }

    public static Pointer setShortAt(final Pointer self, final int id, final long index, final short value)
    {
        return putElement(self, id, index, value);
    }

    public static char getChar(final Pointer self, final int id)
    {
        return (char)member(self, id);
    }

    public static char getCharAt(final Pointer self, final int id, final long index)
    {
        return (char)element(self, id, index);
    }

    public static Pointer setChar(final Pointer self, final int id, final char value)
    {
        return putMember(self, id, value);
    }

    public static Pointer setCharAt(final Pointer self, final int id, final long index, final char value)
    {
        return putElement(self, id, index, value);
    }

    public static int getInt(final Pointer self, final int id)
    {
        return (int)member(self, id);
    }

    public static int getIntAt(final Pointer self, final int id, final long index)
    {
        return (int)element(self, id, index);
    }

    public static Pointer setInt(final Pointer self, final int id, final int value)
    {
        return putMember(self, id, value);
    }

    public static Pointer setIntAt(final Pointer self, final int id, final long index, final int value)
    {
        return putElement(self, id, index, value);
    }

    public static long getLong(final Pointer self, final int id)
    {
        return member(self, id);
    }

    public static long getLongAt(final Pointer self, final int id, final long index)
    {
        return element(self, id, index);
    }

    public static Pointer setLong(final Pointer self, final int id, final long value)
    {
        return putMember(self, id, value);
    }

    public static Pointer setLongAt(final Pointer self, final int id, final long index, final long value)
    {
        return putElement(self, id, index, value);
    }

    public static float getFloat(final Pointer self, final int id)
    {
        return (float)realMember(self, id);
    }

    public static float getFloatAt(final Pointer self, final int id, final long index)
    {
        return (float)realElement(self, id, index);
    }

    public static Pointer setFloat(final Pointer self, final int id, final float value)
    {
        return putRealMember(self, id, value);
    }

    public static Pointer setFloatAt(final Pointer self, final int id, final long index, final float value)
    {
        return putRealElement(self, id, index, value);
    }

    public static double getDouble(final Pointer self, final int id)
    {
        return realMember(self, id);
    }

    public static double getDoubleAt(final Pointer self, final int id, final long index)
    {
        return realElement(self, id, index);
    }

    public static Pointer setDouble(final Pointer self, final int id, final double value)
    {
        return putRealMember(self, id, value);
    }

    public static Pointer setDoubleAt(final Pointer self, final int id, final long index, final double value)
    {
        return putRealElement(self, id, index, value);
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
