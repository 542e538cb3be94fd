package io.gpurelay.executor.control;

import java.security.SecureRandom;
import java.util.ArrayList;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.aeron.logbuffer.Header;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.isolation.SessionAssignment;
import io.gpurelay.executor.isolation.WorkerSupervisor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.log.LogText;
import io.gpurelay.executor.log.RateLimitedWarning;
import io.gpurelay.executor.session.HostedSessions;
import io.gpurelay.executor.session.ResponseChannels;
import io.gpurelay.protocol.ClientName;
import io.gpurelay.protocol.ConnectRequestAdapter;
import io.gpurelay.protocol.ConnectRequestListener;
import io.gpurelay.protocol.ExecutorProxy;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.ExecutorHandshake;
import io.gpurelay.protocol.security.HandshakeException;
import io.gpurelay.protocol.security.HandshakeTranscript;
import org.agrona.CloseHelper;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.Agent;
import org.agrona.concurrent.AgentTerminationException;
import org.agrona.concurrent.NoOpIdleStrategy;

/**
 * The executor's control agent: takes connect requests from the control stream, refuses those it must (protocol
 * version, no proof of the token, a replayed request, session limit) and starts a session for the others, with an
 * unguessable session id and the keys of its handshake: on a thread of this process with thread isolation, in a
 * worker process through the {@link WorkerSupervisor} with process isolation. It never waits on a client: a session
 * waits for its own reply channel on its own thread, and a refusal is sent once its temporary publication connects,
 * from this agent's duty cycle, or dropped at a deadline. Nor does it wait on the media driver: the publications and
 * subscriptions of new sessions and refusals are requested asynchronously and taken up in later duty cycles, so that
 * a storm of connects costs each one a few microseconds here.
 */
final class ExecutorConductor implements Agent, ConnectRequestListener
{
    private static final int FRAGMENT_LIMIT = 16;
    /** Refusals waiting for their client; beyond this, a flood of bad connects is refused without an answer. */
    private static final int MAX_PENDING_REJECTIONS = 64;
    private static final long WARNING_INTERVAL_NS = 1_000_000_000L;

    private final ExecutorContext ctx;
    private final Aeron aeron;
    private final ExecutorCounters counters;
    private final ExecutorLog log;
    private final Subscription controlSubscription;
    private final FragmentAssembler assembler;
    private final ConnectRequestAdapter adapter = new ConnectRequestAdapter(this);
    /**
     * Refusals: a single offer attempt per duty cycle, so that a refused client never holds up the others.
     */
    private final ExecutorProxy singleOfferProxy = new ExecutorProxy(NoOpIdleStrategy.INSTANCE, 0);
    /** The sessions of this process (thread isolation); empty with process isolation. */
    private final HostedSessions sessions;
    /** The worker processes (process isolation), or null. */
    private final WorkerSupervisor supervisor;
    private final ArrayList<PendingRejection> pendingRejections = new ArrayList<>();
    private final RateLimitedWarning warning;
    private final ExecutorHandshake handshake;
    private final boolean sealsSessions;
    private final SecureRandom random = new SecureRandom();
    private final RecentClientKeys recentClientKeys = new RecentClientKeys(RecentClientKeys.DEFAULT_CAPACITY);
    private final StatReplies statReplies;
    private int lastStreamIndex;
    private long nowNs;

    ExecutorConductor(
        final ExecutorContext ctx,
        final Aeron aeron,
        final ExecutorCounters counters,
        final Subscription controlSubscription,
        final WorkerSupervisor supervisor)
    {
        this.ctx = ctx;
        this.aeron = aeron;
        this.counters = counters;
        this.log = ctx.log();
        this.controlSubscription = controlSubscription;
        this.assembler = new FragmentAssembler(this::onFragment);
        this.warning = new RateLimitedWarning(log, WARNING_INTERVAL_NS);
        this.sessions = new HostedSessions(ctx, aeron, counters);
        this.supervisor = supervisor;
        this.handshake = new ExecutorHandshake(ctx.token());
        this.sealsSessions = Protocol.sealsSessions(ctx.channel());
        this.statReplies = new StatReplies(aeron, ctx.responseConnectTimeoutNs());
    }

    public String roleName()
    {
        return "gpurelay-executor-conductor";
    }

    public int doWork()
    {
        nowNs = System.nanoTime();
        try
        {
            int work = sessions.doWork(nowNs, session -> { });
            work += controlSubscription.poll(assembler, FRAGMENT_LIMIT);
            work += sendPendingRejections();
            work += statReplies.doWork(nowNs);
            if (supervisor != null)
            {
                work += supervisor.doWork(nowNs);
            }
            counters.publish();
            return work;
        }
        catch (final AgentTerminationException ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            // Agrona's runner ends the agent on an Error: one more duty cycle is always better than an executor that
            // stays up and accepts no client.
            counters.errors.increment();
            log.error("executor conductor: duty cycle failed, carrying on", ex);
            return 1;
        }
    }

    /**
     * Stops every session (each frees what it holds on its own thread, or its worker process ends) before the
     * executor closes Aeron.
     */
    public void onClose()
    {
        sessions.close();
        CloseHelper.closeAll(supervisor, statReplies);
        for (final PendingRejection rejection : pendingRejections)
        {
            CloseHelper.close(rejection.publication);
        }
        pendingRejections.clear();
    }

    public void onConnectRequest(
        final long correlationId,
        final int protocolVersion,
        final int responseStreamId,
        final long clientPid,
        final String responseChannel,
        final String clientName,
        final byte[] clientPublicKey,
        final byte[] clientProof)
    {
        final String name = LogText.quote(ClientName.sanitise(clientName));
        final String client = "client " + name + " pid " + clientPid;
        final byte[] requestHash = authenticate(correlationId, protocolVersion, responseStreamId, clientPid,
            responseChannel, clientName, clientPublicKey, clientProof, "connect request",
            "connect request of " + client);
        if (requestHash == null)
        {
            return;
        }
        if (!recentClientKeys.add(clientPublicKey))
        {
            // A legitimate client never sends a key twice. The replayer is not answered: its request names someone
            // else's response channel.
            counters.authenticationFailures.increment();
            counters.connectsRejected.increment();
            warning.warn("replayed connect request of " + client + " dropped", nowNs);
        }
        else if (openSessions() >= ctx.maxSessions())
        {
            reject(correlationId, responseChannel, responseStreamId, "connect request of " + client,
                RejectReason.TOO_MANY_SESSIONS,
                "too many sessions: the executor serves at most " + ctx.maxSessions());
        }
        else
        {
            openSession(correlationId, responseChannel, responseStreamId, name, clientPid, requestHash,
                clientPublicKey);
        }
    }

    /**
     * A remote {@code gpurelay stat}: authenticated as a connect request is, answered with the counters; it opens no
     * session. Its key joins the recent keys, so that a captured request cannot be replayed as a connect request.
     */
    public void onStatRequest(
        final long correlationId,
        final int protocolVersion,
        final int responseStreamId,
        final String responseChannel,
        final byte[] clientPublicKey,
        final byte[] clientProof)
    {
        final String client = "stat request from " + LogText.quote(responseChannel);
        final byte[] requestHash = authenticate(correlationId, protocolVersion, responseStreamId, STAT_CLIENT_PID,
            responseChannel, STAT_CLIENT_NAME, clientPublicKey, clientProof, "stat request", client);
        if (requestHash == null)
        {
            return;
        }
        if (!recentClientKeys.add(clientPublicKey))
        {
            counters.authenticationFailures.increment();
            warning.warn("replayed " + client + " dropped", nowNs);
            return;
        }
        if (statReplies.isFull())
        {
            counters.connectsRejected.increment();
            warning.warn(client + " dropped: " + StatReplies.MAX_PENDING + " answers are pending", nowNs);
            return;
        }
        try
        {
            final ExecutorHandshake.Accepted accepted =
                handshake.accept(requestHash, clientPublicKey, 0, 0, 0, sealsSessions);
            statReplies.answer(correlationId, responseChannel, responseStreamId, accepted, nowNs);
        }
        catch (final HandshakeException | RuntimeException ex)
        {
            counters.connectsRejected.increment();
            warning.warn(client + " not answered: " + LogText.quote(ex.toString()), nowNs);
        }
    }

    /**
     * What every request on the control stream must pass before anything is done for it: the client's protocol
     * version, and its proof of the token over the request (one HMAC). A request that fails is refused and counted.
     *
     * @param kind    the request's kind in the refusal, "connect request" or "stat request".
     * @param request who asks, for the log.
     * @return the request's hash, from which the handshake goes on; null when it was refused.
     */
    private byte[] authenticate(
        final long correlationId,
        final int protocolVersion,
        final int responseStreamId,
        final long clientPid,
        final String responseChannel,
        final String clientName,
        final byte[] clientPublicKey,
        final byte[] clientProof,
        final String kind,
        final String request)
    {
        if (!Protocol.compatible(protocolVersion, Protocol.PROTOCOL_VERSION))
        {
            reject(correlationId, responseChannel, responseStreamId, request, RejectReason.VERSION_MISMATCH,
                "protocol version mismatch: client speaks " + Protocol.versionString(protocolVersion) +
                ", executor speaks " + Protocol.versionString(Protocol.PROTOCOL_VERSION));
            return null;
        }
        final byte[] requestHash = HandshakeTranscript.requestHash(correlationId, protocolVersion, responseStreamId,
            clientPid, responseChannel, clientName, clientPublicKey);
        if (!handshake.isClientProof(requestHash, clientProof))
        {
            counters.authenticationFailures.increment();
            reject(correlationId, responseChannel, responseStreamId, request, RejectReason.AUTHENTICATION_FAILED,
                "authentication failed: the " + kind + " does not prove the executor's token");
            return null;
        }
        return requestHash;
    }

    private int openSessions()
    {
        return supervisor != null ? supervisor.sessionCount() : sessions.size();
    }

    public void onMalformed(final String reason)
    {
        counters.malformedMessages.increment();
        warning.warn("malformed message on the control stream skipped: " + reason, nowNs);
    }

    private void onFragment(final DirectBuffer buffer, final int offset, final int length, final Header header)
    {
        try
        {
            adapter.onFragment(buffer, offset, length, header);
        }
        catch (final RuntimeException ex)
        {
            onMalformed("connect request could not be decoded: " + ex);
        }
        catch (final OutOfMemoryError ex)
        {
            counters.errors.increment();
            warning.warn("connect request dropped: no memory to decode it: " + ex.getMessage(), nowNs);
        }
    }

    /**
     * Hand the session on without waiting: to a worker process through the supervisor (process isolation), or to
     * this process's sessions, which ask the media driver for its streams and start it once they exist.
     */
    private void openSession(
        final long correlationId,
        final String responseChannel,
        final int responseStreamId,
        final String clientName,
        final long clientPid,
        final byte[] requestHash,
        final byte[] clientPublicKey)
    {
        final long sessionId = newSessionId();
        final int requestStreamId = newRequestStreamId();
        final ExecutorHandshake.Accepted accepted;
        try
        {
            accepted = handshake.accept(requestHash, clientPublicKey, sessionId, requestStreamId,
                newPublicationSessionId(), sealsSessions);
        }
        catch (final HandshakeException ex)
        {
            counters.authenticationFailures.increment();
            reject(correlationId, responseChannel, responseStreamId,
                "connect request of client " + clientName + " pid " + clientPid, RejectReason.MALFORMED,
                "handshake failed: " + ex.getMessage());
            return;
        }
        if (supervisor != null)
        {
            supervisor.openSession(new SessionAssignment(accepted, correlationId, clientPid, requestStreamId,
                responseStreamId, responseChannel, clientName));
            counters.sessionsOpened.increment();
        }
        else
        {
            sessions.open(accepted, correlationId, responseChannel, responseStreamId, requestStreamId, clientName,
                clientPid);
        }
    }

    /**
     * @param request what is refused, for the log: "connect request of client ..." or "stat request from ...".
     */
    private void reject(
        final long correlationId,
        final String responseChannel,
        final int responseStreamId,
        final String request,
        final RejectReason reason,
        final String detail)
    {
        counters.connectsRejected.increment();
        if (pendingRejections.size() >= MAX_PENDING_REJECTIONS)
        {
            warning.warn(request + " rejected without an answer, too many are pending: " +
                detail, nowNs);
            return;
        }
        warning.warn(request + " rejected: " + detail, nowNs);
        try
        {
            pendingRejections.add(new PendingRejection(
                aeron.asyncAddExclusivePublication(ResponseChannels.forRefusal(responseChannel), responseStreamId),
                correlationId, reason, detail,
                nowNs + ctx.responseConnectTimeoutNs()));
        }
        catch (final RuntimeException ex)
        {
            warning.warn("cannot send the rejection to " + LogText.quote(responseChannel) + " stream " +
                responseStreamId + ": " + LogText.quote(ex.toString()), nowNs);
        }
    }

    private int sendPendingRejections()
    {
        int sent = 0;
        for (int i = pendingRejections.size() - 1; i >= 0; i--)
        {
            final PendingRejection rejection = pendingRejections.get(i);
            try
            {
                if (rejection.publication == null)
                {
                    rejection.publication = aeron.getExclusivePublication(rejection.registrationId);
                }
            }
            catch (final RuntimeException ex)
            {
                pendingRejections.remove(i);
                warning.warn("cannot send a rejection: " + LogText.quote(ex.toString()), nowNs);
                continue;
            }
            final boolean delivered = rejection.publication != null && rejection.publication.isConnected() &&
                singleOfferProxy.rejected(
                    rejection.publication, rejection.correlationId, rejection.reason, rejection.detail);
            if (delivered || nowNs - rejection.deadlineNs >= 0)
            {
                if (rejection.publication != null)
                {
                    CloseHelper.close(rejection.publication);
                }
                else
                {
                    aeron.asyncRemovePublication(rejection.registrationId);
                }
                pendingRejections.remove(i);
                sent++;
            }
        }
        return sent;
    }

    /**
     * Random, so that nobody can name another client's session: 63 bits from a {@link SecureRandom} (positive, as
     * logs and tools expect).
     */
    private long newSessionId()
    {
        long sessionId;
        do
        {
            sessionId = random.nextLong() & Long.MAX_VALUE;
        }
        while (sessionId == 0 || sessions.hasSession(sessionId) ||
            supervisor != null && supervisor.hasSession(sessionId));
        return sessionId;
    }

    /**
     * Counted, not derived from the (random) session id: the next index of the session stream range that no open
     * session uses, so that two sessions never share a request stream even after the index wraps.
     */
    private int newRequestStreamId()
    {
        int requestStreamId;
        do
        {
            lastStreamIndex = (lastStreamIndex + 1) & Protocol.SESSION_STREAM_INDEX_MASK;
            requestStreamId = Protocol.SESSION_STREAM_ID_BASE + lastStreamIndex;
        }
        while (sessions.usesRequestStream(requestStreamId) ||
            supervisor != null && supervisor.usesRequestStream(requestStreamId));
        return requestStreamId;
    }

    /**
     * The Aeron session id of the client's request publication, outside the range the media driver assigns itself.
     */
    private int newPublicationSessionId()
    {
        return Protocol.MIN_REQUEST_PUBLICATION_SESSION_ID +
            random.nextInt(Integer.MAX_VALUE - Protocol.MIN_REQUEST_PUBLICATION_SESSION_ID);
    }

    private static final class PendingRejection
    {
        final long registrationId;
        final long correlationId;
        final RejectReason reason;
        final String detail;
        final long deadlineNs;
        ExclusivePublication publication;

        PendingRejection(
            final long registrationId,
            final long correlationId,
            final RejectReason reason,
            final String detail,
            final long deadlineNs)
        {
            this.registrationId = registrationId;
            this.correlationId = correlationId;
            this.reason = reason;
            this.detail = detail;
            this.deadlineNs = deadlineNs;
        }
    }
}
