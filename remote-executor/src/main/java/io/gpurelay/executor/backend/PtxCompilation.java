package io.gpurelay.executor.backend;

import io.gpurelay.protocol.NvPtxCompilerStatus;

/**
 * What one {@code nvPTXCompilerCompile} gave: its status, the compiled program (null unless it succeeded), and the
 * error and information logs, without terminating NULs.
 *
 * @param status   an {@link NvPtxCompilerStatus}.
 * @param program  the cubin; null when the compilation failed.
 * @param errorLog the error log, empty when there is none.
 * @param infoLog  the information log, empty when there is none.
 */
public record PtxCompilation(int status, byte[] program, String errorLog, String infoLog)
{
    public PtxCompilation
    {
        if ((status == NvPtxCompilerStatus.SUCCESS) != (program != null))
        {
            throw new IllegalArgumentException("a compiled program exactly when the compilation succeeded, status " +
                status);
        }
        errorLog = errorLog == null ? "" : errorLog;
        infoLog = infoLog == null ? "" : infoLog;
    }

    /**
     * A compilation that failed before the compiler ran, with this reason as its error log.
     */
    public static PtxCompilation failed(final int status, final String errorLog)
    {
        return new PtxCompilation(status, null, errorLog, "");
    }
}
