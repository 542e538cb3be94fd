package io.gpurelay.agent.cuda.driver;

import io.gpurelay.agent.cuda.capture.CaptureActivity;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.ContextMode;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.StreamOrder;

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
        // Stream capture: a stream-ordered row is not recorded into a capture, so on a capturing stream it is refused
        // and invalidates the capture, as CUDA refuses what it cannot capture.
        final Argument stream = row.order() == StreamOrder.STREAM && CaptureActivity.underWay ?
            row.first(ArgumentRole.STREAM) : null;
        if (stream != null)
        {
            final int captured = CaptureActivity.refuse(args[stream.wireIndex()], row.name(), DriverCalls.session());
            if (captured != CaptureActivity.NOT_CAPTURED)
            {
                return captured;
            }
        }
        if (pipelined)
        {
            return DriverCalls.pipelinedInContext(row, args, input);
        }
        return row.context() == ContextMode.NONE ? DriverCalls.call(row, args, input, text, results) :
            DriverCalls.inContext(row, args, input, text, results);
    }
}
