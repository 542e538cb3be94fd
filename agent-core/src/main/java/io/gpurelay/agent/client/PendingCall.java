package io.gpurelay.agent.client;

import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.DirectBuffer;

/**
 * A call waiting for its reply. The reply and its payload chunks are delivered by whichever thread polls the
 * response stream (one at a time, under the client's poll lock); the calling thread sees them once
 * {@link #isComplete()} turns true.
 */
final class PendingCall
{
    private final long correlationId;
    private final RemotedFunction function;
    private final PayloadSink sink;
    private final long[] results;
    private volatile boolean complete;
    private volatile long lastProgressNs;
    private int status;
    private String message;
    private long expectedPayloadLength;
    private long receivedPayloadLength;
    private boolean payloadThroughRegion;

    /**
     * @param sink    where the reply's payload goes, or null when none is expected.
     * @param results where the reply's values go (as many as fit), or null.
     */
    PendingCall(
        final long correlationId,
        final RemotedFunction function,
        final PayloadSink sink,
        final long[] results,
        final long nowNs)
    {
        this.correlationId = correlationId;
        this.function = function;
        this.sink = sink;
        this.results = results;
        this.lastProgressNs = nowNs;
    }

    long correlationId()
    {
        return correlationId;
    }

    RemotedFunction function()
    {
        return function;
    }

    /**
     * The reply's payload comes through the session's transfer region, which the calling thread reads itself: the
     * reply only says how long it was.
     */
    void payloadThroughRegion()
    {
        payloadThroughRegion = true;
    }

    boolean isComplete()
    {
        return complete;
    }

    /**
     * The call and its payload are out: the wait for the reply starts now, however long sending a large payload took.
     */
    void sent(final long nowNs)
    {
        lastProgressNs = nowNs;
    }

    /**
     * When the call was sent, or the reply or its last payload chunk came: a large reply keeps a call alive as long
     * as chunks arrive.
     */
    long lastProgressNs()
    {
        return lastProgressNs;
    }

    int status()
    {
        return status;
    }

    /**
     * Why the call failed, as the executor or this client explains it; empty when nobody explained.
     */
    String message()
    {
        return message;
    }

    void onReply(
        final int replyStatus,
        final long[] values,
        final int valueCount,
        final String replyMessage,
        final DirectBuffer payload,
        final int payloadOffset,
        final int payloadLength,
        final long totalPayloadLength,
        final long nowNs)
    {
        status = replyStatus;
        message = replyMessage;
        lastProgressNs = nowNs;
        if (results != null)
        {
            System.arraycopy(values, 0, results, 0, Math.min(valueCount, results.length));
        }
        if (totalPayloadLength <= 0 || payloadThroughRegion)
        {
            complete = true;
            return;
        }
        if (sink == null || !sink.begin(totalPayloadLength))
        {
            fail(replyStatus == RuntimeStatus.SUCCESS ? RuntimeStatus.INVALID_VALUE : replyStatus,
                "the reply carries " + totalPayloadLength + " bytes, which the destination cannot take");
            return;
        }
        expectedPayloadLength = totalPayloadLength;
        if (payloadLength > 0)
        {
            onPayload(0, payload, payloadOffset, payloadLength, nowNs);
        }
        else
        {
            complete = receivedPayloadLength >= expectedPayloadLength;
        }
    }

    void onPayload(
        final long offset, final DirectBuffer buffer, final int bufferOffset, final int length, final long nowNs)
    {
        if (complete)
        {
            return;
        }
        if (offset < 0 || length < 0 || offset + length > expectedPayloadLength)
        {
            fail(RuntimeStatus.UNKNOWN, "the executor sent payload bytes [" + offset + ", " + (offset + length) +
                ") for a reply of " + expectedPayloadLength + " bytes");
            return;
        }
        sink.write(offset, buffer, bufferOffset, length);
        receivedPayloadLength += length;
        lastProgressNs = nowNs;
        complete = receivedPayloadLength >= expectedPayloadLength;
    }

    private void fail(final int failureStatus, final String reason)
    {
        status = failureStatus;
        message = reason;
        complete = true;
    }
}
