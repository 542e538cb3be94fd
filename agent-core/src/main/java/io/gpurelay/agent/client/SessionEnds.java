package io.gpurelay.agent.client;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

import io.gpurelay.agent.log.AgentLog;

/**
 * Tells what the bindings keep for a session (the functions and user data of its graphs' host nodes) that the
 * session ended: lost or closed, its executor's objects are gone with it, and a later session of the same executor
 * never gives them back. A session is named by the identity {@link DeviceRouter#driverSession} gave for it.
 * <p>
 * What is recorded under a session after its call's reply can race with the session's end: the end may have been told
 * before the recording. So the sessions that ended are remembered (weakly: a session is not kept alive for it), marked
 * before any listener is told, and a recording checks {@link #hasEnded} after it recorded; one side or the other then
 * forgets the entry, and none is kept under a session that never ends again.
 */
public final class SessionEnds
{
    /** What is told. */
    @FunctionalInterface
    public interface Listener
    {
        /**
         * The session ended; called once or more (it may be lost and later closed) on the thread that saw it end.
         */
        void ended(Object session);
    }

    private static final List<Listener> LISTENERS = new CopyOnWriteArrayList<>();
    private static final Set<Object> ENDED =
        Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    private SessionEnds()
    {
    }

    /**
     * Be told of every session's end from now on.
     */
    public static void listen(final Listener listener)
    {
        LISTENERS.add(listener);
    }

    /**
     * Mark the session ended (none for null, no session); before what is kept for it is forgotten.
     */
    public static void markEnded(final Object session)
    {
        if (session != null)
        {
            ENDED.add(session);
        }
    }

    /**
     * @return whether the session ended (never for null, no session).
     */
    public static boolean hasEnded(final Object session)
    {
        return session != null && ENDED.contains(session);
    }

    static void ended(final Session session)
    {
        markEnded(session);
        for (final Listener listener : LISTENERS)
        {
            try
            {
                listener.ended(session);
            }
            catch (final RuntimeException ex)
            {
                AgentLog.warn("forgetting what an ended session left behind failed: " + AgentLog.describe(ex));
            }
        }
    }
}
