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

    /**
     * Texture and surface references are module-scoped legacy objects: CUDA 12 removed them from the runtime API
     * and deprecated the driver's, and kernels reach them only through {@code .texref}/{@code .surfref} globals of a
     * module, which gpurelay's modules (and the emulator's PTX) do not carry. Texture and surface objects replace
     * them.
     */
    public String refusalReason(final String functionName)
    {
        return functionName.startsWith("cuTexRef") || functionName.startsWith("cuSurfRef") ||
            "cuModuleGetTexRef".equals(functionName) || "cuModuleGetSurfRef".equals(functionName) ||
            "cuParamSetTexRef".equals(functionName) ? "texture and surface references are a legacy API that " +
            "CUDA 12 removed from its runtime and deprecated in its driver; use texture and surface objects" : null;
    }
}
