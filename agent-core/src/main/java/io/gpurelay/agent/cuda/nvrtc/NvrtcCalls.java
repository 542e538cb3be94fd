package io.gpurelay.agent.cuda.nvrtc;

import java.nio.charset.StandardCharsets;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NulTerminatedStrings;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * How NVRTC's calls that are no row of {@link io.gpurelay.protocol.describe.LibraryFunctions} travel, for both
 * bindings (JCuda's {@code JNvrtc} and JavaCPP's {@code nvrtc}): sources, options and name expressions go as
 * NUL-terminated strings in the payload, texts and binary outputs come back as bytes, which no row of words can say.
 * It names no type of either binding, takes programs as the executor's handles and gives results as plain arrays,
 * leaving checking and reading the caller's arguments and writing its outputs to the binding. Programs need no
 * context; without an executor every call returns {@code NVRTC_ERROR_INTERNAL_ERROR}.
 */
public final class NvrtcCalls
{
    private static final long NO_CONTEXT = 0;
    private static final long[] NO_ARGS = new long[0];

    private NvrtcCalls()
    {
    }

    public static int numSupportedArchs(final int[] count)
    {
        final long[] results = new long[1];
        final int status = call(Function.NVRTC_GET_NUM_SUPPORTED_ARCHS, NO_ARGS, null, null, results);
        if (status == NvrtcStatus.SUCCESS)
        {
            count[0] = (int)results[0];
        }
        return status;
    }

    /**
     * The executor's architectures, as many as {@code count} (which {@link #numSupportedArchs} gave), into
     * {@code archs[0]}.
     */
    public static int supportedArchs(final int count, final int[][] archs)
    {
        final long[] results = new long[count];
        final int status = call(Function.NVRTC_GET_SUPPORTED_ARCHS, NO_ARGS, null, null, results);
        if (status == NvrtcStatus.SUCCESS)
        {
            final int[] values = new int[count];
            for (int i = 0; i < count; i++)
            {
                values[i] = (int)results[i];
            }
            archs[0] = values;
        }
        return status;
    }

    /**
     * A compiled program's CUBIN, LTO IR or OptiX IR into {@code bytes[0]}.
     */
    public static int output(final NvrtcOutput output, final long program, final byte[][] bytes)
    {
        final ByteArrayPayload received = new ByteArrayPayload();
        final int status = call(Function.NVRTC_GET_OUTPUT, new long[]{ program, output.code() }, null, received,
            null);
        if (status == NvrtcStatus.SUCCESS)
        {
            bytes[0] = received.bytes();
        }
        return status;
    }

    /**
     * {@code nvrtcCreateProgram}: the source, the name where there is one, the headers and then their include names
     * travel as NUL-terminated strings, the header count and whether there is a name as the arguments;
     * {@code program[0]} gets the new program on success. The binding has checked the strings.
     */
    public static int createProgram(final String source, final String name, final String[] headers,
        final String[] includeNames, final long[] program)
    {
        final String[] strings = new String[1 + (name == null ? 0 : 1) + 2 * headers.length];
        int next = 0;
        strings[next++] = source;
        if (name != null)
        {
            strings[next++] = name;
        }
        System.arraycopy(headers, 0, strings, next, headers.length);
        System.arraycopy(includeNames, 0, strings, next + headers.length, headers.length);
        final long[] results = new long[1];
        final int status = call(Function.NVRTC_CREATE_PROGRAM, new long[]{ headers.length, name == null ? 0 : 1 },
            new ByteArrayPayload(NulTerminatedStrings.encode(strings)), null, results);
        if (status == NvrtcStatus.SUCCESS)
        {
            program[0] = results[0];
        }
        return status;
    }

    public static int destroyProgram(final long program)
    {
        return call(Function.NVRTC_DESTROY_PROGRAM, new long[]{ program }, null, null, null);
    }

    /** {@code nvrtcCompileProgram}: the options travel as NUL-terminated strings. */
    public static int compile(final long program, final String[] options)
    {
        return call(Function.NVRTC_COMPILE_PROGRAM, new long[]{ program, options.length },
            new ByteArrayPayload(NulTerminatedStrings.encode(options)), null, null);
    }

    public static int addNameExpression(final long program, final String expression)
    {
        return call(Function.NVRTC_ADD_NAME_EXPRESSION, new long[]{ program },
            new ByteArrayPayload(NulTerminatedStrings.encode(expression)), null, null);
    }

    /** {@code nvrtcGetLoweredName}: the lowered name into {@code lowered[0]}. */
    public static int loweredName(final long program, final String expression, final String[] lowered)
    {
        final ByteArrayPayload name = new ByteArrayPayload();
        final int status = call(Function.NVRTC_GET_LOWERED_NAME, new long[]{ program },
            new ByteArrayPayload(NulTerminatedStrings.encode(expression)), name, null);
        if (status == NvrtcStatus.SUCCESS)
        {
            lowered[0] = new String(name.bytes(), StandardCharsets.UTF_8);
        }
        return status;
    }

    /** The PTX ({@code NVRTC_GET_PTX}) or the log ({@code NVRTC_GET_PROGRAM_LOG}) as the executor sends it. */
    public static int text(final Function function, final long program, final byte[][] text)
    {
        final ByteArrayPayload bytes = new ByteArrayPayload();
        final int status = call(function, new long[]{ program }, null, bytes, null);
        if (status == NvrtcStatus.SUCCESS)
        {
            text[0] = bytes.bytes();
        }
        return status;
    }

    /**
     * Programs need no context; without an executor, NVRTC's internal error.
     */
    public static int call(
        final Function function, final long[] args, final ByteArrayPayload payload, final PayloadSink sink,
        final long[] results)
    {
        final int status = DeviceRouter.installed().call(function, NO_CONTEXT, args, payload, sink, results);
        return status == RuntimeStatus.DEVICES_UNAVAILABLE ? NvrtcStatus.INTERNAL_ERROR : status;
    }
}
