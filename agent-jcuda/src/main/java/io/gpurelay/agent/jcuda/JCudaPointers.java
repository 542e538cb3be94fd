package io.gpurelay.agent.jcuda;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.Buffer;

import jcuda.NativePointerObject;
import jcuda.Pointer;

/**
 * The private fields of JCuda's pointer classes, which JCuda's native code reads and writes and which the agent,
 * standing in for that native code, reads and writes the same way.
 */
public final class JCudaPointers
{
    private static final VarHandle NATIVE_POINTER;
    private static final VarHandle BYTE_OFFSET;
    private static final VarHandle BUFFER;
    private static final VarHandle POINTERS;

    static
    {
        try
        {
            final MethodHandles.Lookup nativePointerObject =
                MethodHandles.privateLookupIn(NativePointerObject.class, MethodHandles.lookup());
            NATIVE_POINTER = nativePointerObject.findVarHandle(NativePointerObject.class, "nativePointer", long.class);
            final MethodHandles.Lookup pointer = MethodHandles.privateLookupIn(Pointer.class, MethodHandles.lookup());
            BYTE_OFFSET = pointer.findVarHandle(Pointer.class, "byteOffset", long.class);
            BUFFER = pointer.findVarHandle(Pointer.class, "buffer", Buffer.class);
            POINTERS = pointer.findVarHandle(Pointer.class, "pointers", NativePointerObject[].class);
        }
        catch (final ReflectiveOperationException ex)
        {
            throw new ExceptionInInitializerError(ex);
        }
    }

    private JCudaPointers()
    {
    }

    public static long nativePointer(final NativePointerObject object)
    {
        return (long)NATIVE_POINTER.get(object);
    }

    public static long byteOffset(final Pointer pointer)
    {
        return (long)BYTE_OFFSET.get(pointer);
    }

    public static Buffer buffer(final Pointer pointer)
    {
        return (Buffer)BUFFER.get(pointer);
    }

    public static NativePointerObject[] pointers(final Pointer pointer)
    {
        return (NativePointerObject[])POINTERS.get(pointer);
    }

    /**
     * The address JCuda's native code passes for a pointer with no Java memory behind it: native pointer plus byte
     * offset.
     */
    public static long address(final Pointer pointer)
    {
        return nativePointer(pointer) + byteOffset(pointer);
    }

    /**
     * A call that makes a handle: {@code call} fills its argument's first element and returns its status, and on
     * {@code success} {@code handle}'s native pointer becomes that element.
     */
    public static int intoHandle(final NativePointerObject handle, final int success,
        final java.util.function.ToIntFunction<long[]> call)
    {
        final long[] results = new long[1];
        final int status = call.applyAsInt(results);
        if (status == success)
        {
            setNativePointer(handle, results[0]);
        }
        return status;
    }

    public static void setNativePointer(final NativePointerObject object, final long value)
    {
        NATIVE_POINTER.set(object, value);
    }

    /**
     * What JCuda's native code does when a function returns a new address into a pointer (cudaMalloc): the pointer
     * now holds that address and no offset.
     */
    public static void setAddress(final Pointer pointer, final long address)
    {
        NATIVE_POINTER.set(pointer, address);
        BYTE_OFFSET.set(pointer, 0L);
    }

    /**
     * Make the pointer designate host memory held in a direct buffer, as JCuda's cudaMallocHost does.
     */
    public static void setHostBuffer(final Pointer pointer, final Buffer buffer, final long address)
    {
        BUFFER.set(pointer, buffer);
        POINTERS.set(pointer, (NativePointerObject[])null);
        NATIVE_POINTER.set(pointer, address);
        BYTE_OFFSET.set(pointer, 0L);
    }
}
