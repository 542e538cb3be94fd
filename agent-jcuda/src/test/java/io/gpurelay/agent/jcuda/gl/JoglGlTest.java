package io.gpurelay.agent.jcuda.gl;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.Buffer;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

import com.jogamp.opengl.GL;
import com.jogamp.opengl.GL2GL3;
import com.jogamp.opengl.GLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@link JoglGl} against a test double of JOGL's GLContext, GL and GL2GL3 (JOGL's method signatures, buffers in
 * memory): it finds JOGL's methods by reflection, reads and writes the buffer bound to GL_ARRAY_BUFFER, restores the
 * program's binding, and turns a missing current context into a {@link GlCallException}.
 */
class JoglGlTest
{
    @AfterEach
    void noCurrentContext()
    {
        GLContext.makeCurrent(null);
    }

    @Test
    void readsAndWritesBuffersAndRestoresTheBinding() throws ReflectiveOperationException
    {
        final FakeJogl gl = new FakeJogl();
        gl.buffers.put(3, new byte[]{ 1, 2, 3, 4, 5 });
        gl.binding = 9;
        gl.buffers.put(9, new byte[0]);
        GLContext.makeCurrent(gl);
        final JoglGl jogl = new JoglGl(GLContext.class, GL.class, GL2GL3.class);

        assertEquals("JOGL", jogl.name());
        assertTrue(jogl.isBuffer(3));
        assertFalse(jogl.isBuffer(4));
        assertEquals(5, jogl.bufferSize(3));
        final ByteBuffer into = ByteBuffer.allocateDirect(5);
        jogl.readBuffer(3, into);
        final byte[] read = new byte[5];
        into.get(0, read);
        assertArrayEquals(new byte[]{ 1, 2, 3, 4, 5 }, read);
        jogl.writeBuffer(3, ByteBuffer.allocateDirect(5).put(0, new byte[]{ 9, 8, 7, 6, 5 }));
        assertArrayEquals(new byte[]{ 9, 8, 7, 6, 5 }, gl.buffers.get(3));
        assertEquals(9, gl.binding, "the program's GL_ARRAY_BUFFER binding is restored");
    }

    @Test
    void noCurrentContextIsAGlCallException() throws ReflectiveOperationException
    {
        final JoglGl jogl = new JoglGl(GLContext.class, GL.class, GL2GL3.class);
        final GlCallException failure = assertThrows(GlCallException.class, () -> jogl.bufferSize(1));
        assertTrue(failure.getMessage().contains("GLContext.getCurrentGL"), failure.getMessage());
    }

    private static final class FakeJogl implements GL2GL3
    {
        final Map<Integer, byte[]> buffers = new HashMap<>();
        int binding;

        public void glBindBuffer(final int target, final int buffer)
        {
            assertEquals(GlAccess.ARRAY_BUFFER, target);
            binding = buffer;
        }

        public boolean glIsBuffer(final int buffer)
        {
            return buffers.containsKey(buffer);
        }

        public void glGetIntegerv(final int pname, final int[] data, final int dataOffset)
        {
            assertEquals(GlAccess.ARRAY_BUFFER_BINDING, pname);
            data[dataOffset] = binding;
        }

        public void glGetBufferParameteriv(final int target, final int value, final int[] data, final int dataOffset)
        {
            assertEquals(GlAccess.BUFFER_SIZE, value);
            data[dataOffset] = buffers.get(binding).length;
        }

        public void glBufferSubData(final int target, final long offset, final long size, final Buffer data)
        {
            ((ByteBuffer)data).get(0, buffers.get(binding), (int)offset, (int)size);
        }

        public void glGetBufferSubData(final int target, final long offset, final long size, final Buffer data)
        {
            ((ByteBuffer)data).put(0, buffers.get(binding), (int)offset, (int)size);
        }
    }
}
