package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.table.Binding;

/**
 * JCuda's driver API, {@code jcuda.driver.JCudaDriver}: remoted by {@link JCudaDriverRemote}.
 */
public final class JCudaDriverInstrumentation extends InstrumentationModule
{
    public JCudaDriverInstrumentation()
    {
        super("jcuda.driver.JCudaDriver", "JCudaDriver", JCudaDriverRemote.class, DriverStatus.NOT_SUPPORTED,
            "CUDA_ERROR_NOT_SUPPORTED", "JCudaDriver-");
    }

    public Binding tableBinding()
    {
        return Binding.JCUDA_DRIVER;
    }

    public String refusalReason(final String functionName)
    {
        // CUDA graphs.
        return JCudaDriverGraphs.refusalReason(functionName);
    }
}
