package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.nio.ByteOrder;

import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.KernelSignatures;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The bytes of a kernel launch's parameters, read from JCuda's objects the way the CUDA driver reads the
 * {@code void**} it is given, and checked against the kernel's declared parameters before anything is sent.
 * <p>
 * {@code kernelParams} is {@code Pointer.to(Pointer.to(devicePointer), Pointer.to(new int[]{ n }), ...)}: one entry
 * per parameter, each a pointer to the parameter's value. A value is what the entry holds from its byte offset to its
 * end: 8 bytes per element of a pointer array (a device pointer's address plus its byte offset, a handle's value),
 * the bytes of an array or buffer (one element for a scalar, several for a structure passed by value). CUDA would
 * read as many bytes as the kernel declares whatever the entry holds; here an entry that holds a different number of
 * bytes is refused naming the kernel and parameter, because that is an {@code int[]} given for a 64-bit parameter, or
 * a pointer given where its address was meant, which on a GPU is a wrong result or a fault.
 * <p>
 * {@code extra} is {@code Pointer.to(CU_LAUNCH_PARAM_BUFFER_POINTER, Pointer.to(buffer), CU_LAUNCH_PARAM_BUFFER_SIZE,
 * Pointer.to(new long[]{ size }), CU_LAUNCH_PARAM_END)}: a ready parameter buffer in CUDA's layout, sent as it is.
 */
final class KernelParameterMarshaller
{
    /** The parameter count CU_LAUNCH_KERNEL takes for a ready parameter buffer. */
    static final long READY_BUFFER = DriverCalls.READY_BUFFER;

    /** CUDA's limit on a launch's parameter bytes (since CUDA 12.1). */
    static final int MAX_PARAMETER_BYTES = 32_764;

    private static final long LAUNCH_PARAM_END = 0;
    private static final long LAUNCH_PARAM_BUFFER_POINTER = 1;
    private static final long LAUNCH_PARAM_BUFFER_SIZE = 2;
    private static final long[] NO_SIZES = new long[0];

    /**
     * The parameters as CU_LAUNCH_KERNEL carries them: their count and sizes as arguments, their bytes one after
     * the other as the payload; or {@link #READY_BUFFER} and the buffer.
     */
    record KernelParameters(long count, long[] sizes, byte[] bytes)
    {
    }

    private KernelParameterMarshaller()
    {
    }

    /**
     * @param kernelParams JCuda's {@code kernelParams}, or null.
     * @param extra        JCuda's {@code extra}, or null.
     */
    static KernelParameters marshal(
        final KernelSignatures.KernelSignature kernel, final Pointer kernelParams, final Pointer extra)
        throws KernelParameterException
    {
        if (kernelParams != null && extra != null)
        {
            throw new KernelParameterException("kernelParams and extra are both given; CUDA takes one or the other");
        }
        if (extra != null)
        {
            return readyBuffer(kernel, extra);
        }
        final NativePointerObject[] entries = kernelParams == null ? new NativePointerObject[0] :
            entries(kernelParams, "kernelParams must be Pointer.to(Pointer.to(...), ...), one pointer to each " +
                "parameter's value");
        final int first = kernelParams == null ? 0 : firstEntry(kernelParams, entries, "kernelParams");
        final int given = entries.length - first;
        if (kernel.knowsParameters() && given != kernel.parameterSizes().length)
        {
            throw new KernelParameterException("kernel '" + kernel.name() + "' takes " +
                kernel.parameterSizes().length + " parameters, " + given + " given");
        }

        final long[] sizes = new long[given];
        long total = 0;
        for (int i = 0; i < given; i++)
        {
            final long held = heldBytes(kernel, i, entries[first + i]);
            final long declared = kernel.knowsParameters() ? kernel.parameterSizes()[i] : held;
            if (held != declared)
            {
                throw new KernelParameterException("kernel '" + kernel.name() + "' parameter " + i + " is " + held +
                    " bytes, the kernel declares " + declared);
            }
            sizes[i] = declared;
            total += declared;
        }
        if (total > MAX_PARAMETER_BYTES)
        {
            throw new KernelParameterException("kernel '" + kernel.name() + "': the parameters are " + total +
                " bytes, more than CUDA's " + MAX_PARAMETER_BYTES);
        }

        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[(int)total]);
        int offset = 0;
        for (int i = 0; i < given; i++)
        {
            final int size = (int)sizes[i];
            try
            {
                JCudaHostRanges.of((Pointer)entries[first + i], size).copyTo(0, bytes, offset, size);
            }
            catch (final HostRangeException ex)
            {
                throw new KernelParameterException("kernel '" + kernel.name() + "' parameter " + i + ": " +
                    ex.getMessage());
            }
            offset += size;
        }
        return new KernelParameters(given, sizes, bytes.byteArray());
    }

    /**
     * How many bytes a kernelParams entry holds, refusing entries that hold no host memory to read a value from.
     */
    private static long heldBytes(
        final KernelSignatures.KernelSignature kernel, final int index, final NativePointerObject entry)
        throws KernelParameterException
    {
        final String parameter = "kernel '" + kernel.name() + "' parameter " + index;
        if (entry == null)
        {
            throw new KernelParameterException(parameter + " is null");
        }
        if (!(entry instanceof Pointer))
        {
            throw new KernelParameterException(parameter + " is a " + entry.getClass().getSimpleName() +
                " itself, not a pointer to its value: wrap it as Pointer.to(...)");
        }
        final long held = JCudaHostRanges.extent((Pointer)entry);
        if (held < 0)
        {
            throw new KernelParameterException(parameter + " points to device memory, not to the parameter's " +
                "value: a device pointer parameter is written Pointer.to(devicePointer)");
        }
        return held;
    }

    private static KernelParameters readyBuffer(final KernelSignatures.KernelSignature kernel, final Pointer extra)
        throws KernelParameterException
    {
        final String form = "extra must be Pointer.to(CU_LAUNCH_PARAM_BUFFER_POINTER, Pointer.to(buffer), " +
            "CU_LAUNCH_PARAM_BUFFER_SIZE, Pointer.to(new long[]{ size }), CU_LAUNCH_PARAM_END)";
        final NativePointerObject[] entries = entries(extra, form);
        Pointer buffer = null;
        long size = -1;
        for (int i = firstEntry(extra, entries, "extra"); i < entries.length; i++)
        {
            final long key = marker(entries[i], form);
            if (key == LAUNCH_PARAM_END)
            {
                break;
            }
            if (i + 1 == entries.length || !(entries[i + 1] instanceof Pointer))
            {
                throw new KernelParameterException(form + "; key " + key + " is not followed by a pointer");
            }
            final Pointer value = (Pointer)entries[++i];
            if (key == LAUNCH_PARAM_BUFFER_POINTER)
            {
                buffer = value;
            }
            else if (key == LAUNCH_PARAM_BUFFER_SIZE)
            {
                size = bufferSize(value, form);
            }
            else
            {
                throw new KernelParameterException(form + "; " + key + " is not a CU_LAUNCH_PARAM key");
            }
        }
        if (size < 0 || (buffer == null && size > 0))
        {
            throw new KernelParameterException(form + "; CU_LAUNCH_PARAM_BUFFER_POINTER and " +
                "CU_LAUNCH_PARAM_BUFFER_SIZE go together");
        }
        if (size > MAX_PARAMETER_BYTES)
        {
            throw new KernelParameterException("kernel '" + kernel.name() + "': the parameter buffer is " + size +
                " bytes, more than CUDA's " + MAX_PARAMETER_BYTES);
        }
        final UnsafeBuffer bytes = new UnsafeBuffer(new byte[(int)size]);
        if (size > 0)
        {
            try
            {
                JCudaHostRanges.of(buffer, size).copyTo(0, bytes, 0, (int)size);
            }
            catch (final HostRangeException ex)
            {
                throw new KernelParameterException("kernel '" + kernel.name() + "': the parameter buffer: " +
                    ex.getMessage());
            }
        }
        return new KernelParameters(READY_BUFFER, NO_SIZES, bytes.byteArray());
    }

    /**
     * A key of {@code extra}: JCuda's CU_LAUNCH_PARAM constants are pointers whose address is the key; null is
     * CUDA's NULL, the end.
     */
    private static long marker(final NativePointerObject entry, final String form) throws KernelParameterException
    {
        if (entry == null)
        {
            return LAUNCH_PARAM_END;
        }
        if (entry instanceof Pointer)
        {
            if (JCudaHostRanges.isHostMemory((Pointer)entry))
            {
                throw new KernelParameterException(form + "; a buffer stands where a CU_LAUNCH_PARAM key belongs");
            }
            return JCudaPointers.address((Pointer)entry);
        }
        return JCudaPointers.nativePointer(entry);
    }

    /**
     * The size_t behind CU_LAUNCH_PARAM_BUFFER_SIZE; an {@code int[]}, as C code often passes, is read as such.
     */
    private static long bufferSize(final Pointer value, final String form) throws KernelParameterException
    {
        final long held = JCudaHostRanges.extent(value);
        final int width = held >= Long.BYTES ? Long.BYTES : held == Integer.BYTES ? Integer.BYTES : 0;
        if (width == 0)
        {
            throw new KernelParameterException(form + "; the size is not a long[] or int[]");
        }
        final UnsafeBuffer size = new UnsafeBuffer(new byte[Long.BYTES]);
        try
        {
            JCudaHostRanges.of(value, width).copyTo(0, size, 0, width);
        }
        catch (final HostRangeException ex)
        {
            throw new KernelParameterException(form + "; the size: " + ex.getMessage());
        }
        return width == Long.BYTES ? size.getLong(0, ByteOrder.nativeOrder()) :
            Integer.toUnsignedLong(size.getInt(0, ByteOrder.nativeOrder()));
    }

    private static NativePointerObject[] entries(final Pointer pointer, final String form)
        throws KernelParameterException
    {
        final NativePointerObject[] entries = JCudaPointers.pointers(pointer);
        if (entries == null)
        {
            throw new KernelParameterException(form);
        }
        return entries;
    }

    /**
     * A byte offset on the outer pointer skips whole entries, as it skips elements of the {@code void**}.
     */
    private static int firstEntry(final Pointer pointer, final NativePointerObject[] entries, final String name)
        throws KernelParameterException
    {
        final long byteOffset = JCudaPointers.byteOffset(pointer);
        if (byteOffset < 0 || byteOffset % Long.BYTES != 0 || byteOffset / Long.BYTES > entries.length)
        {
            throw new KernelParameterException(name + " has byte offset " + byteOffset + ", which is not an entry of " +
                "its " + entries.length);
        }
        return (int)(byteOffset / Long.BYTES);
    }
}
