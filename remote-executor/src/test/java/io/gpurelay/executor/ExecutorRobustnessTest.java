package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.ptx;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_FREE;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_HTOD;
import static io.gpurelay.protocol.Function.CUDA_MEMSET;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_LAUNCH_KERNEL;
import static io.gpurelay.protocol.Function.CU_MODULE_GET_FUNCTION;
import static io.gpurelay.protocol.Function.CU_MODULE_LOAD_DATA;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.Subscription;
import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.session.ResponseChannels;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.codecs.ConnectRequestEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.CloseHelper;
import org.agrona.SemanticVersion;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Inputs that once crashed, wedged or exhausted the executor: each must leave it serving new clients.
 */
class ExecutorRobustnessTest
{
    private static final String CHANNEL = "aeron:ipc";
    /** Small terms, so that hundreds of sessions fit in the media driver's directory. */
    private static final String SMALL_TERMS_CHANNEL = "aeron:ipc?term-length=64k";
    private static final long DEVICE_MEMORY = 2L * 1024 * 1024 * 1024;
    private static final long RECEIVE_BUFFERS = 300L * 1024 * 1024;
    private static final long ANNOUNCED = 256L * 1024 * 1024;
    private static final long KERNEL_TIMEOUT_NS = TimeUnit.MILLISECONDS.toNanos(300);
    private static final int DEVICE_0 = 0;
    private static final long NO_CONTEXT = 0;

    private static CapturedLog capturedLog;
    private static RemoteExecutor executor;
    private static Aeron aeron;
    private final List<TestClient> clients = new ArrayList<>();
    private final List<AutoCloseable> closeables = new ArrayList<>();

    @BeforeAll
    static void launch()
    {
        capturedLog = new CapturedLog(ExecutorLog.Level.INFO);
        executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("robust"))
            .channel(CHANNEL)
            .backend(new EmulatedBackend(1, DEVICE_MEMORY))
            .kernelTimeoutNs(KERNEL_TIMEOUT_NS)
            .receiveBufferBytes(RECEIVE_BUFFERS)
            .keepAliveTimeoutNs(TimeUnit.SECONDS.toNanos(2))
            .responseConnectTimeoutNs(TimeUnit.SECONDS.toNanos(2))
            .log(capturedLog.log()));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDirectoryName()));
    }

    @AfterAll
    static void close()
    {
        CloseHelper.closeAll(aeron, executor);
    }

    @AfterEach
    void closeClients()
    {
        clients.forEach(TestClient::close);
        CloseHelper.closeAll(closeables);
    }

    @Test
    void connectRequestsDeclaringHugeFieldsAreRefusedBeforeAnythingIsAllocated()
    {
        final long before = executor.counters().malformedMessages();
        final long rssBefore = residentBytes();
        try (Publication control = aeron.addPublication(CHANNEL, Protocol.CONTROL_STREAM_ID))
        {
            TestClient.await("control publication connected", control::isConnected);
            for (int i = 0; i < 20; i++)
            {
                final UnsafeBuffer request = connectRequestDeclaringClientNameLength(i % 2 == 0 ? 0x7FFF_FFFF : -1);
                TestClient.await("oversized connect request offered", () -> control.offer(request) > 0);
            }
        }

        TestClient.await("oversized connect requests counted",
            () -> executor.counters().malformedMessages() >= before + 20);
        capturedLog.awaitLine("clientName declares (2147483647|4294967295) bytes, at most " +
            io.gpurelay.protocol.VarDataBounds.MAX_CLIENT_NAME_LENGTH + " allowed");
        assertTrue(connected("after oversized connects").sessionId > 0);
        assertTrue(residentBytes() - rssBefore < 256L * 1024 * 1024,
            "20 requests declaring 2 GiB each must not make the executor resident: " + (residentBytes() - rssBefore));
    }

    @Test
    void payloadsAnnouncedBeyondTheReceiveBuffersAreRefusedAndAbandonedOnesGiveTheirShareBack()
    {
        final TestClient first = connected("announces 256 MiB");
        final long firstContext = ok(first.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long firstLoad = first.announceBulkCall(CU_MODULE_LOAD_DATA, firstContext, ANNOUNCED);
        first.sendChunk(firstLoad, 0, new byte[64 * 1024]);

        final TestClient second = connected("announces 256 MiB too");
        final long secondContext = ok(second.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final Reply refused = second.awaitReply(second.announceBulkCall(CU_MODULE_LOAD_DATA, secondContext, ANNOUNCED));
        assertEquals(DriverStatus.OUT_OF_MEMORY, refused.status());
        assertTrue(refused.message().contains("does not fit the executor's receive buffers"), refused.message());

        ok(first.call(CU_CTX_SYNCHRONIZE, firstContext));
        final Reply abandoned = first.awaitReply(firstLoad);
        assertEquals(DriverStatus.INVALID_VALUE, abandoned.status());
        assertTrue(abandoned.message().startsWith("payload incomplete: 65536 of 268435456 bytes"), abandoned.message());
        assertEquals(RECEIVE_BUFFERS, executor.context().receiveBudget().available());

        ok(connected("after announcements").call(CUDA_MALLOC, DEVICE_0, 256));
    }

    @Test
    void bytesInCountWhatArrivedNotWhatACallDeclares()
    {
        final TestClient client = connected("declares huge payloads");
        final long address = ok(client.call(CUDA_MALLOC, DEVICE_0, 4096)).value(0);
        final long before = executor.counters().bytesIn();
        for (final long declared : new long[]{ Long.MAX_VALUE, Long.MAX_VALUE / 2, 1L << 40 })
        {
            final Reply refused = client.awaitReply(
                client.announceRegionCall(CUDA_MEMCPY_HTOD, DEVICE_0, declared, address, 4096));
            assertEquals(RuntimeStatus.INVALID_VALUE, refused.status(), refused.message());
        }
        assertEquals(before, executor.counters().bytesIn(), "nothing arrived");

        ok(client.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, new byte[4096], address, 4096));
        assertEquals(before + 4096, executor.counters().bytesIn(), "the copy's 4096 bytes, exactly");
    }

    @Test
    void aRefusedConnectRequestIsAnsweredOnSmallTermsAndASessionsTermsAreBoundedWhateverTheClientAsks()
    {
        assertEquals(ResponseChannels.REFUSAL_TERM_LENGTH,
            responseTermLength("aeron:ipc?term-length=16m|linger=3600s", SemanticVersion.compose(2, 0, 0)));
        assertEquals(ResponseChannels.MAX_SESSION_TERM_LENGTH,
            responseTermLength("aeron:ipc?term-length=128m", Protocol.PROTOCOL_VERSION));
        assertEquals(64 * 1024, responseTermLength(SMALL_TERMS_CHANNEL, Protocol.PROTOCOL_VERSION));
    }

    /**
     * @return the term length of the publication the executor answered a connect request on.
     */
    private int responseTermLength(final String responseChannel, final int protocolVersion)
    {
        final TestClient client = new TestClient(aeron, CHANNEL, responseChannel, "asks " + responseChannel);
        clients.add(client);
        final AtomicInteger termLength = new AtomicInteger();
        try (Subscription watch = aeron.addSubscription(CHANNEL, client.responseStreamId,
            image -> termLength.compareAndSet(0, image.termBufferLength()), image -> { }))
        {
            final boolean accepted = client.connect("", protocolVersion);
            assertEquals(protocolVersion == Protocol.PROTOCOL_VERSION, accepted, () -> client.rejectDetail);
            TestClient.await("the answer's image seen", () -> termLength.get() != 0);
        }
        return termLength.get();
    }

    @Test
    void allocatingTheWholeDeviceTakesNoMemoryUntilItIsTouchedAndReadsZeros()
    {
        final long rssBefore = residentBytes();
        final TestClient greedy = connected("whole device");
        final long everything = ok(greedy.call(CUDA_MALLOC, DEVICE_0, DEVICE_MEMORY)).value(0);
        ok(greedy.call(CUDA_MEMSET, DEVICE_0, everything, 0x5A, 1024 * 1024));

        final Reply head = ok(greedy.call(CUDA_MEMCPY_DTOH, DEVICE_0, everything, 4096));
        final byte[] expectedHead = new byte[4096];
        java.util.Arrays.fill(expectedHead, (byte)0x5A);
        assertArrayEquals(expectedHead, head.payload());
        final Reply tail = ok(greedy.call(CUDA_MEMCPY_DTOH, DEVICE_0, everything + DEVICE_MEMORY - 4096, 4096));
        assertArrayEquals(new byte[4096], tail.payload(), "untouched device memory reads as zeros");
        assertTrue(residentBytes() - rssBefore < 512L * 1024 * 1024,
            "a 2 GiB allocation of which 1 MiB is used must not be resident: " + (residentBytes() - rssBefore));

        final TestClient other = connected("while the device is full");
        assertEquals(RuntimeStatus.MEMORY_ALLOCATION, other.call(CUDA_MALLOC, DEVICE_0, 256).status());
        ok(greedy.call(CUDA_FREE, DEVICE_0, everything));
        ok(other.call(CUDA_MALLOC, DEVICE_0, 256));
    }

    @Test
    void aKernelRunningPastTheKernelTimeoutFailsWithTheStickyLaunchTimeoutError()
    {
        final TestClient client = connected("spins");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long spin = spinKernel(client, context);

        final Reply launched = client.awaitReply(launch(client, context, spin));

        assertEquals(DriverStatus.LAUNCH_TIMEOUT, launched.status());
        assertTrue(launched.message().contains("ran longer than the kernel timeout of 300 ms"), launched.message());
        assertEquals(DriverStatus.LAUNCH_TIMEOUT, client.call(CU_CTX_SYNCHRONIZE, context).status(),
            "a launch timeout leaves the context unusable, as on a GPU");
        ok(connected("after the timeout").call(CUDA_MALLOC, DEVICE_0, 256));
    }

    @Test
    void aKernelWhoseClientIsGoneIsStoppedAndItsSessionEnds() throws IOException
    {
        final CapturedLog log = new CapturedLog(ExecutorLog.Level.INFO);
        final RemoteExecutor patient = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("patient"))
            .channel(CHANNEL)
            .backend(new EmulatedBackend(1, 64L * 1024 * 1024))
            .keepAliveTimeoutNs(TimeUnit.SECONDS.toNanos(2))
            .log(log.log()));
        closeables.add(patient);
        final Aeron patientAeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(patient.aeronDirectoryName()));
        closeables.add(0, patientAeron);
        final Process clientProcess = new ProcessBuilder("sleep", "600").start();
        closeables.add(clientProcess::destroyForcibly);
        final TestClient client = new TestClient(patientAeron, CHANNEL, CHANNEL, "vanishes while spinning")
            .pid(clientProcess.pid());
        clients.add(client);
        assertTrue(client.connect(""));
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long spin = spinKernel(client, context);
        launch(client, context, spin);
        TestClient.await("launch received", () -> patient.counters().calls() >= 4);

        clientProcess.destroyForcibly();

        log.awaitLine("session " + client.sessionId + " \\(client 'vanishes while spinning' pid \\d+\\) closed: " +
            "the client went away while its call ran", TimeUnit.SECONDS.toNanos(60));
        assertEquals(0, patient.counters().activeSessions());
    }

    @Test
    void aStormOf256ConnectsGetsEverySessionAndTheNextIsRefusedClearly()
    {
        final int sessions = 256;
        final RemoteExecutor stormed = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("storm"))
            .channel(CHANNEL)
            .backend(new EmulatedBackend(1, 64L * 1024 * 1024))
            .maxSessions(sessions)
            .keepAliveTimeoutNs(TimeUnit.MINUTES.toNanos(10))
            .responseConnectTimeoutNs(TimeUnit.MINUTES.toNanos(2))
            .log(new CapturedLog(ExecutorLog.Level.WARN).log()));
        closeables.add(stormed);
        final Aeron stormAeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(stormed.aeronDirectoryName()));
        closeables.add(0, stormAeron);
        final List<TestClient> storm = new ArrayList<>();
        for (int i = 0; i < sessions + 1; i++)
        {
            final TestClient client = new TestClient(stormAeron, SMALL_TERMS_CHANNEL, SMALL_TERMS_CHANNEL, "storm " + i);
            clients.add(client);
            storm.add(client);
        }

        for (int i = 0; i < sessions; i++)
        {
            storm.get(i).sendConnect("", Protocol.PROTOCOL_VERSION);
        }
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        int answered = 0;
        while (answered < sessions)
        {
            assertTrue(System.nanoTime() - deadline < 0, () -> "only some connects were answered in 120 s");
            answered = 0;
            for (int i = 0; i < sessions; i++)
            {
                answered += storm.get(i).pollConnect() ? 1 : 0;
            }
            CapturedLog.sleep(1);
        }
        for (int i = 0; i < sessions; i++)
        {
            final TestClient client = storm.get(i);
            assertTrue(client.completeConnect(), () -> client.name() + " refused: " + client.rejectDetail);
        }
        assertEquals(sessions, stormed.counters().sessionsOpened());

        final TestClient oneTooMany = storm.get(sessions);
        assertFalse(oneTooMany.connect(""));
        assertEquals(RejectReason.TOO_MANY_SESSIONS, oneTooMany.rejectReason);
        assertEquals("too many sessions: the executor serves at most " + sessions, oneTooMany.rejectDetail);
        ok(storm.get(sessions - 1).call(CUDA_MALLOC, DEVICE_0, 256));
    }

    private static UnsafeBuffer connectRequestDeclaringClientNameLength(final int declaredLength)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[256]);
        final ConnectRequestEncoder encoder = new ConnectRequestEncoder()
            .wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder())
            .correlationId(1)
            .protocolVersion(Protocol.PROTOCOL_VERSION)
            .responseStreamId(4998)
            .clientPid(1)
            .responseChannel(CHANNEL);
        final int lengthOffset = MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength();
        buffer.putInt(lengthOffset, declaredLength, java.nio.ByteOrder.LITTLE_ENDIAN);
        buffer.putStringWithoutLengthAscii(lengthOffset + 4, "attacker");
        return new UnsafeBuffer(buffer, 0, lengthOffset + 4 + 8);
    }

    static long spinKernel(final TestClient client, final long context)
    {
        final long module = ok(client.callWithPayload(CU_MODULE_LOAD_DATA, context, ptx("spin_forever.ptx")))
            .value(0);
        return ok(client.callWithPayload(CU_MODULE_GET_FUNCTION, context,
            "spin_forever".getBytes(StandardCharsets.UTF_8), module)).value(0);
    }

    static long launch(final TestClient client, final long context, final long function)
    {
        final KernelLaunch launch = KernelLaunch.of(function, 1, 1);
        return client.send(CU_LAUNCH_KERNEL, context, new ByteArrayPayload(launch.payload()), true, launch.args());
    }

    /**
     * This process's resident set, from /proc (Linux, where CI runs).
     */
    private static long residentBytes()
    {
        try
        {
            for (final String line : Files.readAllLines(Path.of("/proc/self/status")))
            {
                if (line.startsWith("VmRSS:"))
                {
                    return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
                }
            }
            throw new AssertionError("no VmRSS in /proc/self/status");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }

    private TestClient connected(final String name)
    {
        final TestClient client = new TestClient(aeron, CHANNEL, CHANNEL, name);
        clients.add(client);
        assertTrue(client.connect(""), () -> "rejected: " + client.rejectDetail);
        return client;
    }
}
