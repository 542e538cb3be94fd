package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.StreamOrder;

/**
 * How a runtime-API table row travels: on the calling thread's current device, its status recorded as the thread's
 * last error; a stream-ordered row is pipelined.
 */
public final class RuntimeTableCalls
{
    private RuntimeTableCalls()
    {
    }

    public static int send(final FunctionRow row, final long[] args, final long[] results)
    {
        return row.order() == StreamOrder.STREAM ? JCudaRuntimeRemote.pipelined(row, args, null) :
            JCudaRuntimeRemote.call(row, args, results);
    }
}
