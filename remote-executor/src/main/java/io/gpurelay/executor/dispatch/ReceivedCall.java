package io.gpurelay.executor.dispatch;

import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.MalformedCallException;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;

/**
 * The call a session is working on, copied out of the receive buffer because its bulk payload may still be arriving
 * when the decoder's {@link CallView} has moved on. Reused for every call of the session.
 */
public final class ReceivedCall
{
    private final long[] args = new long[CallView.MAX_ARGS];
    private long correlationId;
    private int functionId;
    private Function function;
    /** The function table's row, when the id is one of the table's. */
    private FunctionRow row;
    private boolean pipelined;
    private boolean payloadInRegion;
    private boolean replyInRegion;
    private long context;
    private long totalPayloadLength;
    private int argCount;

    public void capture(final CallView view)
    {
        correlationId = view.correlationId();
        functionId = view.functionId();
        function = Function.byId(functionId);
        row = function == null ? FunctionTable.standard().byId(functionId) : null;
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

    public long correlationId()
    {
        return correlationId;
    }

    public int functionId()
    {
        return functionId;
    }

    /**
     * @return the function, or null for an id this executor does not know.
     */
    public Function function()
    {
        return function;
    }

    /**
     * @return the function table's row, or null for a hand-written function or an unknown id.
     */
    FunctionRow row()
    {
        return row;
    }

    /**
     * @return the function, hand-written or a table row; null for an id this executor does not know.
     */
    public RemotedFunction remoted()
    {
        return function != null ? function : row;
    }

    public boolean pipelined()
    {
        return pipelined;
    }

    /** The payload comes through the session's transfer region. */
    boolean payloadInRegion()
    {
        return payloadInRegion;
    }

    /** The client takes the reply's payload from the session's transfer region. */
    public boolean replyInRegion()
    {
        return replyInRegion;
    }

    /** The calling thread's current device (runtime API) or context handle (driver API). */
    long context()
    {
        return context;
    }

    public long totalPayloadLength()
    {
        return totalPayloadLength;
    }

    int argCount()
    {
        return argCount;
    }

    long arg(final int index)
    {
        if (index >= argCount)
        {
            throw new MalformedCallException(remoted() + " takes at least " + (index + 1) + " arguments; the call has " +
                argCount);
        }
        return args[index];
    }
}
