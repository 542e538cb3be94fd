package io.gpurelay.agent.jcuda.gl;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.nio.ByteBuffer;

/**
 * LWJGL 3's static GL functions: {@code GL15.glBindBuffer(int, int)}, {@code GL15.glIsBuffer(int)}, {@code
 * GL15.glGetBufferParameteri(int, int)}, {@code GL15.glGetBufferSubData(int, long, ByteBuffer)}, {@code
 * GL15.glBufferSubData(int, long, ByteBuffer)} and {@code GL11.glGetInteger(int)}. LWJGL takes direct buffers.
 */
final class LwjglGl implements GlAccess
{
    private final MethodHandle bindBuffer;
    private final MethodHandle isBuffer;
    private final MethodHandle getBufferParameter;
    private final MethodHandle getBufferSubData;
    private final MethodHandle bufferSubData;
    private final MethodHandle getInteger;

    LwjglGl(final Class<?> gl15, final Class<?> gl11) throws ReflectiveOperationException
    {
        final MethodHandles.Lookup lookup = MethodHandles.publicLookup();
        bindBuffer = lookup.findStatic(gl15, "glBindBuffer", MethodType.methodType(void.class, int.class, int.class));
        isBuffer = lookup.findStatic(gl15, "glIsBuffer", MethodType.methodType(boolean.class, int.class));
        getBufferParameter = lookup.findStatic(gl15, "glGetBufferParameteri",
            MethodType.methodType(int.class, int.class, int.class));
        getBufferSubData = lookup.findStatic(gl15, "glGetBufferSubData",
            MethodType.methodType(void.class, int.class, long.class, ByteBuffer.class));
        bufferSubData = lookup.findStatic(gl15, "glBufferSubData",
            MethodType.methodType(void.class, int.class, long.class, ByteBuffer.class));
        getInteger = lookup.findStatic(gl11, "glGetInteger", MethodType.methodType(int.class, int.class));
    }

    public String name()
    {
        return "LWJGL 3";
    }

    public boolean isBuffer(final int buffer)
    {
        try
        {
            return (boolean)isBuffer.invokeExact(buffer);
        }
        catch (final Throwable ex)
        {
            throw failed("glIsBuffer", ex);
        }
    }

    public long bufferSize(final int buffer)
    {
        final int previous = bind(buffer);
        try
        {
            return Integer.toUnsignedLong((int)getBufferParameter.invokeExact(ARRAY_BUFFER, BUFFER_SIZE));
        }
        catch (final Throwable ex)
        {
            throw failed("glGetBufferParameteri", ex);
        }
        finally
        {
            restore(previous);
        }
    }

    public void readBuffer(final int buffer, final ByteBuffer into)
    {
        final int previous = bind(buffer);
        try
        {
            getBufferSubData.invokeExact(ARRAY_BUFFER, 0L, into);
        }
        catch (final Throwable ex)
        {
            throw failed("glGetBufferSubData", ex);
        }
        finally
        {
            restore(previous);
        }
    }

    public void writeBuffer(final int buffer, final ByteBuffer from)
    {
        final int previous = bind(buffer);
        try
        {
            bufferSubData.invokeExact(ARRAY_BUFFER, 0L, from);
        }
        catch (final Throwable ex)
        {
            throw failed("glBufferSubData", ex);
        }
        finally
        {
            restore(previous);
        }
    }

    private int bind(final int buffer)
    {
        final int previous;
        try
        {
            previous = (int)getInteger.invokeExact(ARRAY_BUFFER_BINDING);
            bindBuffer.invokeExact(ARRAY_BUFFER, buffer);
        }
        catch (final Throwable ex)
        {
            throw failed("glBindBuffer", ex);
        }
        return previous;
    }

    private void restore(final int previous)
    {
        try
        {
            bindBuffer.invokeExact(ARRAY_BUFFER, previous);
        }
        catch (final Throwable ex)
        {
            throw failed("glBindBuffer", ex);
        }
    }

    private static GlCallException failed(final String function, final Throwable cause)
    {
        return new GlCallException("LWJGL's " + function + " failed: " + cause, cause);
    }
}
