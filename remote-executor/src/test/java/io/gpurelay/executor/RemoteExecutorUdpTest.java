package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_GET_DEVICE_COUNT;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_HTOD;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import io.aeron.Aeron;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An executor listening on a UDP endpoint, as it does for clients on other hosts; limited to two sessions.
 */
class RemoteExecutorUdpTest
{
    private static final int MAX_SESSIONS = 2;

    private static String executorChannel;
    private static String responseChannel;
    private static RemoteExecutor executor;
    private static Aeron aeron;
    private final List<TestClient> clients = new ArrayList<>();

    @BeforeAll
    static void launch()
    {
        final int ports = FreePorts.udpRange(2);
        executorChannel = "aeron:udp?endpoint=localhost:" + ports;
        responseChannel = "aeron:udp?endpoint=localhost:" + (ports + 1);
        executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("udp"))
            .channel(executorChannel)
            .backend(new EmulatedBackend(1, 64L * 1024 * 1024))
            .maxSessions(MAX_SESSIONS)
            .log(new CapturedLog(ExecutorLog.Level.INFO).log()));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDirectoryName()));
    }

    @AfterAll
    static void close()
    {
        CloseHelper.closeAll(aeron, executor);
    }

    @AfterEach
    void closeSessions()
    {
        for (final TestClient client : clients)
        {
            if (client.sessionId != 0)
            {
                client.closeSession();
            }
            client.close();
        }
        TestClient.await("every session closed", () -> executor.counters().activeSessions() == 0);
    }

    @Test
    void copiesThirtyTwoMebibytesBothWaysOverUdp()
    {
        final TestClient client = connected("udp bulk");
        final byte[] data = new byte[32 * 1024 * 1024];
        new Random(42).nextBytes(data);

        final long address = ok(client.call(CUDA_MALLOC, 0, data.length)).value(0);
        ok(client.callWithPayload(CUDA_MEMCPY_HTOD, 0, data, address, data.length));
        final byte[] back = ok(client.call(CUDA_MEMCPY_DTOH, 0, address, data.length)).payload();

        assertArrayEquals(data, back);
    }

    @Test
    void refusesSessionsBeyondTheLimit()
    {
        connected("first");
        connected("second");
        final TestClient third = client("third");

        assertFalse(third.connect(""));

        assertEquals(RejectReason.TOO_MANY_SESSIONS, third.rejectReason);
        assertTrue(third.rejectDetail.contains("at most " + MAX_SESSIONS), third.rejectDetail);
    }

    @Test
    void servesSeveralSessionsAtOnce()
    {
        final TestClient first = connected("one");
        final TestClient second = connected("two");

        assertEquals(1, ok(first.call(CUDA_GET_DEVICE_COUNT, 0)).value(0));
        assertEquals(1, ok(second.call(CUDA_GET_DEVICE_COUNT, 0)).value(0));
    }

    private TestClient client(final String name)
    {
        final TestClient client = new TestClient(aeron, executorChannel, responseChannel, name);
        clients.add(client);
        return client;
    }

    private TestClient connected(final String name)
    {
        final TestClient client = client(name);
        assertTrue(client.connect(""), () -> "rejected: " + client.rejectDetail);
        return client;
    }
}
