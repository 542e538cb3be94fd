package io.gpurelay.agent.jcuda.gl;

import java.nio.ByteBuffer;

/**
 * The few OpenGL calls gpurelay's OpenGL interop needs, made through the program's own GL binding on the calling
 * thread, where the program's GL context is current: the agent has no GL library of its own, and the executor's GPU
 * cannot reach the client's GL objects, so a mapped buffer's bytes travel through the client's host memory. Each call
 * leaves the GL state it touches (the GL_ARRAY_BUFFER binding) as it found it.
 */
public interface GlAccess
{
    /** GL_ARRAY_BUFFER. */
    int ARRAY_BUFFER = 0x8892;
    /** GL_ARRAY_BUFFER_BINDING. */
    int ARRAY_BUFFER_BINDING = 0x8894;
    /** GL_BUFFER_SIZE. */
    int BUFFER_SIZE = 0x8764;

    /**
     * @return the binding's name for messages, e.g. {@code LWJGL 3}.
     */
    String name();

    /**
     * @return whether {@code buffer} names a buffer object of the current context (glIsBuffer).
     */
    boolean isBuffer(int buffer);

    /**
     * @return the buffer's size in bytes (GL_BUFFER_SIZE).
     */
    long bufferSize(int buffer);

    /**
     * Reads the buffer's first {@code into.remaining()} bytes into the direct buffer (glGetBufferSubData).
     */
    void readBuffer(int buffer, ByteBuffer into);

    /**
     * Writes the direct buffer's remaining bytes to the start of the buffer (glBufferSubData).
     */
    void writeBuffer(int buffer, ByteBuffer from);
}
