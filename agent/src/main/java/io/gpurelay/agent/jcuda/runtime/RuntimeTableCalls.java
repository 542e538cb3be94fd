package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.protocol.table.FunctionRow;

/**
 * How a runtime-API table row travels: on the calling thread's current device, its status recorded as the thread's
 * last error; a stream-ordered row is pipelined once the executor has run it.
 */
public final class RuntimeTableCalls
{
    private RuntimeTableCalls()
    {
    }

    public static int send(final FunctionRow row, final long[] args, final long[] results, final boolean pipelined)
    {
        return pipelined ? JCudaRuntimeRemote.pipelined(row, args, null) : JCudaRuntimeRemote.call(row, args, results);
    }
}
