package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.protocol.ByteArrayPayload;
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

    /**
     * @param text where a string output's bytes go; null for a row without one.
     */
    public static int send(
        final FunctionRow row, final long[] args, final long[] results, final ByteArrayPayload text,
        final boolean pipelined)
    {
        return pipelined ? JCudaRuntimeRemote.pipelined(row, args, null) :
            JCudaRuntimeRemote.call(row, args, text, results);
    }
}
