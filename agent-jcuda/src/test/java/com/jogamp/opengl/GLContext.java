package com.jogamp.opengl;

/**
 * A test double of JOGL's {@code com.jogamp.opengl.GLContext}: {@code getCurrentGL()} answers the GL a test made
 * current, and throws as JOGL does when there is none.
 */
public abstract class GLContext
{
    private static GL current;

    public static GL getCurrentGL()
    {
        if (current == null)
        {
            throw new IllegalStateException("No OpenGL context current on this thread");
        }
        return current;
    }

    /** Not JOGL's: makes a GL current for the tests. */
    public static void makeCurrent(final GL gl)
    {
        current = gl;
    }
}
