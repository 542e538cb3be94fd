package org.lwjgl.opengl;

/**
 * A test double of LWJGL 3's {@code org.lwjgl.opengl.GL11}: {@code glGetInteger(int)} for the binding that
 * {@link GL15} keeps.
 */
public final class GL11
{
    private GL11()
    {
    }

    public static int glGetInteger(final int pname)
    {
        if (pname != GL15.GL_ARRAY_BUFFER_BINDING)
        {
            throw new IllegalArgumentException("the fake answers GL_ARRAY_BUFFER_BINDING only, not " + pname);
        }
        return GL15.arrayBufferBinding();
    }
}
