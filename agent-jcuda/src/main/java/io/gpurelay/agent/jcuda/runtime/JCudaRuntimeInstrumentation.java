package io.gpurelay.agent.jcuda.runtime;

import java.lang.reflect.Method;

import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.agent.jcuda.InteropRefusals;
import io.gpurelay.agent.jcuda.JCudaTableModule;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Binding;

/**
 * JCuda's runtime API, {@code jcuda.runtime.JCuda}: remoted by {@link JCudaRuntimeRemote}.
 */
public final class JCudaRuntimeInstrumentation extends JCudaTableModule
{
    public JCudaRuntimeInstrumentation()
    {
        super("jcuda.runtime.JCuda", "JCuda", JCudaRuntimeRemote.class, RuntimeStatus.NOT_SUPPORTED,
            "cudaErrorNotSupported", "JCudaRuntime-");
    }

    /**
     * An unsupported runtime function fails like any other: it becomes the thread's last error.
     */
    public Method notSupportedHandler()
    {
        try
        {
            return RuntimeThreadState.class.getMethod("notSupported", String.class, int.class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }

    public Binding tableBinding()
    {
        return Binding.JCUDA;
    }

    // Stream priorities and other device and stream functions.

    public String emulatorRefusal(final String functionName)
    {
        return "cudaDeviceGetTexture1DLinearMaxWidth".equals(functionName) ? "it runs the row of " +
            "cuDeviceGetTexture1DLinearMaxWidth, which the emulator does not (it has no textures)" : null;
    }

    /**
     * The functions left out, with their reasons: interop ({@link InteropRefusals}) and the profiler.
     */
    public String refusalReason(final String functionName)
    {
        final String interop = InteropRefusals.reason(functionName);
        if (interop != null)
        {
            return interop;
        }
        return switch (functionName)
        {
            case "cudaProfilerStart", "cudaProfilerStop" -> "the profiler API (cuda_profiler_api.h) is not in " +
                "JavaCPP's CUDA presets, so the executor cannot call it; profile the executor's process instead";
            default -> null;
        };
    }
}
