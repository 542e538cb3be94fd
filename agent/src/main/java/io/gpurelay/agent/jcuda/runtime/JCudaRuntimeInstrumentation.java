package io.gpurelay.agent.jcuda.runtime;

import java.lang.reflect.Method;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.jcuda.ArrayRefusals;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Binding;

/**
 * JCuda's runtime API, {@code jcuda.runtime.JCuda}: remoted by {@link JCudaRuntimeRemote}.
 */
public final class JCudaRuntimeInstrumentation extends InstrumentationModule
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

    /**
     * The array family's functions left out, with their reasons ({@link ArrayRefusals}).
     */
    public String refusalReason(final String functionName)
    {
        return ArrayRefusals.reason(functionName);
    }
}
