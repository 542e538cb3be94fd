package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.table.ContextMode;
import io.gpurelay.protocol.table.FunctionRow;

/**
 * How a driver-API table row travels: with the calling thread's current context, which every row but a device or
 * process query ({@link ContextMode#NONE}) needs to be live, as CUDA does (else CUDA_ERROR_INVALID_CONTEXT without a
 * round trip, as for the hand-written functions); a stream-ordered row is pipelined once the executor has run it.
 */
public final class DriverTableCalls
{
    private DriverTableCalls()
    {
    }

    /**
     * @param text where a string output's bytes go; null for a row without one.
     */
    public static int send(
        final FunctionRow row, final long[] args, final long[] results, final ByteArrayPayload text,
        final boolean pipelined)
    {
        return send(row, args, null, results, text, pipelined);
    }

    /**
     * @param input the call's payload (a string input); null for none.
     */
    public static int send(
        final FunctionRow row, final long[] args, final ByteArrayPayload input, final long[] results,
        final ByteArrayPayload text, final boolean pipelined)
    {
        if (pipelined)
        {
            return DriverCalls.pipelinedInContext(row, args, input);
        }
        return row.context() == ContextMode.NONE ? DriverCalls.call(row, args, input, text, results) :
            DriverCalls.inContext(row, args, input, text, results);
    }
}
