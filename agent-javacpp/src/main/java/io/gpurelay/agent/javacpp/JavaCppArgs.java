package io.gpurelay.agent.javacpp;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;
import java.nio.charset.StandardCharsets;

import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.cuda.PinnedHostMemory;
import org.agrona.UnsafeApi;
import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;

/**
 * The arguments of one call of a rewritten JavaCPP native, read by their run-time types the way JavaCPP's generated
 * native code reads them. JavaCPP declares one native per Java type a C argument may take, so one function sees, for
 * a {@code float*}, a {@code FloatPointer} (its memory from its position), a {@code float[]} (from element 0), or a
 * {@code FloatBuffer} (direct: its address; on the heap: its array, from its position); for a {@code T**} output, a
 * {@code PointerPointer} (written at its position) or a {@code @ByPtrPtr} pointer (its address replaced).
 */
public final class JavaCppArgs
{
    private static final long STREAM_LEGACY = 1;
    private static final long STREAM_PER_THREAD = 2;

    private final JavaCppMethod method;
    private final Object[] arguments;

    JavaCppArgs(final JavaCppMethod method, final Object[] arguments)
    {
        this.method = method;
        this.arguments = arguments;
    }

    public JavaCppMethod method()
    {
        return method;
    }

    public int count()
    {
        return arguments.length;
    }

    public Object get(final int index)
    {
        return arguments[index];
    }

    public boolean isNull(final int index)
    {
        return arguments[index] == null;
    }

    /**
     * An integer argument (any integral Java type, or a boolean as 0/1).
     */
    public int intValue(final int index)
    {
        return (int)longValue(index);
    }

    /**
     * An integer argument widened to 64 bits as C widens it: signed.
     */
    public long longValue(final int index)
    {
        final Object value = arguments[index];
        if (value instanceof Number number)
        {
            return number.longValue();
        }
        if (value instanceof Boolean flag)
        {
            return flag ? 1 : 0;
        }
        if (value instanceof Character character)
        {
            return character;
        }
        throw wrongType(index, "an integer");
    }

    public float floatValue(final int index)
    {
        if (arguments[index] instanceof Number number)
        {
            return number.floatValue();
        }
        throw wrongType(index, "a number");
    }

    public double doubleValue(final int index)
    {
        if (arguments[index] instanceof Number number)
        {
            return number.doubleValue();
        }
        throw wrongType(index, "a number");
    }

    /**
     * A device pointer: a {@code Pointer}'s address plus its position, or a driver API {@code CUdeviceptr} (a Java
     * long); 0 for null.
     */
    public long devicePointer(final int index)
    {
        final Object value = arguments[index];
        if (value == null)
        {
            return 0;
        }
        if (value instanceof Pointer pointer)
        {
            return JavaCppPointers.effectiveAddress(pointer);
        }
        if (value instanceof Long address)
        {
            return address;
        }
        throw wrongType(index, "a device pointer (a Pointer or a CUdeviceptr), not host memory in a Java array or " +
            "buffer");
    }

    /**
     * A handle (stream, event, module, function, context, library handle): the object's address; 0 for null.
     */
    public long handle(final int index)
    {
        final Object value = arguments[index];
        if (value == null)
        {
            return 0;
        }
        if (value instanceof Pointer pointer)
        {
            return pointer.address();
        }
        throw wrongType(index, "a handle");
    }

    /**
     * A stream argument as the executor names it: null, {@code cudaStreamLegacy}/{@code CU_STREAM_LEGACY} (1) and
     * the per-thread default stream (2) all name the default stream, which the executor calls 0.
     */
    public long stream(final int index)
    {
        final long handle = handle(index);
        return handle == STREAM_LEGACY || handle == STREAM_PER_THREAD ? 0 : handle;
    }

    /**
     * The bytes of host memory known to lie behind a host argument from where the native code starts, or -1 when
     * JavaCPP does not know (a pointer it did not allocate).
     */
    public long hostExtent(final int index)
    {
        final Object value = requireNonNull(index);
        if (value instanceof Pointer pointer)
        {
            return JavaCppPointers.extent(pointer);
        }
        if (value instanceof Buffer buffer)
        {
            return (long)(buffer.capacity() - buffer.position()) * HostRange.elementSize(buffer);
        }
        if (value instanceof String text)
        {
            return text.getBytes(StandardCharsets.UTF_8).length + 1L;
        }
        if (value.getClass().isArray() && value.getClass().getComponentType().isPrimitive())
        {
            return (long)java.lang.reflect.Array.getLength(value) * HostRange.arrayElementSize(value);
        }
        throw wrongType(index, "host memory");
    }

    /**
     * {@code byteCount} bytes of host memory where the native code would read or write them; refused when JavaCPP
     * knows the memory behind the argument is smaller.
     */
    public HostRange host(final int index, final long byteCount)
    {
        final Object value = requireNonNull(index);
        try
        {
            if (value instanceof Pointer pointer)
            {
                final long extent = JavaCppPointers.extent(pointer);
                if (extent >= 0 && byteCount > extent)
                {
                    throw new JavaCppArgumentException(byteCount + " bytes do not fit " + describe(index) + ": " +
                        extent + " bytes lie from its position " + pointer.position() + " to its capacity of " +
                        pointer.capacity() + " elements");
                }
                final long address = JavaCppPointers.effectiveAddress(pointer);
                if (PinnedHostMemory.isFreedAddress(address))
                {
                    throw new JavaCppArgumentException(describe(index) + " designates pinned host memory that was " +
                        "freed (cudaFreeHost/cuMemFreeHost)");
                }
                return HostRange.ofNative(address, byteCount, pointer);
            }
            if (value instanceof Buffer buffer)
            {
                final int elementSize = HostRange.elementSize(buffer);
                final long elementOffset = buffer.isDirect() || !buffer.hasArray() ? buffer.position() :
                    (long)buffer.arrayOffset() + buffer.position();
                return HostRange.ofBuffer(buffer, elementOffset * elementSize, byteCount);
            }
            if (value.getClass().isArray() && value.getClass().getComponentType().isPrimitive())
            {
                return HostRange.ofArray(value, 0, byteCount);
            }
        }
        catch (final HostRangeException ex)
        {
            throw new JavaCppArgumentException(describe(index) + ": " + ex.getMessage());
        }
        throw wrongType(index, "host memory");
    }

    /**
     * A C string argument: a {@code String}, or the NUL-terminated bytes at a {@code BytePointer} / {@code byte[]} /
     * {@code ByteBuffer}; null for null.
     */
    public String string(final int index)
    {
        final Object value = arguments[index];
        if (value == null)
        {
            return null;
        }
        if (value instanceof String text)
        {
            return text;
        }
        final long extent = hostExtent(index);
        if (value instanceof Pointer pointer && extent < 0)
        {
            final long address = JavaCppPointers.effectiveAddress(pointer);
            return address == 0 ? null : JavaCppPointers.cString(address);
        }
        final byte[] bytes = bytes(index, extent);
        int length = 0;
        while (length < bytes.length && bytes[length] != 0)
        {
            length++;
        }
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    /**
     * A copy of {@code byteCount} bytes of a host argument.
     */
    public byte[] bytes(final int index, final long byteCount)
    {
        final HostRange range = host(index, byteCount);
        final UnsafeBuffer copy = new UnsafeBuffer(
            new byte[Math.toIntExact(byteCount)]);
        range.copyTo(0, copy, 0, (int)byteCount);
        return copy.byteArray();
    }

    /**
     * Write the bytes into a host argument, from where the native code would write.
     */
    public void writeBytes(final int index, final byte[] bytes, final int length)
    {
        host(index, length).write(0, new UnsafeBuffer(bytes), 0, length);
    }

    /**
     * Write a 32-bit output: {@code int*} as an {@code IntPointer} (or any pointer), {@code int[]} or
     * {@code IntBuffer}.
     */
    public void setInt(final int index, final int value)
    {
        final Object target = requireNonNull(index);
        if (target instanceof int[] array)
        {
            requireElement(index, array.length);
            array[0] = value;
        }
        else if (target instanceof IntBuffer buffer)
        {
            buffer.put(buffer.position(), value);
        }
        else if (target instanceof FloatBuffer || target instanceof float[])
        {
            setFloat(index, Float.intBitsToFloat(value));
        }
        else if (target instanceof Pointer pointer)
        {
            UnsafeApi.putInt(null, writable(index, pointer, Integer.BYTES), value);
        }
        else if (target instanceof ByteBuffer || target instanceof byte[])
        {
            final UnsafeBuffer bytes = new UnsafeBuffer(new byte[4]);
            bytes.putInt(0, value, ByteOrder.nativeOrder());
            writeBytes(index, bytes.byteArray(), Integer.BYTES);
        }
        else
        {
            throw wrongType(index, "an int output");
        }
    }

    /**
     * Write a 64-bit output: {@code size_t*}, {@code long long*}, {@code CUdeviceptr*}, a {@code T**} slot, as a
     * {@code SizeTPointer}, {@code LongPointer}, {@code PointerPointer} (any pointer), {@code long[]} or
     * {@code LongBuffer}; or a {@code @ByPtrPtr} pointer, whose address becomes the value.
     */
    public void setLong(final int index, final long value)
    {
        final Object target = requireNonNull(index);
        if (target instanceof long[] array)
        {
            requireElement(index, array.length);
            array[0] = value;
        }
        else if (target instanceof LongBuffer buffer)
        {
            buffer.put(buffer.position(), value);
        }
        else if (target instanceof DoubleBuffer || target instanceof double[])
        {
            setDouble(index, Double.longBitsToDouble(value));
        }
        else if (target instanceof Pointer pointer && method.isByPtrPtr(index) && !(target instanceof PointerPointer))
        {
            JavaCppPointers.setAddress(pointer, value);
        }
        else if (target instanceof Pointer pointer)
        {
            UnsafeApi.putLong(null, writable(index, pointer, Long.BYTES), value);
        }
        else
        {
            throw wrongType(index, "a 64-bit or pointer output");
        }
    }

    /**
     * Write a handle output ({@code CUmodule*}, {@code cublasHandle_t*}, {@code void**} of cudaMalloc, ...).
     */
    public void setHandle(final int index, final long value)
    {
        setLong(index, value);
    }

    public void setFloat(final int index, final float value)
    {
        final Object target = requireNonNull(index);
        if (target instanceof float[] array)
        {
            requireElement(index, array.length);
            array[0] = value;
        }
        else if (target instanceof FloatBuffer buffer)
        {
            buffer.put(buffer.position(), value);
        }
        else if (target instanceof Pointer pointer)
        {
            UnsafeApi.putFloat(null, writable(index, pointer, Float.BYTES), value);
        }
        else
        {
            throw wrongType(index, "a float output");
        }
    }

    public void setDouble(final int index, final double value)
    {
        final Object target = requireNonNull(index);
        if (target instanceof double[] array)
        {
            requireElement(index, array.length);
            array[0] = value;
        }
        else if (target instanceof DoubleBuffer buffer)
        {
            buffer.put(buffer.position(), value);
        }
        else if (target instanceof Pointer pointer)
        {
            UnsafeApi.putDouble(null, writable(index, pointer, Double.BYTES), value);
        }
        else
        {
            throw wrongType(index, "a double output");
        }
    }

    /**
     * A value of the type the native returns for a C string: a {@code BytePointer} (JavaCPP's {@code const char*}),
     * or a {@code String}.
     */
    public Object cString(final String text)
    {
        if (text == null)
        {
            return null;
        }
        return method.returnType().equals(String.class.getName()) ? text : new BytePointer(text);
    }

    /**
     * The address of a pointer's output slot, refused when it is null or JavaCPP knows it is too small.
     */
    private long writable(final int index, final Pointer pointer, final int bytes)
    {
        final long address = JavaCppPointers.effectiveAddress(pointer);
        if (address == 0)
        {
            throw new JavaCppArgumentException(describe(index) + " is a null pointer");
        }
        if (PinnedHostMemory.isFreedAddress(address))
        {
            throw new JavaCppArgumentException(describe(index) + " designates pinned host memory that was freed " +
                "(cudaFreeHost/cuMemFreeHost)");
        }
        final long extent = JavaCppPointers.extent(pointer);
        if (extent >= 0 && extent < bytes)
        {
            throw new JavaCppArgumentException(describe(index) + " has " + extent + " bytes from its position, the " +
                "function writes " + bytes);
        }
        return address;
    }

    private Object requireNonNull(final int index)
    {
        final Object value = arguments[index];
        if (value == null)
        {
            throw new JavaCppArgumentException(describe(index) + " is null");
        }
        return value;
    }

    private void requireElement(final int index, final int length)
    {
        if (length == 0)
        {
            throw new JavaCppArgumentException(describe(index) + " is an empty array; the function writes one value " +
                "to it");
        }
    }

    /**
     * "argument 2 (FloatPointer)" for messages.
     */
    public String describe(final int index)
    {
        final String[] types = method.parameterTypes();
        final Object value = index < arguments.length ? arguments[index] : null;
        final String type = value != null ? value.getClass().getSimpleName() : index < types.length ?
            types[index].substring(types[index].lastIndexOf('.') + 1) : "?";
        return "argument " + index + " (" + type + ")";
    }

    private JavaCppArgumentException wrongType(final int index, final String expected)
    {
        final Object value = arguments[index];
        return new JavaCppArgumentException(describe(index) + " must be " + expected +
            (value == null ? ", got null" : ""));
    }
}
