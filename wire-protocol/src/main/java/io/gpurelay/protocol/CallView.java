package io.gpurelay.protocol;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * A decoded call, valid only for the duration of the callback that receives it (the arrays and the payload view are
 * reused). Whoever needs it longer copies what it needs.
 */
public final class CallView
{
    public static final int MAX_ARGS = 64;

    long sessionId;
    long correlationId;
    int functionId;
    boolean bulkFollows;
    boolean pipelined;
    boolean payloadInRegion;
    boolean replyInRegion;
    long context;
    long totalPayloadLength;
    int argCount;
    final long[] args = new long[MAX_ARGS];
    final UnsafeBuffer payload = new UnsafeBuffer(0, 0);

    public long sessionId()
    {
        return sessionId;
    }

    public long correlationId()
    {
        return correlationId;
    }

    public int functionId()
    {
        return functionId;
    }

    /** The payload follows in {@code BulkData} chunks instead of riding inline. */
    public boolean bulkFollows()
    {
        return bulkFollows;
    }

    /** The client did not wait: reply only on failure. */
    public boolean pipelined()
    {
        return pipelined;
    }

    /** The payload comes through the session's transfer region, neither inline nor in chunks. */
    public boolean payloadInRegion()
    {
        return payloadInRegion;
    }

    /** The client takes the reply's payload from the session's transfer region. */
    public boolean replyInRegion()
    {
        return replyInRegion;
    }

    public long context()
    {
        return context;
    }

    public long totalPayloadLength()
    {
        return totalPayloadLength;
    }

    public int argCount()
    {
        return argCount;
    }

    public long arg(final int index)
    {
        if (index >= argCount)
        {
            throw new MalformedCallException("argument " + index + " missing: the call has " + argCount);
        }
        return args[index];
    }

    /**
     * The inline payload; empty when the payload follows as bulk chunks.
     */
    public DirectBuffer payload()
    {
        return payload;
    }
}
