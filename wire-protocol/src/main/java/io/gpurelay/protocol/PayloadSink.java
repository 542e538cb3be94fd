package io.gpurelay.protocol;

import org.agrona.DirectBuffer;

/**
 * Where a received payload goes, chunk by chunk, so that a large reply lands in its destination directly.
 */
public interface PayloadSink
{
    /**
     * Called once before any chunk, with the total length the sender announced.
     *
     * @return false if the sink cannot take that many bytes.
     */
    boolean begin(long totalLength);

    void write(long offset, DirectBuffer source, int sourceOffset, int length);

    /**
     * @return whether several threads may {@link #write} disjoint parts at the same time, once {@link #begin} returned
     *         true (plain memory may; a sink with state of its own may not).
     */
    default boolean writesConcurrently()
    {
        return false;
    }
}
