package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.agent.jcuda.ArrayRefusals;
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

    /**
     * Why a function is deliberately left out: CUDA graphs' ({@link JCudaDriverGraphs}) and the array family's
     * ({@link ArrayRefusals}) reasons.
     */
    public String refusalReason(final String functionName)
    {
        // CUDA graphs.
        final String graphs = JCudaDriverGraphs.refusalReason(functionName);
        // Pitched memory, CUDA arrays and 2D/3D copies.
        return graphs != null ? graphs : ArrayRefusals.reason(functionName);
    }
}
