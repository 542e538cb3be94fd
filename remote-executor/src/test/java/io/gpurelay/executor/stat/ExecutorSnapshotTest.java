package io.gpurelay.executor.stat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import io.gpurelay.executor.TestMediaDriver;
import io.gpurelay.executor.counters.CallCounters;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.counters.SessionCounters;
import io.gpurelay.executor.stat.ExecutorSnapshot.SessionStats;
import io.gpurelay.protocol.Api;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The totals of a CnC file in which the executor and a worker process both have executor counters: each session and
 * call counts once.
 */
class ExecutorSnapshotTest
{
    private static final long PID = ProcessHandle.current().pid();

    private MediaDriver driver;
    private Aeron aeron;
    private ExecutorCounters executor;

    @BeforeEach
    void setUp()
    {
        driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("snapshot"))
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(driver.aeronDirectoryName()));
        executor = new ExecutorCounters(aeron);
    }

    @AfterEach
    void tearDown()
    {
        CloseHelper.closeAll(executor, aeron, driver);
    }

    @Test
    void processIsolationCountsSessionsOnceAndAddsTheOpenSessionsOfWorkers()
    {
        // The supervisor opened two sessions; one closed after 5 calls, which its worker reported.
        executor.sessionsOpened.getAndAdd(2);
        executor.sessionsClosed.increment();
        executor.calls.getAndAdd(5);
        executor.bytesIn.getAndAdd(500);
        try (ExecutorCounters worker = new ExecutorCounters(aeron, "worker " + PID);
            SessionCounters open = SessionCounters.allocate(aeron, 2, "holder", "aeron:ipc", 77, 1))
        {
            // The worker of the open session has counted it and its 3 calls as well.
            worker.sessionsOpened.increment();
            worker.calls.getAndAdd(3);
            worker.callCounters.onCall(Api.RUNTIME);
            worker.callCounters.onCall(Api.RUNTIME);
            worker.callCounters.onCall(Api.RUNTIME);
            open.onCall();
            open.onCall();
            open.onCall();
            open.addBytesIn(40);

            executor.publish();
            worker.publish();
            final ExecutorSnapshot snapshot = ExecutorSnapshot.read(aeron.countersReader());

            assertEquals(2, snapshot.total(ExecutorCounters.SESSIONS_OPENED_TYPE_ID));
            assertEquals(1, snapshot.sessionsOpen());
            assertEquals(8, snapshot.calls());
            assertEquals(540, snapshot.total(ExecutorCounters.BYTES_IN_TYPE_ID));
            assertEquals(3, snapshot.families().get(CallCounters.familyName(Api.RUNTIME)).calls());
            final List<SessionStats> sessions = snapshot.sessions();
            assertEquals(1, sessions.size());
            assertEquals(PID, sessions.get(0).workerPid());
            assertEquals(77, sessions.get(0).clientPid());
            assertEquals(3, snapshot.otherCounters().get("worker " + PID + " calls"), snapshot.otherCounters()
                .toString());
            assertEquals(1, snapshot.otherCounters().get("worker " + PID + " sessions opened"));
        }
    }

    @Test
    void threadIsolationTakesCallsFromTheExecutorsCountersAlone()
    {
        executor.sessionsOpened.increment();
        executor.calls.getAndAdd(3);
        try (SessionCounters open = SessionCounters.allocate(aeron, 1, "holder", "aeron:ipc", 77, 1))
        {
            open.onCall();
            open.onCall();
            open.onCall();

            executor.publish();
            final ExecutorSnapshot snapshot = ExecutorSnapshot.read(aeron.countersReader());

            assertEquals(3, snapshot.calls());
            assertEquals(1, snapshot.sessionsOpen());
            assertTrue(snapshot.otherCounters().keySet().stream().noneMatch(label -> label.startsWith("worker ")),
                snapshot.otherCounters().toString());
        }
    }

    @Test
    void aSessionMarkedClosedIsGoneWithItsMemoryWhileTheDriverStillHoldsItsCounters()
    {
        executor.sessionsOpened.getAndAdd(2);
        try (SessionCounters leaving = SessionCounters.allocate(aeron, 1, "leaving", "aeron:ipc", 77, 1);
            SessionCounters staying = SessionCounters.allocate(aeron, 2, "staying", "aeron:ipc", 78, 1))
        {
            leaving.updateDeviceMemory(device -> 3L << 20);
            staying.updateDeviceMemory(device -> 5L << 20);
            executor.publish();
            assertEquals(List.of(8L << 20), List.copyOf(ExecutorSnapshot.read(aeron.countersReader())
                .deviceMemory().values()));

            // What a session's close does before the executor counts it closed; the counters stay allocated.
            leaving.markClosed();
            executor.sessionsClosed.increment();
            executor.publish();
            final ExecutorSnapshot snapshot = ExecutorSnapshot.read(aeron.countersReader());

            assertEquals(1, snapshot.sessionsOpen());
            assertEquals(List.of(2L), snapshot.sessions().stream().map(SessionStats::sessionId).toList());
            assertEquals(List.of(5L << 20), List.copyOf(snapshot.deviceMemory().values()));
        }
    }
}
