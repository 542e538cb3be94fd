package io.gpurelay.executor.isolation;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.counters.WorkerCounters;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.session.WorkerExit;
import io.gpurelay.executor.worker.WorkerProtocol;
import org.agrona.CloseHelper;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Process isolation, on the conductor's thread: places each session in a worker process, keeps a pool of warm workers
 * (started, backend initialised, no session yet), and reaps workers. A worker whose sessions have all ended is told to
 * stop, and killed if it has not ended after a grace period; a worker that dies while it has sessions has each of
 * their clients told why ({@code SessionFailed}), and nothing else is affected. The supervisor itself never touches
 * a device: the backend's name and device count come from the workers' {@code WorkerReady}.
 * <p>
 * Not thread safe, except for the exit notifications, which arrive on a queue.
 */
public final class WorkerSupervisor implements WorkerProtocol.Listener, AutoCloseable
{
    /** How long a worker told to stop has before it is killed. */
    static final long STOP_GRACE_NS = TimeUnit.SECONDS.toNanos(2);
    /** After a worker dies before it was ready, the next start waits this long, doubling up to the maximum. */
    static final long RESTART_BACKOFF_MIN_NS = TimeUnit.MILLISECONDS.toNanos(500);
    static final long RESTART_BACKOFF_MAX_NS = TimeUnit.SECONDS.toNanos(30);

    enum State
    {
        /** Started, backend not ready yet; sessions may wait for it (a cold start). */
        STARTING,
        /** Ready, no session: in the warm pool. */
        WARM,
        /** Serving sessions. */
        SERVING,
        /** Told to stop; killed at its deadline. */
        STOPPING
    }

    private final int warmWorkers;
    private final int sessionsPerWorker;
    private final int maxSessions;
    private final long startTimeoutNs;
    private final ExecutorLog log;
    private final ExecutorCounters counters;
    private final WorkerCounters workerCounters;
    private final WorkerLauncher launcher;
    private final WorkerLink link;
    private final Long2ObjectHashMap<Worker> workers = new Long2ObjectHashMap<>();
    private final Queue<Worker> exited = new ConcurrentLinkedQueue<>();
    private long lastWorkerId;
    private int sessionCount;
    private long nowNs = System.nanoTime();
    private long launchNotBeforeNs;
    private long restartBackoffNs = RESTART_BACKOFF_MIN_NS;
    private boolean closing;
    private volatile int deviceCount = -1;
    private volatile List<String> deviceUuids = List.of();
    private volatile String backendName;
    private volatile String startFailure;

    public WorkerSupervisor(
        final int warmWorkers,
        final int sessionsPerWorker,
        final int maxSessions,
        final long startTimeoutNs,
        final ExecutorLog log,
        final ExecutorCounters counters,
        final WorkerCounters workerCounters,
        final WorkerLauncher launcher,
        final WorkerLink link)
    {
        this.warmWorkers = warmWorkers;
        this.sessionsPerWorker = sessionsPerWorker;
        this.maxSessions = maxSessions;
        this.startTimeoutNs = startTimeoutNs;
        this.log = log;
        this.counters = counters;
        this.workerCounters = workerCounters;
        this.launcher = launcher;
        this.link = link;
    }

    /**
     * How many devices a worker serves, once the first worker is ready; -1 before.
     */
    public int deviceCount()
    {
        return deviceCount;
    }

    /**
     * The devices' UUIDs as the workers report them ({@link io.gpurelay.executor.backend.Backend#deviceUuids()});
     * set before {@link #deviceCount()}, so a caller that saw the count sees them.
     */
    public List<String> deviceUuids()
    {
        return deviceUuids;
    }

    public String backendName()
    {
        return backendName;
    }

    /**
     * Why no worker has become ready yet (the first one died starting), or null.
     */
    public String startFailure()
    {
        return startFailure;
    }

    /**
     * Sessions placed in workers and not ended yet: what {@code --max-sessions} limits.
     */
    public int sessionCount()
    {
        return sessionCount;
    }

    public boolean hasSession(final long sessionId)
    {
        return find(assignment -> assignment.sessionId() == sessionId);
    }

    public boolean usesRequestStream(final int requestStreamId)
    {
        return find(assignment -> assignment.requestStreamId() == requestStreamId);
    }

    /**
     * Place a session: in a worker serving sessions with room (when workers take more than one session), else in a
     * warm worker, else in a worker still starting, else in a worker started for it (a cold start).
     */
    public void openSession(final SessionAssignment assignment)
    {
        Worker worker = placement();
        final boolean cold = worker == null;
        if (cold)
        {
            worker = launch();
            if (worker == null)
            {
                link.connectFailed(assignment, "no worker process could be started for the session", nowNs);
                return;
            }
        }
        worker.claimed = true;
        sessionCount++;
        if (worker.isReady())
        {
            assign(worker, assignment);
        }
        else
        {
            worker.awaitingReady.add(assignment);
        }
        log.info("session " + assignment.sessionId() + " (" + assignment.client() + ") placed in worker " +
            worker.id + " pid " + worker.process.pid() + (cold ? " (cold start)" : worker.isReady() ? "" :
            " (starting)"));
    }

    public int doWork(final long nowNs)
    {
        this.nowNs = nowNs;
        int work = link.poll(this);
        work += reapExits();
        work += enforceDeadlines();
        work += keepPoolSize();
        work += link.doWork(nowNs);
        return work;
    }

    public void onWorkerReady(
        final long workerId, final long pid, final int deviceCount, final String backend,
        final List<String> deviceUuids)
    {
        final Worker worker = workers.get(workerId);
        if (worker == null || worker.state != State.STARTING)
        {
            return;
        }
        this.deviceUuids = List.copyOf(deviceUuids);
        this.deviceCount = deviceCount;
        this.backendName = backend;
        restartBackoffNs = RESTART_BACKOFF_MIN_NS;
        log.info("worker " + workerId + " pid " + pid + " ready after " +
            TimeUnit.NANOSECONDS.toMillis(nowNs - worker.startedNs) + " ms (backend " + backend + ", " + deviceCount +
            " devices)");
        worker.state = State.WARM;
        final List<SessionAssignment> waiting = new ArrayList<>(worker.awaitingReady);
        worker.awaitingReady.clear();
        for (final SessionAssignment assignment : waiting)
        {
            assign(worker, assignment);
        }
    }

    public void onSessionEnded(
        final long workerId,
        final long sessionId,
        final long calls,
        final long bytesIn,
        final long bytesOut,
        final String reason)
    {
        final Worker worker = workers.get(workerId);
        final SessionAssignment assignment = worker == null ? null : worker.sessions.remove(sessionId);
        if (assignment == null)
        {
            return;
        }
        sessionCount--;
        counters.sessionsClosed.increment();
        counters.calls.getAndAdd(calls);
        counters.bytesIn.getAndAdd(bytesIn);
        counters.bytesOut.getAndAdd(bytesOut);
        log.info("session " + sessionId + " (" + assignment.client() + ") in worker " + workerId + " pid " +
            worker.process.pid() + " ended: " + reason + "; " + calls + " calls");
        if (worker.sessions.isEmpty() && worker.awaitingReady.isEmpty())
        {
            stop(worker);
        }
    }

    /**
     * Stop every worker: ask, wait out the grace period, then kill those still running. Sessions end with their
     * workers; their clients see the reply stream close.
     */
    public void close()
    {
        closing = true;
        for (final Worker worker : workers.values())
        {
            if (worker.isReady() || worker.state == State.STOPPING)
            {
                link.stop(worker.id);
            }
            else
            {
                worker.process.stop(false);
            }
        }
        final long deadlineNs = System.nanoTime() + STOP_GRACE_NS;
        for (final Worker worker : workers.values())
        {
            if (!awaitExit(worker, deadlineNs - System.nanoTime()))
            {
                worker.process.stop(true);
                awaitExit(worker, STOP_GRACE_NS);
            }
            worker.process.cleanUp();
        }
        workers.clear();
        CloseHelper.closeAll(link, launcher);
    }

    /**
     * What ended a process, from its exit status: 128 + N is signal N, as a shell reports it.
     */
    public static String describeExit(final int status)
    {
        final WorkerExit exit = WorkerExit.fromStatus(status);
        if (exit != null)
        {
            return exit.description() + " (exit status " + status + ")";
        }
        if (status > 128 && status < 128 + 65)
        {
            final int signal = status - 128;
            final String name = switch (signal)
            {
                case 6 -> " (SIGABRT)";
                case 9 -> " (SIGKILL)";
                case 11 -> " (SIGSEGV)";
                case 15 -> " (SIGTERM)";
                default -> "";
            };
            return "signal " + signal + name;
        }
        return "exit status " + status;
    }

    private boolean find(final Predicate<SessionAssignment> match)
    {
        for (final Worker worker : workers.values())
        {
            for (final SessionAssignment assignment : worker.sessions.values())
            {
                if (match.test(assignment))
                {
                    return true;
                }
            }
            for (final SessionAssignment assignment : worker.awaitingReady)
            {
                if (match.test(assignment))
                {
                    return true;
                }
            }
        }
        return false;
    }

    private Worker placement()
    {
        if (sessionsPerWorker > 1)
        {
            for (final Worker worker : workers.values())
            {
                if ((worker.state == State.SERVING || worker.state == State.STARTING && worker.claimed) &&
                    worker.load() < sessionsPerWorker)
                {
                    return worker;
                }
            }
        }
        Worker starting = null;
        for (final Worker worker : workers.values())
        {
            if (worker.state == State.WARM)
            {
                return worker;
            }
            if (worker.state == State.STARTING && !worker.claimed && starting == null)
            {
                starting = worker;
            }
        }
        return starting;
    }

    private void assign(final Worker worker, final SessionAssignment assignment)
    {
        worker.sessions.put(assignment.sessionId(), assignment);
        worker.state = State.SERVING;
        if (!link.assign(worker.id, assignment))
        {
            log.warn("worker " + worker.id + " pid " + worker.process.pid() + " does not take commands; killing it");
            worker.process.stop(true);
        }
    }

    private void stop(final Worker worker)
    {
        worker.state = State.STOPPING;
        worker.stopDeadlineNs = nowNs + STOP_GRACE_NS;
        if (!link.stop(worker.id))
        {
            worker.process.stop(true);
        }
    }

    private Worker launch()
    {
        final long workerId = ++lastWorkerId;
        final WorkerLauncher.LaunchedWorker process;
        try
        {
            process = launcher.launch(workerId);
        }
        catch (final IOException | RuntimeException ex)
        {
            log.error("cannot start worker " + workerId + ": " + ex, null);
            delayLaunches();
            return null;
        }
        final Worker worker = new Worker(workerId, process, nowNs);
        workers.put(workerId, worker);
        workerCounters.started.increment();
        process.onExit().whenComplete((status, error) ->
        {
            worker.exitStatus = status == null ? -1 : status;
            exited.add(worker);
        });
        log.debug("worker " + workerId + " started: pid " + process.pid());
        return worker;
    }

    private int reapExits()
    {
        int reaped = 0;
        Worker worker;
        while ((worker = exited.poll()) != null)
        {
            if (workers.remove(worker.id) == null)
            {
                continue;
            }
            reaped++;
            worker.process.cleanUp();
            onExit(worker, worker.exitStatus);
        }
        return reaped;
    }

    private void onExit(final Worker worker, final int status)
    {
        final String how = describeExit(status);
        final String name = "worker " + worker.id + " pid " + worker.process.pid();
        if (worker.sessions.isEmpty() && worker.awaitingReady.isEmpty() && worker.state == State.STOPPING)
        {
            workerCounters.recycled.increment();
            if (status == 0)
            {
                log.debug(name + " exited after its sessions");
            }
            else
            {
                log.warn(name + " did not exit cleanly after its sessions: " + how);
            }
            return;
        }
        if (closing)
        {
            return;
        }
        workerCounters.crashed.increment();
        if (worker.state == State.STARTING && deviceCount < 0)
        {
            startFailure = "the worker process exited before it was ready: " + how;
        }
        if (worker.state == State.STARTING || worker.state == State.WARM)
        {
            log.error(name + " died before it served a session: " + how, null);
            delayLaunches();
        }
        final String reason = "the session's worker died: " + how;
        for (final SessionAssignment assignment : worker.sessions.values())
        {
            endFailedSession();
            log.warn("session " + assignment.sessionId() + " (" + assignment.client() + ") failed: its " + name +
                " died: " + how);
            link.sessionFailed(assignment, reason, nowNs);
            removeLeftovers(assignment);
        }
        for (final SessionAssignment assignment : worker.awaitingReady)
        {
            endFailedSession();
            log.warn("session " + assignment.sessionId() + " (" + assignment.client() + ") refused: " + name +
                " died while starting: " + how);
            link.connectFailed(assignment, "the worker process for the session died while starting: " + how, nowNs);
            removeLeftovers(assignment);
        }
    }

    private void removeLeftovers(final SessionAssignment assignment)
    {
        try
        {
            final int removed = link.removeLeftovers(assignment);
            if (removed > 0)
            {
                log.info("session " + assignment.sessionId() + ": removed " + removed +
                    " shared-memory file(s) its dead worker left");
            }
        }
        catch (final IOException | RuntimeException ex)
        {
            log.warn("session " + assignment.sessionId() + ": cannot remove the shared-memory files its dead " +
                "worker left: " + ex);
        }
    }

    private void endFailedSession()
    {
        sessionCount--;
        counters.sessionsClosed.increment();
    }

    private void delayLaunches()
    {
        launchNotBeforeNs = nowNs + restartBackoffNs;
        restartBackoffNs = Math.min(RESTART_BACKOFF_MAX_NS, restartBackoffNs * 2);
    }

    private int enforceDeadlines()
    {
        int work = 0;
        for (final Worker worker : workers.values())
        {
            if (worker.killed)
            {
                continue;
            }
            if (worker.state == State.STARTING && nowNs - worker.startedNs > startTimeoutNs)
            {
                log.error("worker " + worker.id + " pid " + worker.process.pid() + " not ready after " +
                    TimeUnit.NANOSECONDS.toSeconds(startTimeoutNs) + " s; killing it", null);
                kill(worker);
                work++;
            }
            else if (worker.state == State.STOPPING && nowNs - worker.stopDeadlineNs > 0)
            {
                log.warn("worker " + worker.id + " pid " + worker.process.pid() + " did not stop within " +
                    TimeUnit.NANOSECONDS.toMillis(STOP_GRACE_NS) + " ms; killing it");
                kill(worker);
                work++;
            }
        }
        return work;
    }

    private void kill(final Worker worker)
    {
        worker.killed = true;
        worker.process.stop(true);
    }

    /**
     * Keep {@code warmWorkers} ready or starting for sessions to come (one, until the first has said how many devices
     * there are), one start per duty cycle, never more workers than sessions allowed plus the pool.
     */
    private int keepPoolSize()
    {
        final int target = warmWorkers > 0 ? warmWorkers : deviceCount < 0 ? 1 : 0;
        int spare = 0;
        for (final Worker worker : workers.values())
        {
            if (worker.state == State.WARM || worker.state == State.STARTING && !worker.claimed)
            {
                spare++;
            }
        }
        if (spare > target)
        {
            for (final Worker worker : workers.values())
            {
                if (worker.state == State.WARM)
                {
                    stop(worker);
                    return 1;
                }
            }
            return 0;
        }
        if (spare < target && nowNs - launchNotBeforeNs >= 0 && workers.size() < maxSessions + target)
        {
            return launch() == null ? 0 : 1;
        }
        return 0;
    }

    private static boolean awaitExit(final Worker worker, final long timeoutNs)
    {
        try
        {
            worker.process.onExit().get(Math.max(0, timeoutNs), TimeUnit.NANOSECONDS);
            return true;
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            return false;
        }
        catch (final Exception ex)
        {
            return false;
        }
    }

    private static final class Worker
    {
        final long id;
        final WorkerLauncher.LaunchedWorker process;
        final long startedNs;
        final Long2ObjectHashMap<SessionAssignment> sessions = new Long2ObjectHashMap<>();
        final List<SessionAssignment> awaitingReady = new ArrayList<>();
        State state = State.STARTING;
        /** A session was placed in it: a starting worker no longer counts as spare. */
        boolean claimed;
        long stopDeadlineNs;
        boolean killed;
        /** Written by the thread that completes the exit future, read after it queued the worker. */
        volatile int exitStatus;

        Worker(final long id, final WorkerLauncher.LaunchedWorker process, final long startedNs)
        {
            this.id = id;
            this.process = process;
            this.startedNs = startedNs;
        }

        boolean isReady()
        {
            return state == State.WARM || state == State.SERVING;
        }

        int load()
        {
            return sessions.size() + awaitingReady.size();
        }
    }
}
