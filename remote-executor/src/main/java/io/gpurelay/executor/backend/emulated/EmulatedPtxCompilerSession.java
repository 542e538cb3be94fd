package io.gpurelay.executor.backend.emulated;

import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.PtxCompilation;
import io.gpurelay.executor.backend.PtxCompilerSession;
import io.gpurelay.protocol.NvPtxCompilerStatus;

/**
 * nvPTXCompiler on an executor without a GPU: the PTX is compiled by {@code ptxas} when it is on the executor's PATH
 * ({@link PtxasCompiler}), to a cubin the emulator itself cannot run (it runs PTX). Without {@code ptxas} every
 * compilation fails with {@code NVPTXCOMPILE_ERROR_COMPILATION_FAILURE} and an error log that says why.
 */
final class EmulatedPtxCompilerSession implements PtxCompilerSession
{
    static final String NO_PTXAS_LOG = "gpurelay: this executor runs the device emulator, which compiles PTX for " +
        "nvPTXCompiler with the CUDA toolkit's ptxas, and no ptxas was found on the executor's PATH; install the " +
        "CUDA toolkit on the executor host and put its bin directory on the executor's PATH, or run the executor on " +
        "a GPU host (--backend gpu)";

    private final PtxasCompiler compiler;
    private final int cudaVersion;

    /**
     * @param compiler    the executor's ptxas, or null when it has none.
     * @param cudaVersion the CUDA version the emulator reports ({@code major * 1000 + minor * 10}), which
     *                    {@code nvPTXCompilerGetVersion} gives without a ptxas.
     */
    EmulatedPtxCompilerSession(final PtxasCompiler compiler, final int cudaVersion)
    {
        this.compiler = compiler;
        this.cudaVersion = cudaVersion;
    }

    public void version(final CallResult result)
    {
        final int[] version = compiler == null ? null : compiler.version();
        if (version != null)
        {
            result.value(version[0]).value(version[1]);
        }
        else
        {
            result.value(cudaVersion / 1000).value(cudaVersion % 1000 / 10);
        }
    }

    public PtxCompilation compile(final byte[] ptx, final String[] options)
    {
        return compiler == null ? PtxCompilation.failed(NvPtxCompilerStatus.COMPILATION_FAILURE, NO_PTXAS_LOG) :
            compiler.compile(ptx, options);
    }

    public void close()
    {
    }
}
