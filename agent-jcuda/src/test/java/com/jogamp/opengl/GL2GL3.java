package com.jogamp.opengl;

import java.nio.Buffer;

/**
 * A test double of JOGL's {@code com.jogamp.opengl.GL2GL3}: {@code glGetBufferSubData}, with JOGL's signature.
 */
public interface GL2GL3 extends GL
{
    void glGetBufferSubData(int target, long offset, long size, Buffer data);
}
