package io.gpurelay.agent.jcuda.gl;

/**
 * A call into the program's GL binding failed (the binding threw, e.g. for a missing current context).
 */
public final class GlCallException extends RuntimeException
{
    private static final long serialVersionUID = 1L;

    public GlCallException(final String message, final Throwable cause)
    {
        super(message, cause);
    }
}
