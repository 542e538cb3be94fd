package io.gpurelay.executor.session;

import io.gpurelay.executor.resources.ReceiveBudget;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.PayloadSink;
import org.agrona.DirectBuffer;

/**
 * A call's payload reassembled on the heap, within the executor's {@link ReceiveBudget}: it reserves the announced
 * length up front and grows only with the bytes that arrive. Whoever begins one releases it once, whatever happens.
 */
final class ReassemblyBuffer implements PayloadSink
{
    private final ReceiveBudget budget;
    private final ByteArrayPayload payload = new ByteArrayPayload();
    private long reservedBytes;

    ReassemblyBuffer(final ReceiveBudget budget)
    {
        this.budget = budget;
    }

    public boolean begin(final long totalLength)
    {
        if (!budget.tryReserve(totalLength))
        {
            return false;
        }
        reservedBytes = totalLength;
        if (!payload.begin(totalLength))
        {
            release();
            return false;
        }
        return true;
    }

    public void write(final long offset, final DirectBuffer source, final int sourceOffset, final int length)
    {
        payload.write(offset, source, sourceOffset, length);
    }

    byte[] bytes()
    {
        return payload.bytes();
    }

    void release()
    {
        budget.release(reservedBytes);
        reservedBytes = 0;
    }
}
