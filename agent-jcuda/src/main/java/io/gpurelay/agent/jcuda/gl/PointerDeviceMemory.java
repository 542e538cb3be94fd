package io.gpurelay.agent.jcuda.gl;

import io.gpurelay.agent.jcuda.JCudaPointers;
import jcuda.Pointer;

/**
 * The session's device memory for {@link GraphicsResources} through one API's remoted allocation and copies, which
 * take JCuda pointers of that API's type ({@code CUdeviceptr} for the driver, {@code Pointer} for the runtime): the
 * addresses that GraphicsResources keeps become pointers of that type here, and a new allocation's pointer becomes
 * its address.
 *
 * @param <P> the API's type of a device pointer.
 */
public abstract class PointerDeviceMemory<P extends Pointer> implements GraphicsResources.DeviceMemory
{
    /** A new, null pointer of the API's type. */
    protected abstract P newPointer();

    protected abstract int allocate(P pointer, long size);

    protected abstract int free(P pointer);

    protected abstract int toDevice(P device, Pointer host, long bytes, Object stream);

    protected abstract int toHost(Pointer host, P device, long bytes, Object stream);

    public final int allocate(final long size, final long[] address)
    {
        final P pointer = newPointer();
        final int status = allocate(pointer, size);
        address[0] = JCudaPointers.address(pointer);
        return status;
    }

    public final int free(final long address)
    {
        return free(at(address));
    }

    public final int toDevice(final long address, final byte[] bytes, final Object stream)
    {
        return toDevice(at(address), Pointer.to(bytes), bytes.length, stream);
    }

    public final int toHost(final long address, final byte[] bytes, final Object stream)
    {
        return toHost(Pointer.to(bytes), at(address), bytes.length, stream);
    }

    private P at(final long address)
    {
        final P pointer = newPointer();
        JCudaPointers.setAddress(pointer, address);
        return pointer;
    }
}
