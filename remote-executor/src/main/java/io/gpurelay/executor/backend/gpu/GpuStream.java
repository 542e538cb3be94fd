package io.gpurelay.executor.backend.gpu;

import io.gpurelay.executor.backend.BackendStream;
import org.bytedeco.cuda.cudart.CUstream_st;

/**
 * A CUDA stream of one of a session's contexts: its work runs on the GPU, asynchronously to the session's thread.
 */
record GpuStream(GpuContext context, CUstream_st handle) implements BackendStream
{
}
