package io.gpurelay.emulator.memory;

import java.lang.reflect.Field;

import sun.misc.Unsafe;

/**
 * The one place that reaches {@link Unsafe}: device memory is off-heap and addressed with 64-bit offsets, which
 * neither byte arrays nor {@code ByteBuffer}s can do past 2 GiB.
 */
public final class UnsafeAccess
{
    public static final Unsafe UNSAFE;
    public static final long BYTE_ARRAY_OFFSET;

    static
    {
        try
        {
            final Field field = Unsafe.class.getDeclaredField("theUnsafe");
            field.setAccessible(true);
            UNSAFE = (Unsafe)field.get(null);
            BYTE_ARRAY_OFFSET = UNSAFE.arrayBaseOffset(byte[].class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private UnsafeAccess()
    {
    }
}
