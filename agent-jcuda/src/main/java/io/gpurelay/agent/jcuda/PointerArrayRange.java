package io.gpurelay.agent.jcuda;

import java.nio.ByteOrder;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;

import jcuda.NativePointerObject;
import jcuda.Pointer;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A {@code Pointer.to(NativePointerObject...)}: host memory holding one 8-byte address per element, as JCuda's native
 * code lays it out. Only elements that hold device addresses or handles can travel: a host address means nothing to
 * the executor. Bytes written into the range are written back into the elements, as JCuda does after a call.
 */
final class PointerArrayRange extends HostRange
{
    private final NativePointerObject[] pointers;
    private final long[] addresses;
    private final UnsafeBuffer memory;
    private final int byteOffset;

    private PointerArrayRange(
        final NativePointerObject[] pointers, final long[] addresses, final int byteOffset, final long length)
    {
        super(length);
        this.pointers = pointers;
        this.addresses = addresses;
        this.memory = new UnsafeBuffer(new byte[addresses.length * Long.BYTES]);
        this.byteOffset = byteOffset;
        for (int i = 0; i < addresses.length; i++)
        {
            memory.putLong(i * Long.BYTES, addresses[i], ByteOrder.nativeOrder());
        }
    }

    static PointerArrayRange of(final NativePointerObject[] pointers, final long byteOffset, final long byteCount)
        throws HostRangeException
    {
        checkFits("array of " + pointers.length + " pointers", (long)pointers.length * Long.BYTES, byteOffset,
            byteCount);
        final long[] addresses = new long[pointers.length];
        for (int i = 0; i < pointers.length; i++)
        {
            final NativePointerObject element = pointers[i];
            if (element instanceof Pointer && JCudaHostRanges.isHostMemory((Pointer)element))
            {
                throw new HostRangeException("element " + i + " of the pointer array is host memory, " +
                    "which the executor cannot address");
            }
            addresses[i] = element == null ? 0 :
                element instanceof Pointer ? JCudaPointers.address((Pointer)element) :
                JCudaPointers.nativePointer(element);
        }
        return new PointerArrayRange(pointers, addresses, (int)byteOffset, byteCount);
    }

    public void copyTo(
        final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset, final int count)
    {
        checkWithin(sourceOffset, count);
        destination.putBytes(destinationOffset, memory, byteOffset + (int)sourceOffset, count);
    }

    public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int count)
    {
        checkWithin(offset, count);
        final int from = byteOffset + (int)offset;
        memory.putBytes(from, source, sourceOffset, count);
        for (int i = from / Long.BYTES; i <= (from + count - 1) / Long.BYTES && count > 0; i++)
        {
            final long address = memory.getLong(i * Long.BYTES, ByteOrder.nativeOrder());
            final NativePointerObject element = pointers[i];
            if (element != null && address != addresses[i])
            {
                if (element instanceof Pointer)
                {
                    JCudaPointers.setAddress((Pointer)element, address);
                }
                else
                {
                    JCudaPointers.setNativePointer(element, address);
                }
                addresses[i] = address;
            }
        }
    }
}
