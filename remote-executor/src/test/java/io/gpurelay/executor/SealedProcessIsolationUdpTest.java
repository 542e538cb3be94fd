package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMSET;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.aeron.Aeron;
import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.config.Isolation;
import io.gpurelay.executor.config.WorkerBackend;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.protocol.FreePorts;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A sealed (UDP, token) session served by a worker process: the worker gets the session's keys from the supervisor
 * and seals and opens exactly as a session thread does, a forged request is dropped and counted by the worker, and
 * when the worker dies the supervisor's SessionFailed reaches the client sealed, so that the client accepts it.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SealedProcessIsolationUdpTest
{
    private static final String TOKEN = "udp-worker-token-7e02";
    private static final Pattern PLACED = Pattern.compile("session (\\d+) \\(client '([^']+)' pid \\d+\\) placed in " +
        "worker \\d+ pid (\\d+)");

    private static String executorChannel;
    private static String responseChannel;
    private static CapturedLog capturedLog;
    private static RemoteExecutor executor;
    private static Aeron aeron;

    @BeforeAll
    static void launch()
    {
        final int ports = FreePorts.udpRange(2);
        executorChannel = "aeron:udp?endpoint=localhost:" + ports;
        responseChannel = "aeron:udp?endpoint=localhost:" + (ports + 1);
        capturedLog = new CapturedLog(ExecutorLog.Level.INFO);
        executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("sealed-process"))
            .channel(executorChannel)
            .token(TOKEN)
            .isolation(Isolation.PROCESS)
            .workerBackend(new WorkerBackend("emulated", DeviceSelection.parse("1"), 64L * 1024 * 1024))
            .warmWorkers(1)
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
    void aWorkerServesASealedSessionDropsAForgedRequestAndItsDeathIsToldSealed() throws Exception
    {
        try (TestClient client = new TestClient(aeron, executorChannel, responseChannel, "sealed in a worker"))
        {
            assertTrue(client.connect(TOKEN), () -> "rejected: " + client.rejectDetail);
            assertTrue(client.keys.sealed());
            final long workerPid = workerPid("sealed in a worker");
            assertNotEquals(ProcessHandle.current().pid(), workerPid);

            final long address = ok(client.call(CUDA_MALLOC, 0, 1 << 20)).value(0);
            ok(client.call(CUDA_MEMSET, 0, address, 0, 1 << 20));
            final byte[] back = ok(client.call(CUDA_MEMCPY_DTOH, 0, address, 1 << 20)).payload();
            assertArrayEquals(new byte[1 << 20], back);

            final long forgedBefore = workerForgedMessages(workerPid);
            final byte[] forged =
                client.sealButKeep(client.encodeCall(client.sessionId, CUDA_MEMSET, address, 0x41, 4096));
            forged[forged.length - 20] ^= 0x01;
            client.offerExactly(forged);
            TestClient.await("the worker counted the forgery",
                () -> workerForgedMessages(workerPid) == forgedBefore + 1);
            assertArrayEquals(new byte[4096], ok(client.call(CUDA_MEMCPY_DTOH, 0, address, 4096)).payload());
            assertEquals(0, client.droppedReplies);

            ProcessHandle.of(workerPid).orElseThrow().destroyForcibly();

            final String failure = client.awaitSessionFailure();
            assertTrue(failure.contains("the session's worker died: signal 9"), failure);
            assertEquals(0, client.droppedReplies, "the supervisor's SessionFailed opened with the session's key");
        }
    }

    /**
     * A worker's counters live on the executor's media driver, labelled with the worker's pid.
     */
    private static long workerForgedMessages(final long workerPid)
    {
        final long[] value = {-1};
        final String owner = "gpurelay worker " + workerPid + " ";
        aeron.countersReader().forEach((counterId, typeId, keyBuffer, label) ->
        {
            if (typeId == ExecutorCounters.FORGED_MESSAGES_TYPE_ID && label.startsWith(owner))
            {
                value[0] = aeron.countersReader().getCounterValue(counterId);
            }
        });
        return value[0];
    }

    private static long workerPid(final String clientName)
    {
        final Matcher matcher = PLACED.matcher(capturedLog.awaitLine("client '" + clientName + "' pid \\d+\\) placed"));
        assertTrue(matcher.find());
        return Long.parseLong(matcher.group(3));
    }
}
