package io.gpurelay.executor.session;

import java.util.ArrayList;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.counters.SessionCounters;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.log.LogText;
import io.gpurelay.executor.log.RateLimitedWarning;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.SessionChannels;
import io.gpurelay.protocol.security.ExecutorHandshake;
import org.agrona.CloseHelper;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.AgentTerminationException;

/**
 * The sessions one process serves, each on a thread of its own: the executor's with thread isolation, a worker
 * process's with process isolation. Owned by one agent thread (the conductor, or the worker's control agent), which
 * opens sessions without waiting on the media driver, reaps those that closed and sends keep-alives for sessions in
 * a long call.
 */
public final class HostedSessions implements AutoCloseable
{
    private static final long MIN_RUNAWAY_CHECK_INTERVAL_NS = TimeUnit.MILLISECONDS.toNanos(10);

    private final ExecutorContext ctx;
    private final Aeron aeron;
    private final ExecutorCounters counters;
    private final ExecutorLog log;
    private final Long2ObjectHashMap<RunningSession> sessions = new Long2ObjectHashMap<>();
    private final Queue<ExecutorSession> closedSessions = new ConcurrentLinkedQueue<>();
    private final ArrayList<StartingSession> startingSessions = new ArrayList<>();
    private final ArrayList<ClosedSession> abandoned = new ArrayList<>();
    private final RateLimitedWarning warning;
    private final RunawayCallHandler runawayCalls;
    /** A call running longer than this ends the process ({@link WorkerExit#KERNEL_TIMEOUT}); 0 for no limit. */
    private final long runawayCallTimeoutNs;
    /**
     * How often sessions are checked for a call that needs a keep-alive: often enough that one is at most a quarter
     * of an interval late, and a runaway call is seen within a tenth of its limit past it.
     */
    private final long keepAliveCheckIntervalNs;
    private long lastKeepAliveCheckNs;

    /**
     * Sessions of a process that cannot end itself for a runaway call: the executor's, with thread isolation.
     */
    public HostedSessions(final ExecutorContext ctx, final Aeron aeron, final ExecutorCounters counters)
    {
        this(ctx, aeron, counters, null, 0);
    }

    /**
     * @param runawayCalls         ends this process for a call nothing else stops (a worker's), or null.
     * @param runawayCallTimeoutNs a call running longer than this is a runaway; 0 for no limit (then only a call that
     *                             outlives its client is one).
     */
    public HostedSessions(
        final ExecutorContext ctx,
        final Aeron aeron,
        final ExecutorCounters counters,
        final RunawayCallHandler runawayCalls,
        final long runawayCallTimeoutNs)
    {
        if (runawayCallTimeoutNs < 0)
        {
            throw new IllegalArgumentException("runaway call timeout must not be negative: " + runawayCallTimeoutNs);
        }
        this.runawayCalls = runawayCalls;
        this.runawayCallTimeoutNs = runawayCallTimeoutNs;
        this.ctx = ctx;
        this.aeron = aeron;
        this.counters = counters;
        this.log = ctx.log();
        this.keepAliveCheckIntervalNs = runawayCallTimeoutNs > 0 ?
            Math.min(ctx.keepAliveIntervalNs() / 4, Math.max(MIN_RUNAWAY_CHECK_INTERVAL_NS, runawayCallTimeoutNs / 10)) :
            ctx.keepAliveIntervalNs() / 4;
        this.warning = new RateLimitedWarning(log, TimeUnit.SECONDS.toNanos(1));
    }

    /**
     * Accept a session: its streams are asked of the media driver without waiting, and {@link #doWork} starts its
     * thread once they exist; it answers the client with {@code Connected} once the client's response channel
     * connects. A session whose streams cannot be made is reported closed by {@link #reapClosed}, reason given.
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
        // As long as a blocking add would have waited for the media driver: a driver slowed by a busy host is no
        // reason to refuse a client.
        final long driverTimeoutNs = TimeUnit.MILLISECONDS.toNanos(aeron.context().driverTimeoutMs());
        final StartingSession starting = new StartingSession(handshake, connectCorrelationId, responseChannel,
            responseStreamId, requestStreamId, clientName, clientPid,
            System.nanoTime() + Math.max(ctx.responseConnectTimeoutNs(), driverTimeoutNs));
        try
        {
            starting.publicationRegistrationId = aeron.asyncAddExclusivePublication(
                SessionChannels.forSessionPublication(ResponseChannels.forSession(responseChannel)), responseStreamId);
            starting.subscriptionRegistrationId = aeron.asyncAddSubscription(ctx.channel(), requestStreamId);
            starting.callbackSubscriptionRegistrationId =
                aeron.asyncAddSubscription(ctx.channel(), Protocol.callbackStreamId(requestStreamId));
            startingSessions.add(starting);
        }
        catch (final RuntimeException ex)
        {
            abandon(starting, ex.toString());
        }
    }

    /**
     * Start the sessions whose streams exist, reap those that closed, send keep-alives for sessions in a long call
     * and stop the call of a client that is gone.
     *
     * @param onReaped told of each session that closed, after its thread ended, or that could not start.
     */
    public int doWork(final long nowNs, final Consumer<ClosedSession> onReaped)
    {
        int work = startSessions(nowNs);
        work += reapClosed(onReaped);
        work += watchRunningCalls(nowNs);
        return work;
    }

    private int startSessions(final long nowNs)
    {
        int started = 0;
        for (int i = startingSessions.size() - 1; i >= 0; i--)
        {
            final StartingSession starting = startingSessions.get(i);
            try
            {
                if (starting.responsePublication == null)
                {
                    starting.responsePublication = aeron.getExclusivePublication(starting.publicationRegistrationId);
                }
                if (starting.requestSubscription == null)
                {
                    starting.requestSubscription = aeron.getSubscription(starting.subscriptionRegistrationId);
                }
                if (starting.callbackSubscription == null)
                {
                    starting.callbackSubscription =
                        aeron.getSubscription(starting.callbackSubscriptionRegistrationId);
                }
            }
            catch (final RuntimeException ex)
            {
                startingSessions.remove(i);
                abandon(starting, ex.toString());
                continue;
            }
            if (starting.responsePublication != null && starting.requestSubscription != null &&
                starting.callbackSubscription != null)
            {
                startingSessions.remove(i);
                start(starting);
                started++;
            }
            else if (nowNs - starting.deadlineNs >= 0)
            {
                startingSessions.remove(i);
                abandon(starting, "the media driver did not create its streams in time");
            }
        }
        return started;
    }

    private void abandon(final StartingSession starting, final String reason)
    {
        if (starting.responsePublication == null && starting.publicationRegistrationId != Aeron.NULL_VALUE)
        {
            CloseHelper.quietClose(() -> aeron.asyncRemovePublication(starting.publicationRegistrationId));
        }
        if (starting.requestSubscription == null && starting.subscriptionRegistrationId != Aeron.NULL_VALUE)
        {
            CloseHelper.quietClose(() -> aeron.asyncRemoveSubscription(starting.subscriptionRegistrationId));
        }
        if (starting.callbackSubscription == null &&
            starting.callbackSubscriptionRegistrationId != Aeron.NULL_VALUE)
        {
            CloseHelper.quietClose(() -> aeron.asyncRemoveSubscription(starting.callbackSubscriptionRegistrationId));
        }
        CloseHelper.quietCloseAll(
            starting.callbackSubscription, starting.requestSubscription, starting.responsePublication);
        counters.malformedMessages.increment();
        warning.warn("session " + starting.sessionId + " of client " + starting.clientName + " pid " +
            starting.clientPid + " not started: cannot reply to " + LogText.quote(starting.responseChannel) +
            " stream " + starting.responseStreamId + ": " + LogText.quote(reason), System.nanoTime());
        abandoned.add(new ClosedSession(starting.sessionId, "it could not open: " + reason, 0, 0, 0));
    }

    private void start(final StartingSession starting)
    {
        final long sessionId = starting.sessionId;
        SessionCounters sessionCounters = null;
        try
        {
            sessionCounters = SessionCounters.allocate(aeron, sessionId, LogText.unquote(starting.clientName),
                starting.responseChannel, starting.clientPid, ctx.backend().deviceCount());
            final BackendSession backendSession = ctx.backend().openSession(sessionId);
            final ExecutorSession session = new ExecutorSession(starting.handshake, starting.correlationId,
                starting.clientName, starting.clientPid, starting.requestStreamId, starting.responsePublication,
                starting.requestSubscription, starting.callbackSubscription, backendSession, ctx, counters,
                sessionCounters, closedSessions::add);
            final AgentRunner runner = new AgentRunner(
                ctx.idleStrategyKind().newIdleStrategy(), this::onSessionError, null, session);
            AgentRunner.startOnThread(runner);
            sessions.put(sessionId, new RunningSession(session, runner));
            counters.sessionsOpened.increment();
            log.info("session " + sessionId + " opened for client " + starting.clientName + " pid " +
                starting.clientPid + " in process " + ProcessHandle.current().pid() + ": requests on stream " +
                starting.requestStreamId + ", replies to " + LogText.quote(starting.responseChannel) + " stream " +
                starting.responseStreamId);
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietCloseAll(sessionCounters, starting.callbackSubscription, starting.requestSubscription,
                starting.responsePublication);
            counters.errors.increment();
            log.error("session " + sessionId + " for client " + starting.clientName + " pid " + starting.clientPid +
                " could not start", ex);
            abandoned.add(new ClosedSession(sessionId, "it could not start: " + ex, 0, 0, 0));
        }
    }

    /**
     * How often {@link #doWork} should run while sessions are open, for keep-alives to go out in time and a runaway
     * call to be seen within a tenth of its limit: the owning thread parks no longer than this then.
     */
    public long checkIntervalNs()
    {
        return keepAliveCheckIntervalNs;
    }

    /**
     * Sessions running or starting.
     */
    public int size()
    {
        return sessions.size() + startingSessions.size();
    }

    /**
     * Whether a session of this id is running or starting.
     */
    public boolean hasSession(final long sessionId)
    {
        if (sessions.containsKey(sessionId))
        {
            return true;
        }
        for (final StartingSession starting : startingSessions)
        {
            if (starting.sessionId == sessionId)
            {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether a session running or starting takes its requests on this stream.
     */
    public boolean usesRequestStream(final int requestStreamId)
    {
        for (final RunningSession running : sessions.values())
        {
            if (running.session().requestStreamId() == requestStreamId)
            {
                return true;
            }
        }
        for (final StartingSession starting : startingSessions)
        {
            if (starting.requestStreamId == requestStreamId)
            {
                return true;
            }
        }
        return false;
    }

    private int reapClosed(final Consumer<ClosedSession> onReaped)
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
        for (final ClosedSession closed : abandoned)
        {
            onReaped.accept(closed);
            reaped++;
        }
        abandoned.clear();
        return reaped;
    }

    /**
     * A session in a long call cannot send from its own thread, nor see that its client went away: this sends its
     * keep-alives ({@link ExecutorSession#sendKeepAliveIfBusy}) and stops the call of a client that is gone.
     */
    private int watchRunningCalls(final long nowNs)
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
            running.session().stopCallIfClientGone();
            if (runawayCalls != null)
            {
                endProcessIfRunaway(running.session(), nowNs);
            }
        }
        return sent;
    }

    /**
     * A call that runs past the kernel timeout, or on after its client went away and it was asked to stop, can only
     * be ended with the process (a GPU kernel cannot be stopped from the host; ending the process frees its context).
     */
    private void endProcessIfRunaway(final ExecutorSession session, final long nowNs)
    {
        final long runningNs = session.callRunningNs(nowNs);
        if (runningNs < 0)
        {
            return;
        }
        if (runawayCallTimeoutNs > 0 && runningNs > runawayCallTimeoutNs)
        {
            log.error("session " + session.sessionId() + ": a call has run for " +
                TimeUnit.NANOSECONDS.toMillis(runningNs) + " ms, longer than the kernel timeout of " +
                TimeUnit.NANOSECONDS.toMillis(runawayCallTimeoutNs) + " ms; ending this process", null);
            runawayCalls.endProcess(session.sessionId(), WorkerExit.KERNEL_TIMEOUT);
        }
        else if (session.stoppedForGoneClientSinceNs(nowNs) > ctx.keepAliveTimeoutNs())
        {
            log.error("session " + session.sessionId() + ": its client went away and its call did not stop within " +
                TimeUnit.NANOSECONDS.toMillis(ctx.keepAliveTimeoutNs()) + " ms; ending this process", null);
            runawayCalls.endProcess(session.sessionId(), WorkerExit.CALL_OUTLIVED_CLIENT);
        }
    }

    /**
     * Ends the process that hosts the sessions, for a call nothing else can stop; does not return.
     */
    @FunctionalInterface
    public interface RunawayCallHandler
    {
        void endProcess(long sessionId, WorkerExit why);
    }

    /**
     * Stop every session; each frees what it holds on its own thread.
     */
    public void close()
    {
        for (final RunningSession running : sessions.values())
        {
            running.session().stopRunningCall("the executor is stopping");
        }
        for (final RunningSession running : sessions.values())
        {
            CloseHelper.close(running.runner());
        }
        for (final StartingSession starting : startingSessions)
        {
            CloseHelper.closeAll(starting.requestSubscription, starting.responsePublication);
        }
        sessions.clear();
        startingSessions.clear();
        closedSessions.clear();
        abandoned.clear();
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
     * A session accepted and waiting for the media driver to create its streams.
     */
    private static final class StartingSession
    {
        /** Holds the session's keys: never logged. */
        final ExecutorHandshake.Accepted handshake;
        final long sessionId;
        final long correlationId;
        final String responseChannel;
        final int responseStreamId;
        final int requestStreamId;
        final String clientName;
        final long clientPid;
        final long deadlineNs;
        long publicationRegistrationId = Aeron.NULL_VALUE;
        long subscriptionRegistrationId = Aeron.NULL_VALUE;
        long callbackSubscriptionRegistrationId = Aeron.NULL_VALUE;
        ExclusivePublication responsePublication;
        Subscription requestSubscription;
        Subscription callbackSubscription;

        StartingSession(
            final ExecutorHandshake.Accepted handshake,
            final long correlationId,
            final String responseChannel,
            final int responseStreamId,
            final int requestStreamId,
            final String clientName,
            final long clientPid,
            final long deadlineNs)
        {
            this.handshake = handshake;
            this.sessionId = handshake.keys().sessionId();
            this.correlationId = correlationId;
            this.responseChannel = responseChannel;
            this.responseStreamId = responseStreamId;
            this.requestStreamId = requestStreamId;
            this.clientName = clientName;
            this.clientPid = clientPid;
            this.deadlineNs = deadlineNs;
        }
    }

    /**
     * A session that has closed and freed what it held.
     */
    public record ClosedSession(long sessionId, String reason, long calls, long bytesIn, long bytesOut)
    {
    }
}
