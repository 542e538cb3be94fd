package io.gpurelay.emulator.ptx;

/**
 * A PTX module the emulator cannot load: a syntax error, or an instruction, modifier or directive outside the set
 * the interpreter runs. The driver maps it to CUDA_ERROR_INVALID_PTX (or CUDA_ERROR_NOT_SUPPORTED) with this message.
 */
public final class PtxException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    private final int line;

    public PtxException(final String message, final int line)
    {
        super(line > 0 ? message + " at line " + line : message);
        this.line = line;
    }

    /**
     * @return the 1-based line of the PTX source the error is about, or 0 when it concerns the module as a whole.
     */
    public int line()
    {
        return line;
    }
}
