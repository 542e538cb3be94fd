package io.gpurelay.agent.client;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import io.gpurelay.agent.AgentLog;

/**
 * Tells what the bindings keep for a session (the functions and user data of its graphs' host nodes) that the
 * session ended: lost or closed, its executor's objects are gone with it, and a later session of the same executor
 * never gives them back. A session is named by the identity {@link DeviceRouter#driverSession} gave for it.
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

    static void ended(final Session session)
    {
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
