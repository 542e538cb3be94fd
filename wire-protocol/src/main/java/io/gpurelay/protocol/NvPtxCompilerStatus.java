package io.gpurelay.protocol;

/**
 * The {@code nvPTXCompileResult} values. Numbers are nvPTXCompiler's own; JCuda 12.6's {@code nvPTXCompileResult}
 * stops at {@link #UNSUPPORTED_PTX_VERSION}, the later ones are CUDA's.
 */
public final class NvPtxCompilerStatus
{
    public static final int SUCCESS = 0;
    public static final int INVALID_COMPILER_HANDLE = 1;
    public static final int INVALID_INPUT = 2;
    public static final int COMPILATION_FAILURE = 3;
    public static final int INTERNAL = 4;
    public static final int OUT_OF_MEMORY = 5;
    public static final int COMPILER_INVOCATION_INCOMPLETE = 6;
    public static final int UNSUPPORTED_PTX_VERSION = 7;
    public static final int UNSUPPORTED_DEVSIDE_SYNC = 8;
    public static final int CANCELLED = 9;

    private NvPtxCompilerStatus()
    {
    }

    /**
     * @return the status's name in {@code nvPTXCompiler.h}, or a name that says the number is unknown.
     */
    public static String name(final int status)
    {
        return switch (status)
        {
            case SUCCESS -> "NVPTXCOMPILE_SUCCESS";
            case INVALID_COMPILER_HANDLE -> "NVPTXCOMPILE_ERROR_INVALID_COMPILER_HANDLE";
            case INVALID_INPUT -> "NVPTXCOMPILE_ERROR_INVALID_INPUT";
            case COMPILATION_FAILURE -> "NVPTXCOMPILE_ERROR_COMPILATION_FAILURE";
            case INTERNAL -> "NVPTXCOMPILE_ERROR_INTERNAL";
            case OUT_OF_MEMORY -> "NVPTXCOMPILE_ERROR_OUT_OF_MEMORY";
            case COMPILER_INVOCATION_INCOMPLETE -> "NVPTXCOMPILE_ERROR_COMPILER_INVOCATION_INCOMPLETE";
            case UNSUPPORTED_PTX_VERSION -> "NVPTXCOMPILE_ERROR_UNSUPPORTED_PTX_VERSION";
            case UNSUPPORTED_DEVSIDE_SYNC -> "NVPTXCOMPILE_ERROR_UNSUPPORTED_DEVSIDE_SYNC";
            case CANCELLED -> "NVPTXCOMPILE_ERROR_CANCELLED";
            default -> "nvPTXCompileResult " + status;
        };
    }
}
