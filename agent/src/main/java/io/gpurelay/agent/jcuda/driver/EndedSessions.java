package io.gpurelay.agent.jcuda.driver;

import java.util.Collections;
import java.util.Set;
import java.util.WeakHashMap;

import io.gpurelay.agent.client.SessionEnds;

/**
 * The sessions that ended, remembered weakly (a session is not kept alive for it; sessions compare by identity), for
 * what is recorded under a session after its call's reply: the session can end in between, and its end may have
 * forgotten the session's entries before the recording. Each {@link SessionEnds} listener here marks the end before it
 * forgets, and a recording checks the mark after it recorded, so one side or the other forgets the entry and none is
 * kept under a session that never ends again.
 */
final class EndedSessions
{
    private static final Set<Object> ENDED =
        Collections.synchronizedSet(Collections.newSetFromMap(new WeakHashMap<>()));

    private EndedSessions()
    {
    }

    /**
     * The session ended; before its entries are forgotten.
     */
    static void ended(final Object session)
    {
        if (session != null)
        {
            ENDED.add(session);
        }
    }

    /**
     * @return whether the session ended (never for null, no session).
     */
    static boolean hasEnded(final Object session)
    {
        return session != null && ENDED.contains(session);
    }
}
