package io.gpurelay.agent.client;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * What this process keeps for the handles an executor gave (a cuBLAS handle's pointer mode, a kernel's parameter
 * sizes, managed memory's host view), kept per session: the executors of one device list ({@code executor=A;B}) each
 * choose their own handles, so two can give the same one, and a session's end takes its executor's objects with it,
 * so what was kept for them is forgotten then ({@link SessionEnds}). A value put while its session ends, after its end
 * was told, is not kept either ({@link SessionEnds#hasEnded}).
 *
 * @param <V> what is kept for a handle.
 */
public final class SessionHandles<V>
{
    private final Map<SessionHandle, V> entries = new ConcurrentHashMap<>();
    private final Consumer<? super V> whenForgotten;

    /**
     * An empty table that forgets each session's entries when the session ends, from now on.
     */
    public SessionHandles()
    {
        this(value ->
        {
        });
    }

    /**
     * As {@link #SessionHandles()}, telling {@code whenForgotten} of each value a session's end forgets.
     */
    public SessionHandles(final Consumer<? super V> whenForgotten)
    {
        this.whenForgotten = whenForgotten;
        SessionEnds.listen(this::sessionEnded);
    }

    /**
     * Keep the value for the session's handle, unless the session has ended.
     */
    public void put(final Object session, final long handle, final V value)
    {
        final SessionHandle key = new SessionHandle(session, handle);
        entries.put(key, value);
        if (SessionEnds.hasEnded(session) && entries.remove(key, value))
        {
            // The session ended while the call's reply was on its way: its end may have been told before the put.
            whenForgotten.accept(value);
        }
    }

    /**
     * @return the value kept for the session's handle, or null.
     */
    public V get(final Object session, final long handle)
    {
        return entries.get(new SessionHandle(session, handle));
    }

    /**
     * @return the value kept for the session's handle, or {@code otherwise}.
     */
    public V getOrDefault(final Object session, final long handle, final V otherwise)
    {
        return entries.isEmpty() ? otherwise : entries.getOrDefault(new SessionHandle(session, handle), otherwise);
    }

    /**
     * Forget the session's handle; another session's handle of the same value stays.
     *
     * @return what was kept for it, or null.
     */
    public V remove(final Object session, final long handle)
    {
        return entries.remove(new SessionHandle(session, handle));
    }

    /**
     * Forget the session's entries whose value matches.
     */
    public void removeIf(final Object session, final Predicate<? super V> which)
    {
        entries.entrySet().removeIf(entry -> entry.getKey().session() == session && which.test(entry.getValue()));
    }

    /**
     * Forget every session's entries whose value matches.
     */
    public void removeIf(final Predicate<? super V> which)
    {
        entries.values().removeIf(which);
    }

    /**
     * Each value kept, of every session.
     */
    public void forEach(final Consumer<? super V> action)
    {
        entries.values().forEach(action);
    }

    public boolean isEmpty()
    {
        return entries.isEmpty();
    }

    public int size()
    {
        return entries.size();
    }

    /**
     * The session ended: its entries are forgotten, and a later put for it is not kept.
     */
    public void sessionEnded(final Object session)
    {
        SessionEnds.markEnded(session);
        entries.entrySet().removeIf(entry ->
        {
            if (entry.getKey().session() != session)
            {
                return false;
            }
            whenForgotten.accept(entry.getValue());
            return true;
        });
    }
}
