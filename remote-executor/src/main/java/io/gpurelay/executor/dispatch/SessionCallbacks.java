package io.gpurelay.executor.dispatch;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.HostFunction;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CallbackDoneAdapter;
import io.gpurelay.protocol.security.MessageOpener;
import io.gpurelay.protocol.security.OpeningFragmentHandler;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.IdleStrategy;

/**
 * The stream callbacks and host functions of one session ({@code cuStreamAddCallback}, {@code cuLaunchHostFunc} and
 * their runtime forms), whose code is the application's and runs in the client.
 * <p>
 * The dispatcher {@linkplain #register registers} each one under the client's callback id and queues a
 * {@link HostFunction} on its stream. When the stream reaches it, the function runs on the backend's thread (CUDA's
 * callback thread on a GPU, the session's own thread on the emulator): it sends {@code CallbackDue} to the client and
 * holds the stream until the client answers {@code CallbackDone}. The answers come on the session's callback stream,
 * which the waiting functions poll themselves, one at a time, each marking whichever function an answer is for: the
 * session's thread may be blocked in a synchronisation that waits for this very stream, so it cannot be the one that
 * reads them.
 * <p>
 * A function never waits for a client that is gone: it gives up when the session is {@linkplain #release released}
 * (the session closing, or its running call being stopped), when the client's process ends or its request stream
 * goes away, or when nothing came on the callback stream for the keep-alive timeout: a client sends keep-alives there
 * while its callbacks wait or run, since the request stream's keep-alives are not read while the session's thread is
 * blocked (and over UDP the request stream's image outlives a dead client as long as the blocked thread has not read
 * it). The stream then goes on without the callback, as nobody is left to run it. A slow callback of a live client is
 * waited for as long as it takes, as CUDA does.
 */
public final class SessionCallbacks implements CallbackDoneAdapter.Listener
{
    /** Callbacks added and not yet run that one session may have: each holds a little memory until it runs. */
    static final int MAX_PENDING = 1 << 16;

    private static final long LIVENESS_CHECK_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(1);
    private static final int FRAGMENT_LIMIT = 16;

    /** What the session does for its callbacks. */
    public interface Client
    {
        /**
         * Send {@code CallbackDue} to the client; safe from any thread.
         *
         * @return false when it could not be sent: the session cannot go on.
         */
        boolean callbackDue(long callbackId, int status);

        /**
         * @return why the client is gone (its process ended, its request stream went away), or null while it is there;
         *         safe from any thread.
         */
        String goneReason();

        /**
         * Something on the callback stream that the client cannot have meant; called by one thread at a time (the one
         * polling the stream).
         */
        void onMalformedAnswer(String reason);
    }

    private final long sessionId;
    private final Subscription subscription;
    private final int publicationSessionId;
    private final Client client;
    private final long keepAliveTimeoutNs;
    private final Map<Long, Pending> pending = new ConcurrentHashMap<>();
    /** Held by the one waiting function that polls the callback stream, and to close it. */
    private final ReentrantLock pollLock = new ReentrantLock();
    private final FragmentHandler ownPublicationOnly = this::onAnyPublicationFragment;
    private final FragmentAssembler assembler;
    private boolean subscriptionClosed;
    private volatile String releasedReason;
    /** When the poller last took a message of the client's from the callback stream. */
    private volatile long lastHeardNs = System.nanoTime();

    /**
     * @param subscription         the session's callback stream.
     * @param publicationSessionId the Aeron session id the client publishes with: other publications are not heard.
     * @param opener               opens sealed answers (a UDP session), or null where they travel in the clear.
     * @param keepAliveTimeoutNs   how long a waiting callback hears nothing from a live client at most.
     */
    public SessionCallbacks(
        final long sessionId,
        final Subscription subscription,
        final int publicationSessionId,
        final MessageOpener opener,
        final Client client,
        final long keepAliveTimeoutNs)
    {
        this.sessionId = sessionId;
        this.keepAliveTimeoutNs = keepAliveTimeoutNs;
        this.subscription = subscription;
        this.publicationSessionId = publicationSessionId;
        this.client = client;
        final OpeningFragmentHandler opening = new OpeningFragmentHandler(new CallbackDoneAdapter(this),
            why -> client.onMalformedAnswer("an answer that did not open with the session's key: " + why));
        if (opener != null)
        {
            opening.requireSealed(opener);
        }
        this.assembler = new FragmentAssembler(opening);
    }

    /**
     * Take a callback the client adds, before it is queued on its stream.
     *
     * @param api the API that adds it, in whose numbering the callback gets its stream's status.
     * @return the function to queue, or null when the callback is refused (the failure is in {@code result}).
     */
    HostFunction register(final long callbackId, final Api api, final String name, final CallResult result)
    {
        if (releasedReason != null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the session is ending (" + releasedReason + ")");
            return null;
        }
        if (pending.size() >= MAX_PENDING)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + ": the session already has " + MAX_PENDING +
                " callbacks that have not run, the most the executor keeps");
            return null;
        }
        if (pending.putIfAbsent(callbackId, new Pending(api)) != null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": callback id " + callbackId +
                " is already taken by a callback that has not run");
            return null;
        }
        return status -> run(callbackId, status);
    }

    /**
     * The backend did not queue a registered callback: it will never run.
     */
    void unregister(final long callbackId)
    {
        pending.remove(callbackId);
    }

    /**
     * Callbacks added and not yet run (or running).
     */
    int pendingCount()
    {
        return pending.size();
    }

    /**
     * Stop waiting for the client: every callback waiting returns now, and those reached later return at once
     * without telling it. For a session that is closing, or whose client is gone. Safe from any thread.
     */
    public void release(final String reason)
    {
        if (releasedReason == null)
        {
            releasedReason = reason;
        }
    }

    /**
     * Release the callbacks and close the callback stream; called by the session as it closes.
     */
    public void close()
    {
        release("the session closed");
        pollLock.lock();
        try
        {
            subscriptionClosed = true;
            CloseHelper.quietClose(subscription);
        }
        finally
        {
            pollLock.unlock();
        }
    }

    public void onCallbackDone(final long sessionId, final long callbackId)
    {
        if (sessionId != this.sessionId)
        {
            client.onMalformedAnswer("an answer for session " + sessionId + " on the callback stream");
            return;
        }
        final Pending callback = pending.get(callbackId);
        if (callback == null || !callback.due)
        {
            client.onMalformedAnswer("an answer for callback " + callbackId + ", which is not due");
            return;
        }
        lastHeardNs = System.nanoTime();
        callback.done = true;
    }

    public void onKeepAlive(final long sessionId)
    {
        if (sessionId != this.sessionId)
        {
            client.onMalformedAnswer("a keep-alive for session " + sessionId + " on the callback stream");
            return;
        }
        lastHeardNs = System.nanoTime();
    }

    public void onMalformed(final String reason)
    {
        client.onMalformedAnswer(reason);
    }

    /**
     * The stream reached the callback: tell the client and wait for its answer.
     */
    private void run(final long callbackId, final CudaError status)
    {
        final Pending callback = pending.get(callbackId);
        if (callback == null)
        {
            return;
        }
        try
        {
            if (releasedReason != null)
            {
                return;
            }
            callback.due = true;
            if (!client.callbackDue(callbackId, status == null ? 0 : status.status(callback.api)))
            {
                release("CallbackDue could not be sent");
                return;
            }
            awaitAnswer(callback);
        }
        finally
        {
            pending.remove(callbackId);
        }
    }

    private void awaitAnswer(final Pending callback)
    {
        final IdleStrategy idle = new BackoffIdleStrategy(
            100, 10, TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MILLISECONDS.toNanos(1));
        final long startedNs = System.nanoTime();
        long livenessCheckedNs = startedNs;
        while (!callback.done && releasedReason == null)
        {
            int work = 0;
            if (pollLock.tryLock())
            {
                try
                {
                    if (!subscriptionClosed)
                    {
                        work = subscription.poll(ownPublicationOnly, FRAGMENT_LIMIT);
                    }
                }
                finally
                {
                    pollLock.unlock();
                }
            }
            if (callback.done)
            {
                return;
            }
            final long nowNs = System.nanoTime();
            if (nowNs - livenessCheckedNs > LIVENESS_CHECK_INTERVAL_NS)
            {
                livenessCheckedNs = nowNs;
                final long heardNs = lastHeardNs;
                final String gone = nowNs - (heardNs - startedNs > 0 ? heardNs : startedNs) > keepAliveTimeoutNs ?
                    "the client sent nothing on its callback stream for the keep-alive timeout" : client.goneReason();
                if (gone != null)
                {
                    release(gone);
                    return;
                }
            }
            idle.idle(work);
        }
    }

    private void onAnyPublicationFragment(
        final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (header.sessionId() == publicationSessionId)
        {
            assembler.onFragment(buffer, offset, length, header);
        }
        else if ((header.flags() & FrameDescriptor.BEGIN_FRAG_FLAG) != 0)
        {
            client.onMalformedAnswer("a message from another publication (Aeron session " + header.sessionId() +
                ") on the callback stream");
        }
    }

    /**
     * A callback added and not yet run: whether the client has been told, and whether it answered.
     */
    private static final class Pending
    {
        final Api api;
        volatile boolean due;
        volatile boolean done;

        Pending(final Api api)
        {
            this.api = api;
        }
    }
}
