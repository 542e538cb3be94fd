package io.gpurelay.agent.jcuda.fft;

import io.gpurelay.agent.client.CallFailures;
import io.gpurelay.agent.cuda.fft.CufftCalls;
import io.gpurelay.protocol.Api;
import jcuda.jcufft.cufftResult;

/**
 * The cuFFT functions gpurelay implements by hand: the version's properties, computed from the executor's version.
 * Each public static method replaces the native method of {@code jcuda.jcufft.JCufft} with the same name and
 * descriptor (see {@link JCufftInstrumentation}); every other remoted native is a row of
 * {@link io.gpurelay.protocol.describe.LibraryFunctions}, remoted by {@link io.gpurelay.agent.jcuda.JCudaLibraryCalls}.
 * JCufft's public wrappers run unchanged, including those that take Java arrays, which copy through
 * {@code cudaMalloc} and {@code cudaMemcpy} (remoted too) before they call the natives.
 * <p>
 * Plans live on the executor, in the calling thread's current context, and transform device memory there: data and
 * work areas are device pointers ({@code cudaMalloc}, {@code cuMemAlloc}), never host memory. A
 * {@code cufftHandle} holds an {@code int}, as cuFFT's does, and the executor's plan handles are 64 bits: the handle
 * gets a number of this JVM's that names the executor's plan ({@link CufftCalls}, which JavaCPP's {@code cufft}
 * shares), and a number that names no live plan is {@code CUFFT_INVALID_PLAN}, as cuFFT answers. Without an executor
 * every call returns {@code CUFFT_SETUP_FAILED}.
 */
public final class JCufftRemote
{
    static
    {
        CallFailures.nameStatuses(Api.CUFFT, cufftResult::stringFor);
    }

    private JCufftRemote()
    {
    }

    /**
     * JCuda's native log level: there is no JCuda native code here to log.
     */
    public static void setLogLevel(final int level)
    {
    }

    /**
     * Answered from the executor's version, {@code major * 1000 + minor * 100 + patch} as cuFFT encodes it.
     */
    public static int cufftGetPropertyNative(final int type, final int[] value)
    {
        return CufftCalls.getProperty(type, value);
    }
}
