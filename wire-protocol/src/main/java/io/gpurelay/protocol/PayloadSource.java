package io.gpurelay.protocol;

import org.agrona.MutableDirectBuffer;

/**
 * Bytes to send, read straight from where they live (a Java array, a buffer, device memory) into the outgoing
 * message, so that no intermediate copy of the whole payload is made.
 */
public interface PayloadSource
{
    long length();

    /**
     * Copy {@code length} bytes starting {@code sourceOffset} bytes into the payload to {@code destination}.
     */
    void copyTo(long sourceOffset, MutableDirectBuffer destination, int destinationOffset, int length);

    /**
     * @return whether several threads may {@link #copyTo copy} disjoint parts of this payload at the same time (plain
     *         memory may; a source with state of its own may not).
     */
    default boolean copiesConcurrently()
    {
        return false;
    }
}
