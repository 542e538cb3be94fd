package io.gpurelay.executor.control;

import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.HashSet;

/**
 * The ephemeral public keys of the last connect requests: a client makes a fresh key for every request, so a key seen
 * again is a captured request sent again. Bounded: the oldest keys are forgotten first. A request replayed after that
 * opens a session nobody can use (its keys need the client's private key), which its connect timeout ends.
 */
final class RecentClientKeys
{
    static final int DEFAULT_CAPACITY = 4096;

    private final int capacity;
    private final HashSet<ByteBuffer> keys = new HashSet<>();
    private final ArrayDeque<ByteBuffer> order = new ArrayDeque<>();

    RecentClientKeys(final int capacity)
    {
        this.capacity = capacity;
    }

    /**
     * @return false if the key was seen among the recent ones.
     */
    boolean add(final byte[] publicKey)
    {
        final ByteBuffer key = ByteBuffer.wrap(publicKey.clone());
        if (!keys.add(key))
        {
            return false;
        }
        order.addLast(key);
        if (order.size() > capacity)
        {
            keys.remove(order.removeFirst());
        }
        return true;
    }
}
