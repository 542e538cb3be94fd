package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.aeron.Aeron;
import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.config.Isolation;
import io.gpurelay.executor.config.WorkerBackend;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Process isolation on the emulated backend: every session in a worker process of its own, a worker that dies ends
 * its own session only, and a worker whose session ended goes away. The keep-alive timeout is long: a test client
 * sends keep-alives only while it waits, and a worker may take seconds to start on a busy machine.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class ProcessIsolationIpcTest
{
    private static final String CHANNEL = "aeron:ipc";
    private static final Pattern PLACED = Pattern.compile("session (\\d+) \\(client '([^']+)' pid \\d+\\) placed in " +
        "worker \\d+ pid (\\d+)");

    private static CapturedLog capturedLog;
    private static RemoteExecutor executor;
    private static Aeron aeron;

    @BeforeAll
    static void launch()
    {
        capturedLog = new CapturedLog(ExecutorLog.Level.INFO);
        executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("process-isolation"))
            .channel(CHANNEL)
            .isolation(Isolation.PROCESS)
            .workerBackend(new WorkerBackend("emulated", DeviceSelection.parse("1"), 64L * 1024 * 1024))
            .warmWorkers(2)
            .kernelTimeoutNs(TimeUnit.MILLISECONDS.toNanos(300))
            .keepAliveTimeoutNs(TimeUnit.SECONDS.toNanos(60))
            .log(capturedLog.log()));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDirectoryName()));
    }

    @AfterAll
    static void close()
    {
        CloseHelper.closeAll(aeron, executor);
    }

    @Test
    void aKilledWorkerFailsItsOwnSessionOnlyAndAnEndedSessionsWorkerExits() throws Exception
    {
        assertEquals("emulated", executor.backendName());
        assertEquals(1, executor.deviceCount());
        try (TestClient victim = new TestClient(aeron, CHANNEL, CHANNEL, "victim");
            TestClient bystander = new TestClient(aeron, CHANNEL, CHANNEL, "bystander"))
        {
            assertTrue(victim.connect(""));
            assertTrue(bystander.connect(""));
            assertEquals("emulated", victim.backend);
            ok(victim.call(CUDA_MALLOC, 0, 1024));
            ok(bystander.call(CUDA_MALLOC, 0, 1024));
            final long victimWorker = workerPid("victim");
            final long bystanderWorker = workerPid("bystander");
            assertNotEquals(victimWorker, bystanderWorker);
            assertNotEquals(ProcessHandle.current().pid(), victimWorker);
            final long crashedBefore = executor.workerCounters().crashed();

            ProcessHandle.of(victimWorker).orElseThrow().destroyForcibly();

            final String failure = victim.awaitSessionFailure();
            assertTrue(failure.contains("the session's worker died: signal 9"), failure);
            ok(bystander.call(CUDA_MALLOC, 0, 4096));
            assertEquals(crashedBefore + 1, executor.workerCounters().crashed());

            final long recycledBefore = executor.workerCounters().recycled();
            bystander.closeSession();
            final Optional<ProcessHandle> bystanderProcess = ProcessHandle.of(bystanderWorker);
            if (bystanderProcess.isPresent())
            {
                bystanderProcess.get().onExit().get(30, TimeUnit.SECONDS);
            }
            TestClient.await("the worker recycled", () -> executor.workerCounters().recycled() > recycledBefore);
            capturedLog.awaitLine("session \\d+ \\(client 'bystander' pid \\d+\\) in worker \\d+ pid " +
                bystanderWorker + " ended: the client closed the session");
        }
    }

    @Test
    void aWorkersKernelRunningPastTheKernelTimeoutFailsWithTheLaunchTimeoutError()
    {
        try (TestClient client = new TestClient(aeron, CHANNEL, CHANNEL, "spins"))
        {
            assertTrue(client.connect(""));
            final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
            final long spin = ExecutorRobustnessTest.spinKernel(client, context);

            final TestClient.Reply launched =
                client.awaitReply(ExecutorRobustnessTest.launch(client, context, spin));

            assertEquals(DriverStatus.LAUNCH_TIMEOUT, launched.status());
            assertTrue(launched.message().contains("ran longer than the kernel timeout of 300 ms"), launched.message());
        }
    }

    @Test
    void aWorkerThatDiesBeforeItAnsweredTheConnectRequestHasTheRequestRefused() throws Exception
    {
        final long[] workers = ProcessHandle.current().children().mapToLong(ProcessHandle::pid).toArray();
        assertTrue(workers.length > 0);
        for (final long pid : workers)
        {
            // ready, so that the session is assigned to one rather than waiting for it to start
            capturedLog.awaitLine("worker \\d+ pid " + pid + " ready after");
        }
        signal("-STOP", workers);
        try (TestClient early = new TestClient(aeron, CHANNEL, CHANNEL, "early"))
        {
            early.sendConnect("", Protocol.PROTOCOL_VERSION);
            final long worker = workerPid("early");
            ProcessHandle.of(worker).orElseThrow().destroyForcibly();
            signal("-CONT", workers);

            early.awaitPolling("the connect request answered",
                () -> early.rejectReason != null || early.sessionId != 0);
            assertEquals(RejectReason.WORKER_UNAVAILABLE, early.rejectReason);
            assertTrue(early.rejectDetail.contains("the session's worker died: signal 9"), early.rejectDetail);
        }
        finally
        {
            signal("-CONT", workers);
        }
    }

    private static void signal(final String signal, final long[] pids) throws Exception
    {
        final String[] command = new String[pids.length + 2];
        command[0] = "kill";
        command[1] = signal;
        for (int i = 0; i < pids.length; i++)
        {
            command[i + 2] = Long.toString(pids[i]);
        }
        final Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
        assertTrue(kill.waitFor(30, TimeUnit.SECONDS), "kill " + signal + " did not end");
    }

    private static long workerPid(final String clientName)
    {
        final Matcher matcher = PLACED.matcher(capturedLog.awaitLine("client '" + clientName + "' pid \\d+\\) placed"));
        assertTrue(matcher.find());
        return Long.parseLong(matcher.group(3));
    }
}
