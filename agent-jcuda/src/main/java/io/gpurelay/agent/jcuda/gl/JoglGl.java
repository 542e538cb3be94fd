package io.gpurelay.agent.jcuda.gl;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.Buffer;
import java.nio.ByteBuffer;

/**
 * JOGL's GL of the thread's current context, {@code GLContext.getCurrentGL()}: {@code GL.glBindBuffer(int, int)},
 * {@code GL.glIsBuffer(int)}, {@code GL.glGetIntegerv(int, int[], int)}, {@code GL.glGetBufferParameteriv(int, int,
 * int[], int)}, {@code GL.glBufferSubData(int, long, long, Buffer)} and {@code GL2GL3.glGetBufferSubData(int, long,
 * long, Buffer)}.
 */
final class JoglGl implements GlAccess
{
    private final MethodHandle currentGl;
    private final MethodHandle bindBuffer;
    private final MethodHandle isBuffer;
    private final MethodHandle getIntegerv;
    private final MethodHandle getBufferParameteriv;
    private final MethodHandle bufferSubData;
    private final MethodHandle getBufferSubData;

    JoglGl(final Class<?> glContext, final Class<?> gl, final Class<?> gl2gl3) throws ReflectiveOperationException
    {
        final MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        currentGl = lookup.findStatic(glContext, "getCurrentGL", MethodType.methodType(gl));
        bindBuffer = lookup.findVirtual(gl, "glBindBuffer", MethodType.methodType(void.class, int.class, int.class));
        isBuffer = lookup.findVirtual(gl, "glIsBuffer", MethodType.methodType(boolean.class, int.class));
        getIntegerv = lookup.findVirtual(gl, "glGetIntegerv",
            MethodType.methodType(void.class, int.class, int[].class, int.class));
        getBufferParameteriv = lookup.findVirtual(gl, "glGetBufferParameteriv",
            MethodType.methodType(void.class, int.class, int.class, int[].class, int.class));
        bufferSubData = lookup.findVirtual(gl, "glBufferSubData",
            MethodType.methodType(void.class, int.class, long.class, long.class, Buffer.class));
        getBufferSubData = lookup.findVirtual(gl2gl3, "glGetBufferSubData",
            MethodType.methodType(void.class, int.class, long.class, long.class, Buffer.class));
    }

    public String name()
    {
        return "JOGL";
    }

    public boolean isBuffer(final int buffer)
    {
        try
        {
            return (boolean)isBuffer.invoke(gl(), buffer);
        }
        catch (final GlCallException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw failed("glIsBuffer", ex);
        }
    }

    public long bufferSize(final int buffer)
    {
        final Object gl = gl();
        final int previous = bind(gl, buffer);
        try
        {
            final int[] size = new int[1];
            getBufferParameteriv.invoke(gl, ARRAY_BUFFER, BUFFER_SIZE, size, 0);
            return Integer.toUnsignedLong(size[0]);
        }
        catch (final Throwable ex)
        {
            throw failed("glGetBufferParameteriv", ex);
        }
        finally
        {
            restore(gl, previous);
        }
    }

    public void readBuffer(final int buffer, final ByteBuffer into)
    {
        final Object gl = gl();
        final int previous = bind(gl, buffer);
        try
        {
            getBufferSubData.invoke(gl, ARRAY_BUFFER, 0L, (long)into.remaining(), (Buffer)into);
        }
        catch (final Throwable ex)
        {
            throw failed("glGetBufferSubData", ex);
        }
        finally
        {
            restore(gl, previous);
        }
    }

    public void writeBuffer(final int buffer, final ByteBuffer from)
    {
        final Object gl = gl();
        final int previous = bind(gl, buffer);
        try
        {
            bufferSubData.invoke(gl, ARRAY_BUFFER, 0L, (long)from.remaining(), (Buffer)from);
        }
        catch (final Throwable ex)
        {
            throw failed("glBufferSubData", ex);
        }
        finally
        {
            restore(gl, previous);
        }
    }

    private Object gl()
    {
        try
        {
            return currentGl.invoke();
        }
        catch (final Throwable ex)
        {
            throw failed("GLContext.getCurrentGL (no current GL context on this thread?)", ex);
        }
    }

    private int bind(final Object gl, final int buffer)
    {
        try
        {
            final int[] previous = new int[1];
            getIntegerv.invoke(gl, ARRAY_BUFFER_BINDING, previous, 0);
            bindBuffer.invoke(gl, ARRAY_BUFFER, buffer);
            return previous[0];
        }
        catch (final Throwable ex)
        {
            throw failed("glBindBuffer", ex);
        }
    }

    private void restore(final Object gl, final int previous)
    {
        try
        {
            bindBuffer.invoke(gl, ARRAY_BUFFER, previous);
        }
        catch (final Throwable ex)
        {
            throw failed("glBindBuffer", ex);
        }
    }

    private static GlCallException failed(final String function, final Throwable cause)
    {
        return new GlCallException("JOGL's " + function + " failed: " + cause, cause);
    }
}
