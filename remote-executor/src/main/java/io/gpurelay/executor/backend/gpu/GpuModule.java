package io.gpurelay.executor.backend.gpu;

import io.gpurelay.executor.backend.BackendModule;
import org.bytedeco.cuda.cudart.CUmod_st;

/**
 * A module loaded into one of a session's contexts.
 */
record GpuModule(GpuContext context, CUmod_st handle) implements BackendModule
{
}
