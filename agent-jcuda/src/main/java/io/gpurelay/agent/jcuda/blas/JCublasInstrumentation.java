package io.gpurelay.agent.jcuda.blas;

import java.lang.reflect.Method;

import io.gpurelay.agent.cuda.blas.CublasRefusals;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CublasStatus;

/**
 * JCuda's legacy cuBLAS binding, {@code jcuda.jcublas.JCublas}: remoted by {@link JCublasRemote}. An unremoted
 * routine (they return no status in the legacy API) records {@code CUBLAS_STATUS_NOT_SUPPORTED} for
 * {@code cublasGetError}, so a program that checks, and JCublas's exceptions mode, see the failure.
 */
public final class JCublasInstrumentation extends InstrumentationModule
{
    /** gbmv, sbmv/hbmv, spmv/hpmv, spr(2)/hpr(2), syr(2)/her(2), tbmv/tbsv, tpmv/tpsv, syr2k/her2k, rotm. */
    /**
     * A routine on complex data: C or Z (Csrot, Zdscal, ...), and Icamax, Scasum, Scnrm2 and their Z twins; not
     * JCublas2's cublasCreate, which only looks like one.
     */
    /** The complex routines the emulator runs, and the rotation generators, which the client computes. */

    public JCublasInstrumentation()
    {
        super("jcuda.jcublas.JCublas", "JCublas", JCublasRemote.class, CublasStatus.NOT_SUPPORTED,
            "CUBLAS_STATUS_NOT_SUPPORTED", "JCublas-");
    }

    /**
     * The device emulator's cuBLAS has the real (S, D) routines of the untyped families and, of the complex ones,
     * axpy, scal, dotu/dotc and gemm ({@code EmulatedBlasSession}); it answers the banded, packed, rank-update and
     * modified-rotation routines of every type, and the other complex routines, with
     * {@code CUBLAS_STATUS_NOT_SUPPORTED}. The rotation generators ({@code rotg}, {@code rotmg}) are computed in the
     * client and run everywhere.
     */
    public String emulatorRefusal(final String functionName)
    {
        return CublasRefusals.legacyEmulatorRefusal(functionName);
    }

    /**
     * The one rule for both cuBLAS bindings ({@link JCublas2Instrumentation} uses it too): the routines are the same
     * typed families on the wire, so the emulator refuses the same names.
     */
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
