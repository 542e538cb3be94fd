package io.gpurelay.agent.jcuda.nvrtc;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.NvrtcOutput;
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

    /**
     * The emulator compiles with nvcc to PTX for itself: the binary outputs ({@link NvrtcOutput}) and the real
     * architectures are a GPU executor's NVRTC's.
     */
    public String emulatorRefusal(final String functionName)
    {
        if ("nvrtcGetNumSupportedArchs".equals(functionName) || "nvrtcGetSupportedArchs".equals(functionName))
        {
            return "it compiles to PTX for itself, for no real architecture";
        }
        for (final NvrtcOutput output : NvrtcOutput.values())
        {
            if (output.functionName().equals(functionName) || (output.functionName() + "Size").equals(functionName))
            {
                return "it compiles programs to PTX only";
            }
        }
        return null;
    }

    public String refusalReason(final String functionName)
    {
        return "nvrtcGetNVVMSize".equals(functionName) || "nvrtcGetNVVM".equals(functionName) ?
            "deprecated by NVRTC for nvrtcGetLTOIR (which gpurelay remotes); the executor's NVRTC (CUDA 13) no " +
            "longer has it" : null;
    }
}
