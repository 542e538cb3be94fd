package io.gpurelay.agent.jcuda.fft;

import io.gpurelay.agent.cuda.fft.CufftRefusals;
import io.gpurelay.agent.jcuda.JCudaLibraryModule;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.describe.Library;

/**
 * JCuda's cuFFT, {@code jcuda.jcufft.JCufft}: the rows of {@link io.gpurelay.protocol.describe.LibraryFunctions} are
 * remoted by {@link io.gpurelay.agent.jcuda.JCudaLibraryCalls}, the rest by {@link JCufftRemote}. What is not remoted
 * returns {@code CUFFT_NOT_SUPPORTED}. JCufft's natives load a library named {@code JCufft-<version>-<platform>},
 * whose loading is skipped.
 */
public final class JCufftInstrumentation extends JCudaLibraryModule
{
    public JCufftInstrumentation()
    {
        super("jcuda.jcufft.JCufft", "JCufft", JCufftRemote.class, CufftStatus.NOT_SUPPORTED, "CUFFT_NOT_SUPPORTED",
            Library.CUFFT, CufftRefusals.INSTANCE);
    }

    /**
     * JCufft names one native {@code cufftMakePlanManyNative64}, the suffix before the 64.
     */
    public String functionName(final String nativeMethodName)
    {
        return "cufftMakePlanManyNative64".equals(nativeMethodName) ? "cufftMakePlanMany64" :
            super.functionName(nativeMethodName);
    }
}
