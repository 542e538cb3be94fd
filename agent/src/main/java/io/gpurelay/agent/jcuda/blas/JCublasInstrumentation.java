package io.gpurelay.agent.jcuda.blas;

import java.lang.reflect.Method;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CublasStatus;

/**
 * JCuda's legacy cuBLAS binding, {@code jcuda.jcublas.JCublas}: remoted by {@link JCublasRemote}. An unremoted
 * routine (they return no status in the legacy API) records {@code CUBLAS_STATUS_NOT_SUPPORTED} for
 * {@code cublasGetError}, so a program that checks, and JCublas's exceptions mode, see the failure.
 */
public final class JCublasInstrumentation extends InstrumentationModule
{
    public JCublasInstrumentation()
    {
        super("jcuda.jcublas.JCublas", "JCublas", JCublasRemote.class, CublasStatus.NOT_SUPPORTED,
            "CUBLAS_STATUS_NOT_SUPPORTED", "JCublas-");
    }

    public String refusalReason(final String functionName)
    {
        return "printVector".equals(functionName) || "printMatrix".equals(functionName) ?
            "a debugging aid that prints device memory in JCublas's native code's own format" : null;
    }

    public Method notSupportedReportHandler()
    {
        try
        {
            return LegacyBlasState.class.getMethod("notSupported", String.class);
        }
        catch (final NoSuchMethodException ex)
        {
            throw new IllegalStateException(ex);
        }
    }
}
