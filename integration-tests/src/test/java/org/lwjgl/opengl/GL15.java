package org.lwjgl.opengl;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * A test double of LWJGL 3's {@code org.lwjgl.opengl.GL15}: the same static methods (names, parameter and return
 * types) for the buffer-object calls the interop test programs and gpurelay's agent make, backed by byte arrays in
 * memory instead of a GL context, since the test machines have no GL and no display. Only on the forked test
 * programs' class path; gpurelay's agent finds it by name, as it finds the real LWJGL.
 */
public final class GL15
{
    public static final int GL_ARRAY_BUFFER = 0x8892;
    public static final int GL_ARRAY_BUFFER_BINDING = 0x8894;
    public static final int GL_BUFFER_SIZE = 0x8764;
    public static final int GL_DYNAMIC_DRAW = 0x88E8;

    private static final Map<Integer, byte[]> BUFFERS = new HashMap<>();
    private static int next = 1;
    private static int arrayBufferBinding;
    /** Calls the agent made, for the programs to check that it called GL at all. */
    private static int calls;

    private GL15()
    {
    }

    public static synchronized int glGenBuffers()
    {
        final int name = next++;
        BUFFERS.put(name, null);
        return name;
    }

    public static synchronized boolean glIsBuffer(final int buffer)
    {
        calls++;
        return BUFFERS.containsKey(buffer);
    }

    public static synchronized void glBindBuffer(final int target, final int buffer)
    {
        calls++;
        requireArrayBuffer(target);
        if (buffer != 0 && !BUFFERS.containsKey(buffer))
        {
            throw new IllegalStateException("GL_INVALID_OPERATION: " + buffer + " is not a buffer name");
        }
        arrayBufferBinding = buffer;
    }

    public static synchronized void glBufferData(final int target, final ByteBuffer data, final int usage)
    {
        final byte[] bytes = new byte[data.remaining()];
        data.get(data.position(), bytes);
        BUFFERS.put(bound(target), bytes);
    }

    public static synchronized int glGetBufferParameteri(final int target, final int pname)
    {
        calls++;
        if (pname != GL_BUFFER_SIZE)
        {
            throw new IllegalArgumentException("GL_INVALID_ENUM: pname " + pname);
        }
        final byte[] bytes = BUFFERS.get(bound(target));
        return bytes == null ? 0 : bytes.length;
    }

    public static synchronized void glGetBufferSubData(final int target, final long offset, final ByteBuffer data)
    {
        calls++;
        requireDirect(data);
        final byte[] bytes = store(target, offset, data.remaining());
        data.put(data.position(), bytes, (int)offset, data.remaining());
    }

    public static synchronized void glBufferSubData(final int target, final long offset, final ByteBuffer data)
    {
        calls++;
        requireDirect(data);
        final byte[] bytes = store(target, offset, data.remaining());
        data.get(data.position(), bytes, (int)offset, data.remaining());
    }

    public static synchronized void glDeleteBuffers(final int buffer)
    {
        BUFFERS.remove(buffer);
        if (arrayBufferBinding == buffer)
        {
            arrayBufferBinding = 0;
        }
    }

    /** Not LWJGL's: how many GL calls were made, for the programs' checks. */
    public static synchronized int callCount()
    {
        return calls;
    }

    static synchronized int arrayBufferBinding()
    {
        return arrayBufferBinding;
    }

    private static int bound(final int target)
    {
        requireArrayBuffer(target);
        if (arrayBufferBinding == 0)
        {
            throw new IllegalStateException("GL_INVALID_OPERATION: no buffer bound to GL_ARRAY_BUFFER");
        }
        return arrayBufferBinding;
    }

    private static byte[] store(final int target, final long offset, final int length)
    {
        final byte[] bytes = BUFFERS.get(bound(target));
        if (bytes == null || offset < 0 || offset + length > bytes.length)
        {
            throw new IllegalStateException("GL_INVALID_VALUE: " + length + " bytes at " + offset + " of a store of " +
                (bytes == null ? 0 : bytes.length));
        }
        return bytes;
    }

    private static void requireArrayBuffer(final int target)
    {
        if (target != GL_ARRAY_BUFFER)
        {
            throw new IllegalArgumentException("the fake supports GL_ARRAY_BUFFER only, not " + target);
        }
    }

    private static void requireDirect(final ByteBuffer data)
    {
        if (!data.isDirect())
        {
            throw new IllegalArgumentException("LWJGL takes direct buffers");
        }
    }
}
