package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuCtxSetCurrent;

import io.gpurelay.protocol.PayloadSink;
import org.agrona.DirectBuffer;
import org.bytedeco.cuda.cudart.CUstream_st;

/**
 * A device range as the destination of a host-to-device copy: each chunk goes from the received message through the
 * context's staging buffers to the device, in the copy's stream, and the chunk is free again as soon as it is staged.
 * The range was checked before the first chunk. A write cannot fail, so the first failure is kept, the chunks after
 * it are dropped, and {@link GpuBackendSession#finishHostToDevice} reports it. Reused by its session for every such
 * copy.
 */
final class DeviceRangeSink extends DeviceRange implements PayloadSink
{
    private int failedResult;
    private String failureMessage;

    /**
     * @param shared the session's shared transfer region, or null: chunks from it are DMA'd in place.
     */
    DeviceRangeSink wrap(
        final GpuContext context, final SharedHostMemory shared, final CUstream_st stream, final long address,
        final long length)
    {
        range(context, shared, stream, address, length);
        this.failedResult = CUDA_SUCCESS;
        this.failureMessage = null;
        return this;
    }

    public boolean begin(final long totalLength)
    {
        return totalLength == length;
    }

    public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int length)
    {
        if (failedResult != CUDA_SUCCESS)
        {
            return;
        }
        final int currentResult = cuCtxSetCurrent(context.handle());
        if (currentResult != CUDA_SUCCESS)
        {
            failedResult = currentResult;
            failureMessage = "cuCtxSetCurrent: " + GpuRuntime.errorName(currentResult);
            return;
        }
        final StagingBuffers staging = context.staging();
        int result = staging.allocate();
        final long hostAddress = source.addressOffset() + sourceOffset;
        if (result == CUDA_SUCCESS)
        {
            result = inSharedRegion(source, hostAddress, length) ?
                staging.copyToDeviceInPlace(address + offset, sharedAt(hostAddress), length, stream) :
                staging.copyToDevice(address + offset, source, sourceOffset, length, stream);
        }
        if (result != CUDA_SUCCESS)
        {
            failedResult = result;
            failureMessage = "the chunk at offset " + offset + ": " + staging.failureMessage();
        }
    }

    /**
     * @return the driver's result of the first chunk that failed, or {@code CUDA_SUCCESS}.
     */
    int failedResult()
    {
        return failedResult;
    }

    String failureMessage()
    {
        return failureMessage;
    }
}
