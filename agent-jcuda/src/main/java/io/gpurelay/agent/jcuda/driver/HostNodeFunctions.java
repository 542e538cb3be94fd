package io.gpurelay.agent.jcuda.driver;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.client.SessionEnds;
import io.gpurelay.agent.client.SessionHandles;
import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.cuda.driver.DriverContexts;
import io.gpurelay.protocol.ByteArrayPayload;
import jcuda.driver.CUhostFn;

/**
 * What this process keeps for CUDA graph host nodes: each host node's function and user data under the key the
 * executor keeps in the node, and, for each graph exec with host nodes, their keys in the order they run.
 * <p>
 * A function and its user data are the application's and may be large, so they stay only while something can run
 * them: from the call that gives the key to the executor until the executor answers that no node holds it any more.
 * Nodes of graphs, their clones and child graph nodes' copies, and graph execs share keys, and only the executor sees
 * all of them, so the executor counts the holds and each call that can end one (cuGraphDestroy, cuGraphDestroyNode,
 * cuGraphExecDestroy and the host node and child graph setters) asks for the keys it released
 * ({@code Function.CU_GRAPH_ADD_HOST_NODE}). A released key is never held again, so forgetting it cannot race with
 * another thread's copy of a node. A call that fails gives no key to the executor, whose key is forgotten at once; a
 * refused destroy releases nothing.
 * <p>
 * Each key and exec belongs to the session its call went to ({@link DeviceRouter#driverSession}); when that session
 * ends (its executor lost, the client closed) its graphs and execs are gone with it, no call can release their keys
 * any more, and everything of the session is forgotten ({@link SessionEnds}). A key given while its session ends is
 * forgotten by its call, which then fails.
 * <p>
 * Exec handles are the executor's, so two executors of one device list can give the same handle, and the exec's
 * keys are kept under its session and handle together; every call that finds or forgets them (a launch, an exec
 * setter, cuGraphExecDestroy) asks under the session it goes to, the one its thread's current context names, so an
 * exec of one executor is never found or forgotten by a call to another. Keys need no session: this process chooses
 * them, from one counter, so no two sessions are given the same key.
 * <p>
 * An exec's keys are recorded after its call's reply, and its session can end in between: the end is remembered
 * (weakly, a session is not kept alive for it) before its entries are forgotten, and a recording checks it after
 * recording, so an exec recorded under an ended session is forgotten by one side or the other, never kept under a
 * session that cannot end again. A reply whose session has ended already (none is current) records nothing.
 */
final class HostNodeFunctions
{
    /** The value of a call's last argument that asks for the keys it released. */
    static final long RELEASED = 1;

    /**
     * A host node's function and user data, as CUDA_HOST_NODE_PARAMS gave them, and the session they were given to
     * (null without one).
     */
    record HostNodeFunction(CUhostFn fn, Object userData, Object session)
    {
    }

    private static final AtomicLong NEXT_KEY = new AtomicLong(1);
    private static final Map<Long, HostNodeFunction> FUNCTIONS = new ConcurrentHashMap<>();
    /** The keys of each exec's host nodes in the order they run, for the execs that have any. */
    private static final SessionHandles<long[]> EXEC_KEYS = new SessionHandles<>();

    static
    {
        SessionEnds.listen(HostNodeFunctions::sessionEnded);
    }

    private HostNodeFunctions()
    {
    }

    /**
     * A new key for the function and user data, given to the session the calling thread's current context's calls go
     * to: a node keeps what it was given, even when the same CUDA_HOST_NODE_PARAMS object is changed and given again.
     */
    static long register(final CUhostFn fn, final Object userData)
    {
        return register(fn, userData, DriverCalls.session());
    }

    /**
     * As {@link #register(CUhostFn, Object)}, for the session named.
     */
    static long register(final CUhostFn fn, final Object userData, final Object session)
    {
        final long key = NEXT_KEY.getAndIncrement();
        FUNCTIONS.put(key, new HostNodeFunction(fn, userData, session));
        return key;
    }

    /**
     * The session ended: its graphs and execs went with it, and so do their host nodes' functions here.
     */
    static void sessionEnded(final Object session)
    {
        SessionEnds.markEnded(session);
        FUNCTIONS.values().removeIf(function -> function.session == session);
        EXEC_KEYS.sessionEnded(session);
    }

    /**
     * @return the key's function and user data, or null for a key released (or never given).
     */
    static HostNodeFunction get(final long key)
    {
        return FUNCTIONS.get(key);
    }

    /**
     * The call that was to give the key to the executor failed: no node holds it.
     */
    static void forget(final long key)
    {
        FUNCTIONS.remove(key);
    }

    /**
     * Forget the keys a successful call released: the last {@code count} keys of its reply's payload.
     */
    static void released(final long count, final ByteArrayPayload reply)
    {
        final long[] keys = JCudaDriverGraphs.handles(reply);
        for (int i = keys.length - last(count, keys.length); i < keys.length; i++)
        {
            FUNCTIONS.remove(keys[i]);
        }
    }

    /**
     * The exec's host node keys from a reply that gives them (cuGraphInstantiate, the exec setters), followed by
     * {@code released} keys the call released.
     */
    static void execKeys(final long exec, final ByteArrayPayload reply, final long released)
    {
        final DeviceRouter router = DeviceRouter.installed();
        final Object session = router == null ? null : router.driverSession(DriverContexts.current());
        if (router != null && session == null)
        {
            // The session that answered has ended already (and took the exec and its keys' functions with it).
            return;
        }
        execKeys(exec, reply, released, session);
    }

    /**
     * As {@link #execKeys(long, ByteArrayPayload, long)}, for an exec of the session named.
     */
    static void execKeys(final long exec, final ByteArrayPayload reply, final long released, final Object session)
    {
        final long[] all = JCudaDriverGraphs.handles(reply);
        final int execCount = all.length - last(released, all.length);
        if (execCount == 0)
        {
            EXEC_KEYS.remove(session, exec);
        }
        else
        {
            final long[] keys = new long[execCount];
            System.arraycopy(all, 0, keys, 0, execCount);
            // Not kept when the session ended while the reply was on its way.
            EXEC_KEYS.put(session, exec, keys);
        }
        for (int i = execCount; i < all.length; i++)
        {
            FUNCTIONS.remove(all[i]);
        }
    }

    /**
     * @return the host node keys, in the order they run, of the exec of the session the calling thread's current
     * context's calls go to, or null when it has none (without asking for the session when no exec has any).
     */
    static long[] execKeys(final long exec)
    {
        return EXEC_KEYS.isEmpty() ? null : execKeys(exec, DriverCalls.session());
    }

    /**
     * @return the host node keys of the session's exec in the order they run, or null when it has none.
     */
    static long[] execKeys(final long exec, final Object session)
    {
        return EXEC_KEYS.get(session, exec);
    }

    /**
     * The exec of the session the calling thread's current context's calls go to was destroyed.
     */
    static void execDestroyed(final long exec)
    {
        if (!EXEC_KEYS.isEmpty())
        {
            execDestroyed(exec, DriverCalls.session());
        }
    }

    /**
     * The session's exec was destroyed; another session's exec of the same handle stays.
     */
    static void execDestroyed(final long exec, final Object session)
    {
        EXEC_KEYS.remove(session, exec);
    }

    /**
     * How many of a reply's keys are released ones: {@code count}, within what the reply carries (an executor that
     * does not answer the question leaves it 0).
     */
    private static int last(final long count, final int keys)
    {
        return (int)Math.max(0, Math.min(count, keys));
    }
}
