package io.gpurelay.agent.client;

import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CublasStatus;
import io.gpurelay.protocol.CufftStatus;
import io.gpurelay.protocol.CurandStatus;
import io.gpurelay.protocol.NvPtxCompilerStatus;
import io.gpurelay.protocol.NvrtcStatus;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.concurrent.IdleStrategy;

/**
 * The application's stream callbacks and host functions of one executor's sessions, and the thread that runs them: the
 * agent's counterpart of CUDA's callback thread.
 * <p>
 * Each callback the application adds is kept here under its callback id until the executor says it is due
 * ({@code CallbackDue}, delivered by whichever thread polls the response stream). The callback thread then runs it, on
 * itself, never on an application thread (one may be waiting for a synchronisation that waits for this very
 * callback), and answers {@code CallbackDone}, which lets the stream go on. Callbacks run one at a time, in the order
 * they came due. While callbacks wait to come due the callback thread polls the response stream itself when no
 * application thread is, so a callback runs even while the application makes no call (it may be waiting for the
 * callback to tell it something); with none waiting the thread parks.
 * <p>
 * CUDA forbids CUDA calls inside a callback, and here one could never be answered while the callback holds its stream
 * (on the emulator the executor's session waits for the callback before anything else): so every remoted call made on
 * the callback thread returns at once with CUDA's {@code cudaErrorNotPermitted} / {@code CUDA_ERROR_NOT_PERMITTED}
 * (the library's nearest status for cuBLAS, cuRAND and NVRTC), and says so once per function.
 * <p>
 * Callbacks of a session that is lost never run: the executor that would have said they are due is gone, as a
 * context's pending callbacks go with it.
 */
final class ClientCallbacks
{
    /** How long the callback thread parks while no callback waits, in case a wake-up went astray. */
    private static final long IDLE_PARK_NS = TimeUnit.MILLISECONDS.toNanos(100);

    /** What the owning client does for its callbacks. */
    interface Owner
    {
        /**
         * @return the session calls go to now, or null while the client has none connected.
         */
        Session currentSession();

        /**
         * Deliver what arrived on the session's response stream, unless another thread is doing so.
         *
         * @return the work done.
         */
        int pollResponses(Session session);

        void lost(Session session, String reason);
    }

    private final Owner owner;
    private final IdleStrategy idleStrategy;
    private final String threadName;
    private final Map<Long, Registration> registrations = new ConcurrentHashMap<>();
    private final Queue<Due> due = new ConcurrentLinkedQueue<>();
    private final Object threadLock = new Object();
    private volatile Thread thread;
    /** Whether the callback thread is running a callback now. */
    private volatile boolean running;

    ClientCallbacks(final Owner owner, final IdleStrategy idleStrategy, final String threadName)
    {
        this.owner = owner;
        this.idleStrategy = idleStrategy;
        this.threadName = threadName;
    }

    /**
     * Whether the calling thread is a callback thread, where CUDA calls are not permitted.
     */
    static boolean onCallbackThread()
    {
        return Thread.currentThread() instanceof CallbackThread;
    }

    /**
     * The status a remoted call made on a callback thread returns, said once per function.
     */
    static int refuseInCallback(final RemotedFunction function)
    {
        AgentLog.warnOnce(CallFailures.functionName(function) + " was called inside a stream callback or host " +
            "function, where CUDA permits no CUDA calls; it returns " +
            (function.api() == Api.RUNTIME ? "cudaErrorNotPermitted" :
                function.api() == Api.DRIVER ? "CUDA_ERROR_NOT_PERMITTED" : "the library's error") +
            " without running");
        return switch (function.api())
        {
            case RUNTIME, DRIVER -> RuntimeStatus.NOT_PERMITTED;
            case CUBLAS -> CublasStatus.NOT_SUPPORTED;
            case CURAND -> CurandStatus.INTERNAL_ERROR;
            case CUFFT -> CufftStatus.INTERNAL_ERROR;
            case NVRTC -> NvrtcStatus.INTERNAL_ERROR;
            case NVPTXCOMPILER -> NvPtxCompilerStatus.INTERNAL;
            case CUSOLVER -> io.gpurelay.protocol.CusolverStatus.INTERNAL_ERROR;
        };
    }

    /**
     * Keep a callback the application is adding, before the call that adds it is sent.
     */
    void add(final Session session, final long callbackId, final HostCallback callback)
    {
        add(session, callbackId, callbackId, callback);
    }

    /**
     * Keep one of the callbacks a call adds (a graph launch's host nodes), before the call is sent.
     *
     * @param call the call's correlation id: the launch's callbacks have the ids that follow it, in the order they
     *             run, so a failed launch can forget those the executor did not queue ({@link #refused}).
     */
    void add(final Session session, final long call, final long callbackId, final HostCallback callback)
    {
        registrations.put(callbackId, new Registration(session, call, callback));
        wake();
    }

    /**
     * Whether callbacks wait to come due or one is running: the executor may be waiting for an answer, and must hear
     * that this client lives.
     */
    boolean active()
    {
        return running || !registrations.isEmpty() || !due.isEmpty();
    }

    /**
     * The callback was not added (the call failed, or the executor refused it): it will never come due.
     */
    void forget(final long callbackId)
    {
        registrations.remove(callbackId);
    }

    /**
     * The executor refused a pipelined call: a callback it added never comes due, and of a graph launch's callbacks
     * (ids following the call's, {@link #add(Session, long, long, HostCallback)}) only the first {@code queued} do,
     * those the executor queued before the failure; they run as usual, the rest are forgotten. An executor that does
     * not say how many it queued (one older than protocol 1.3.4) leaves them all, as it may have queued any.
     *
     * @param queued how many of the call's callbacks the executor queued, or -1 where it did not say.
     */
    void refused(final long call, final long queued)
    {
        registrations.remove(call);
        if (queued < 0)
        {
            return;
        }
        // Only the call's own registrations are removed, however many the executor names: the ids are consecutive.
        for (long callbackId = call + 1 + queued; ; callbackId++)
        {
            final Registration registration = registrations.get(callbackId);
            if (registration == null || registration.call != call)
            {
                return;
            }
            registrations.remove(callbackId);
        }
    }

    /**
     * The session ended (lost or closed): none of its callbacks can come due any more.
     */
    void sessionEnded(final Session session)
    {
        registrations.values().removeIf(registration -> registration.session == session);
    }

    /**
     * The executor says a callback is due; called by the thread polling the response stream.
     */
    void onDue(final long sessionId, final long callbackId, final int status)
    {
        due.add(new Due(sessionId, callbackId, status));
        wake();
    }

    private void wake()
    {
        Thread current = thread;
        if (current == null)
        {
            synchronized (threadLock)
            {
                current = thread;
                if (current == null)
                {
                    current = new CallbackThread(this::runCallbacks, threadName);
                    current.start();
                    thread = current;
                }
            }
        }
        LockSupport.unpark(current);
    }

    private void runCallbacks()
    {
        // Not a session: the first pass drops the registrations of any session other than the current one.
        Object polled = this;
        while (true)
        {
            final Due next = due.poll();
            if (next != null)
            {
                run(next);
                idleStrategy.reset();
                continue;
            }
            if (registrations.isEmpty())
            {
                LockSupport.parkNanos(this, IDLE_PARK_NS);
                continue;
            }
            final Session current = owner.currentSession();
            if (current != polled)
            {
                // The session changed or was lost: callbacks of any other session can no longer come due.
                registrations.values().removeIf(registration -> registration.session != current);
                polled = current;
            }
            if (current == null)
            {
                // No session: nothing comes due until one is connected (and its callbacks are added).
                LockSupport.parkNanos(this, IDLE_PARK_NS);
                continue;
            }
            idleStrategy.idle(owner.pollResponses(current));
        }
    }

    private void run(final Due next)
    {
        final Session current = owner.currentSession();
        if (current == null || current.sessionId != next.sessionId)
        {
            // Due in a session that has ended: nobody waits for the answer.
            return;
        }
        final Registration registration = registrations.remove(next.callbackId);
        if (registration != null && registration.session == current)
        {
            running = true;
            try
            {
                registration.callback.run(next.status);
            }
            catch (final Throwable ex)
            {
                AgentLog.warn("a stream callback or host function threw " + AgentLog.describe(ex) +
                    "; its stream goes on, as after one that returned");
            }
            finally
            {
                running = false;
            }
        }
        // A callback this client does not know is answered all the same, so that its stream is not held.
        if (!current.callbackDone(next.callbackId))
        {
            owner.lost(current, "the answer to callback " + next.callbackId + " could not be sent");
        }
    }

    private record Registration(Session session, long call, HostCallback callback)
    {
    }

    private record Due(long sessionId, long callbackId, int status)
    {
    }

    /**
     * The thread callbacks run on, recognisable by its class: calls made on it are refused.
     */
    private static final class CallbackThread extends Thread
    {
        CallbackThread(final Runnable task, final String name)
        {
            super(task, name);
            setDaemon(true);
        }
    }
}
