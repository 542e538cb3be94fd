package io.gpurelay.executor.backend.gpu;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.protocol.Protocol;
import org.bytedeco.cuda.cudart.CUctx_st;

/**
 * A CUDA context a session made on one of its devices ({@code cuCtxCreate}): its primary context for the runtime
 * API, or one the client created. Destroying it frees on the GPU everything made in it.
 */
final class GpuContext implements BackendContext
{
    /** Four chunks in flight: a chunk is at most {@link Protocol#MAX_CHUNK_LENGTH}, one buffer each. */
    private static final int STAGING_BUFFER_COUNT = 4;

    private final int device;
    private final CUctx_st handle;
    private final StagingBuffers staging = new StagingBuffers(STAGING_BUFFER_COUNT, Protocol.MAX_CHUNK_LENGTH);

    GpuContext(final int device, final CUctx_st handle)
    {
        this.device = device;
        this.handle = handle;
    }

    /**
     * @return the device as the session's client numbers it.
     */
    int device()
    {
        return device;
    }

    CUctx_st handle()
    {
        return handle;
    }

    /**
     * The page-locked buffers that copies between Aeron's buffers and this context's device go through; allocated
     * on the first copy ({@link StagingBuffers#allocate()}).
     */
    StagingBuffers staging()
    {
        return staging;
    }
}
