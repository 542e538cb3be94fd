package io.gpurelay.agent.cuda.nvrtc;

import io.gpurelay.agent.cuda.LibraryRefusals;
import io.gpurelay.protocol.NvrtcOutput;

/**
 * What NVRTC functions the emulator does not run, and which ones gpurelay refuses, for JNvrtc and JavaCPP's NVRTC
 * alike.
 */
public final class NvrtcRefusals implements LibraryRefusals
{
    public static final NvrtcRefusals INSTANCE = new NvrtcRefusals();

    private NvrtcRefusals()
    {
    }

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
