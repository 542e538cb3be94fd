package io.gpurelay.executor.backend.gpu;

import io.gpurelay.executor.backend.BackendEvent;
import org.bytedeco.cuda.cudart.CUevent_st;

/**
 * A CUDA event of one of a session's contexts.
 */
record GpuEvent(GpuContext context, CUevent_st handle) implements BackendEvent
{
}
