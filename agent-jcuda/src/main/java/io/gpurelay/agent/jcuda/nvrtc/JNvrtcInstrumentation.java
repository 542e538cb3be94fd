package io.gpurelay.agent.jcuda.nvrtc;

import io.gpurelay.agent.jcuda.JCudaLibraryCalls;
import io.gpurelay.protocol.describe.Library;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.implementation.Implementation;
import io.gpurelay.agent.cuda.nvrtc.NvrtcRefusals;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.NvrtcStatus;

/**
 * JCuda's NVRTC binding, {@code jcuda.nvrtc.JNvrtc}: the rows of {@link io.gpurelay.protocol.describe.LibraryFunctions}
 * are remoted by {@link JCudaLibraryCalls}, the rest by {@link JNvrtcRemote}. NVRTC has no "not supported" status; what
 * is not remoted returns {@code NVRTC_ERROR_INVALID_INPUT}.
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
        return NvrtcRefusals.INSTANCE.emulatorRefusal(functionName);
    }

    public String refusalReason(final String functionName)
    {
        return NvrtcRefusals.INSTANCE.refusalReason(functionName);
    }

    /**
     * A native of a described function is remoted by its row.
     */
    public Object remotesByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return JCudaLibraryCalls.remotesByName(nativeMethod, Library.NVRTC);
    }

    public Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return JCudaLibraryCalls.bodyByName(nativeMethod, Library.NVRTC);
    }
}
