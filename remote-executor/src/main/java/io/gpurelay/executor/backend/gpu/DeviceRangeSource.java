package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuCtxSetCurrent;

import io.gpurelay.protocol.PayloadSource;
import org.agrona.MutableDirectBuffer;
import org.bytedeco.cuda.cudart.CUstream_st;

/**
 * A device range as a reply payload: each chunk is copied from the device through the context's staging buffers
 * straight into the outgoing message, in the copy's stream, so a device-to-host copy of any size is never staged
 * whole. Reused by its session for every such copy.
 * <p>
 * The session synchronised the stream before the reply started, and reported what that work failed with. A chunk
 * that fails after that (the device faulted while the reply was being sent) cannot change the reply's status any
 * more: its bytes are sent as zeros, and the device, whose context is then unusable, fails the session's next call
 * with the fault, which is CUDA's own rule for errors of asynchronous work.
 */
final class DeviceRangeSource extends DeviceRange implements PayloadSource
{
    /**
     * @param shared the session's shared transfer region, or null: chunks into it are DMA'd in place.
     */
    DeviceRangeSource wrap(
        final GpuContext context, final SharedHostMemory shared, final CUstream_st stream, final long address,
        final long length)
    {
        range(context, shared, stream, address, length);
        return this;
    }

    public long length()
    {
        return length;
    }

    public void copyTo(
        final long sourceOffset, final MutableDirectBuffer destination, final int destinationOffset, final int length)
    {
        final StagingBuffers staging = context.staging();
        int result = cuCtxSetCurrent(context.handle());
        if (result == CUDA_SUCCESS)
        {
            result = staging.allocate();
        }
        final long hostAddress = destination.addressOffset() + destinationOffset;
        if (result == CUDA_SUCCESS)
        {
            result = inSharedRegion(destination, hostAddress, length) ?
                staging.copyToHostInPlace(sharedAt(hostAddress), address + sourceOffset, length, stream) :
                staging.copyToHost(destination, destinationOffset, address + sourceOffset, length, stream);
        }
        if (result != CUDA_SUCCESS)
        {
            destination.setMemory(destinationOffset, length, (byte)0);
        }
    }
}
