package io.gpurelay.agent.jcuda.gl;

/**
 * No OpenGL binding gpurelay can call is on the program's class path, or it has no current context on this thread.
 */
public final class GlUnavailableException extends Exception
{
    private static final long serialVersionUID = 1L;

    public GlUnavailableException(final String message)
    {
        super(message);
    }
}
