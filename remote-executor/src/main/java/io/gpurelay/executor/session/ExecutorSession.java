package io.gpurelay.executor.session;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;

import io.aeron.ChannelUri;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.FragmentHandler;
import io.aeron.logbuffer.FrameDescriptor;
import io.aeron.logbuffer.Header;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.DeviceOutput;
import io.gpurelay.executor.backend.ReleasedResources;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.counters.SessionCounters;
import io.gpurelay.executor.dispatch.CallDispatcher;
import io.gpurelay.executor.dispatch.ReceivedCall;
import io.gpurelay.executor.dispatch.SessionCallbacks;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.log.RateLimitedWarning;
import io.gpurelay.executor.resources.SessionMemoryQuota;
import io.gpurelay.executor.resources.SessionPinnedMemory;
import io.gpurelay.executor.resources.SessionTransferRegion;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.CallView;
import io.gpurelay.protocol.ExecutorProxy;
import io.gpurelay.protocol.MalformedCallException;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PayloadSource;
import io.gpurelay.protocol.SessionRequestAdapter;
import io.gpurelay.protocol.SessionRequestListener;
import io.gpurelay.protocol.TransferRegion;
import io.gpurelay.protocol.security.ExecutorHandshake;
import io.gpurelay.protocol.security.MessageOpener;
import io.gpurelay.protocol.security.MessageSealer;
import io.gpurelay.protocol.security.OpeningFragmentHandler;
import io.gpurelay.protocol.security.SessionKeys;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.collections.IntHashSet;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * One client's session, on a thread of its own so that one client's long call never delays another's. It answers
 * the client once the reply channel is up, then runs the client's calls in order and replies to each (a pipelined
 * call only when it fails), until the client closes the session, goes quiet for longer than the keep-alive timeout,
 * disappears (its request stream's image goes away), or the executor stops. Whatever ends it, everything the session
 * holds on the backend is freed.
 * <p>
 * Bad input never ends a session: a malformed message, a call for another session or a chunk nobody announced is
 * counted, logged (rate limited) and skipped; a call that cannot run gets the API's error in its reply.
 * <p>
 * Only the client's own publication is heard: the handshake told it which Aeron session id to publish with, and
 * messages from any other publication on the request stream are counted and dropped before they are even
 * reassembled. On a sealed (UDP) session every message must also open with the session's request key under a
 * sequence number above the last one (see {@link MessageOpener}); forgeries and replays are counted and dropped, and
 * every reply and keep-alive is sealed with the reply key.
 * <p>
 * The session's stream callbacks come due on other threads (CUDA's callback thread on a GPU) and tell the client
 * through {@link #callbackDue}, under the same send lock as replies; their answers come on a stream of their own
 * ({@link SessionCallbacks}), since this thread may be blocked in a synchronisation that waits for one.
 * <p>
 * While a call runs longer than the keep-alive interval (a long synchronisation on a GPU, a big emulated kernel) its
 * thread cannot tell the client that the executor is alive, so the conductor does, through
 * {@link #sendKeepAliveIfBusy}. The response publication is exclusive, which is single-writer: every send takes
 * {@link #sendLock}, and the conductor only tries it, because a session that holds it is sending, which is proof of
 * life itself. A concurrent publication would do as well, but would make every reply pay for the rare keep-alive.
 */
public final class ExecutorSession implements Agent, SessionRequestListener, SessionCallbacks.Client
{
    /** Fragments per poll: enough to take a whole 1 MiB chunk at the IPC MTU in a few duty cycles. */
    static final int FRAGMENT_LIMIT = 256;

    /** Input payloads that are reassembled before the call runs (modules, not copies) stay below this. */
    static final long MAX_REASSEMBLED_PAYLOAD = 256L * 1024 * 1024;

    private static final long WARNING_INTERVAL_NS = 1_000_000_000L;
    /** Distinct unknown function ids a session logs; a client that sends more is sending noise. */
    private static final int MAX_UNSUPPORTED_LOGGED = 64;
    private static final byte[] NO_INPUT = new byte[0];
    /** How often a transfer through the region that waits for its client checks that the client lives. */
    private static final long REGION_LIVENESS_CHECK_NS = TimeUnit.MILLISECONDS.toNanos(1);
    /** {@link #callStartedNs} while no call runs. */
    private static final long NO_CALL = Long.MIN_VALUE;

    private enum State
    {
        AWAITING_CLIENT, ACTIVE, CLOSED
    }

    private enum Input
    {
        /** No call is waiting for payload. */
        NONE,
        /** The current call's payload is arriving: into its destination or into the reassembly buffer. */
        RECEIVING,
        /** The current call was refused; its chunks are dropped as they arrive. */
        DISCARDING
    }

    private final long sessionId;
    private final ExecutorHandshake.Accepted handshake;
    private final long connectCorrelationId;
    private final String clientName;
    private final long clientPid;
    private final int requestStreamId;
    private final ExclusivePublication responsePublication;
    private final Subscription requestSubscription;
    private final SessionCallbacks callbacks;
    private final BackendSession backendSession;
    private final CallDispatcher dispatcher;
    private final ExecutorProxy proxy;
    /** Keep-alives the conductor sends for a long call: one offer attempt, sealed like every other reply. */
    private final ExecutorProxy keepAliveProxy = ExecutorProxy.forKeepAlives();
    private final ExecutorContext ctx;
    private final ExecutorCounters counters;
    private final SessionCounters sessionCounters;
    private final ExecutorLog log;
    private final Consumer<ExecutorSession> onClosed;
    private final FragmentHandler ownPublicationOnly = this::onAnyPublicationFragment;
    private final FragmentAssembler assembler;
    private final OpeningFragmentHandler opening;
    private final SessionRequestAdapter adapter = new SessionRequestAdapter(this);
    private final RateLimitedWarning warning;
    /** For the callback stream, whose poller holds its poll lock: never the session's thread's warning. */
    private final RateLimitedWarning callbackWarning;
    private final IntHashSet unsupportedFunctionsLogged = new IntHashSet();
    private final ReceivedCall call = new ReceivedCall();
    private final CallResult result = new CallResult();
    private final UnsafeBuffer input = new UnsafeBuffer(0, 0);
    private final DeviceOutput deviceOutput = new DeviceOutput();
    private final long connectDeadlineNs;
    private final ReentrantLock sendLock = new ReentrantLock();
    /** The client's process, when it runs on this host (an IPC client) and this host can see it; else null. */
    private final ProcessHandle clientProcess;

    /**
     * When the call now running started, or {@link #NO_CALL}: written by the session's thread, read by the conductor.
     */
    private volatile long callStartedNs = NO_CALL;
    /** Whether the conductor stopped a call because the client was gone: the conductor's. */
    private volatile boolean stoppedForGoneClient;
    /** When {@link #stopCallIfClientGone} asked the running call to stop, read by the same thread only. */
    private long stoppedForGoneClientNs;
    /** The call the conductor sends keep-alives for, and when it last did (or the call started): its thread's. */
    private long keepAliveCallStartedNs = NO_CALL;
    private long lastKeepAliveSentNs;

    private State state = State.AWAITING_CLIENT;
    private String closeReason;
    private boolean clientImageSeen;
    private long lastActivityNs;
    private long nowNs;

    private Input inputState = Input.NONE;
    private PayloadSink inputSink;
    private ReassemblyBuffer reassembly;
    private long inputCorrelationId;
    private long inputLength;
    private long inputReceived;

    /** The shared-memory region of an IPC session, or null: the client then sends payloads through Aeron. */
    private SessionTransferRegion transferRegion;
    private final BackoffIdleStrategy regionIdle = new BackoffIdleStrategy(
        100, 10, TimeUnit.MICROSECONDS.toNanos(1), TimeUnit.MICROSECONDS.toNanos(100));
    private final TransferRegion.Waiter regionWaiter = this::awaitRegionPeer;
    private long regionProgressChunks;
    private long regionProgressNs;
    private long regionLivenessCheckedNs;
    private String regionGaveUpReason;
    /** The current call's payload is in the region and not yet taken or skipped. */
    private boolean regionInputPending;

    private long calls;
    private long bytesIn;
    private long bytesOut;

    ExecutorSession(
        final ExecutorHandshake.Accepted handshake,
        final long connectCorrelationId,
        final String clientName,
        final long clientPid,
        final int requestStreamId,
        final ExclusivePublication responsePublication,
        final Subscription requestSubscription,
        final Subscription callbackSubscription,
        final BackendSession backendSession,
        final ExecutorContext ctx,
        final ExecutorCounters counters,
        final SessionCounters sessionCounters,
        final Consumer<ExecutorSession> onClosed)
    {
        this.sessionId = handshake.keys().sessionId();
        this.handshake = handshake;
        this.connectCorrelationId = connectCorrelationId;
        this.clientName = clientName;
        this.clientPid = clientPid;
        this.requestStreamId = requestStreamId;
        this.responsePublication = responsePublication;
        this.requestSubscription = requestSubscription;
        this.backendSession = backendSession;
        this.ctx = ctx;
        this.counters = counters;
        this.sessionCounters = sessionCounters;
        this.log = ctx.log();
        this.onClosed = onClosed;
        this.callbacks = new SessionCallbacks(sessionId, callbackSubscription,
            handshake.keys().requestPublicationSessionId(),
            handshake.keys().sealed() ? handshake.keys().callbackOpener() : null, this, ctx.keepAliveTimeoutNs());
        this.dispatcher = new CallDispatcher(backendSession, sessionId, ctx.backend().deviceCount(),
            new SessionMemoryQuota(ctx.sessionMemoryBytes(), sessionId, log), pinnedMemory(ctx, sessionId),
            callbacks);
        this.proxy = new ExecutorProxy(ctx.idleStrategyKind().newIdleStrategy(), ctx.keepAliveTimeoutNs());
        this.opening = new OpeningFragmentHandler(this::onFragment, this::onDropped);
        this.assembler = new FragmentAssembler(opening);
        if (handshake.keys().sealed())
        {
            opening.requireSealed(handshake.keys().requestOpener());
        }
        this.warning = new RateLimitedWarning(log, WARNING_INTERVAL_NS);
        this.callbackWarning = new RateLimitedWarning(log, WARNING_INTERVAL_NS);
        this.connectDeadlineNs = System.nanoTime() + ctx.responseConnectTimeoutNs();
        this.clientProcess = ChannelUri.parse(ctx.channel()).isIpc() ?
            ProcessHandle.of(clientPid).filter(ProcessHandle::isAlive).orElse(null) : null;
    }

    public String roleName()
    {
        return "gpurelay-session-" + sessionId;
    }

    long sessionId()
    {
        return sessionId;
    }

    int requestStreamId()
    {
        return requestStreamId;
    }

    /**
     * Why the session closed; null when the executor (or its worker) stopped it. Read once the session is closed.
     */
    String closeReason()
    {
        return closeReason;
    }

    long calls()
    {
        return calls;
    }

    long bytesIn()
    {
        return bytesIn;
    }

    long bytesOut()
    {
        return bytesOut;
    }

    public int doWork()
    {
        nowNs = System.nanoTime();
        try
        {
            return switch (state)
            {
                case AWAITING_CLIENT -> awaitClient();
                case ACTIVE -> serve();
                case CLOSED -> throw new AgentTerminationException(closeReason);
            };
        }
        catch (final AgentTerminationException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            // Nothing a client sends may take the executor down: whatever escaped (an OutOfMemoryError included)
            // ends this session only, and the session's thread frees what it held on the way out.
            releaseReassembly();
            counters.errors.increment();
            log.error("session " + sessionId + " ends after an internal failure", ex);
            close("internal failure: " + ex);
            return 1;
        }
    }

    public void onClose()
    {
        state = State.CLOSED;
        // Callbacks waiting for the client let their streams go on, so that nothing the backend closes waits for them.
        callbacks.release("the session is closing");
        releaseReassembly();
        closeTransferRegion();
        dispatcher.closeTextureObjects();
        dispatcher.closeLibraryObjects();
        dispatcher.closePinnedMemory();
        final ReleasedResources released = backendSession.close();
        callbacks.close();
        CloseHelper.close(sessionCounters);
        sendLock.lock();
        try
        {
            CloseHelper.closeAll(ex -> log.error("session " + sessionId + ": closing its streams", ex),
                requestSubscription, responsePublication);
        }
        finally
        {
            sendLock.unlock();
        }
        counters.sessionsClosed.increment();
        log.info("session " + sessionId + " (client " + clientName + " pid " + clientPid + ") closed: " +
            (closeReason == null ? "executor stopped" : closeReason) + "; freed " + released.allocations() +
            " allocations (" + released.bytes() + " bytes) after " + calls + " calls, " + bytesIn + " bytes in, " +
            bytesOut + " bytes out");
        log.info(counters.summary());
        onClosed.accept(this);
    }

    /**
     * Called from the conductor's thread: tell the client that the executor is alive if one of its calls has been
     * running for longer than the keep-alive interval and nothing was sent to it for that long. Never waits: when the
     * session's thread is sending, or the client's stream is full, the next check tries again.
     *
     * @return whether a keep-alive was sent.
     */
    boolean sendKeepAliveIfBusy(final long nowNs)
    {
        final long startedNs = callStartedNs;
        if (startedNs == NO_CALL)
        {
            return false;
        }
        if (startedNs != keepAliveCallStartedNs)
        {
            keepAliveCallStartedNs = startedNs;
            lastKeepAliveSentNs = startedNs;
        }
        if (nowNs - lastKeepAliveSentNs < ctx.keepAliveIntervalNs() || !sendLock.tryLock())
        {
            return false;
        }
        try
        {
            if (responsePublication.isClosed() ||
                !keepAliveProxy.keepAlive(responsePublication, sessionId, System.currentTimeMillis()))
            {
                return false;
            }
            lastKeepAliveSentNs = nowNs;
            return true;
        }
        finally
        {
            sendLock.unlock();
        }
    }

    /**
     * Called from the conductor's thread: a call that runs while its client is gone is stopped, so that the session
     * can end and free what it holds instead of running on for no one. Gone means: its request stream went away (a
     * UDP client silent for longer than the media driver's liveness timeout), or, for a client on this host, its
     * process ended (an IPC stream outlives its publisher while the session, busy, has not consumed it).
     */
    void stopCallIfClientGone()
    {
        if (callStartedNs != NO_CALL && !stoppedForGoneClient &&
            (requestSubscription.imageCount() == 0 || clientProcess != null && !clientProcess.isAlive()))
        {
            stoppedForGoneClient = true;
            stoppedForGoneClientNs = System.nanoTime();
            stopRunningCall("its client went away while it ran");
        }
    }

    /**
     * Called from the conductor's thread: how long the running call has run, or -1 when none runs.
     */
    long callRunningNs(final long nowNs)
    {
        final long startedNs = callStartedNs;
        return startedNs == NO_CALL ? -1 : Math.max(0, nowNs - startedNs);
    }

    /**
     * Called from the conductor's thread: how long ago the running call was asked to stop because its client went
     * away, or -1 when it was not (or no call runs).
     */
    long stoppedForGoneClientSinceNs(final long nowNs)
    {
        return callStartedNs != NO_CALL && stoppedForGoneClient ? Math.max(0, nowNs - stoppedForGoneClientNs) : -1;
    }

    /**
     * Make the running call, if any, end soon with an error; safe from any thread. Callbacks waiting for the client
     * stop waiting, so that a synchronisation held up by one ends.
     */
    void stopRunningCall(final String reason)
    {
        callbacks.release(reason);
        backendSession.stopRunningCall(reason);
    }

    /**
     * Tell the client that one of its callbacks is due: from the backend's callback thread, or from the session's own
     * thread on a backend that runs host functions as they arrive.
     */
    public boolean callbackDue(final long callbackId, final int status)
    {
        sendLock.lock();
        try
        {
            return !responsePublication.isClosed() &&
                proxy.callbackDue(responsePublication, sessionId, callbackId, status);
        }
        finally
        {
            sendLock.unlock();
        }
    }

    /**
     * Counted and logged like a malformed request, with a warning of its own: the thread polling the callback stream
     * is not the session's.
     */
    public void onMalformedAnswer(final String reason)
    {
        counters.malformedMessages.increment();
        sessionCounters.onError();
        callbackWarning.warn("session " + sessionId + ": malformed callback answer skipped: " + reason,
            System.nanoTime());
    }

    /**
     * Safe from any thread: the request stream's images and the client's process are.
     */
    public String goneReason()
    {
        if (clientProcess != null && !clientProcess.isAlive())
        {
            return "the client went away (its process ended)";
        }
        if (requestSubscription.imageBySessionId(handshake.keys().requestPublicationSessionId()) == null)
        {
            return "the client went away (its request stream disappeared)";
        }
        return null;
    }

    private int awaitClient()
    {
        if (responsePublication.isConnected())
        {
            final boolean sent;
            sendLock.lock();
            try
            {
                final SessionKeys keys = handshake.keys();
                openTransferRegion();
                sent = proxy.connected(responsePublication, connectCorrelationId, sessionId, requestStreamId,
                    keys.requestPublicationSessionId(), handshake.executorPublicKey(), handshake.executorProof(),
                    ctx.backend().deviceCount(), ctx.keepAliveIntervalNs() / 1_000_000, ctx.executorVersion(),
                    ctx.backend().name(), transferRegion == null ? null : transferRegion.fileName(),
                    transferRegion == null ? 0 : transferRegion.region().length());
                if (sent && keys.sealed())
                {
                    final MessageSealer sealer = keys.replySealer();
                    proxy.sealWith(sealer);
                    keepAliveProxy.sealWith(sealer);
                }
            }
            finally
            {
                sendLock.unlock();
            }
            if (sent)
            {
                state = State.ACTIVE;
                lastActivityNs = nowNs;
                log.debug("session " + sessionId + " connected");
            }
            else
            {
                close("the client did not take the Connected message");
            }
            return 1;
        }
        if (nowNs - connectDeadlineNs >= 0)
        {
            close("the client's response channel " + responsePublication.channel() + " stream " +
                responsePublication.streamId() + " did not connect");
        }
        return 0;
    }

    private int serve()
    {
        final int fragments = requestSubscription.poll(ownPublicationOnly, FRAGMENT_LIMIT);
        if (fragments > 0 || state != State.ACTIVE)
        {
            return fragments;
        }
        if (requestSubscription.imageBySessionId(handshake.keys().requestPublicationSessionId()) != null)
        {
            clientImageSeen = true;
        }
        else if (clientImageSeen)
        {
            close("the client went away (its request stream disappeared)");
        }
        if (nowNs - lastActivityNs > ctx.keepAliveTimeoutNs())
        {
            close("keep-alive timeout");
        }
        return 0;
    }

    /**
     * Only the client's own publication gets as far as reassembly; a message of any other is counted once, at its
     * first fragment.
     */
    private void onAnyPublicationFragment(
        final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        if (header.sessionId() == handshake.keys().requestPublicationSessionId())
        {
            assembler.onFragment(buffer, offset, length, header);
        }
        else if ((header.flags() & FrameDescriptor.BEGIN_FRAG_FLAG) != 0)
        {
            counters.foreignPublicationMessages.increment();
            warning.warn("session " + sessionId + ": dropped a message from another publication (Aeron session " +
                header.sessionId() + ") on its request stream", nowNs);
        }
    }

    private void onDropped(final MessageOpener.Outcome why)
    {
        if (why == MessageOpener.Outcome.REPLAYED)
        {
            counters.replayedMessages.increment();
        }
        else
        {
            counters.forgedMessages.increment();
        }
        warning.warn("session " + sessionId + ": dropped a request that did not open with the session's key: " +
            why, nowNs);
    }

    private void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        try
        {
            adapter.onFragment(buffer, offset, length, header);
        }
        catch (final RuntimeException ex)
        {
            onMalformed("message could not be decoded: " + ex);
        }
    }

    public void onCall(final CallView view)
    {
        if (view.sessionId() != sessionId)
        {
            onForeign("call", view.sessionId());
            return;
        }
        lastActivityNs = nowNs;
        clientMappedTransferRegion();
        abandonIncompleteInput();
        calls++;
        counters.calls.increment();
        sessionCounters.onCall();
        try
        {
            call.capture(view);
            final boolean regionAnnounced = view.payloadInRegion() && transferRegion != null &&
                transferRegion.region().takeAnnouncement(TransferRegion.Direction.TO_EXECUTOR);
            regionInputPending = regionAnnounced && view.totalPayloadLength() > 0;
            counters.callCounters.onCall(family());
            result.reset(call.remoted() == null ? Api.RUNTIME : call.remoted().api());
            // What arrived: the inline payload now (the adapter checked it is the declared length), chunks as
            // they come, a region's payload once taken; never the length a call declares.
            addBytesIn(view.payload().capacity());
            if (view.payloadInRegion() && !regionAnnounced)
            {
                onMalformed("call " + view.correlationId() + " claims the transfer region, which the client " +
                    (transferRegion == null ? "does not have" : "announced no transfer in"));
                result.fail(CudaError.INVALID_VALUE, "the call's payload is not in the session's transfer region");
                reply();
                return;
            }
            if (call.remoted() == null)
            {
                CallDispatcher.notSupported(call.functionId(), null, result);
                logUnsupported(call.functionId());
                refuseInput(view.bulkFollows(), view.totalPayloadLength());
                return;
            }

            final PayloadSink sink = dispatcher.inputSink(call, result);
            if (result.failed())
            {
                refuseInput(view.bulkFollows(), view.totalPayloadLength());
                return;
            }
            if (view.bulkFollows())
            {
                receiveInput(sink);
                return;
            }
            if (view.payloadInRegion())
            {
                receiveFromRegion(sink);
                return;
            }
            final DirectBuffer payload = view.payload();
            if (sink != null && payload.capacity() > 0)
            {
                sink.write(0, payload, 0, payload.capacity());
            }
            runCall(payload);
        }
        catch (final MalformedCallException ex)
        {
            recordMalformedCall(ex);
            refuseInput(view.bulkFollows(), view.totalPayloadLength());
        }
        catch (final RuntimeException ex)
        {
            recordInternalFailure(ex);
            refuseInput(view.bulkFollows(), view.totalPayloadLength());
        }
    }

    public void onBulkData(
        final long sessionId,
        final long correlationId,
        final long offset,
        final DirectBuffer buffer,
        final int chunkOffset,
        final int length)
    {
        if (sessionId != this.sessionId)
        {
            onForeign("payload chunk", sessionId);
            return;
        }
        lastActivityNs = nowNs;
        if (inputState == Input.NONE || correlationId != inputCorrelationId)
        {
            onMalformed("payload chunk for call " + correlationId + ", which announced no payload now");
            return;
        }
        addBytesIn(length);
        if (inputState == Input.DISCARDING)
        {
            return;
        }
        if (offset != inputReceived || length > inputLength - inputReceived)
        {
            onMalformed("payload chunk of call " + correlationId + " at offset " + offset + " (+" + length +
                "), expected offset " + inputReceived + " of " + inputLength);
            result.reset();
            result.fail(CudaError.INVALID_VALUE, "payload chunks arrived out of order");
            inputState = Input.DISCARDING;
            releaseReassembly();
            reply();
            return;
        }
        try
        {
            inputSink.write(offset, buffer, chunkOffset, length);
            inputReceived += length;
            if (inputReceived == inputLength)
            {
                dispatchReceivedInput();
            }
        }
        catch (final MalformedCallException ex)
        {
            inputState = Input.DISCARDING;
            releaseReassembly();
            recordMalformedCall(ex);
            reply();
        }
        catch (final RuntimeException ex)
        {
            inputState = Input.DISCARDING;
            releaseReassembly();
            recordInternalFailure(ex);
            reply();
        }
    }

    public void onKeepAlive(final long sessionId, final long timestampMs)
    {
        if (sessionId != this.sessionId)
        {
            onForeign("keep-alive", sessionId);
            return;
        }
        lastActivityNs = nowNs;
        clientMappedTransferRegion();
    }

    public void onCloseSession(final long sessionId)
    {
        if (sessionId != this.sessionId)
        {
            onForeign("close request", sessionId);
            return;
        }
        close("the client closed the session");
    }

    public void onMalformed(final String reason)
    {
        counters.malformedMessages.increment();
        sessionCounters.onError();
        warning.warn("session " + sessionId + ": malformed message skipped: " + reason, nowNs);
    }

    /**
     * The bulk payload of the current call follows: into the function's own sink, or reassembled.
     */
    private void receiveInput(final PayloadSink sink)
    {
        final long length = call.totalPayloadLength();
        if (sink == null && length > MAX_REASSEMBLED_PAYLOAD)
        {
            result.fail(CudaError.INVALID_VALUE,
                "payload of " + length + " bytes is larger than the " + MAX_REASSEMBLED_PAYLOAD + " this call takes");
            refuseInput(true, length);
            return;
        }
        reassembly = sink == null ? new ReassemblyBuffer(ctx.receiveBudget()) : null;
        inputSink = sink != null ? sink : reassembly;
        if (!inputSink.begin(length))
        {
            reassembly = null;
            result.fail(sink == null ? CudaError.OUT_OF_MEMORY : CudaError.INVALID_VALUE, sink == null ?
                "payload of " + length + " bytes does not fit the executor's receive buffers now (" +
                ctx.receiveBudget().available() + " of " + ctx.receiveBudget().capacity() + " bytes free)" :
                "payload of " + length + " bytes cannot be received");
            refuseInput(true, length);
            return;
        }
        inputState = Input.RECEIVING;
        inputCorrelationId = call.correlationId();
        inputLength = length;
        inputReceived = 0;
        if (length == 0)
        {
            dispatchReceivedInput();
        }
    }

    private void dispatchReceivedInput()
    {
        inputState = Input.NONE;
        input.wrap(reassembly != null ? reassembly.bytes() : NO_INPUT);
        try
        {
            runCall(input);
        }
        finally
        {
            releaseReassembly();
        }
    }

    /**
     * The current call's payload is in the transfer region: take it chunk by chunk into the function's own sink (a
     * host-to-device copy, which so goes from the region straight to the device), or reassembled.
     */
    private void receiveFromRegion(final PayloadSink sink)
    {
        final long length = call.totalPayloadLength();
        if (sink == null && length > MAX_REASSEMBLED_PAYLOAD)
        {
            result.fail(CudaError.INVALID_VALUE,
                "payload of " + length + " bytes is larger than the " + MAX_REASSEMBLED_PAYLOAD + " this call takes");
            refuseInput(false, length);
            return;
        }
        reassembly = sink == null ? new ReassemblyBuffer(ctx.receiveBudget()) : null;
        final PayloadSink destination = sink != null ? sink : reassembly;
        if (!destination.begin(length))
        {
            reassembly = null;
            result.fail(sink == null ? CudaError.OUT_OF_MEMORY : CudaError.INVALID_VALUE, sink == null ?
                "payload of " + length + " bytes does not fit the executor's receive buffers now (" +
                ctx.receiveBudget().available() + " of " + ctx.receiveBudget().capacity() + " bytes free)" :
                "payload of " + length + " bytes cannot be received");
            refuseInput(false, length);
            return;
        }
        startRegionTransfer();
        regionInputPending = false;
        TransferRegion.Outcome outcome;
        try
        {
            outcome = transferRegion.region().receive(
                TransferRegion.Direction.TO_EXECUTOR, destination, length, regionWaiter);
        }
        catch (final RuntimeException ex)
        {
            // Part of the payload was taken: the region's counters cannot be put back in step with the client's.
            recordInternalFailure(ex);
            outcome = TransferRegion.Outcome.CORRUPT;
        }
        if (outcome != TransferRegion.Outcome.DONE)
        {
            releaseReassembly();
            close(regionFailure(outcome, "receiving the payload of " + call.remoted()));
            return;
        }
        addBytesIn(length);
        input.wrap(reassembly != null ? reassembly.bytes() : NO_INPUT);
        try
        {
            runCall(input);
        }
        finally
        {
            releaseReassembly();
        }
    }

    /**
     * @return false when the client is gone or the region cannot be trusted: the session is then closing.
     */
    private boolean sendThroughRegion(final PayloadSource payload)
    {
        startRegionTransfer();
        final TransferRegion.Outcome outcome = transferRegion.region().send(
            TransferRegion.Direction.TO_CLIENT, payload, payload.length(), regionWaiter);
        if (outcome != TransferRegion.Outcome.DONE)
        {
            close(regionFailure(outcome, "sending the reply of " + call.remoted()));
            return false;
        }
        return true;
    }

    private void startRegionTransfer()
    {
        regionProgressChunks = 0;
        regionProgressNs = System.nanoTime();
        regionLivenessCheckedNs = regionProgressNs;
        regionGaveUpReason = null;
        regionIdle.reset();
    }

    private String regionFailure(final TransferRegion.Outcome outcome, final String what)
    {
        return outcome == TransferRegion.Outcome.CORRUPT ?
            "the transfer region fell out of step (a counter the client wrote made no sense, or a chunk could not " +
                "be taken) while " + what :
            regionGaveUpReason + " while " + what;
    }

    /**
     * The client has not caught up with a transfer: wait while it lives and moves, at most the keep-alive timeout
     * without progress.
     */
    private boolean awaitRegionPeer(final long chunksMoved)
    {
        if (state == State.CLOSED)
        {
            regionGaveUpReason = "the session is closing";
            return false;
        }
        final long now = System.nanoTime();
        if (chunksMoved != regionProgressChunks)
        {
            regionProgressChunks = chunksMoved;
            regionProgressNs = now;
            regionIdle.reset();
        }
        if (now - regionLivenessCheckedNs > REGION_LIVENESS_CHECK_NS)
        {
            regionLivenessCheckedNs = now;
            if (clientProcess != null && !clientProcess.isAlive())
            {
                regionGaveUpReason = "the client went away (its process ended)";
                return false;
            }
            if (requestSubscription.imageBySessionId(handshake.keys().requestPublicationSessionId()) == null)
            {
                regionGaveUpReason = "the client went away (its request stream disappeared)";
                return false;
            }
            if (now - regionProgressNs > ctx.keepAliveTimeoutNs())
            {
                regionGaveUpReason = "the client moved no transfer region chunk for the keep-alive timeout";
                return false;
            }
        }
        if (!TransferRegion.pace(now - regionProgressNs))
        {
            regionIdle.idle();
        }
        return true;
    }

    /**
     * Pinned host memory in shared memory, for an IPC session of an executor that offers it.
     */
    private static SessionPinnedMemory pinnedMemory(final ExecutorContext ctx, final long sessionId)
    {
        return ctx.pinnedMemoryBytes() > 0 && ctx.aeronDirectoryName() != null &&
            ChannelUri.parse(ctx.channel()).isIpc() ?
            new SessionPinnedMemory(Path.of(ctx.aeronDirectoryName()), sessionId, ctx.pinnedMemoryBytes()) : null;
    }

    /**
     * Offer an IPC client a transfer region. Without one (UDP, none configured, or the file cannot be made) copies
     * move through Aeron, as they always can.
     */
    private void openTransferRegion()
    {
        if (transferRegion != null || ctx.transferRegionBytes() <= 0 || !ChannelUri.parse(ctx.channel()).isIpc())
        {
            return;
        }
        try
        {
            transferRegion = SessionTransferRegion.create(
                Path.of(ctx.aeronDirectoryName()), sessionId, ctx.transferRegionBytes(), ctx.transferChunkBytes());
            backendSession.shareHostMemory(transferRegion.mapped());
            log.debug("session " + sessionId + ": transfer region " + transferRegion.file() + " of " +
                transferRegion.region().length() + " bytes");
        }
        catch (final IOException | RuntimeException ex)
        {
            log.warn("session " + sessionId + ": no shared-memory transfer region (" + ex +
                "); its copies move through Aeron");
            closeTransferRegion();
        }
    }

    /**
     * A request has come from the client, which maps the region before it sends anything: its file can go.
     */
    private void clientMappedTransferRegion()
    {
        if (transferRegion != null)
        {
            try
            {
                transferRegion.deleteFile();
            }
            catch (final IOException ex)
            {
                log.warn("session " + sessionId + ": cannot remove " + transferRegion.file() + ": " + ex);
            }
        }
    }

    private void closeTransferRegion()
    {
        final SessionTransferRegion region = transferRegion;
        if (region == null)
        {
            return;
        }
        transferRegion = null;
        try
        {
            backendSession.unshareHostMemory(region.mapped());
        }
        finally
        {
            try
            {
                region.close();
            }
            catch (final IOException ex)
            {
                log.warn("session " + sessionId + ": cannot remove " + region.file() + ": " + ex);
            }
        }
    }

    private void releaseReassembly()
    {
        if (reassembly != null)
        {
            reassembly.release();
            reassembly = null;
        }
    }

    /**
     * Run the call whose input has all arrived and answer it, marked as running for the conductor's keep-alives.
     */
    private void runCall(final DirectBuffer input)
    {
        final long startedNs = System.nanoTime();
        callStartedNs = startedNs;
        try
        {
            dispatcher.dispatch(call, input, result);
            if (DeviceOutput.flushedBy(call.function()))
            {
                forwardDeviceOutput();
            }
            complete();
        }
        finally
        {
            callStartedNs = NO_CALL;
            counters.callCounters.recordLatency(System.nanoTime() - startedNs);
            sessionCounters.updateDeviceMemory(backendSession);
        }
    }

    /**
     * Send what the call flushed of the kernels' printf text, ahead of the call's reply so that the client prints it
     * before the program goes on.
     */
    private void forwardDeviceOutput()
    {
        backendSession.drainDeviceOutput(deviceOutput);
        if (deviceOutput.problem() != null)
        {
            log.warn("session " + sessionId + ": " + deviceOutput.problem());
        }
        if (deviceOutput.isEmpty())
        {
            deviceOutput.clear();
            return;
        }
        final boolean sent;
        sendLock.lock();
        try
        {
            sent = proxy.deviceOutput(responsePublication, sessionId, deviceOutput.text(), 0, deviceOutput.length(),
                deviceOutput.droppedBytes());
        }
        finally
        {
            sendLock.unlock();
        }
        if (deviceOutput.droppedBytes() > 0)
        {
            warning.warn("session " + sessionId + ": " + deviceOutput.droppedBytes() + " bytes of device output " +
                "dropped: more than the device's printf buffer or one flush (" + DeviceOutput.MAX_BYTES_PER_FLUSH +
                " bytes) holds", nowNs);
        }
        bytesOut += deviceOutput.length();
        counters.bytesOut.getAndAdd(deviceOutput.length());
        deviceOutput.clear();
        if (!sent)
        {
            close("device output could not be sent within the keep-alive timeout");
        }
    }

    /**
     * Reply with the failure already in the result; the call's bulk chunks, if any, are dropped as they come.
     */
    private void refuseInput(final boolean bulkFollows, final long length)
    {
        if (regionInputPending)
        {
            regionInputPending = false;
            transferRegion.region().skip(TransferRegion.Direction.TO_EXECUTOR, length);
        }
        else if (bulkFollows && length > 0)
        {
            inputState = Input.DISCARDING;
            inputCorrelationId = call.correlationId();
        }
        reply();
    }

    /**
     * A call arrived while the previous one still waited for payload: the client gave up on it or lost chunks.
     * Its caller is owed an answer.
     */
    private void abandonIncompleteInput()
    {
        if (inputState == Input.RECEIVING)
        {
            result.reset();
            result.fail(CudaError.INVALID_VALUE, "payload incomplete: " + inputReceived + " of " + inputLength +
                " bytes arrived before the next call");
            reply();
        }
        inputState = Input.NONE;
        releaseReassembly();
    }

    private void complete()
    {
        if (stoppedForGoneClient)
        {
            close("the client went away while its call ran (" + call.remoted() + ")");
            return;
        }
        if (result.failed() && call.remoted() != null)
        {
            log.debug("session " + sessionId + ": " + call.remoted() + " failed with " + result.status() + ": " +
                result.message());
        }
        reply();
        // The clock moves on for the rest of this duty cycle too: messages the client sent while a long call ran
        // (its keep-alives) are handled next, and must not date the session's activity back to before the call.
        nowNs = System.nanoTime();
        lastActivityNs = nowNs;
    }

    private void reply()
    {
        if (result.failed())
        {
            sessionCounters.onError();
            counters.callCounters.onFailed(family());
        }
        if (call.pipelined() && !result.failed())
        {
            return;
        }
        final PayloadSource payload = result.payload();
        final boolean announced = call.replyInRegion() && transferRegion != null &&
            transferRegion.region().takeAnnouncement(TransferRegion.Direction.TO_CLIENT);
        final boolean throughRegion = announced && payload != null && !result.failed();
        if (throughRegion && !sendThroughRegion(payload))
        {
            return;
        }
        final boolean sent;
        sendLock.lock();
        try
        {
            sent = throughRegion ?
                proxy.replyWithPayloadInRegion(responsePublication, sessionId, call.correlationId(), result.status(),
                    result.values(), result.valueCount(), payload.length()) :
                proxy.reply(responsePublication, sessionId, call.correlationId(), result.status(), result.values(),
                    result.valueCount(), result.message(), payload);
        }
        finally
        {
            sendLock.unlock();
        }
        if (!sent)
        {
            close("a reply could not be sent within the keep-alive timeout");
            return;
        }
        if (payload != null)
        {
            bytesOut += payload.length();
            counters.bytesOut.getAndAdd(payload.length());
            sessionCounters.addBytesOut(payload.length());
            counters.callCounters.addBytesOut(family(), payload.length());
        }
    }

    /**
     * A call that decodes but makes no sense (missing arguments): the client's bug, answered with invalid value.
     */
    private void recordMalformedCall(final MalformedCallException ex)
    {
        counters.malformedMessages.increment();
        warning.warn("session " + sessionId + ": malformed call: " + ex.getMessage(), nowNs);
        result.reset();
        result.fail(CudaError.INVALID_VALUE, ex.getMessage());
    }

    /**
     * A bug of ours, not a bad call: logged with its stack trace and counted; the caller still gets an answer.
     */
    private void recordInternalFailure(final RuntimeException ex)
    {
        counters.errors.increment();
        log.error("session " + sessionId + ": " + (call.remoted() == null ? "call" : call.remoted()) +
            " failed inside the executor", ex);
        result.reset();
        result.fail(CudaError.UNKNOWN, "executor error: " + ex);
    }

    /**
     * Once per function id, and then only as often as the rate limit allows: a client sending random ids must not
     * flood the log (nor grow the set of ids seen without bound).
     */
    private void logUnsupported(final int functionId)
    {
        if (unsupportedFunctionsLogged.size() < MAX_UNSUPPORTED_LOGGED && unsupportedFunctionsLogged.add(functionId))
        {
            warning.warn("session " + sessionId + " (client " + clientName + "): function id " + functionId +
                " is not supported; replying " + CudaError.NOT_SUPPORTED.status(Api.RUNTIME), nowNs);
        }
    }

    private void onForeign(final String what, final long otherSessionId)
    {
        counters.foreignMessages.increment();
        warning.warn("session " + sessionId + ": dropped a " + what + " for session " + otherSessionId, nowNs);
    }

    private void addBytesIn(final long length)
    {
        bytesIn += length;
        counters.bytesIn.getAndAdd(length);
        sessionCounters.addBytesIn(length);
        counters.callCounters.addBytesIn(family(), length);
    }

    /**
     * The function family of the call now being received or run, null for a function this executor does not know.
     */
    private Api family()
    {
        return call.remoted() == null ? null : call.remoted().api();
    }

    private void close(final String reason)
    {
        if (state != State.CLOSED)
        {
            closeReason = reason;
            state = State.CLOSED;
        }
    }
}
