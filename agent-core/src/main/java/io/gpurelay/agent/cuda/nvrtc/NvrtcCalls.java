package io.gpurelay.agent.cuda.nvrtc;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.NvrtcOutput;
import io.gpurelay.protocol.NvrtcStatus;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.RuntimeStatus;

/**
 * How NVRTC's calls that are no row of {@link io.gpurelay.protocol.describe.LibraryFunctions} travel, for both
 * bindings (JCuda's {@code JNvrtc} and JavaCPP's {@code nvrtc}): it names no type
 * of either, takes programs as the executor's handles and gives results as plain arrays, leaving reading the
 * caller's arguments and writing its outputs to the binding. Programs need no context; without an executor every call
 * returns {@code NVRTC_ERROR_INTERNAL_ERROR}.
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
