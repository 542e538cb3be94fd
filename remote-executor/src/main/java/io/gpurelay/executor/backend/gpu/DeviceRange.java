package io.gpurelay.executor.backend.gpu;

import org.agrona.DirectBuffer;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.cuda.cudart.CUstream_st;

/**
 * A device range that a copy moves through in chunks, each through the context's staging buffers in the copy's
 * stream; a chunk in the session's shared transfer region is DMA'd in place. Reused by its session for every copy.
 */
abstract class DeviceRange
{
    GpuContext context;
    CUstream_st stream;
    long address;
    long length;
    private SharedHostMemory shared;

    /**
     * @param shared the session's shared transfer region, or null.
     */
    final void range(
        final GpuContext context, final SharedHostMemory shared, final CUstream_st stream, final long address,
        final long length)
    {
        this.context = context;
        this.shared = shared;
        this.stream = stream;
        this.address = address;
        this.length = length;
    }

    /**
     * @return whether the chunk at this host address lies in the shared transfer region, now pinned, so that it moves
     * in place.
     */
    final boolean inSharedRegion(final DirectBuffer buffer, final long hostAddress, final int chunkLength)
    {
        return buffer.byteArray() == null && shared != null && shared.contains(hostAddress, chunkLength) &&
            shared.pin();
    }

    /**
     * @return the shared transfer region's memory at this host address (see {@link #inSharedRegion}).
     */
    final BytePointer sharedAt(final long hostAddress)
    {
        return shared.at(hostAddress);
    }
}
