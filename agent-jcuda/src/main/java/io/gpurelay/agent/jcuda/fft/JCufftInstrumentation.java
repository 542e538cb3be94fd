package io.gpurelay.agent.jcuda.fft;

import io.gpurelay.agent.jcuda.JCudaLibraryCalls;
import io.gpurelay.protocol.describe.Library;
import net.bytebuddy.description.method.MethodDescription;
import net.bytebuddy.implementation.Implementation;
import io.gpurelay.agent.cuda.fft.CufftRefusals;
import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.CufftStatus;

/**
 * JCuda's cuFFT, {@code jcuda.jcufft.JCufft}: the rows of {@link io.gpurelay.protocol.describe.LibraryFunctions} are
 * remoted by {@link JCudaLibraryCalls}, the rest by {@link JCufftRemote}. What is not remoted returns {@code
 * CUFFT_NOT_SUPPORTED}. JCufft's natives load a library named {@code JCufft-<version>-<platform>}, whose loading is
 * skipped.
 */
public final class JCufftInstrumentation extends InstrumentationModule
{
    public JCufftInstrumentation()
    {
        super("jcuda.jcufft.JCufft", "JCufft", JCufftRemote.class, CufftStatus.NOT_SUPPORTED, "CUFFT_NOT_SUPPORTED",
            "JCufft-");
    }

    /**
     * JCufft names one native {@code cufftMakePlanManyNative64}, the suffix before the 64.
     */
    public String functionName(final String nativeMethodName)
    {
        return "cufftMakePlanManyNative64".equals(nativeMethodName) ? "cufftMakePlanMany64" :
            super.functionName(nativeMethodName);
    }

    public String refusalReason(final String functionName)
    {
        return CufftRefusals.INSTANCE.refusalReason(functionName);
    }

    /**
     * A native of a described function is remoted by its row.
     */
    public Object remotesByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return JCudaLibraryCalls.remotesByName(nativeMethod, Library.CUFFT);
    }

    public Implementation bodyByName(final MethodDescription.InDefinedShape nativeMethod)
    {
        return JCudaLibraryCalls.bodyByName(nativeMethod, Library.CUFFT);
    }
}
