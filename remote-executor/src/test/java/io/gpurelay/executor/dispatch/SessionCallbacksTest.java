package io.gpurelay.executor.dispatch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.Subscription;
import io.aeron.driver.MediaDriver;
import io.aeron.driver.ThreadingMode;
import io.gpurelay.executor.TestMediaDriver;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.HostFunction;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.CloseHelper;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A session's callbacks over a real media driver: a due callback waits for the client's answer on the callback
 * stream, and only for its own, and never for a client that is gone or a session that is ending.
 */
@Timeout(60)
class SessionCallbacksTest
{
    private static final long SESSION_ID = 0x5e55_1011L;
    private static final int PUBLICATION_SESSION_ID = 4242;
    private static final int STREAM_ID = -0x4000_0001;
    private static final long TIMEOUT_NS = TimeUnit.SECONDS.toNanos(10);

    private MediaDriver driver;
    private Aeron aeron;
    private Subscription subscription;
    private ExclusivePublication clientPublication;
    private final RecordingClient client = new RecordingClient();

    @BeforeEach
    void start()
    {
        final String directory = TestMediaDriver.newAeronDirectory("session-callbacks");
        driver = MediaDriver.launch(new MediaDriver.Context()
            .aeronDirectoryName(directory)
            .threadingMode(ThreadingMode.SHARED)
            .dirDeleteOnStart(true)
            .dirDeleteOnShutdown(true));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(directory));
        clientPublication = aeron.addExclusivePublication(
            "aeron:ipc?term-length=65536|session-id=" + PUBLICATION_SESSION_ID, STREAM_ID);
    }

    @AfterEach
    void stop()
    {
        CloseHelper.closeAll(clientPublication, subscription, aeron, driver);
    }

    @Test
    void aDueCallbackTellsTheClientWithItsApisStatusAndWaitsForItsAnswer() throws Exception
    {
        final SessionCallbacks callbacks = callbacks(TIMEOUT_NS);
        final HostFunction driverCallback = register(callbacks, 7, Api.DRIVER);
        final HostFunction runtimeCallback = register(callbacks, 8, Api.RUNTIME);

        final CompletableFuture<Void> first = CompletableFuture.runAsync(
            () -> driverCallback.run(CudaError.ILLEGAL_ADDRESS));
        awaitTrue(() -> client.due.size() == 1);
        assertEquals("7/" + DriverStatus.ILLEGAL_ADDRESS, client.due.get(0));
        assertFalse(first.isDone());

        final ClientProxy answers = ClientProxy.forCallbacks(new BackoffIdleStrategy(), TIMEOUT_NS);
        assertTrue(answers.callbackDone(clientPublication, SESSION_ID, 8));
        assertTrue(answers.callbackDone(clientPublication, SESSION_ID + 1, 7));
        awaitTrue(() -> client.malformed.size() == 2);
        assertFalse(first.isDone(), "answers for another callback or session do not end the wait");
        assertTrue(answers.callbackDone(clientPublication, SESSION_ID, 7));
        first.get(10, TimeUnit.SECONDS);
        assertEquals(1, callbacks.pendingCount());

        final CompletableFuture<Void> second = CompletableFuture.runAsync(() -> runtimeCallback.run(null));
        awaitTrue(() -> client.due.size() == 2);
        assertEquals("8/" + RuntimeStatus.SUCCESS, client.due.get(1));
        assertTrue(answers.callbackDone(clientPublication, SESSION_ID, 8));
        second.get(10, TimeUnit.SECONDS);
        assertEquals(0, callbacks.pendingCount());
        callbacks.close();
    }

    @Test
    void aCallbackIdStillPendingAndTooManyCallbacksAreRefused()
    {
        final SessionCallbacks callbacks = callbacks(TIMEOUT_NS);
        register(callbacks, 1, Api.DRIVER);
        final CallResult result = new CallResult();
        result.reset(Api.DRIVER);
        assertNull(callbacks.register(1, Api.DRIVER, "cuLaunchHostFunc", result));
        assertEquals(DriverStatus.INVALID_VALUE, result.status());
        for (long id = 2; id <= SessionCallbacks.MAX_PENDING; id++)
        {
            register(callbacks, id, Api.DRIVER);
        }
        result.reset(Api.DRIVER);
        assertNull(callbacks.register(SessionCallbacks.MAX_PENDING + 1, Api.DRIVER, "cuLaunchHostFunc", result));
        assertEquals(DriverStatus.OUT_OF_MEMORY, result.status());
        callbacks.unregister(1);
        result.reset(Api.DRIVER);
        assertNotNull(callbacks.register(SessionCallbacks.MAX_PENDING + 1, Api.DRIVER, "cuLaunchHostFunc", result));
        callbacks.close();
    }

    @Test
    void aWaitingCallbackReturnsWhenTheSessionIsReleasedAndLaterOnesDoNotWait() throws Exception
    {
        final SessionCallbacks callbacks = callbacks(TIMEOUT_NS);
        final HostFunction waiting = register(callbacks, 1, Api.DRIVER);
        final HostFunction later = register(callbacks, 2, Api.DRIVER);
        final CompletableFuture<Void> run = CompletableFuture.runAsync(() -> waiting.run(null));
        awaitTrue(() -> client.due.size() == 1);
        callbacks.release("the session is closing");
        run.get(10, TimeUnit.SECONDS);
        later.run(null);
        assertEquals(1, client.due.size(), "a callback reached after the release does not tell the client");
        final CallResult result = new CallResult();
        result.reset(Api.DRIVER);
        assertNull(callbacks.register(3, Api.DRIVER, "cuLaunchHostFunc", result));
        callbacks.close();
    }

    @Test
    void aWaitingCallbackGivesUpOnAClientThatIsGoneOrSilent() throws Exception
    {
        final SessionCallbacks gone = callbacks(TIMEOUT_NS);
        client.goneReason = "the client went away (its process ended)";
        final CompletableFuture<Void> run = CompletableFuture.runAsync(() -> register(gone, 1, Api.DRIVER).run(null));
        run.get(10, TimeUnit.SECONDS);
        gone.close();

        client.goneReason = null;
        final SessionCallbacks silent = callbacks(TimeUnit.SECONDS.toNanos(2));
        final HostFunction function = register(silent, 2, Api.DRIVER);
        final ClientProxy keepAlives = ClientProxy.forCallbacks(new BackoffIdleStrategy(), TIMEOUT_NS);
        final CompletableFuture<Void> kept = CompletableFuture.runAsync(() -> function.run(null));
        // Keep-alives hold the wait open well past the timeout; when they stop, it ends.
        final long keptUntilNs = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
        while (System.nanoTime() - keptUntilNs < 0)
        {
            assertTrue(keepAlives.keepAlive(clientPublication, SESSION_ID, 0));
            Thread.sleep(100);
            assertFalse(kept.isDone());
        }
        kept.get(10, TimeUnit.SECONDS);
        silent.close();
    }

    /**
     * Callbacks on a subscription of their own, which closing them closes.
     */
    private SessionCallbacks callbacks(final long keepAliveTimeoutNs)
    {
        subscription = aeron.addSubscription("aeron:ipc", STREAM_ID);
        awaitTrue(() -> subscription.imageCount() == 1);
        return new SessionCallbacks(SESSION_ID, subscription, PUBLICATION_SESSION_ID, null, client, keepAliveTimeoutNs);
    }

    private static HostFunction register(final SessionCallbacks callbacks, final long id, final Api api)
    {
        final CallResult result = new CallResult();
        result.reset(api);
        final HostFunction function = callbacks.register(id, api, "cuLaunchHostFunc", result);
        assertNotNull(function, result.message());
        return function;
    }

    private static void awaitTrue(final BooleanSupplier condition)
    {
        final long deadline = System.nanoTime() + TIMEOUT_NS;
        while (!condition.getAsBoolean())
        {
            assertTrue(System.nanoTime() - deadline < 0, "timed out");
            Thread.onSpinWait();
        }
    }

    private static final class RecordingClient implements SessionCallbacks.Client
    {
        final List<String> due = new CopyOnWriteArrayList<>();
        final List<String> malformed = new CopyOnWriteArrayList<>();
        volatile String goneReason;

        public boolean callbackDue(final long callbackId, final int status)
        {
            due.add(callbackId + "/" + status);
            return true;
        }

        public String goneReason()
        {
            return goneReason;
        }

        public void onMalformedAnswer(final String reason)
        {
            malformed.add(reason);
        }
    }
}
