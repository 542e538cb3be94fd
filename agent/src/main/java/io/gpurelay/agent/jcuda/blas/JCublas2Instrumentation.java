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

    /**
     * The legacy binding's rule ({@link JCublasInstrumentation#emulatorRefusalOf}): of the routines of any element
     * type the emulator runs complex axpy, scal, dotu/dotc and gemm, and refuses the banded, packed, rank-update and
     * rotm routines of every type and the other complex ones by name.
     */
    public String emulatorRefusal(final String functionName)
    {
        return JCublasInstrumentation.emulatorRefusalOf(functionName);
    }
}
