package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.log.ExecutorLog;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The executor tells a client that it is alive while one of the client's calls runs for longer than the keep-alive
 * interval, which the session's own thread, busy in the call, cannot.
 */
class ExecutorKeepAliveTest
{
    private static final long KEEPALIVE_TIMEOUT_MS = 200;
    private static final long INTERVAL_MS = KEEPALIVE_TIMEOUT_MS / 4;
    private static final long SYNCHRONIZE_MS = 600;

    private RemoteExecutor executor;
    private Aeron aeron;
    private TestClient client;

    @AfterEach
    void close()
    {
        CloseHelper.closeAll(client, aeron, executor);
    }

    @Test
    void aCallLongerThanTheIntervalGetsKeepAlivesAndAnIdleSessionNone()
    {
        executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("keepalive"))
            .backend(new SlowSynchronizeBackend(new EmulatedBackend(1, 1024 * 1024)))
            .keepAliveTimeoutNs(TimeUnit.MILLISECONDS.toNanos(KEEPALIVE_TIMEOUT_MS))
            .log(new CapturedLog(ExecutorLog.Level.INFO).log()));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDirectoryName()));
        client = new TestClient(aeron, "aeron:ipc", "aeron:ipc", "keep-alive");
        assertTrue(client.connect(""), () -> "rejected: " + client.rejectDetail);
        assertEquals(INTERVAL_MS, client.keepAliveIntervalMs);
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        ok(client.call(CU_MEM_ALLOC, context, 256));
        assertEquals(0, client.keepAlivesReceived, "quick calls need none");

        final long start = System.nanoTime();
        ok(client.call(CU_CTX_SYNCHRONIZE, context));
        final long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

        final int duringCall = client.keepAlivesReceived;
        assertTrue(duringCall >= SYNCHRONIZE_MS / INTERVAL_MS / 2 && duringCall <= tookMs / INTERVAL_MS + 1,
            duringCall + " keep-alives during a call of " + tookMs + " ms at an interval of " + INTERVAL_MS + " ms");
        assertFalse(client.anyReplyWithin(3 * INTERVAL_MS));
        assertEquals(duringCall, client.keepAlivesReceived, "an idle session gets none");
        ok(client.call(CU_MEM_ALLOC, context, 256));
    }

    /**
     * The emulator with a {@code cuCtxSynchronize} that takes as long as a long kernel on a GPU.
     */
    private static final class SlowSynchronizeBackend implements Backend
    {
        private final Backend backend;

        SlowSynchronizeBackend(final Backend backend)
        {
            this.backend = backend;
        }

        public String name()
        {
            return backend.name();
        }

        public int deviceCount()
        {
            return backend.deviceCount();
        }

        public BackendSession openSession(final long sessionId)
        {
            final BackendSession session = backend.openSession(sessionId);
            return (BackendSession)Proxy.newProxyInstance(BackendSession.class.getClassLoader(),
                new Class<?>[]{ BackendSession.class }, (proxy, method, args) ->
                {
                    if (method.getName().equals("synchronizeContext"))
                    {
                        CapturedLog.sleep(SYNCHRONIZE_MS);
                    }
                    try
                    {
                        return method.invoke(session, args);
                    }
                    catch (final InvocationTargetException ex)
                    {
                        throw ex.getCause();
                    }
                });
        }

        public void close()
        {
            backend.close();
        }
    }
}
