package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.JCudaHostRanges;
import java.lang.reflect.Field;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.cuda.HostRange;
import io.gpurelay.agent.cuda.HostRangeException;
import io.gpurelay.agent.jcuda.JCudaPointers;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.driver.CUjit_option;
import jcuda.driver.JITOptions;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The log options of cuModuleLoadDataEx. The module is loaded on the executor, whose loader explains a failure in its
 * reply: that explanation is what the application's CU_JIT_ERROR_LOG_BUFFER receives, NUL-terminated and cut to the
 * buffer's size (CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, or the buffer's own). The info log stays empty. Every other
 * option tunes a compiler this process does not run, and is ignored.
 * <p>
 * {@code optionValues} holds one entry per option, as JCuda lays out the {@code void**}: a log buffer is a pointer to
 * host memory; a size is the value of its entry, or an {@code int[]} or {@code long[]} holding it.
 */
final class JitLogBuffers
{
    private JitLogBuffers()
    {
    }

    static void fill(final int numOptions, final int[] options, final Pointer optionValues, final String errorLog)
    {
        final NativePointerObject[] values = JCudaPointers.pointers(optionValues);
        if (values == null)
        {
            return;
        }
        final int count = Math.min(Math.max(numOptions, 0), Math.min(options.length, values.length));
        for (int i = 0; i < count; i++)
        {
            if (options[i] == CUjit_option.CU_JIT_ERROR_LOG_BUFFER)
            {
                write(values[i], errorLog,
                    limit(options, values, count, CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES));
            }
            else if (options[i] == CUjit_option.CU_JIT_INFO_LOG_BUFFER)
            {
                write(values[i], "", limit(options, values, count, CUjit_option.CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES));
            }
        }
    }

    /**
     * The logs of {@code cuModuleLoadDataJIT}, whose options are JCuda's {@link JITOptions}: as JCuda's native code
     * does, a log option that is present gets a buffer of its size option's bytes ({@code putBytes}) holding the log,
     * NUL-terminated and cut to it; the error log is the executor's explanation, the info log empty.
     */
    static void fill(final JITOptions options, final String errorLog)
    {
        final Map<?, ?> present = optionMap(options);
        if (present == null)
        {
            return;
        }
        put(options, present, CUjit_option.CU_JIT_ERROR_LOG_BUFFER, CUjit_option.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
            errorLog);
        put(options, present, CUjit_option.CU_JIT_INFO_LOG_BUFFER, CUjit_option.CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES, "");
    }

    private static void put(
        final JITOptions options, final Map<?, ?> present, final int logOption, final int sizeOption, final String log)
    {
        if (!present.containsKey(logOption))
        {
            return;
        }
        final byte[] text = log.getBytes(StandardCharsets.UTF_8);
        final int size = present.get(sizeOption) instanceof Integer given && given > 0 ? given : text.length + 1;
        final byte[] buffer = new byte[size];
        System.arraycopy(text, 0, buffer, 0, Math.min(text.length, size - 1));
        options.putBytes(logOption, buffer);
    }

    private static Map<?, ?> optionMap(final JITOptions options)
    {
        try
        {
            final Field map = JITOptions.class.getDeclaredField("map");
            map.setAccessible(true);
            return (Map<?, ?>)map.get(options);
        }
        catch (final ReflectiveOperationException | RuntimeException ex)
        {
            AgentLog.debug("cuModuleLoadDataJIT: the JIT options' logs are left as they are: " + ex);
            return null;
        }
    }

    private static void write(final NativePointerObject entry, final String log, final long limit)
    {
        if (!(entry instanceof Pointer) || limit <= 0)
        {
            return;
        }
        final Pointer buffer = (Pointer)entry;
        final long room = Math.min(limit, JCudaHostRanges.extent(buffer));
        if (room <= 0)
        {
            return;
        }
        final byte[] text = log.getBytes(StandardCharsets.UTF_8);
        final int length = (int)Math.min(text.length, room - 1);
        final UnsafeBuffer terminated = new UnsafeBuffer(new byte[length + 1]);
        terminated.putBytes(0, text, 0, length);
        try
        {
            JCudaHostRanges.of(buffer, length + 1).write(0, terminated, 0, length + 1);
        }
        catch (final HostRangeException ex)
        {
            AgentLog.debug("cuModuleLoadDataEx: the log buffer is left as it is: " + ex.getMessage());
        }
    }

    /**
     * @return the size the options give for a log buffer, or no limit when they give none.
     */
    private static long limit(
        final int[] options, final NativePointerObject[] values, final int count, final int sizeOption)
    {
        for (int i = 0; i < count; i++)
        {
            if (options[i] == sizeOption)
            {
                return sizeValue(values[i]);
            }
        }
        return Long.MAX_VALUE;
    }

    private static long sizeValue(final NativePointerObject entry)
    {
        if (entry == null)
        {
            return 0;
        }
        if (!(entry instanceof Pointer))
        {
            return JCudaPointers.nativePointer(entry);
        }
        final Pointer pointer = (Pointer)entry;
        final long held = JCudaHostRanges.extent(pointer);
        if (held < Integer.BYTES)
        {
            return JCudaHostRanges.isHostMemory(pointer) ? 0 : JCudaPointers.address(pointer);
        }
        final int width = held >= Long.BYTES ? Long.BYTES : Integer.BYTES;
        final UnsafeBuffer value = new UnsafeBuffer(new byte[Long.BYTES]);
        try
        {
            JCudaHostRanges.of(pointer, width).copyTo(0, value, 0, width);
        }
        catch (final HostRangeException ex)
        {
            return 0;
        }
        return width == Long.BYTES ? value.getLong(0, ByteOrder.nativeOrder()) : value.getInt(0, ByteOrder.nativeOrder());
    }
}
