package io.gpurelay.agent.jcuda.nvrtc;

import io.gpurelay.agent.cuda.nvrtc.NvrtcRefusals;
import io.gpurelay.agent.jcuda.JCudaLibraryModule;
import io.gpurelay.protocol.NvrtcStatus;
import io.gpurelay.protocol.describe.Library;

/**
 * JCuda's NVRTC binding, {@code jcuda.nvrtc.JNvrtc}: the rows of {@link io.gpurelay.protocol.describe.LibraryFunctions}
 * are remoted by {@link io.gpurelay.agent.jcuda.JCudaLibraryCalls}, the rest by {@link JNvrtcRemote}. NVRTC has no
 * "not supported" status; what is not remoted returns {@code NVRTC_ERROR_INVALID_INPUT}. The emulator compiles with
 * nvcc to PTX for itself: the binary outputs ({@link NvrtcOutput}) and the real architectures are a GPU executor's
 * NVRTC's ({@link NvrtcRefusals}).
 */
public final class JNvrtcInstrumentation extends JCudaLibraryModule
{
    public JNvrtcInstrumentation()
    {
        super("jcuda.nvrtc.JNvrtc", "JNvrtc", JNvrtcRemote.class, NvrtcStatus.INVALID_INPUT,
            "NVRTC_ERROR_INVALID_INPUT", Library.NVRTC, NvrtcRefusals.INSTANCE);
    }
}
