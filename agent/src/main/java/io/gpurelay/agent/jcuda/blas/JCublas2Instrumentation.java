package io.gpurelay.agent.jcuda.blas;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CublasStatus;

/**
 * JCuda's cuBLAS v2 binding, {@code jcuda.jcublas.JCublas2}: remoted by {@link JCublas2Remote}.
 */
public final class JCublas2Instrumentation extends InstrumentationModule
{
    public JCublas2Instrumentation()
    {
        super("jcuda.jcublas.JCublas2", "JCublas2", JCublas2Remote.class, CublasStatus.NOT_SUPPORTED,
            "CUBLAS_STATUS_NOT_SUPPORTED", "JCublas2-");
    }
}
