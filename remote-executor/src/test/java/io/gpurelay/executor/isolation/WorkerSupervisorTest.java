package io.gpurelay.executor.isolation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.gpurelay.executor.CapturedLog;
import io.gpurelay.executor.TestMediaDriver;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.counters.WorkerCounters;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.log.LogText;
import io.gpurelay.executor.worker.WorkerProtocol;
import io.gpurelay.protocol.security.ExecutorHandshake;
import io.gpurelay.protocol.security.SessionKeys;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The supervisor's bookkeeping with workers that are not processes: placement, the warm pool, crashes, recycling and
 * the stop deadline.
 */
class WorkerSupervisorTest
{
    private static final long MS = TimeUnit.MILLISECONDS.toNanos(1);

    private final CapturedLog capturedLog = new CapturedLog(ExecutorLog.Level.DEBUG);
    private final FakeLauncher launcher = new FakeLauncher();
    private final FakeLink link = new FakeLink();
    private MediaDriver driver;
    private Aeron aeron;
    private ExecutorCounters counters;
    private WorkerCounters workerCounters;
    /** The test's clock: starts after the supervisor's, which reads the real one once when it is made. */
    private long nowNs;

    @BeforeEach
    void setUp()
    {
        driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("supervisor"))
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        counters = new ExecutorCounters(aeron);
        workerCounters = new WorkerCounters(aeron);
    }

    @AfterEach
    void tearDown()
    {
        CloseHelper.closeAll(workerCounters, counters, aeron, driver);
    }

    @Test
    void keepsTheWarmPoolFullAndPlacesASessionInAWarmWorker()
    {
        final WorkerSupervisor supervisor = supervisor(2, 1);
        cycles(supervisor, 3);
        assertEquals(2, launcher.workers.size(), "one start per cycle, up to the pool's size");
        ready(supervisor, 1);
        ready(supervisor, 2);
        assertEquals(1, supervisor.deviceCount());

        supervisor.openSession(session(1));
        assertEquals(1, link.commands.size(), link.commands.toString());
        assertTrue(link.commands.get(0).matches("assign [12] 1"), link.commands.toString());
        assertEquals(1, supervisor.sessionCount());
        cycles(supervisor, 2);
        assertEquals(3, launcher.workers.size(), "the pool refills");
        assertEquals(3, workerCounters.started());
    }

    @Test
    void aSessionWithoutAWarmWorkerWaitsForAColdStart()
    {
        final WorkerSupervisor supervisor = supervisor(0, 1);
        supervisor.openSession(session(7));
        assertEquals(1, launcher.workers.size());
        assertTrue(link.commands.isEmpty(), "nothing to assign before the worker is ready");
        ready(supervisor, 1);
        assertEquals(List.of("assign 1 7"), link.commands);
    }

    @Test
    void aWorkerThatDiesFailsItsSessionsAndTheNextStartWaits()
    {
        final WorkerSupervisor supervisor = supervisor(1, 1);
        cycles(supervisor, 1);
        ready(supervisor, 1);
        supervisor.openSession(session(3));

        launcher.workers.get(0).exit(137);
        cycles(supervisor, 1);

        assertEquals(List.of("failed 3: the session's worker died: signal 9 (SIGKILL)"), link.notices);
        assertEquals(0, supervisor.sessionCount());
        assertEquals(1, workerCounters.crashed());
        assertEquals(1, counters.sessionsClosed());
        assertTrue(capturedLog.text().contains("session 3 (client 'c3' pid 3) failed: its worker 1 pid 1001 died: " +
            "signal 9 (SIGKILL)"), capturedLog.text());
    }

    @Test
    void aWorkerThatDiesStartingRefusesItsWaitingSessionAndSaysWhy()
    {
        final WorkerSupervisor supervisor = supervisor(0, 1);
        supervisor.openSession(session(4));
        launcher.workers.get(0).exit(1);
        cycles(supervisor, 1);

        assertEquals(List.of("refused 4: the worker process for the session died while starting: exit status 1"),
            link.notices);
        assertEquals("the worker process exited before it was ready: exit status 1", supervisor.startFailure());
        final int started = launcher.workers.size();
        cycles(supervisor, 3);
        assertEquals(started, launcher.workers.size(), "no restart before the back-off");
        nowNs += WorkerSupervisor.RESTART_BACKOFF_MIN_NS;
        cycles(supervisor, 1);
        assertEquals(started + 1, launcher.workers.size(), "a probe worker after the back-off");
    }

    @Test
    void aWorkerWhoseSessionsEndedIsStoppedAndKilledIfItLingers()
    {
        final WorkerSupervisor supervisor = supervisor(0, 1);
        supervisor.openSession(session(5));
        ready(supervisor, 1);
        supervisor.onSessionEnded(1, 5, 10, 100, 200, "the client closed the session");
        assertEquals(List.of("assign 1 5", "stop 1"), link.commands);
        assertEquals(10, counters.calls());

        nowNs += WorkerSupervisor.STOP_GRACE_NS + MS;
        cycles(supervisor, 1);
        final FakeWorker worker = launcher.workers.get(0);
        assertTrue(worker.killed, "killed after the grace period");
        worker.exit(137);
        cycles(supervisor, 1);
        assertEquals(1, workerCounters.recycled());
        assertEquals(0, workerCounters.crashed());
        assertTrue(link.notices.isEmpty(), link.notices.toString());
    }

    @Test
    void sessionsShareAWorkerUpToTheLimit()
    {
        final WorkerSupervisor supervisor = supervisor(0, 2);
        supervisor.openSession(session(1));
        ready(supervisor, 1);
        supervisor.openSession(session(2));
        supervisor.openSession(session(3));
        assertEquals(List.of("assign 1 1", "assign 1 2"), link.commands);
        assertEquals(2, launcher.workers.size(), "the third session gets a worker of its own");
        assertTrue(supervisor.hasSession(3));
        assertTrue(supervisor.usesRequestStream(103));
        assertFalse(supervisor.usesRequestStream(104));

        launcher.workers.get(0).exit(139);
        cycles(supervisor, 1);
        assertEquals(2, link.notices.size(), "a fault ends every session of the worker");
        assertTrue(link.notices.get(0).endsWith("signal 11 (SIGSEGV)"), link.notices.toString());
        assertFalse(supervisor.hasSession(1));
    }

    @Test
    void describesExitStatuses()
    {
        assertEquals("signal 9 (SIGKILL)", WorkerSupervisor.describeExit(137));
        assertEquals("signal 15 (SIGTERM)", WorkerSupervisor.describeExit(143));
        assertEquals("signal 7", WorkerSupervisor.describeExit(135));
        assertEquals("exit status 3", WorkerSupervisor.describeExit(3));
        assertFalse(WorkerSupervisor.describeExit(0).contains("signal"));
    }

    private WorkerSupervisor supervisor(final int warmWorkers, final int sessionsPerWorker)
    {
        final WorkerSupervisor supervisor = new WorkerSupervisor(warmWorkers, sessionsPerWorker, 16,
            TimeUnit.SECONDS.toNanos(60), capturedLog.log(), counters, workerCounters, launcher, link);
        nowNs = System.nanoTime();
        return supervisor;
    }

    private void cycles(final WorkerSupervisor supervisor, final int count)
    {
        for (int i = 0; i < count; i++)
        {
            nowNs += MS;
            supervisor.doWork(nowNs);
        }
    }

    private static void ready(final WorkerSupervisor supervisor, final long workerId)
    {
        supervisor.onWorkerReady(workerId, 1000 + workerId, 1, "emulated", List.of());
    }

    private static SessionAssignment session(final long sessionId)
    {
        final SessionKeys keys = new SessionKeys(sessionId, 2000 + (int)sessionId, false, new byte[32], new byte[32]);
        return new SessionAssignment(new ExecutorHandshake.Accepted(keys, new byte[32], new byte[32]), 1, sessionId,
            100 + (int)sessionId, 5000, "aeron:ipc", LogText.quote("c" + sessionId));
    }

    private static final class FakeWorker implements WorkerLauncher.LaunchedWorker
    {
        private final long pid;
        private final CompletableFuture<Integer> onExit = new CompletableFuture<>();
        boolean killed;

        FakeWorker(final long pid)
        {
            this.pid = pid;
        }

        void exit(final int status)
        {
            onExit.complete(status);
        }

        public long pid()
        {
            return pid;
        }

        public CompletableFuture<Integer> onExit()
        {
            return onExit;
        }

        public void stop(final boolean forcibly)
        {
            killed |= forcibly;
        }

        public void cleanUp()
        {
        }
    }

    private static final class FakeLauncher implements WorkerLauncher
    {
        final List<FakeWorker> workers = new ArrayList<>();

        public LaunchedWorker launch(final long workerId)
        {
            final FakeWorker worker = new FakeWorker(1000 + workerId);
            workers.add(worker);
            return worker;
        }

        public void close()
        {
        }
    }

    private static final class FakeLink implements WorkerLink
    {
        final List<String> commands = new ArrayList<>();
        final List<String> notices = new ArrayList<>();

        public int poll(final WorkerProtocol.Listener listener)
        {
            return 0;
        }

        public boolean assign(final long workerId, final SessionAssignment assignment)
        {
            commands.add("assign " + workerId + " " + assignment.sessionId());
            return true;
        }

        public boolean stop(final long workerId)
        {
            commands.add("stop " + workerId);
            return true;
        }

        public void sessionFailed(final SessionAssignment assignment, final String reason, final long nowNs)
        {
            notices.add("failed " + assignment.sessionId() + ": " + reason);
        }

        public void connectFailed(final SessionAssignment assignment, final String reason, final long nowNs)
        {
            notices.add("refused " + assignment.sessionId() + ": " + reason);
        }

        public int doWork(final long nowNs)
        {
            return 0;
        }

        public void close()
        {
        }
    }
}
