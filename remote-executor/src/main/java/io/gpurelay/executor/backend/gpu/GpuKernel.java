package io.gpurelay.executor.backend.gpu;

import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.KernelParameterLayout;
import org.bytedeco.cuda.cudart.CUfunc_st;

/**
 * A kernel of a loaded module, with its parameters where {@code cuFuncGetParamInfo} says they lie.
 */
record GpuKernel(GpuModule module, CUfunc_st handle, KernelParameterLayout parameterLayout) implements BackendKernel
{
}
