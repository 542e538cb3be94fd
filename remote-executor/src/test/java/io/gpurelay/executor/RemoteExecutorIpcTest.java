package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_DEVICE_GET_ATTRIBUTE;
import static io.gpurelay.protocol.Function.CUDA_DEVICE_RESET;
import static io.gpurelay.protocol.Function.CUDA_DEVICE_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CUDA_DRIVER_GET_VERSION;
import static io.gpurelay.protocol.Function.CUDA_FREE;
import static io.gpurelay.protocol.Function.CUDA_GET_DEVICE_COUNT;
import static io.gpurelay.protocol.Function.CUDA_GET_DEVICE_PROPERTIES;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOD;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_HTOD;
import static io.gpurelay.protocol.Function.CUDA_MEMSET;
import static io.gpurelay.protocol.Function.CUDA_MEM_GET_INFO;
import static io.gpurelay.protocol.Function.CUDA_RUNTIME_GET_VERSION;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Map;
import java.util.Random;

import io.aeron.Publication;
import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.config.ExecutorConfiguration;
import io.gpurelay.protocol.ClientProxy;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.codecs.CallEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.ClientHandshake;
import org.agrona.SemanticVersion;
import org.agrona.concurrent.BackoffIdleStrategy;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * An executor on an embedded media driver, driven over {@code aeron:ipc} by clients that speak the wire protocol.
 */
class RemoteExecutorIpcTest
{
    private static final String TOKEN = "ipc-test-token-7f3a";
    private static final long DEVICE_MEMORY = 256L * 1024 * 1024;
    private static final int DEVICE_0 = 0;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("ipc", 2, DEVICE_MEMORY, context -> context
            .keepAliveTimeoutNs(1_000_000_000L)
            .token(TOKEN));

    @Test
    void connectsAndDescribesTheExecutor()
    {
        final TestClient client = connected("describe");

        assertNotEquals(0, client.sessionId);
        assertTrue(client.requestStreamId > Protocol.SESSION_STREAM_ID_BASE, "stream " + client.requestStreamId);
        assertTrue(client.requestPublicationSessionId >= Protocol.MIN_REQUEST_PUBLICATION_SESSION_ID);
        assertFalse(client.keys.sealed(), "IPC sessions are bound to their publication, not sealed");
        assertEquals(2, client.deviceCount);
        assertEquals(250, client.keepAliveIntervalMs);
        assertEquals("emulated", client.backend);
        assertEquals(ExecutorConfiguration.executorVersion(), client.executorVersion);
        assertFalse(client.executorVersion.contains("${"), client.executorVersion);
        assertEquals(Protocol.PROTOCOL_VERSION, client.executorProtocolVersion);
        EXECUTOR.log().awaitLine("session " + client.sessionId + " opened for client 'describe' pid \\d+");
    }

    @Test
    void sessionIdsCannotBeGuessedFromEachOther()
    {
        final TestClient first = connected("first");
        final TestClient second = connected("second");
        assertTrue(Math.abs(second.sessionId - first.sessionId) > 1_000_000L,
            first.sessionId + " then " + second.sessionId);
    }

    @Test
    void takesASessionsRequestsFromItsOwnPublicationOnly()
    {
        final TestClient victim = connected("victim");
        final long address = ok(victim.call(CUDA_MALLOC, DEVICE_0, 4096)).value(0);
        ok(victim.call(CUDA_MEMSET, DEVICE_0, address, 0, 4096));
        final long foreignBefore = EXECUTOR.executor().counters().foreignPublicationMessages();
        final Publication attacker = victim.publicationOfAnother();
        victim.offerOn(attacker, victim.encodeCall(victim.sessionId, CUDA_MEMSET, address, 0x41, 4096));
        victim.offerOn(attacker, victim.encodeCall(victim.sessionId, CUDA_FREE, address));

        TestClient.await("the other publication's calls dropped",
            () -> EXECUTOR.executor().counters().foreignPublicationMessages() >= foreignBefore + 2);
        final byte[] contents = ok(victim.call(CUDA_MEMCPY_DTOH, DEVICE_0, address, 4096)).payload();
        assertArrayEquals(new byte[4096], contents);
        ok(victim.call(CUDA_FREE, DEVICE_0, address));
    }

    @Test
    void refusesAnIncompatibleProtocolVersionNamingBothVersions()
    {
        final TestClient client = client("future");
        final long rejectedBefore = EXECUTOR.executor().counters().connectsRejected();

        assertFalse(client.connect(TOKEN, SemanticVersion.compose(2, 0, 0)));

        assertEquals(RejectReason.VERSION_MISMATCH, client.rejectReason);
        assertEquals("protocol version mismatch: client speaks 2.0.0, executor speaks " +
            Protocol.versionString(Protocol.PROTOCOL_VERSION), client.rejectDetail);
        assertEquals(rejectedBefore + 1, EXECUTOR.executor().counters().connectsRejected());
    }

    @Test
    void refusesAWrongOrMissingToken()
    {
        final long failuresBefore = EXECUTOR.executor().counters().authenticationFailures();
        final TestClient wrong = client("wrong token");
        assertFalse(wrong.connect("guess"));
        assertEquals(RejectReason.AUTHENTICATION_FAILED, wrong.rejectReason);

        final TestClient missing = client("no token");
        assertFalse(missing.connect(""));
        assertEquals(RejectReason.AUTHENTICATION_FAILED, missing.rejectReason);
        assertEquals("authentication failed: the connect request does not prove the executor's token",
            missing.rejectDetail);
        // Refusals are logged at most once a second (a peer can cause them at will): counted, every one.
        assertEquals(failuresBefore + 2, EXECUTOR.executor().counters().authenticationFailures());
        assertFalse(EXECUTOR.log().text().contains(TOKEN), "the log never shows the token");
    }

    @Test
    void skipsMalformedConnectRequestsAndKeepsAccepting()
    {
        final long before = EXECUTOR.executor().counters().malformedMessages();
        try (Publication control = EXECUTOR.aeron().addPublication(IpcExecutor.CHANNEL, Protocol.CONTROL_STREAM_ID))
        {
            TestClient.await("control publication connected", control::isConnected);
            final UnsafeBuffer garbage = new UnsafeBuffer(randomBytes(100, 8));
            TestClient.await("garbage offered", () -> control.offer(garbage) > 0);
        }

        TestClient.await("malformed connect request counted",
            () -> EXECUTOR.executor().counters().malformedMessages() > before);
        connected("after garbage");
    }

    @Test
    void givesUpOnAClientWhoseResponseChannelNeverConnects()
    {
        final ClientProxy proxy = new ClientProxy(new BackoffIdleStrategy(), TestClient.TIMEOUT_NS);
        try (Publication control = EXECUTOR.aeron().addPublication(IpcExecutor.CHANNEL, Protocol.CONTROL_STREAM_ID))
        {
            TestClient.await("control publication connected", control::isConnected);
            final long pid = ProcessHandle.current().pid();
            final ClientHandshake handshake = new ClientHandshake(TOKEN);
            assertTrue(proxy.connect(control, 1, 4999, pid, IpcExecutor.CHANNEL, "deaf", handshake.publicKey(),
                handshake.proveToken(1, Protocol.PROTOCOL_VERSION, 4999, pid, IpcExecutor.CHANNEL, "deaf"),
                Protocol.PROTOCOL_VERSION));
        }

        EXECUTOR.log().awaitLine("\\(client 'deaf' pid \\d+\\) closed: the client's response channel aeron:ipc " +
            "stream 4999 did not connect; freed 0 allocations");
    }

    @Test
    void answersDeviceQueriesFromOneTable()
    {
        final TestClient client = connected("query");

        assertEquals(2, ok(client.call(CUDA_GET_DEVICE_COUNT, DEVICE_0)).value(0));
        assertEquals(13000, ok(client.call(CUDA_DRIVER_GET_VERSION, DEVICE_0)).value(0));
        assertEquals(13000, ok(client.call(CUDA_RUNTIME_GET_VERSION, DEVICE_0)).value(0));

        final Map<String, String> properties =
            DeviceProperties.decode(ok(client.call(CUDA_GET_DEVICE_PROPERTIES, DEVICE_0, 1)).payload());
        assertEquals("gpurelay emulated device 1", properties.get("name"));
        assertEquals(Long.toString(DEVICE_MEMORY), properties.get("totalGlobalMem"));
        assertEquals("1024,1024,64", properties.get("maxThreadsDim"));
        assertEquals("17", properties.get("pciBusID"));
        assertEquals(32, properties.get("uuid").length());

        assertEquals(132, ok(client.call(CUDA_DEVICE_GET_ATTRIBUTE, DEVICE_0, 16, 1)).value(0));
        assertEquals(64, ok(client.call(CUDA_DEVICE_GET_ATTRIBUTE, DEVICE_0, 4, 1)).value(0));
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_DEVICE_GET_ATTRIBUTE, DEVICE_0, 9999, 0).status());
        assertEquals(RuntimeStatus.INVALID_DEVICE, client.call(CUDA_GET_DEVICE_PROPERTIES, DEVICE_0, 2).status());
        assertEquals(RuntimeStatus.INVALID_DEVICE, client.call(CUDA_MALLOC, 7, 256).status());
    }

    @Test
    void copiesBytesIntoAndOutOfDeviceMemory()
    {
        final TestClient client = connected("copy");
        final byte[] data = randomBytes(100_000, 1);

        final long first = ok(client.call(CUDA_MALLOC, DEVICE_0, data.length)).value(0);
        final long second = ok(client.call(CUDA_MALLOC, DEVICE_0, data.length)).value(0);
        assertEquals(0, first % 256);
        assertTrue(first >= EmulatedBackend.BASE_ADDRESS, Long.toHexString(first));

        ok(client.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, data, first, data.length));
        assertArrayEquals(data, ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, first, data.length)).payload());

        ok(client.call(CUDA_MEMCPY_DTOD, DEVICE_0, second, first, data.length));
        ok(client.call(CUDA_MEMSET, DEVICE_0, first + 10, 0xAB, 5));
        final byte[] expected = data.clone();
        Arrays.fill(expected, 10, 15, (byte)0xAB);
        assertArrayEquals(expected, ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, first, data.length)).payload());
        assertArrayEquals(data, ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, second, data.length)).payload());
        ok(client.call(CUDA_DEVICE_SYNCHRONIZE, DEVICE_0));
    }

    @Test
    void copiesThirtyTwoMebibytesBothWaysInChunks()
    {
        final TestClient client = connected("bulk");
        final byte[] data = randomBytes(32 * 1024 * 1024, 2);
        final long bytesInBefore = EXECUTOR.executor().counters().bytesIn();

        final long address = ok(client.call(CUDA_MALLOC, DEVICE_0, data.length)).value(0);
        ok(client.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, data, address, data.length));
        final byte[] back = ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, address, data.length)).payload();

        assertArrayEquals(data, back);
        assertTrue(EXECUTOR.executor().counters().bytesIn() - bytesInBefore >= data.length);
    }

    @Test
    void copiesBetweenDevices()
    {
        final TestClient client = connected("peer");
        final byte[] data = randomBytes(4096, 3);
        final long onDevice0 = ok(client.call(CUDA_MALLOC, 0, data.length)).value(0);
        final long onDevice1 = ok(client.call(CUDA_MALLOC, 1, data.length)).value(0);
        assertTrue(onDevice1 >= EmulatedBackend.BASE_ADDRESS + EmulatedBackend.DEVICE_ADDRESS_STRIDE &&
            onDevice1 < EmulatedBackend.BASE_ADDRESS + 2 * EmulatedBackend.DEVICE_ADDRESS_STRIDE,
            Long.toHexString(onDevice1));

        ok(client.callWithPayload(CUDA_MEMCPY_HTOD, 0, data, onDevice0, data.length));
        ok(client.call(CUDA_MEMCPY_DTOD, 0, onDevice1, onDevice0, data.length));

        assertArrayEquals(data, ok(client.call(CUDA_MEMCPY_DTOH, 1, onDevice1, data.length)).payload());
    }

    @Test
    void refusesCopiesAndMemsetsOutsideAnAllocationNamingTheRange()
    {
        final TestClient client = connected("bounds");
        final long address = ok(client.call(CUDA_MALLOC, DEVICE_0, 1000)).value(0);
        final String hex = "0x" + Long.toHexString(address + 900);

        final Reply copyIn = client.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, new byte[200], address + 900, 200);
        assertEquals(RuntimeStatus.INVALID_VALUE, copyIn.status());
        assertTrue(copyIn.message().contains("[" + hex + ", +200)"), copyIn.message());

        final Reply copyOut = client.call(CUDA_MEMCPY_DTOH, DEVICE_0, address + 900, 200);
        assertEquals(RuntimeStatus.INVALID_VALUE, copyOut.status());
        assertTrue(copyOut.message().contains("[" + hex + ", +200)"), copyOut.message());
        assertEquals(0, copyOut.payload().length);

        final Reply memset = client.call(CUDA_MEMSET, DEVICE_0, address + 900, 0, 101);
        assertEquals(RuntimeStatus.INVALID_VALUE, memset.status());
        assertTrue(memset.message().contains("[" + hex + ", +101)"), memset.message());

        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_MEMCPY_DTOD, DEVICE_0, address, address + 1, 1000)
            .status());
        ok(client.call(CUDA_MEMSET, DEVICE_0, address + 900, 0, 100));
    }

    @Test
    void refusesABulkCopyToABadRangeAndDropsItsChunks()
    {
        final TestClient client = connected("bad bulk");
        final long address = ok(client.call(CUDA_MALLOC, DEVICE_0, 1024)).value(0);
        final byte[] data = randomBytes(3 * 1024 * 1024, 4);
        final long malformedBefore = EXECUTOR.executor().counters().malformedMessages();

        final Reply refused = client.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, data, address, data.length);

        assertEquals(RuntimeStatus.INVALID_VALUE, refused.status());
        assertEquals(2, ok(client.call(CUDA_GET_DEVICE_COUNT, DEVICE_0)).value(0));
        assertEquals(malformedBefore, EXECUTOR.executor().counters().malformedMessages(),
            "the chunks of a refused call are dropped, not counted as malformed");
    }

    @Test
    void answersACopyWhosePayloadStopsHalfWayOrArrivesOutOfOrder()
    {
        final TestClient client = connected("lossy");
        final long address = ok(client.call(CUDA_MALLOC, DEVICE_0, 4096)).value(0);

        final long halfSent = client.announceBulkCall(CUDA_MEMCPY_HTOD, DEVICE_0, 4096, address, 4096);
        client.sendChunk(halfSent, 0, new byte[2048]);
        final Reply next = client.call(CUDA_GET_DEVICE_COUNT, DEVICE_0);
        final Reply abandoned = client.awaitReply(halfSent);
        assertEquals(RuntimeStatus.INVALID_VALUE, abandoned.status());
        assertEquals("payload incomplete: 2048 of 4096 bytes arrived before the next call", abandoned.message());
        assertEquals(2, ok(next).value(0));

        final long shuffled = client.announceBulkCall(CUDA_MEMCPY_HTOD, DEVICE_0, 4096, address, 4096);
        client.sendChunk(shuffled, 2048, new byte[2048]);
        client.sendChunk(shuffled, 0, new byte[2048]);
        assertEquals(RuntimeStatus.INVALID_VALUE, client.awaitReply(shuffled).status());
        assertFalse(client.anyReplyWithin(100), "a refused call is answered once");

        final byte[] data = randomBytes(4096, 9);
        final long whole = client.announceBulkCall(CUDA_MEMCPY_HTOD, DEVICE_0, 4096, address, 4096);
        client.sendChunk(whole, 0, Arrays.copyOfRange(data, 0, 1000));
        client.sendChunk(whole, 1000, Arrays.copyOfRange(data, 1000, 4096));
        ok(client.awaitReply(whole));
        assertArrayEquals(data, ok(client.call(CUDA_MEMCPY_DTOH, DEVICE_0, address, 4096)).payload());
    }

    @Test
    void reassemblesTheBulkInputOfAFunctionThatDoesNotStreamIt()
    {
        final TestClient client = connected("reassembly");

        final Reply reply = client.callWithPayload(CUDA_GET_DEVICE_COUNT, DEVICE_0, randomBytes(3 * 1024 * 1024, 5));

        assertEquals(2, ok(reply).value(0));
    }

    @Test
    void followsTheRuntimeForZeroSizesNullPointersAndExhaustion()
    {
        final TestClient client = connected("edges");

        assertEquals(0, ok(client.call(CUDA_MALLOC, DEVICE_0, 0)).value(0));
        ok(client.call(CUDA_FREE, DEVICE_0, 0));
        assertEquals(RuntimeStatus.MEMORY_ALLOCATION, client.call(CUDA_MALLOC, DEVICE_0, DEVICE_MEMORY + 1).status());
        assertEquals(RuntimeStatus.MEMORY_ALLOCATION, client.call(CUDA_MALLOC, DEVICE_0, -1).status());

        final Reply info = ok(client.call(CUDA_MEM_GET_INFO, 1));
        assertEquals(DEVICE_MEMORY, info.value(1));
        assertTrue(info.value(0) <= DEVICE_MEMORY);
    }

    @Test
    void refusesToFreeStaleInteriorOrForeignPointers()
    {
        final TestClient owner = connected("owner");
        final TestClient other = connected("other");
        final long address = ok(owner.call(CUDA_MALLOC, DEVICE_0, 4096)).value(0);

        assertEquals(RuntimeStatus.INVALID_VALUE, other.call(CUDA_FREE, DEVICE_0, address).status());
        assertEquals(RuntimeStatus.INVALID_VALUE, owner.call(CUDA_FREE, DEVICE_0, address + 256).status());
        ok(owner.call(CUDA_FREE, DEVICE_0, address));
        final Reply stale = owner.call(CUDA_FREE, DEVICE_0, address);
        assertEquals(RuntimeStatus.INVALID_VALUE, stale.status());
        assertTrue(stale.message().contains("0x" + Long.toHexString(address)), stale.message());
        assertEquals(RuntimeStatus.INVALID_VALUE, owner.call(CUDA_MEMCPY_DTOH, DEVICE_0, address, 16).status());
    }

    @Test
    void sessionsCannotSeeEachOthersAllocations()
    {
        final TestClient alice = connected("alice");
        final TestClient bob = connected("bob");
        final long secret = ok(alice.call(CUDA_MALLOC, DEVICE_0, 64)).value(0);
        ok(alice.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, randomBytes(64, 6), secret, 64));
        final long bobs = ok(bob.call(CUDA_MALLOC, DEVICE_0, 64)).value(0);

        assertEquals(RuntimeStatus.INVALID_VALUE, bob.call(CUDA_MEMCPY_DTOH, DEVICE_0, secret, 64).status());
        assertEquals(RuntimeStatus.INVALID_VALUE, bob.call(CUDA_MEMCPY_DTOD, DEVICE_0, bobs, secret, 64).status());
        assertEquals(RuntimeStatus.INVALID_VALUE, bob.call(CUDA_MEMSET, DEVICE_0, secret, 0, 64).status());
        assertEquals(RuntimeStatus.INVALID_VALUE,
            bob.callWithPayload(CUDA_MEMCPY_HTOD, DEVICE_0, new byte[64], secret, 64).status());
        assertEquals(RuntimeStatus.INVALID_VALUE, alice.call(CUDA_MEMCPY_DTOH, DEVICE_0, bobs, 64).status());
    }

    @Test
    void deviceResetFreesTheSessionsAllocationsOnThatDevice()
    {
        final TestClient client = connected("reset");
        final long onDevice0 = ok(client.call(CUDA_MALLOC, 0, 4096)).value(0);
        final long onDevice1 = ok(client.call(CUDA_MALLOC, 1, 4096)).value(0);

        ok(client.call(CUDA_DEVICE_RESET, 0));

        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_FREE, 0, onDevice0).status());
        ok(client.call(CUDA_FREE, 1, onDevice1));
    }

    @Test
    void closesASessionThatStopsSendingKeepAlivesAndFreesItsMemory()
    {
        final TestClient client = connected("silent");
        ok(client.call(CUDA_MALLOC, DEVICE_0, 1024 * 1024));
        client.stopKeepAlives();

        EXECUTOR.log().awaitLine("session " + client.sessionId + " \\(client 'silent' pid \\d+\\) closed: " +
            "keep-alive timeout; freed 1 allocations \\(1048576 bytes\\)");
    }

    @Test
    void closeSessionFreesEverything()
    {
        final TestClient client = connected("tidy");
        ok(client.call(CUDA_MALLOC, 0, 1000));
        ok(client.call(CUDA_MALLOC, 1, 24));

        client.closeSession();

        EXECUTOR.log().awaitLine("session " + client.sessionId + " \\(client 'tidy' pid \\d+\\) closed: " +
            "the client closed the session; freed 2 allocations \\(1024 bytes\\)");
    }

    @Test
    void closesTheSessionOfAClientWhoseRequestStreamDisappears()
    {
        final TestClient client = connected("vanishing");
        ok(client.call(CUDA_MALLOC, DEVICE_0, 512));

        client.dropRequestStream();

        EXECUTOR.log().awaitLine("session " + client.sessionId + " \\(client 'vanishing' pid \\d+\\) closed: " +
            "(the client went away|keep-alive timeout).*; freed 1 allocations \\(512 bytes\\)");
    }

    @Test
    void countsAndSkipsMalformedMessagesAndKeepsServing()
    {
        final TestClient client = connected("garbage");
        final long before = EXECUTOR.executor().counters().malformedMessages();

        client.offerRaw(randomBytes(200, 7));
        client.offerRaw(new byte[3]);
        final byte[] truncatedCall = new byte[MessageHeaderEncoder.ENCODED_LENGTH + 4];
        System.arraycopy(headerOfACall(), 0, truncatedCall, 0, MessageHeaderEncoder.ENCODED_LENGTH);
        client.offerRaw(truncatedCall);

        assertEquals(2, ok(client.call(CUDA_GET_DEVICE_COUNT, DEVICE_0)).value(0));
        TestClient.await("three malformed messages counted",
            () -> EXECUTOR.executor().counters().malformedMessages() - before >= 3);
        EXECUTOR.log().awaitLine("session " + client.sessionId + ": malformed message skipped");
    }

    @Test
    void dropsMessagesForAnotherSession()
    {
        final TestClient client = connected("impostor");
        final long before = EXECUTOR.executor().counters().foreignMessages();

        assertNull(client.callFunctionId(CUDA_GET_DEVICE_COUNT.id(), client.sessionId + 1000));

        assertFalse(client.anyReplyWithin(200));
        assertEquals(before + 1, EXECUTOR.executor().counters().foreignMessages());
        assertEquals(2, ok(client.call(CUDA_GET_DEVICE_COUNT, DEVICE_0)).value(0));
    }

    @Test
    void repliesToAPipelinedCallOnlyWhenItFails()
    {
        final TestClient client = connected("pipeline");
        final long address = ok(client.call(CUDA_MALLOC, DEVICE_0, 256)).value(0);

        client.pipelined(CUDA_MEMSET, DEVICE_0, address, 1, 256);
        final long failing = client.pipelined(CUDA_MEMSET, DEVICE_0, address, 1, 257);
        client.pipelined(CUDA_FREE, DEVICE_0, address);

        final Reply failure = client.awaitReply(failing);
        assertEquals(RuntimeStatus.INVALID_VALUE, failure.status());
        assertTrue(failure.message().contains("cudaMemset"), failure.message());
        assertFalse(client.anyReplyWithin(200), "a pipelined call that succeeds gets no reply");
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_FREE, DEVICE_0, address).status());
    }

    @Test
    void answersAnUnknownFunctionWithNotSupported()
    {
        final TestClient client = connected("explorer");

        final Reply reply = client.callFunctionId(4242, client.sessionId);

        assertEquals(RuntimeStatus.NOT_SUPPORTED, reply.status());
        assertTrue(reply.message().contains("4242"), reply.message());
        EXECUTOR.log().awaitLine("function id 4242 is not supported");
    }

    @Test
    void answersACallWithMissingArgumentsWithInvalidValue()
    {
        final TestClient client = connected("terse");

        final Reply reply = client.call(CUDA_MEMSET, DEVICE_0, 1);

        assertEquals(RuntimeStatus.INVALID_VALUE, reply.status());
        assertTrue(reply.message().contains("CUDA_MEMSET takes at least 2 arguments; the call has 1"), reply.message());
    }

    private TestClient client(final String name)
    {
        return EXECUTOR.client(name);
    }

    private TestClient connected(final String name)
    {
        return EXECUTOR.connected(name, TOKEN);
    }

    private static byte[] randomBytes(final int length, final long seed)
    {
        final byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }

    private static byte[] headerOfACall()
    {
        final byte[] header = new byte[MessageHeaderEncoder.ENCODED_LENGTH];
        new MessageHeaderEncoder().wrap(new UnsafeBuffer(header), 0)
            .blockLength(CallEncoder.BLOCK_LENGTH)
            .templateId(CallEncoder.TEMPLATE_ID)
            .schemaId(CallEncoder.SCHEMA_ID)
            .version(CallEncoder.SCHEMA_VERSION);
        return header;
    }
}
