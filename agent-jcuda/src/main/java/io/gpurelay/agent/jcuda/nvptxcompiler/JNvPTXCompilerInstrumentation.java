package io.gpurelay.agent.jcuda.nvptxcompiler;

import io.gpurelay.agent.instrumentation.InstrumentationModule;
import io.gpurelay.protocol.NvPtxCompilerStatus;

/**
 * JCuda's PTX compiler binding, {@code jcuda.nvptxcompiler.JNvPTXCompiler}: remoted by {@link JNvPTXCompilerRemote},
 * every native of it. Its native library ({@code JNvPTXCompiler-<version>}) is not loaded. nvPTXCompiler has no
 * "not supported" status; what is not remoted would return {@code NVPTXCOMPILE_ERROR_INVALID_INPUT}.
 */
public final class JNvPTXCompilerInstrumentation extends InstrumentationModule
{
    public JNvPTXCompilerInstrumentation()
    {
        super("jcuda.nvptxcompiler.JNvPTXCompiler", "JNvPTXCompiler", JNvPTXCompilerRemote.class,
            NvPtxCompilerStatus.INVALID_INPUT, "NVPTXCOMPILE_ERROR_INVALID_INPUT", "JNvPTXCompiler-");
    }
}
