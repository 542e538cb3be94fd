package io.gpurelay.executor;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Consumer;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.protocol.security.ExecutorHandshake;
import org.agrona.CloseHelper;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.AgentTerminationException;

/**
 * The sessions one process serves, each on a thread of its own: the executor's with thread isolation, a worker
 * process's with process isolation. Owned by one agent thread (the conductor, or the worker's control agent), which
 * opens sessions, reaps those that closed and sends keep-alives for sessions in a long call.
 */
public final class HostedSessions implements AutoCloseable
{
    private final RemoteExecutor.Context ctx;
    private final Aeron aeron;
    private final ExecutorCounters counters;
    private final ExecutorLog log;
    private final Long2ObjectHashMap<RunningSession> sessions = new Long2ObjectHashMap<>();
    private final Queue<ExecutorSession> closedSessions = new ConcurrentLinkedQueue<>();
    /**
     * How often sessions are checked for a call that needs a keep-alive: often enough that one is at most a quarter
     * of an interval late.
     */
    private final long keepAliveCheckIntervalNs;
    private long lastKeepAliveCheckNs;

    public HostedSessions(final RemoteExecutor.Context ctx, final Aeron aeron, final ExecutorCounters counters)
    {
        this.ctx = ctx;
        this.aeron = aeron;
        this.counters = counters;
        this.log = ctx.log();
        this.keepAliveCheckIntervalNs = ctx.keepAliveIntervalNs() / 4;
    }

    /**
     * Open a session and start its thread; it answers the client with {@code Connected} once the client's response
     * channel connects.
     *
     * @throws RuntimeException when the client's response channel or the request stream cannot be opened.
     */
    public void open(
        final ExecutorHandshake.Accepted handshake,
        final long connectCorrelationId,
        final String responseChannel,
        final int responseStreamId,
        final int requestStreamId,
        final String clientName,
        final long clientPid)
    {
        final long sessionId = handshake.keys().sessionId();
        ExclusivePublication responsePublication = null;
        Subscription requestSubscription = null;
        SessionCounters sessionCounters = null;
        try
        {
            responsePublication = aeron.addExclusivePublication(responseChannel, responseStreamId);
            requestSubscription = aeron.addSubscription(ctx.channel(), requestStreamId);
            sessionCounters = SessionCounters.allocate(aeron, sessionId, clientName, responseChannel, clientPid,
                ctx.backend().deviceCount());
            final BackendSession backendSession = ctx.backend().openSession(sessionId);
            final ExecutorSession session = new ExecutorSession(handshake, connectCorrelationId, clientName,
                clientPid, requestStreamId, responsePublication, requestSubscription, backendSession, ctx, counters,
                sessionCounters, closedSessions::add);
            final AgentRunner runner = new AgentRunner(
                ctx.idleStrategyKind().newIdleStrategy(), this::onSessionError, null, session);
            AgentRunner.startOnThread(runner);
            sessions.put(sessionId, new RunningSession(session, runner));
            counters.sessionsOpened.increment();
            log.info("session " + sessionId + " opened for client '" + clientName + "' pid " + clientPid +
                " in process " + ProcessHandle.current().pid() + ": requests on stream " + requestStreamId +
                ", replies to " + responseChannel + " stream " + responseStreamId);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(sessionCounters, requestSubscription, responsePublication);
            throw ex;
        }
    }

    public int size()
    {
        return sessions.size();
    }

    public boolean hasSession(final long sessionId)
    {
        return sessions.containsKey(sessionId);
    }

    public boolean usesRequestStream(final int requestStreamId)
    {
        for (final RunningSession running : sessions.values())
        {
            if (running.session().requestStreamId() == requestStreamId)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Join the threads of sessions that have closed.
     *
     * @param onReaped told of each, after its thread ended.
     */
    public int reapClosed(final Consumer<ClosedSession> onReaped)
    {
        int reaped = 0;
        ExecutorSession session;
        while ((session = closedSessions.poll()) != null)
        {
            final RunningSession running = sessions.remove(session.sessionId());
            if (running != null)
            {
                CloseHelper.close(running.runner());
            }
            onReaped.accept(new ClosedSession(session.sessionId(),
                session.closeReason() == null ? "stopped" : session.closeReason(), session.calls(), session.bytesIn(),
                session.bytesOut()));
            reaped++;
        }
        return reaped;
    }

    /**
     * A session in a long call cannot send from its own thread; see {@link ExecutorSession#sendKeepAliveIfBusy}.
     */
    public int sendKeepAlives(final long nowNs)
    {
        if (nowNs - lastKeepAliveCheckNs < keepAliveCheckIntervalNs)
        {
            return 0;
        }
        lastKeepAliveCheckNs = nowNs;
        int sent = 0;
        for (final RunningSession running : sessions.values())
        {
            if (running.session().sendKeepAliveIfBusy(nowNs))
            {
                sent++;
            }
        }
        return sent;
    }

    /**
     * Stop every session; each frees what it holds on its own thread.
     */
    public void close()
    {
        for (final RunningSession running : sessions.values())
        {
            CloseHelper.close(running.runner());
        }
        sessions.clear();
        closedSessions.clear();
    }

    private void onSessionError(final Throwable ex)
    {
        if (!(ex instanceof AgentTerminationException))
        {
            counters.errors.increment();
            log.error("session thread failed", ex);
        }
    }

    private record RunningSession(ExecutorSession session, AgentRunner runner)
    {
    }

    /**
     * A session that has closed and freed what it held.
     */
    public record ClosedSession(long sessionId, String reason, long calls, long bytesIn, long bytesOut)
    {
    }
}
