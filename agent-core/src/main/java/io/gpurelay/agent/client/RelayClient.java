package io.gpurelay.agent.client;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import io.gpurelay.agent.config.AgentConfig;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RemotedFunction;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.TransferRegion;
import org.agrona.concurrent.IdleStrategy;

/**
 * The agent's connection to an executor: connects on the first call, sends calls, matches replies to them.
 * <p>
 * Any number of application threads may call at once. A call and its payload chunks go out back to back under the
 * send lock. A thread waiting for its reply polls the response stream itself when no other thread is polling, and
 * otherwise backs off while the polling thread delivers replies to their callers; there is no dedicated thread.
 * Pipelined calls are sent without waiting; the executor replies to them only on failure, and such a failure is
 * returned by the next call in the same context.
 * <p>
 * A call waits as long as the executor shows it is alive: any message on the response stream (a reply, a payload
 * chunk, or the keep-alive the executor sends while a call runs long) starts the timeout afresh. The executor is
 * lost when nothing arrives for the timeout while a call waits, or when its reply stream or the session's request
 * stream goes away. Then one line says so and every call from then on returns
 * {@link RuntimeStatus#DEVICES_UNAVAILABLE} at once, as every call does when no executor answers at all.
 */
public final class RelayClient
{
    private static final String UNAVAILABLE_CONSEQUENCE = "; CUDA calls return cudaErrorDevicesUnavailable";
    private static final long CLOSE_WAIT_MS = 2_000;
    /** Payloads of this size and more move through the session's transfer region when it has one. */
    static final long REGION_MIN_PAYLOAD = 64 * 1024;

    private enum State
    {
        IDLE, CONNECTED, UNAVAILABLE, CLOSED
    }

    private static final CopyCrew NO_CREW = new CopyCrew(1, "");

    private final AgentConfig config;
    private final long timeoutNs;
    private final ClientCallbacks callbacks;
    private final ResponseRouter router;
    private final AtomicLong correlationIds = new AtomicLong(SessionConnector.HANDSHAKE_CORRELATION_ID + 1);
    private final ReentrantLock sendLock = new ReentrantLock();
    private final ReentrantLock pollLock = new ReentrantLock();
    /** Held by the thread whose call moves bytes through the transfer region, from sending the call to its last. */
    private final ReentrantLock regionLock = new ReentrantLock();
    /** Helps the region lock's holder copy large transfers; made at the first one. Guarded by the region lock. */
    private CopyCrew copyCrew;
    private final Object stateLock = new Object();
    private final ThreadLocal<String> lastFailureMessage = ThreadLocal.withInitial(() -> "");
    private volatile State state = State.IDLE;
    private volatile Session session;
    private volatile long lastSendNs;
    private volatile ScheduledExecutorService keepAliveTimer;
    private volatile boolean shutdownHookAdded;

    public RelayClient(final AgentConfig config)
    {
        this.config = config;
        this.timeoutNs = TimeUnit.MILLISECONDS.toNanos(config.timeoutMs());
        this.callbacks = new ClientCallbacks(new CallbackOwner(), ClientIdleStrategies.waiting(config.profile()),
            "gpurelay-callbacks");
        this.router = new ResponseRouter(callbacks);
    }

    /**
     * Connect if not yet tried.
     *
     * @return {@link RuntimeStatus#SUCCESS}, or {@link RuntimeStatus#DEVICES_UNAVAILABLE} with no executor.
     */
    public int connect()
    {
        return ensureConnected() ? RuntimeStatus.SUCCESS : RuntimeStatus.DEVICES_UNAVAILABLE;
    }

    /**
     * @return how many devices the executor offers, or 0 without a session.
     */
    public int deviceCount()
    {
        if (!ensureConnected())
        {
            return 0;
        }
        return session.deviceCount;
    }

    /**
     * Call a function and wait for its reply.
     *
     * @param context where the call runs: the calling thread's current device for runtime-API calls, its current
     *                context handle for driver-API calls.
     * @param args    the call's scalar arguments, all of them sent.
     * @param payload bytes sent with the call, or null.
     * @param sink    where the reply's payload goes, or null when the function returns none.
     * @param results receives the reply's values (as many as fit), or null.
     * @return the function's status, or else a failure of an earlier pipelined call in the same context;
     *         {@link RuntimeStatus#DEVICES_UNAVAILABLE} without an executor.
     */
    public int call(
        final RemotedFunction function,
        final long context,
        final long[] args,
        final PayloadSource payload,
        final PayloadSink sink,
        final long[] results)
    {
        return call(function, context, args, payload, sink, results, true, true);
    }

    /**
     * Ask a question that another executor of the device list may answer instead (a pointer's attributes): as
     * {@link #call}, except that a failure is not logged ({@link #reportFailure} logs it once no executor answered,
     * so the executors that do not hold the pointer leave no warning) and that a pending failure of an earlier
     * pipelined call is returned only when {@code reportsAsynchronousErrors}: an executor asked on behalf of another's
     * device or context takes none of its own contexts' failures, which the next call there returns.
     */
    int ask(final RemotedFunction function, final long context, final long[] args, final long[] results,
        final boolean reportsAsynchronousErrors)
    {
        return call(function, context, args, null, null, results, reportsAsynchronousErrors, false);
    }

    /**
     * Log the calling thread's last failure of {@link #ask} on this executor, as {@link #call} logs its failures.
     */
    void reportFailure(final RemotedFunction function, final int status)
    {
        CallFailures.report(function, status, lastFailureMessage.get());
    }

    /**
     * Call a function that ends a context (destroys it, or resets its device) and wait for its reply. What failed in
     * that context asynchronously, before the call or while it ran, is dropped rather than reported: ending the
     * context is how an application recovers from such a failure.
     *
     * @param context      where the call runs, as for {@link #call}.
     * @param endedContext the context the call ends.
     * @return the function's own status; {@link RuntimeStatus#DEVICES_UNAVAILABLE} without an executor.
     */
    public int callEndingContext(
        final Function function, final long context, final long endedContext, final long[] args)
    {
        final int status = call(function, context, args, null, null, null, false, true);
        if (status == RuntimeStatus.SUCCESS)
        {
            router.asynchronousErrors().forget(function.api(), endedContext);
        }
        return status;
    }

    private int call(
        final RemotedFunction function,
        final long context,
        final long[] args,
        final PayloadSource payload,
        final PayloadSink sink,
        final long[] results,
        final boolean reportsAsynchronousErrors,
        final boolean logsFailure)
    {
        lastFailureMessage.set("");
        if (ClientCallbacks.onCallbackThread())
        {
            return ClientCallbacks.refuseInCallback(function);
        }
        reopenIfUnavailable(function);
        if (!ensureConnected())
        {
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        final Session current = session;
        final PendingCall call = new PendingCall(
            correlationIds.getAndIncrement(), function, sink, results, System.nanoTime());
        final boolean payloadInRegion = current.transferRegion != null && payload != null &&
            payload.length() >= REGION_MIN_PAYLOAD;
        final boolean replyInRegion = current.transferRegion != null && sink != null && repliesThroughRegion(function,
            args);
        final boolean usesRegion = payloadInRegion || replyInRegion;
        if (replyInRegion)
        {
            call.payloadThroughRegion();
        }
        if (usesRegion)
        {
            regionLock.lock();
        }
        router.register(call);
        try
        {
            if (usesRegion ?
                !sendThroughRegion(current, call, function, context, args, payloadInRegion ? payload : null,
                    replyInRegion, false) :
                !send(current, call.correlationId(), function, context, args, payload, false))
            {
                return RuntimeStatus.DEVICES_UNAVAILABLE;
            }
            call.sent(System.nanoTime());
            if (replyInRegion && !receiveThroughRegion(current, call, sink, args[1]))
            {
                return RuntimeStatus.DEVICES_UNAVAILABLE;
            }
            final int status = awaitReply(current, call, logsFailure);
            return reportsAsynchronousErrors ?
                router.asynchronousErrors().complete(function.api(), context, status) : status;
        }
        finally
        {
            router.unregister(call);
            if (usesRegion)
            {
                regionLock.unlock();
            }
        }
    }

    /**
     * Send a call without waiting for its reply. The executor replies only if it fails, and that failure is returned
     * by the next call in the same context, pipelined or not: CUDA's rule for asynchronous errors. When such a
     * failure is waiting to be reported, this call reports it and is not sent, so that work is not queued behind a
     * failure the application has not seen yet. The payload is read while the call is sent, so the caller may reuse
     * its memory as soon as this returns.
     *
     * @return {@link RuntimeStatus#SUCCESS} once sent, or a failure of an earlier pipelined call in the same context;
     *         {@link RuntimeStatus#DEVICES_UNAVAILABLE} without an executor.
     */
    public int callPipelined(final RemotedFunction function, final long context, final long[] args,
        final PayloadSource payload)
    {
        final int refusal = refusalBeforePipelined(function, context);
        if (refusal != RuntimeStatus.SUCCESS)
        {
            return refusal;
        }
        return sendPipelined(session, correlationIds.getAndIncrement(), function, context, args, payload);
    }

    /**
     * Add a stream callback or host function ({@code CUDA_STREAM_ADD_CALLBACK} and its kin) whose code is the
     * application's: kept here under a callback id, which is the adding call's correlation id, and run on this client's
     * callback thread when the executor says its stream has reached it ({@link ClientCallbacks}). The call is pipelined
     * as CUDA queues it; a failure to add it comes back from a later call, as for any pipelined call, and the callback
     * then never runs.
     *
     * @param flags a stream callback's flags; not sent for a host function.
     * @return as {@link #callPipelined}.
     */
    public int addCallback(
        final Function function, final long context, final long stream, final long flags, final HostCallback callback)
    {
        final int refusal = refusalBeforePipelined(function, context);
        if (refusal != RuntimeStatus.SUCCESS)
        {
            return refusal;
        }
        final Session current = session;
        try
        {
            current.openCallbackStream(ClientIdleStrategies.waiting(config.profile()), timeoutNs);
        }
        catch (final RuntimeException ex)
        {
            executorLost(current, "the session's callback stream could not be opened: " + AgentLog.describe(ex));
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        final long callbackId = correlationIds.getAndIncrement();
        final boolean streamCallback =
            function == Function.CUDA_STREAM_ADD_CALLBACK || function == Function.CU_STREAM_ADD_CALLBACK;
        callbacks.add(current, callbackId, callback);
        final int status = sendPipelined(current, callbackId, function, context,
            streamCallback ? new long[]{ stream, callbackId, flags } : new long[]{ stream, callbackId }, null);
        if (status != RuntimeStatus.SUCCESS)
        {
            callbacks.forget(callbackId);
        }
        return status;
    }

    /**
     * CUDA graphs: a pipelined call (a graph launch) that queues several host functions of the application, kept here
     * under callback ids of their own as {@link #addCallback} keeps one; the ids travel as the payload, 8 bytes each,
     * little-endian, in the order the callbacks are given.
     *
     * @return as {@link #callPipelined}.
     */
    public int addCallbacks(
        final Function function, final long context, final long[] args, final HostCallback[] hostCallbacks)
    {
        final int refusal = refusalBeforePipelined(function, context);
        if (refusal != RuntimeStatus.SUCCESS)
        {
            return refusal;
        }
        final Session current = session;
        try
        {
            current.openCallbackStream(ClientIdleStrategies.waiting(config.profile()), timeoutNs);
        }
        catch (final RuntimeException ex)
        {
            executorLost(current, "the session's callback stream could not be opened: " + AgentLog.describe(ex));
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        // The call's id, then its callbacks' ids, consecutive: a failure reply names the call, and the callbacks the
        // executor did not queue are forgotten by their ids (ClientCallbacks.refused).
        final long callId = correlationIds.getAndAdd(hostCallbacks.length + 1L);
        final long[] ids = new long[hostCallbacks.length];
        final java.nio.ByteBuffer payload = java.nio.ByteBuffer.allocate(Long.BYTES * ids.length)
            .order(java.nio.ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < ids.length; i++)
        {
            ids[i] = callId + 1 + i;
            payload.putLong(ids[i]);
            callbacks.add(current, callId, ids[i], hostCallbacks[i]);
        }
        final int status = sendPipelined(current, callId, function, context, args,
            new ByteArrayPayload(payload.array()));
        if (status != RuntimeStatus.SUCCESS)
        {
            for (final long id : ids)
            {
                callbacks.forget(id);
            }
        }
        return status;
    }

    /**
     * What a pipelined call returns instead of being sent: CUDA's refusal on a callback thread, no executor, or the
     * failure of an earlier pipelined call in the same context; {@link RuntimeStatus#SUCCESS} when it may go.
     */
    private int refusalBeforePipelined(final RemotedFunction function, final long context)
    {
        if (ClientCallbacks.onCallbackThread())
        {
            return ClientCallbacks.refuseInCallback(function);
        }
        if (!ensureConnected())
        {
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        return router.asynchronousErrors().take(function.api(), context);
    }

    private int sendPipelined(
        final Session current, final long correlationId, final RemotedFunction function, final long context,
        final long[] args, final PayloadSource payload)
    {
        router.asynchronousErrors().expect(correlationId, function, context);
        if (current.transferRegion != null && payload != null && payload.length() >= REGION_MIN_PAYLOAD)
        {
            regionLock.lock();
            try
            {
                if (!sendThroughRegion(current, new PendingCall(correlationId, function, null, null, System.nanoTime()),
                    function, context, args, payload, false, true))
                {
                    return RuntimeStatus.DEVICES_UNAVAILABLE;
                }
            }
            finally
            {
                regionLock.unlock();
            }
        }
        else if (!send(current, correlationId, function, context, args, payload, true))
        {
            return RuntimeStatus.DEVICES_UNAVAILABLE;
        }
        if (pollLock.tryLock())
        {
            try
            {
                pollResponses(current);
            }
            finally
            {
                pollLock.unlock();
            }
        }
        return RuntimeStatus.SUCCESS;
    }

    /**
     * Allocate pinned host memory in shared memory that the executor page-locks ({@link SharedHostAllocation}), when
     * the session is offered it: an IPC session whose transfer region this client mapped (so both share the Aeron
     * directory and a user), of an executor that knows the functions and offers some.
     *
     * @param function     {@code CUDA_HOST_ALLOC} or {@code CU_MEM_HOST_ALLOC}.
     * @param freeFunction the matching free, for an allocation this client cannot map.
     * @param status       receives the allocation's status: {@link RuntimeStatus#SUCCESS} with a null result means
     *                     the session offers none, and the memory is to stay in this process.
     * @return the mapped allocation, or null.
     */
    public SharedHostAllocation allocateSharedHost(
        final Function function, final Function freeFunction, final long context, final long size, final long flags,
        final int[] status)
    {
        status[0] = RuntimeStatus.SUCCESS;
        if (!ensureConnected())
        {
            return null;
        }
        final Session current = session;
        if (current.transferRegion == null || current.pinnedMemoryRefused)
        {
            return null;
        }
        final ByteArrayPayload name = new ByteArrayPayload();
        final long[] results = new long[2];
        // The allocation's own status: an earlier asynchronous failure stays for the next call to report.
        final int result = call(function, context, new long[]{ size, flags }, null, name, results, false, true);
        if (result == RuntimeStatus.NOT_SUPPORTED)
        {
            current.pinnedMemoryRefused = true;
            AgentLog.debug("pinned host memory stays in this process: " + lastFailureMessage());
            return null;
        }
        if (result == RuntimeStatus.DEVICES_UNAVAILABLE)
        {
            // Lost while asking: pinned memory of this process needs no executor, as before.
            return null;
        }
        if (result != RuntimeStatus.SUCCESS)
        {
            status[0] = result;
            return null;
        }
        try
        {
            final SharedHostAllocation allocation = SharedHostAllocation.map(
                current, results[0], new String(name.bytes(), StandardCharsets.US_ASCII), results[1], size);
            AgentLog.debug("pinned host memory of " + size + " bytes is shared with the executor (handle " +
                results[0] + ")");
            return allocation;
        }
        catch (final IOException | RuntimeException ex)
        {
            current.pinnedMemoryRefused = true;
            AgentLog.warn("pinned host memory stays in this process: cannot map the executor's shared memory (" +
                AgentLog.describe(ex) + ")");
            call(freeFunction, context, new long[]{ results[0] }, null, null, null, false, true);
            return null;
        }
    }

    /**
     * Whether copies from and to a shared allocation may name it: it was made in the session this client has now.
     */
    public boolean isCurrent(final SharedHostAllocation allocation)
    {
        return state == State.CONNECTED && session == allocation.session();
    }

    /**
     * @return the session calls go to now, or null while none is connected.
     */
    Session currentSession()
    {
        return state == State.CONNECTED ? session : null;
    }

    /**
     * Why the calling thread's last {@link #call} failed, as the executor explained it (a module loader's log, for
     * instance); empty when it did not explain, or the call succeeded.
     */
    public String lastFailureMessage()
    {
        return lastFailureMessage.get();
    }

    /**
     * End the session: tell the executor, close Aeron and an embedded driver. Calls made afterwards return
     * {@link RuntimeStatus#DEVICES_UNAVAILABLE}. Bounded: gives up after a short wait.
     */
    public void close()
    {
        final State previous;
        final Session current;
        synchronized (stateLock)
        {
            previous = state;
            state = State.CLOSED;
            current = session;
        }
        if (keepAliveTimer != null)
        {
            keepAliveTimer.shutdownNow();
        }
        if (current == null)
        {
            return;
        }
        if (previous == State.CONNECTED)
        {
            sessionEnded(current);
        }
        final Thread closer = ClientThreads.daemon(() -> closeSession(current, previous), "gpurelay-close");
        closer.start();
        try
        {
            closer.join(CLOSE_WAIT_MS);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
    }

    private void closeSession(final Session current, final State previous)
    {
        try
        {
            if (previous == State.CONNECTED && current.requests.isConnected() &&
                sendLock.tryLock(CLOSE_WAIT_MS / 2, TimeUnit.MILLISECONDS))
            {
                try
                {
                    current.proxy.closeSession(current.requests, current.sessionId);
                }
                finally
                {
                    sendLock.unlock();
                }
            }
            current.close();
            AgentLog.debug("session " + current.sessionId + " closed");
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
        }
        catch (final RuntimeException ex)
        {
            AgentLog.debug("closing the session: " + AgentLog.describe(ex));
        }
    }

    private boolean ensureConnected()
    {
        final State current = state;
        if (current == State.CONNECTED)
        {
            return true;
        }
        if (current != State.IDLE)
        {
            return false;
        }
        synchronized (stateLock)
        {
            if (state == State.IDLE)
            {
                connectOnDaemonThread();
            }
            return state == State.CONNECTED;
        }
    }

    /**
     * Threads started while connecting (an embedded media driver's) inherit the daemon status of the thread that
     * starts them, so connecting happens on a daemon thread of its own. The calling thread waits for it no longer than
     * the timeout, which so bounds the whole first call, the start of an embedded media driver included: a connect
     * still under way then is abandoned, and closes what it opened when it ends.
     */
    private void connectOnDaemonThread()
    {
        final ConnectAttempt attempt = new ConnectAttempt();
        final Thread connector = ClientThreads.daemon(() -> connectNow(attempt), "gpurelay-connect");
        connector.start();
        boolean interrupted = join(connector, System.nanoTime() + timeoutNs);
        if (attempt.decide())
        {
            state = State.UNAVAILABLE;
            AgentLog.warn("no executor answered on " + config.executorChannel() + " within " + config.timeoutMs() +
                " ms" + UNAVAILABLE_CONSEQUENCE);
        }
        else
        {
            // The connecting thread has decided and is only publishing its outcome.
            interrupted |= join(connector, System.nanoTime() + timeoutNs);
        }
        if (interrupted)
        {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * @return whether the waiting thread was interrupted meanwhile.
     */
    private static boolean join(final Thread thread, final long deadlineNs)
    {
        boolean interrupted = false;
        long leftNs;
        while (thread.isAlive() && (leftNs = deadlineNs - System.nanoTime()) > 0)
        {
            try
            {
                thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(leftNs)));
            }
            catch (final InterruptedException ex)
            {
                interrupted = true;
            }
        }
        return interrupted;
    }

    /**
     * CUDA's ways to start afresh (a device reset, a new context) open a new session when the executor was lost or
     * never answered: an executor that came back serves the application again. What the application holds from the
     * old session (pointers, handles) stays refused, as the new session never gave it out.
     */
    private void reopenIfUnavailable(final RemotedFunction function)
    {
        if (state != State.UNAVAILABLE || !startsAfresh(function))
        {
            return;
        }
        final Session lost;
        synchronized (stateLock)
        {
            if (state != State.UNAVAILABLE)
            {
                return;
            }
            lost = session;
            session = null;
            state = State.IDLE;
        }
        if (lost != null)
        {
            ClientThreads.daemon(lost::close, "gpurelay-close-lost-session").start();
        }
        AgentLog.info(function + ": trying the executor on " + config.executorChannel() + " again");
    }

    private static boolean startsAfresh(final RemotedFunction function)
    {
        return function == Function.CUDA_DEVICE_RESET || function == Function.CU_CTX_CREATE ||
            function == Function.CU_DEVICE_PRIMARY_CTX_RETAIN;
    }

    private void connectNow(final ConnectAttempt attempt)
    {
        final Session connected;
        try
        {
            connected = new SessionConnector(config, router).connect();
        }
        catch (final ConnectFailure failure)
        {
            if (attempt.decide())
            {
                state = State.UNAVAILABLE;
                AgentLog.warn(failure.getMessage() + UNAVAILABLE_CONSEQUENCE);
            }
            return;
        }
        catch (final Throwable throwable)
        {
            if (attempt.decide())
            {
                state = State.UNAVAILABLE;
                AgentLog.warn("cannot reach the executor on " + config.executorChannel() + ": " +
                    AgentLog.describe(throwable) + UNAVAILABLE_CONSEQUENCE);
            }
            return;
        }
        if (!attempt.decide())
        {
            connected.close();
            return;
        }
        if (!shutdownHookAdded)
        {
            try
            {
                Runtime.getRuntime().addShutdownHook(new Thread(this::close, "gpurelay-shutdown"));
                shutdownHookAdded = true;
            }
            catch (final IllegalStateException ex)
            {
                connected.close();
                state = State.UNAVAILABLE;
                AgentLog.warn("the JVM is shutting down, so no session is opened" + UNAVAILABLE_CONSEQUENCE);
                return;
            }
        }
        session = connected;
        lastSendNs = System.nanoTime();
        state = State.CONNECTED;
        startKeepAlive(connected);
        AgentLog.info("connected to the executor on " + connected.executorChannel + " (" +
            connected.executorVersion + ", backend " + connected.backend + "): session " + connected.sessionId +
            ", " + connected.deviceCount + " devices, media driver in " + connected.aeronDirectoryName + ", profile " +
            config.describeProfile());
    }

    private void startKeepAlive(final Session connected)
    {
        if (connected.keepAliveIntervalMs <= 0)
        {
            return;
        }
        final long intervalNs = TimeUnit.MILLISECONDS.toNanos(connected.keepAliveIntervalMs);
        final long periodMs = Math.max(1, connected.keepAliveIntervalMs / 2);
        keepAliveTimer = Executors.newSingleThreadScheduledExecutor(
            task -> ClientThreads.daemon(task, "gpurelay-keepalive"));
        keepAliveTimer.scheduleAtFixedRate(
            () -> keepAlive(connected, intervalNs), periodMs, periodMs, TimeUnit.MILLISECONDS);
    }

    /**
     * Runs every half interval and sends a keep-alive only if nothing was sent for that long, so that the executor
     * never goes a whole interval without hearing from a live client.
     */
    private void keepAlive(final Session connected, final long intervalNs)
    {
        if (state != State.CONNECTED)
        {
            return;
        }
        final String lostReason = lostReason(connected);
        if (lostReason != null)
        {
            executorLost(connected, lostReason);
            return;
        }
        if (callbacks.active())
        {
            // The executor may be waiting for a callback's answer and not reading the session's requests.
            connected.callbackKeepAlive(System.currentTimeMillis());
        }
        if (System.nanoTime() - lastSendNs < intervalNs / 2 || !sendLock.tryLock())
        {
            return;
        }
        final boolean sent;
        try
        {
            sent = connected.proxy.keepAlive(connected.requests, connected.sessionId, System.currentTimeMillis());
            if (sent)
            {
                lastSendNs = System.nanoTime();
            }
        }
        finally
        {
            sendLock.unlock();
        }
        if (!sent)
        {
            executorLost(connected, "a keep-alive could not be sent within " + config.timeoutMs() + " ms");
        }
    }

    private boolean send(
        final Session current,
        final long correlationId,
        final RemotedFunction function,
        final long context,
        final long[] args,
        final PayloadSource payload,
        final boolean pipelined)
    {
        final boolean sent;
        sendLock.lock();
        try
        {
            if (state != State.CONNECTED)
            {
                return false;
            }
            sent = current.proxy.call(current.requests, current.sessionId, correlationId, function, context, args,
                args.length, payload, pipelined);
            if (sent)
            {
                lastSendNs = System.nanoTime();
            }
        }
        finally
        {
            sendLock.unlock();
        }
        if (!sent)
        {
            executorLost(current, function + " could not be sent within " + config.timeoutMs() + " ms");
        }
        return sent;
    }

    /**
     * Device-to-host copies, whose reply's payload is as long as their byte count (argument 1).
     */
    private static boolean repliesThroughRegion(final RemotedFunction function, final long[] args)
    {
        return (function == Function.CUDA_MEMCPY_DTOH || function == Function.CUDA_MEMCPY_DTOH_ASYNC ||
            function == Function.CU_MEMCPY_DTOH) && args.length > 1 && args[1] >= REGION_MIN_PAYLOAD;
    }

    /**
     * Send a call whose payload (if any) then moves through the transfer region, the caller holding the region lock.
     *
     * @param call the call, for its correlation id (a pipelined call's is registered nowhere).
     * @return false when the executor is lost (said once).
     */
    private boolean sendThroughRegion(
        final Session current,
        final PendingCall call,
        final RemotedFunction function,
        final long context,
        final long[] args,
        final PayloadSource payload,
        final boolean replyInRegion,
        final boolean pipelined)
    {
        final long payloadLength = payload == null ? 0 : payload.length();
        final TransferRegion region = current.transferRegion.region();
        final boolean sent;
        sendLock.lock();
        try
        {
            if (state != State.CONNECTED)
            {
                return false;
            }
            if (payload != null)
            {
                region.announce(TransferRegion.Direction.TO_EXECUTOR);
            }
            if (replyInRegion)
            {
                region.announce(TransferRegion.Direction.TO_CLIENT);
            }
            sent = current.proxy.callThroughRegion(current.requests, current.sessionId, call.correlationId(),
                function, context, args, args.length, payloadLength, replyInRegion, pipelined);
            if (sent)
            {
                lastSendNs = System.nanoTime();
            }
        }
        finally
        {
            sendLock.unlock();
        }
        if (!sent)
        {
            executorLost(current, function + " could not be sent within " + config.timeoutMs() + " ms");
            return false;
        }
        if (payload == null)
        {
            return true;
        }
        // The executor takes or skips every chunk of the call, even one it refuses: the whole payload goes in, so
        // that both sides' counters stay in step.
        final RegionWait wait = new RegionWait(current, null);
        final TransferRegion.Outcome outcome = region.send(
            TransferRegion.Direction.TO_EXECUTOR, copyCrew(payloadLength).source(payload), payloadLength, wait);
        return regionOutcome(current, outcome, wait, function);
    }

    /**
     * Read a reply's payload from the transfer region as the executor produces it, until all of it came or the call
     * failed (it then produces none).
     *
     * @return false when the executor is lost (said once).
     */
    private boolean receiveThroughRegion(
        final Session current, final PendingCall call, final PayloadSink sink, final long length)
    {
        if (!sink.begin(length))
        {
            executorLost(current, "a " + length + "-byte reply of " + call.function() + " has no destination");
            return false;
        }
        final RegionWait wait = new RegionWait(current, call);
        final TransferRegion.Outcome outcome = current.transferRegion.region().receive(
            TransferRegion.Direction.TO_CLIENT, copyCrew(length).sink(sink), length, wait);
        return outcome == TransferRegion.Outcome.GAVE_UP && wait.callFailed ||
            regionOutcome(current, outcome, wait, call.function());
    }

    /**
     * The crew that copies a region transfer of this length: the threads of {@code copy.threads}, started at the first
     * transfer that several can share. Called with the region lock held.
     */
    private CopyCrew copyCrew(final long length)
    {
        if (copyCrew == null && length >= 2L * CopyCrew.MIN_PART_BYTES)
        {
            copyCrew = new CopyCrew(config.copyThreads(), "gpurelay-copy-");
        }
        return copyCrew != null ? copyCrew : NO_CREW;
    }

    private boolean regionOutcome(
        final Session current, final TransferRegion.Outcome outcome, final RegionWait wait, final RemotedFunction function)
    {
        if (outcome == TransferRegion.Outcome.CORRUPT)
        {
            executorLost(current, "the transfer region fell out of step during " + function);
            return false;
        }
        return outcome == TransferRegion.Outcome.DONE || wait.callFailed;
    }

    private int awaitReply(final Session current, final PendingCall call, final boolean logsFailure)
    {
        final IdleStrategy idleStrategy = ClientIdleStrategies.waiting(config.profile());
        while (!call.isComplete())
        {
            int work = 0;
            if (pollLock.tryLock())
            {
                try
                {
                    work = pollResponses(current);
                }
                finally
                {
                    pollLock.unlock();
                }
            }
            if (call.isComplete())
            {
                break;
            }
            if (state != State.CONNECTED)
            {
                return RuntimeStatus.DEVICES_UNAVAILABLE;
            }
            final String lostReason = lostReason(current);
            if (lostReason != null)
            {
                executorLost(current, lostReason);
                return RuntimeStatus.DEVICES_UNAVAILABLE;
            }
            if (System.nanoTime() - latestSignOfLife(call) > timeoutNs)
            {
                executorLost(current, "no reply to " + call.function() + " within " + config.timeoutMs() + " ms");
                return RuntimeStatus.DEVICES_UNAVAILABLE;
            }
            idleStrategy.idle(work);
        }

        final int status = call.status();
        if (status != RuntimeStatus.SUCCESS)
        {
            lastFailureMessage.set(call.message() == null ? "" : call.message());
            if (logsFailure)
            {
                CallFailures.report(call.function(), status, call.message());
            }
        }
        return status;
    }

    /**
     * When the call was sent or anything last arrived from the executor, whichever is later: a call queued behind
     * another's long reply, or waiting for a long kernel the executor sends keep-alives about, is not timed out.
     */
    private long latestSignOfLife(final PendingCall call)
    {
        final long progress = call.lastProgressNs();
        final long received = router.lastMessageNs();
        return received - progress > 0 ? received : progress;
    }

    private int pollResponses(final Session current)
    {
        try
        {
            return current.poll();
        }
        catch (final RuntimeException ex)
        {
            executorLost(current, "a reply could not be decoded: " + AgentLog.describe(ex));
            return 0;
        }
    }

    /**
     * Why the session cannot go on: the executor ended it (its worker died), or the executor is gone; null while
     * it looks alive.
     */
    private String lostReason(final Session current)
    {
        final String failure = router.sessionFailure();
        return failure != null ? failure : current.lostReason(System.nanoTime(), timeoutNs);
    }

    /**
     * What the callback thread asks of this client.
     */
    private final class CallbackOwner implements ClientCallbacks.Owner
    {
        public Session currentSession()
        {
            return state == State.CONNECTED ? session : null;
        }

        public int pollResponses(final Session current)
        {
            if (!pollLock.tryLock())
            {
                return 0;
            }
            try
            {
                return RelayClient.this.pollResponses(current);
            }
            finally
            {
                pollLock.unlock();
            }
        }

        public void lost(final Session current, final String reason)
        {
            executorLost(current, reason);
        }
    }

    private void executorLost(final Session current, final String reason)
    {
        synchronized (stateLock)
        {
            if (state != State.CONNECTED)
            {
                return;
            }
            state = State.UNAVAILABLE;
        }
        if (keepAliveTimer != null)
        {
            keepAliveTimer.shutdown();
        }
        AgentLog.warn("lost the executor on " + current.executorChannel + " (" + reason + ")" +
            UNAVAILABLE_CONSEQUENCE);
        sessionEnded(current);
    }

    /**
     * The session is lost or closed: what the executor kept for it is gone, so nothing of it comes due or runs again,
     * and what this process keeps for it can go (its callbacks, the functions of its graphs' host nodes).
     */
    private void sessionEnded(final Session ended)
    {
        callbacks.sessionEnded(ended);
        SessionEnds.ended(ended);
    }

    /**
     * What a thread does while the executor has not caught up with a transfer through the region: it delivers the
     * replies that arrive, as a waiting caller does, and gives up when its call has failed (the executor then moves
     * no bytes) or the executor is lost or silent for the timeout.
     */
    private final class RegionWait implements TransferRegion.Waiter
    {
        private final Session current;
        private final PendingCall call;
        private final IdleStrategy idleStrategy = ClientIdleStrategies.waiting(config.profile());
        private long chunks;
        private long progressNs = System.nanoTime();
        boolean callFailed;

        RegionWait(final Session current, final PendingCall call)
        {
            this.current = current;
            this.call = call;
        }

        public boolean idle(final long chunksMoved)
        {
            final long nowNs = System.nanoTime();
            if (chunksMoved != chunks)
            {
                chunks = chunksMoved;
                progressNs = nowNs;
                idleStrategy.reset();
            }
            int work = 0;
            if (pollLock.tryLock())
            {
                try
                {
                    work = pollResponses(current);
                }
                finally
                {
                    pollLock.unlock();
                }
            }
            if (call != null && call.isComplete() && call.status() != RuntimeStatus.SUCCESS)
            {
                callFailed = true;
                return false;
            }
            if (state != State.CONNECTED)
            {
                return false;
            }
            final String lostReason = lostReason(current);
            if (lostReason != null)
            {
                executorLost(current, lostReason);
                return false;
            }
            final long received = router.lastMessageNs();
            final long signOfLife = received - progressNs > 0 ? received : progressNs;
            if (nowNs - signOfLife > timeoutNs)
            {
                executorLost(current, "the executor moved no transfer region chunk within " + config.timeoutMs() +
                    " ms");
                return false;
            }
            if (work > 0 || !TransferRegion.pace(nowNs - progressNs))
            {
                idleStrategy.idle(work);
            }
            return true;
        }
    }

    /**
     * One try to connect, decided once: by the connecting thread when it ends, or by the caller when the timeout
     * passes first. Whoever decides second leaves the client's state alone.
     */
    private static final class ConnectAttempt
    {
        private final AtomicBoolean decided = new AtomicBoolean();

        /**
         * @return true for the first caller only.
         */
        boolean decide()
        {
            return decided.compareAndSet(false, true);
        }
    }
}
