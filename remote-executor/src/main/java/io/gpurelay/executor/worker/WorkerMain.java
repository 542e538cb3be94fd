package io.gpurelay.executor.worker;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.gpurelay.driver.ControlBackoffIdleStrategy;
import io.gpurelay.driver.ProportionalBackoffIdleStrategy;
import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.session.HostedSessions;
import io.gpurelay.executor.session.WorkerExit;
import io.gpurelay.protocol.security.ExecutorHandshake;
import org.agrona.CloseHelper;
import org.agrona.concurrent.IdleStrategy;

/**
 * A worker process: serves the sessions its supervisor assigns it with the executor's own session code, talking to
 * each client directly on the executor's media driver, and ends when the supervisor tells it to (its sessions are
 * over) or when the supervisor is gone. It is started warm: the backend (CUDA on a GPU) is initialised before it
 * reports ready, so that a session does not wait for it.
 * <p>
 * Its stdout is a file of its own, named by the system property {@value #STDOUT_PROP_NAME}, and holds nothing but what
 * the device code of its sessions prints; its log lines go to stderr, which it shares with the supervisor, prefixed
 * with its pid.
 */
public final class WorkerMain implements WorkerProtocol.Listener, AutoCloseable
{
    /** The system property naming the file the worker's stdout goes to. */
    public static final String STDOUT_PROP_NAME = "gpurelay.worker.stdout";
    /**
     * How often the worker checks that its supervisor still runs: a backstop, as the end of its stdin tells it at
     * once; each check reads /proc, so an idle worker does it once a second.
     */
    static final long SUPERVISOR_CHECK_INTERVAL_MS = 1000;
    /** How long the worker waits for its supervisor to read its events before it gives up. */
    private static final long SUPERVISOR_CONNECT_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(30);
    private static final int FRAGMENT_LIMIT = 16;

    private final WorkerSettings settings;
    private final ExecutorLog log;
    private final long pid = ProcessHandle.current().pid();
    private final WorkerProtocol.Sender sender = new WorkerProtocol.Sender();
    private Aeron aeron;
    private ExecutorCounters counters;
    private Backend backend;
    private HostedSessions sessions;
    private Subscription commands;
    private ExclusivePublication events;
    private boolean stopRequested;

    WorkerMain(final WorkerSettings settings, final ExecutorLog log)
    {
        this.settings = settings;
        this.log = log;
    }

    public static void main(final String[] args)
    {
        final long pid = ProcessHandle.current().pid();
        final WorkerSettings settings;
        try
        {
            settings = WorkerSettings.parse(args);
        }
        catch (final RuntimeException ex)
        {
            System.err.println("gpurelay worker " + pid + ": error: invalid arguments: " + ex.getMessage());
            System.err.flush();
            Runtime.getRuntime().halt(2);
            return;
        }
        final ExecutorLog log = new ExecutorLog(System.err, settings.logLevel(),
            "gpurelay worker " + pid + " (" + settings.workerId() + "): ");
        watchSupervisor(settings.supervisorPid(), log);
        int status = 0;
        try (WorkerMain worker = new WorkerMain(settings, log))
        {
            worker.run();
        }
        catch (final Throwable ex)
        {
            log.error("the worker failed: " + ex, ex);
            status = 1;
        }
        System.out.flush();
        System.err.flush();
        // Everything is closed; halting spares the exit from waiting on threads of the libraries it loaded.
        Runtime.getRuntime().halt(status);
    }

    /**
     * End the worker as soon as its supervisor is gone, killed or not: its stdin (a pipe from the supervisor) reaches
     * its end, or the supervisor's pid no longer runs. A worker never outlives its supervisor.
     */
    static void watchSupervisor(final long supervisorPid, final ExecutorLog log)
    {
        final Thread stdinWatch = new Thread(() ->
        {
            try
            {
                int read;
                do
                {
                    read = System.in.read();
                }
                while (read >= 0);
            }
            catch (final IOException ignored)
            {
                // a closed stdin is the same news as its end
            }
            supervisorGone(log, "its pipe closed");
        }, "gpurelay-supervisor-stdin");
        stdinWatch.setDaemon(true);
        stdinWatch.start();

        final Thread pidWatch = new Thread(() ->
        {
            while (ProcessHandle.of(supervisorPid).map(ProcessHandle::isAlive).orElse(false))
            {
                try
                {
                    Thread.sleep(SUPERVISOR_CHECK_INTERVAL_MS);
                }
                catch (final InterruptedException ex)
                {
                    return;
                }
            }
            supervisorGone(log, "pid " + supervisorPid + " no longer runs");
        }, "gpurelay-supervisor-watch");
        pidWatch.setDaemon(true);
        pidWatch.start();
    }

    private static void supervisorGone(final ExecutorLog log, final String how)
    {
        log.warn("the executor that started this worker is gone (" + how + "); exiting");
        Runtime.getRuntime().halt(0);
    }

    void run()
    {
        final long startNs = System.nanoTime();
        aeron = Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(settings.aeronDirectoryName())
            .clientName("gpurelay worker " + pid)
            .idleStrategy(settings.idleStrategyKind().newAeronClientIdleStrategy())
            .errorHandler(ex -> log.error("Aeron client", ex)));
        counters = new ExecutorCounters(aeron, "worker " + pid);
        backend = settings.backend().create();
        final ExecutorContext ctx = new ExecutorContext()
            .channel(settings.channel())
            .aeronDirectoryName(settings.aeronDirectoryName())
            .backend(backend)
            .idleStrategyKind(settings.idleStrategyKind())
            .keepAliveTimeoutNs(settings.keepAliveTimeoutNs())
            .responseConnectTimeoutNs(settings.responseConnectTimeoutNs())
            .sessionMemoryBytes(settings.sessionMemoryBytes())
            .transferRegionBytes(settings.transferRegionBytes())
            .transferChunkBytes(settings.transferChunkBytes())
            .pinnedMemoryBytes(settings.pinnedMemoryBytes())
            // The backend stops a kernel at the kernel timeout where it can (the emulator); else the watchdog of
            // the sessions below ends this process.
            .kernelTimeoutNs(settings.backend().kernelsStopWithTheWorker() ? 0 : settings.kernelTimeoutNs())
            .receiveBufferBytes(settings.receiveBufferBytes())
            .executorVersion(settings.executorVersion())
            // No token here: the supervisor enforced the rule about serving other hosts, does every handshake and
            // hands each session its keys; a worker accepts no connect request.
            .insecure(true)
            .log(log)
            .conclude();
        sessions = new HostedSessions(ctx, aeron, counters, this::endForRunawayCall,
            settings.backend().kernelsStopWithTheWorker() ? settings.kernelTimeoutNs() : 0);
        commands = aeron.addSubscription(
            WorkerProtocol.CHANNEL, WorkerProtocol.commandStreamId(settings.supervisorPid()));
        events = aeron.addExclusivePublication(
            WorkerProtocol.CHANNEL, WorkerProtocol.eventStreamId(settings.supervisorPid()));

        // The sessions' threads wait as the executor is configured to; this loop only takes the supervisor's
        // commands, starts sessions and watches running calls, which a few milliseconds' delay does not hurt.
        // Spinning here, as the low-latency profile makes the sessions do, would take a core from them for every
        // worker, and parks capped at 1 ms cost a warm worker, which may wait minutes for its session, a thousand
        // wake-ups a second; this one wakes it twenty times a second, and a session assigned after a quiet spell
        // waits at most a quarter of the spell, and never more than 50 ms, to be started. While sessions are open it
        // parks no longer than their checks of running calls need (keep-alives, a runaway call's limit).
        final IdleStrategy idleStrategy = new ControlBackoffIdleStrategy();
        final IdleStrategy servingIdleStrategy = new ProportionalBackoffIdleStrategy(
            ControlBackoffIdleStrategy.MAX_SPINS, ControlBackoffIdleStrategy.MAX_YIELDS,
            ControlBackoffIdleStrategy.MIN_PARK_NS,
            Math.max(ControlBackoffIdleStrategy.MIN_PARK_NS,
                Math.min(ControlBackoffIdleStrategy.MAX_PARK_NS, sessions.checkIntervalNs())),
            ControlBackoffIdleStrategy.PARK_DIVISOR);
        final long deadlineNs = System.nanoTime() + SUPERVISOR_CONNECT_TIMEOUT_NS;
        while (!events.isConnected() || !commands.isConnected())
        {
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("the supervisor's streams did not connect within " +
                    TimeUnit.NANOSECONDS.toSeconds(SUPERVISOR_CONNECT_TIMEOUT_NS) + " s");
            }
            idleStrategy.idle();
        }
        if (!sender.workerReady(
            events, settings.workerId(), pid, backend.deviceCount(), backend.name(), backend.deviceUuids()))
        {
            throw new IllegalStateException("the supervisor did not take this worker's ready message");
        }
        log.debug("ready after " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startNs) + " ms");

        final FragmentAssembler assembler = new FragmentAssembler(new WorkerProtocol.Adapter(this));
        while (!stopRequested)
        {
            final long nowNs = System.nanoTime();
            int work = commands.poll(assembler, FRAGMENT_LIMIT);
            work += sessions.doWork(nowNs, this::onSessionClosed);
            counters.publish();
            if (!events.isConnected())
            {
                log.warn("the supervisor stopped reading this worker's events; exiting");
                return;
            }
            if (sessions.size() > 0)
            {
                idleStrategy.reset();
                servingIdleStrategy.idle(work);
            }
            else
            {
                servingIdleStrategy.reset();
                idleStrategy.idle(work);
            }
        }
    }

    public void onAssignSession(
        final long workerId,
        final ExecutorHandshake.Accepted handshake,
        final long connectCorrelationId,
        final long clientPid,
        final int requestStreamId,
        final int responseStreamId,
        final String responseChannel,
        final String clientName)
    {
        if (workerId != settings.workerId())
        {
            return;
        }
        sessions.open(handshake, connectCorrelationId, responseChannel, responseStreamId, requestStreamId,
            clientName, clientPid);
    }

    public void onStopWorker(final long workerId)
    {
        if (workerId == settings.workerId())
        {
            stopRequested = true;
        }
    }

    public void close()
    {
        CloseHelper.closeAll(sessions, commands, events, counters, aeron, backend);
    }

    /**
     * A call nothing else stops: the supervisor tells the clients of this worker's sessions why, from the status.
     */
    private void endForRunawayCall(final long sessionId, final WorkerExit why)
    {
        log.error("ending worker " + settings.workerId() + " for session " + sessionId + ": " + why.description(),
            null);
        Runtime.getRuntime().halt(why.status());
    }

    private void onSessionClosed(final HostedSessions.ClosedSession closed)
    {
        sender.sessionEnded(events, settings.workerId(), closed.sessionId(), closed.calls(), closed.bytesIn(),
            closed.bytesOut(), closed.reason());
    }
}
