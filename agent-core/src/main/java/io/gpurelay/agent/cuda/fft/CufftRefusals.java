package io.gpurelay.agent.cuda.fft;

import io.gpurelay.agent.cuda.LibraryRefusals;

/**
 * The cuFFT functions gpurelay refuses, for JCufft and JavaCPP's cuFFT alike.
 */
public final class CufftRefusals implements LibraryRefusals
{
    public static final CufftRefusals INSTANCE = new CufftRefusals();

    private CufftRefusals()
    {
    }

    public String refusalReason(final String functionName)
    {
        return "cufftSetCompatibilityMode".equals(functionName) ? "cuFFT no longer has it: the executor's cuFFT " +
            "(CUDA 13) always lays data out as FFTW does, the only mode the function could still set" : null;
    }
}
