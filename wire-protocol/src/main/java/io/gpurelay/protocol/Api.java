package io.gpurelay.protocol;

/**
 * The CUDA API a remoted function belongs to; it decides which family of status codes its reply carries.
 */
public enum Api
{
    RUNTIME,
    DRIVER,
    CUBLAS,
    NVRTC,
    CURAND,
    CUFFT,
    /** The PTX compiler library, nvPTXCompiler ({@link NvPtxCompilerStatus}). */
    NVPTXCOMPILER,
    /** cuSOLVER ({@link CusolverStatus}): its rows are the function table's. */
    CUSOLVER
}
