package io.gpurelay.agent.jcuda.nvrtc;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.NvrtcStatus;

/**
 * JCuda's NVRTC binding, {@code jcuda.nvrtc.JNvrtc}: remoted by {@link JNvrtcRemote}. NVRTC has no "not supported"
 * status; what is not remoted returns {@code NVRTC_ERROR_INVALID_INPUT}.
 */
public final class JNvrtcInstrumentation extends InstrumentationModule
{
    public JNvrtcInstrumentation()
    {
        super("jcuda.nvrtc.JNvrtc", "JNvrtc", JNvrtcRemote.class, NvrtcStatus.INVALID_INPUT,
            "NVRTC_ERROR_INVALID_INPUT", "JNvrtc-");
    }

    public String refusalReason(final String functionName)
    {
        return "nvrtcGetNVVMSize".equals(functionName) || "nvrtcGetNVVM".equals(functionName) ?
            "deprecated by NVRTC for nvrtcGetLTOIR (which gpurelay remotes); the executor's NVRTC (CUDA 13) no " +
            "longer has it" : null;
    }
}
