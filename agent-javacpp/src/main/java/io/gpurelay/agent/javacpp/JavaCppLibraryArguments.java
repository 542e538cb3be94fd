package io.gpurelay.agent.javacpp;

import java.nio.ByteOrder;

import io.gpurelay.agent.cuda.library.LibraryCall;
import io.gpurelay.protocol.CufftGeometry;
import io.gpurelay.protocol.describe.LibraryFunction;
import org.agrona.concurrent.UnsafeBuffer;
import org.bytedeco.javacpp.Pointer;

/**
 * A JavaCPP cuRAND, cuFFT or NVRTC function's arguments as {@link LibraryCall} reads them: device memory is a
 * {@code Pointer} (a Java array or buffer is host memory), sizes are read where the argument points as C reads them,
 * and outputs are written through whatever the argument is (a {@code Pointer}, a Java array, a buffer), which must not
 * be null.
 */
final class JavaCppLibraryArguments implements LibraryCall.Arguments
{
    private final JavaCppArgs a;

    JavaCppLibraryArguments(final JavaCppArgs a)
    {
        this.a = a;
    }

    /**
     * The function's native body: its row run on the arguments.
     */
    static JavaCppFunction of(final LibraryFunction function)
    {
        return a -> LibraryCall.run(function, new JavaCppLibraryArguments(a));
    }

    public int count()
    {
        return a.count();
    }

    public String name()
    {
        return a.method().qualifiedName();
    }

    public long handle(final int index)
    {
        return a.handle(index);
    }

    public long integer(final int index)
    {
        return a.longValue(index);
    }

    public float real32(final int index)
    {
        return a.floatValue(index);
    }

    public double real64(final int index)
    {
        return a.doubleValue(index);
    }

    public String hostMemory(final int index, final LibraryFunction function)
    {
        if (a.get(index) instanceof Pointer || a.isNull(index) && function.deviceOnly().nullable())
        {
            return null;
        }
        return " (" + a.describe(index) + ")";
    }

    public String hostMemoryHint(final LibraryFunction function)
    {
        return "";
    }

    public long device(final int index)
    {
        return a.devicePointer(index);
    }

    public long stream(final int index)
    {
        return a.stream(index);
    }

    public int plan(final int index)
    {
        return a.intValue(index);
    }

    /**
     * {@code rank} sizes of {@code elementBytes} each where the argument points, as cuFFT reads them; null for a null
     * argument, none for a rank cuFFT does not have (nothing is read then). A pointer JavaCPP knows to be shorter is
     * refused with {@code CUFFT_INVALID_VALUE}.
     */
    public long[] sizes(final int index, final int rank, final int elementBytes)
    {
        if (a.isNull(index) ||
            a.get(index) instanceof Pointer pointer && JavaCppPointers.effectiveAddress(pointer) == 0)
        {
            return null;
        }
        if (rank < 1 || rank > CufftGeometry.MAX_RANK)
        {
            return new long[0];
        }
        final UnsafeBuffer bytes = new UnsafeBuffer(a.bytes(index, (long)rank * elementBytes));
        final long[] sizes = new long[rank];
        for (int i = 0; i < rank; i++)
        {
            sizes[i] = elementBytes == Integer.BYTES ? bytes.getInt(i * Integer.BYTES, ByteOrder.nativeOrder()) :
                bytes.getLong(i * Long.BYTES, ByteOrder.nativeOrder());
        }
        return sizes;
    }

    public void requireOutput(final int index)
    {
        JavaCppRuntime.requireOutput(a, index);
    }

    public boolean isNull(final int index)
    {
        return a.isNull(index);
    }

    public void writeHandle(final int index, final long value)
    {
        a.setHandle(index, value);
    }

    public void writeInt(final int index, final int value)
    {
        a.setInt(index, value);
    }

    public void writeLong(final int index, final long value)
    {
        a.setLong(index, value);
    }

    public void writePlan(final int index, final int number)
    {
        a.setInt(index, number);
    }
}
