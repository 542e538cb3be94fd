package io.gpurelay.executor.dispatch;

import org.agrona.collections.Long2LongHashMap;
import org.agrona.collections.LongArrayList;

/**
 * How many nodes of one session's graphs and graph execs hold each host node key, so the client can be told when no
 * node holds a key any more and forget the function and user data the key names (they are the application's, and
 * can be large). A key is shared by every copy of its node: a clone, a child graph node's copy of its graph, and
 * each graph exec instantiated from a graph that holds it; it is held once per node that holds it, and released
 * when such a node goes (its graph or exec destroyed, the node destroyed, its parameters set to another key).
 * <p>
 * Keys come from the client and mean nothing here. A key no node holds is never held again by a copy (only a node
 * that holds a key can be copied), so once released it stays released, whatever order the client's threads hear of
 * it. The counts go with the session, as the graphs do. Confined to the session's thread, as the graphs are.
 */
final class HostNodeKeys
{
    private static final long NONE = 0;

    private final Long2LongHashMap holds = new Long2LongHashMap(NONE);
    /** The keys the current call released, for its reply. */
    private final LongArrayList released = new LongArrayList();

    /**
     * A node now holds the key.
     */
    void hold(final long key)
    {
        holds.put(key, holds.get(key) + 1);
    }

    /**
     * A node that held the key no longer does; when it was the last, the key is released.
     */
    void release(final long key)
    {
        final long count = holds.get(key);
        if (count == NONE)
        {
            return;
        }
        if (count == 1)
        {
            holds.remove(key);
            released.addLong(key);
            return;
        }
        holds.put(key, count - 1);
    }

    /**
     * Forget what an earlier call released, at the start of a call.
     */
    void startCall()
    {
        released.clear();
    }

    /**
     * @return the keys released since {@link #startCall()}, in the order they were released.
     */
    long[] released()
    {
        return released.toLongArray();
    }
}
