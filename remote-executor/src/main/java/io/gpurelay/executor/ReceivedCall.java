package io.gpurelay.executor;

import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.MalformedCallException;

/**
 * The call a session is working on, copied out of the receive buffer because its bulk payload may still be arriving
 * when the decoder's {@link CallView} has moved on. Reused for every call of the session.
 */
final class ReceivedCall
{
    private final long[] args = new long[CallView.MAX_ARGS];
    private long correlationId;
    private int functionId;
    private Function function;
    private boolean pipelined;
    private boolean payloadInRegion;
    private boolean replyInRegion;
    private long context;
    private long totalPayloadLength;
    private int argCount;

    void capture(final CallView view)
    {
        correlationId = view.correlationId();
        functionId = view.functionId();
        function = Function.byId(functionId);
        pipelined = view.pipelined();
        payloadInRegion = view.payloadInRegion();
        replyInRegion = view.replyInRegion();
        context = view.context();
        totalPayloadLength = view.totalPayloadLength();
        argCount = view.argCount();
        for (int i = 0; i < argCount; i++)
        {
            args[i] = view.arg(i);
        }
    }

    long correlationId()
    {
        return correlationId;
    }

    int functionId()
    {
        return functionId;
    }

    /**
     * @return the function, or null for an id this executor does not know.
     */
    Function function()
    {
        return function;
    }

    boolean pipelined()
    {
        return pipelined;
    }

    /** The payload comes through the session's transfer region. */
    boolean payloadInRegion()
    {
        return payloadInRegion;
    }

    /** The client takes the reply's payload from the session's transfer region. */
    boolean replyInRegion()
    {
        return replyInRegion;
    }

    /** The calling thread's current device (runtime API) or context handle (driver API). */
    long context()
    {
        return context;
    }

    long totalPayloadLength()
    {
        return totalPayloadLength;
    }

    long arg(final int index)
    {
        if (index >= argCount)
        {
            throw new MalformedCallException(function + " takes at least " + (index + 1) + " arguments; the call has " +
                argCount);
        }
        return args[index];
    }
}
