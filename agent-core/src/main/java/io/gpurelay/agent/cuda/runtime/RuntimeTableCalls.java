package io.gpurelay.agent.cuda.runtime;

import io.gpurelay.agent.cuda.capture.CaptureActivity;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.StreamOrder;

/**
 * How a runtime-API table row travels: on the calling thread's current device, its status recorded as the thread's
 * last error; a stream-ordered row is pipelined once the executor has run it.
 */
public final class RuntimeTableCalls
{
    private RuntimeTableCalls()
    {
    }

    /**
     * @param text where a string output's bytes go; null for a row without one.
     */
    public static int send(
        final FunctionRow row, final long[] args, final long[] results, final ByteArrayPayload text,
        final boolean pipelined)
    {
        // Stream capture: a stream-ordered row on a stream a driver-API capture records is refused, as the driver's.
        final Argument stream = row.order() == StreamOrder.STREAM && CaptureActivity.underWay() ?
            row.first(ArgumentRole.STREAM) : null;
        if (stream != null)
        {
            final int captured = CaptureActivity.refuse(args[stream.wireIndex()], row.name(), RuntimeCalls.session());
            if (captured != CaptureActivity.NOT_CAPTURED)
            {
                return RuntimeCalls.record(captured);
            }
        }
        // RuntimeCalls, not JCuda's binding: a JavaCPP program has no JCuda classes to load it with.
        return pipelined ? RuntimeCalls.pipelined(row, args, null) : RuntimeCalls.call(row, args, null, text, results);
    }
}
