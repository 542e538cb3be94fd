package com.jogamp.opengl;

import java.nio.Buffer;

/**
 * A test double of the part of JOGL's {@code com.jogamp.opengl.GL} that gpurelay's agent calls, with JOGL's
 * signatures.
 */
public interface GL
{
    void glBindBuffer(int target, int buffer);

    boolean glIsBuffer(int buffer);

    void glGetIntegerv(int pname, int[] data, int dataOffset);

    void glGetBufferParameteriv(int target, int value, int[] data, int dataOffset);

    void glBufferSubData(int target, long offset, long size, Buffer data);
}
