package io.gpurelay.agent.javacpp;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.charset.StandardCharsets;

import org.agrona.UnsafeApi;
import org.bytedeco.javacpp.Pointer;

/**
 * A JavaCPP {@link Pointer} read and written the way JavaCPP's generated native code does: the memory it designates
 * starts {@code position} elements of {@code sizeof()} bytes past its {@code address}, and an argument declared
 * {@code @ByPtrPtr} gets the callee's pointer written into its {@code address} (less its position).
 */
public final class JavaCppPointers
{
    private static final VarHandle ADDRESS = addressField();

    private JavaCppPointers()
    {
    }

    /**
     * The bytes from the pointer's address to its position: 0 at position 0, whatever the class (an opaque handle's
     * class has no size).
     */
    public static long offset(final Pointer pointer)
    {
        final long position = pointer.position();
        return position == 0 ? 0 : position * elementSize(pointer);
    }

    /**
     * The address the native code passes to C: the pointer's address plus its position; 0 for a null pointer.
     */
    public static long effectiveAddress(final Pointer pointer)
    {
        return pointer == null || pointer.address() == 0 ? 0 : pointer.address() + offset(pointer);
    }

    /**
     * The bytes of memory known to lie from the pointer's position to its capacity, or -1 when JavaCPP does not know
     * (capacity 0: a pointer JavaCPP did not allocate).
     */
    public static long extent(final Pointer pointer)
    {
        final long capacity = pointer.capacity();
        if (capacity <= 0)
        {
            return -1;
        }
        return Math.max(0, (capacity - pointer.position()) * elementSize(pointer));
    }

    /**
     * Write the callee's pointer into an argument declared {@code @ByPtrPtr}, as JavaCPP's native code does.
     */
    public static void setAddress(final Pointer pointer, final long address)
    {
        ADDRESS.set(pointer, address == 0 ? 0 : address - offset(pointer));
    }

    /**
     * The NUL-terminated UTF-8 string at an address.
     */
    public static String cString(final long address)
    {
        int length = 0;
        while (UnsafeApi.getByte(null, address + length) != 0)
        {
            length++;
        }
        final byte[] bytes = new byte[length];
        UnsafeApi.copyMemory(null, address, bytes, UnsafeApi.arrayBaseOffset(byte[].class), length);
        return new String(bytes, StandardCharsets.UTF_8);
    }

    /**
     * A new object of a JavaCPP pointer class that points at the address, as JavaCPP's native code makes the pointers
     * it returns.
     */
    public static Object pointerAt(final Class<?> type, final long address)
    {
        try
        {
            final Pointer pointer = (Pointer)type.getDeclaredConstructor().newInstance();
            ADDRESS.set(pointer, address);
            return pointer;
        }
        catch (final ReflectiveOperationException | ClassCastException ex)
        {
            throw new IllegalStateException("cannot make a " + type.getName() + " at 0x" + Long.toHexString(address),
                ex);
        }
    }

    public static int elementSize(final Pointer pointer)
    {
        final int size = pointer.sizeof();
        return size > 0 ? size : 1;
    }

    private static VarHandle addressField()
    {
        try
        {
            return MethodHandles.privateLookupIn(Pointer.class, MethodHandles.lookup())
                .findVarHandle(Pointer.class, "address", long.class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new IllegalStateException("cannot write JavaCPP pointers' addresses; if JavaCPP is on the module " +
                "path, open org.bytedeco.javacpp to the agent (--add-opens org.bytedeco.javacpp/org.bytedeco.javacpp=" +
                "ALL-UNNAMED)", ex);
        }
    }
}
