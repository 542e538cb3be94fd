package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_MEM_GET_INFO;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.aeron.Aeron;
import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.log.ExecutorLog;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * An in-process executor on an embedded media driver, over {@code aeron:ipc}, for a test class's clients that speak
 * the wire protocol as the agent does: started before the class's tests, closed after them, and every client a test
 * connected closed after that test. Register it as a static field:
 * <pre>{@code
 * @RegisterExtension
 * static final IpcExecutor EXECUTOR = IpcExecutor.emulated("fft", 1, 64L << 20, context -> context);
 * }</pre>
 * A test that needs an executor of other settings beside its class's starts one of its own with {@link #start()}
 * and closes it, with the clients it connected, when done:
 * <pre>{@code
 * try (IpcExecutor unlimited = IpcExecutor.emulated("pools-end", 2, 16L << 20, context -> context).start())
 * }</pre>
 */
final class IpcExecutor implements BeforeAllCallback, AfterAllCallback, AfterEachCallback, AutoCloseable
{
    static final String CHANNEL = "aeron:ipc";

    private final String name;
    private final Supplier<Backend> backend;
    private final UnaryOperator<ExecutorContext> settings;
    private final List<TestClient> clients = new ArrayList<>();
    private CapturedLog log;
    private RemoteExecutor executor;
    private Aeron aeron;

    private IpcExecutor(final String name, final Supplier<Backend> backend,
        final UnaryOperator<ExecutorContext> settings)
    {
        this.name = name;
        this.backend = backend;
        this.settings = settings;
    }

    /**
     * An executor on {@code devices} emulated devices of {@code deviceMemory} bytes each, with a keep-alive timeout
     * of 5 s, a response connect timeout of 500 ms and its log captured at INFO; {@code settings} may change or add
     * to those.
     */
    static IpcExecutor emulated(final String name, final int devices, final long deviceMemory,
        final UnaryOperator<ExecutorContext> settings)
    {
        return on(name, () -> new EmulatedBackend(devices, deviceMemory), settings);
    }

    /**
     * An executor on the backend made when the class's tests start, with the settings of
     * {@link #emulated(String, int, long, UnaryOperator)}.
     */
    static IpcExecutor on(final String name, final Supplier<Backend> backend,
        final UnaryOperator<ExecutorContext> settings)
    {
        return new IpcExecutor(name, backend, settings);
    }

    @Override
    public void beforeAll(final ExtensionContext context)
    {
        start();
    }

    /**
     * Start the executor and connect to its media driver, for a test that uses this executor outside of a class's
     * lifecycle; {@link #close()} undoes it.
     *
     * @return this, for try-with-resources.
     */
    IpcExecutor start()
    {
        log = new CapturedLog(ExecutorLog.Level.INFO);
        executor = RemoteExecutor.launch(settings.apply(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory(name))
            .channel(CHANNEL)
            .backend(backend.get())
            .keepAliveTimeoutNs(5_000_000_000L)
            .responseConnectTimeoutNs(500_000_000L)
            .log(log.log())));
        try
        {
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDirectoryName()));
        }
        catch (final RuntimeException ex)
        {
            CloseHelper.quietClose(executor);
            throw ex;
        }
        return this;
    }

    @Override
    public void afterEach(final ExtensionContext context)
    {
        closeClients();
    }

    @Override
    public void afterAll(final ExtensionContext context)
    {
        CloseHelper.closeAll(aeron, executor);
    }

    /**
     * Close the clients connected so far, then the executor: the end of an executor {@link #start() started} by a
     * test.
     */
    @Override
    public void close()
    {
        closeClients();
        CloseHelper.closeAll(aeron, executor);
    }

    private void closeClients()
    {
        for (final TestClient client : clients)
        {
            client.close();
        }
        clients.clear();
    }

    /**
     * A client, not yet connected, closed after the test.
     */
    TestClient client(final String clientName)
    {
        final TestClient client = new TestClient(aeron, CHANNEL, CHANNEL, clientName);
        clients.add(client);
        return client;
    }

    /**
     * A client connected with no token, closed after the test.
     */
    TestClient connected(final String clientName)
    {
        return connected(clientName, "");
    }

    /**
     * A client connected with the token, closed after the test.
     */
    TestClient connected(final String clientName, final String token)
    {
        final TestClient client = client(clientName);
        assertTrue(client.connect(token), () -> "rejected: " + client.rejectDetail);
        return client;
    }

    /**
     * Ends the {@code leaving} session and checks that all it held on {@code device} is given back: a watcher session
     * first sees {@code held} of the device's {@code deviceMemory} bytes taken ({@code holding} says by what), then,
     * once the leaving session is closed, all of them free again within 10 s (the executor frees a session's memory
     * after the session has gone, not within the close).
     */
    void assertSessionEndFrees(final TestClient leaving, final int device, final long deviceMemory, final long held,
        final String holding)
    {
        final TestClient watcher = connected("watcher");
        final long watcherContext = ok(watcher.call(CU_CTX_CREATE, 0, 0, device)).value(0);
        assertEquals(deviceMemory - held, ok(watcher.call(CU_MEM_GET_INFO, watcherContext)).value(0), holding);

        leaving.close();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long free = 0;
        while (free != deviceMemory && System.nanoTime() < deadline)
        {
            free = ok(watcher.call(CU_MEM_GET_INFO, watcherContext)).value(0);
        }
        assertEquals(deviceMemory, free, "device " + device + "'s memory is all free once the session has ended");
    }

    RemoteExecutor executor()
    {
        return executor;
    }

    Aeron aeron()
    {
        return aeron;
    }

    CapturedLog log()
    {
        return log;
    }
}
