package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_FREE;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMSET;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.aeron.Aeron;
import io.aeron.Publication;
import io.aeron.exceptions.ConfigurationException;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.protocol.codecs.CloseSessionEncoder;
import io.gpurelay.protocol.codecs.MessageHeaderEncoder;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * An executor with a token on UDP, and a client whose messages an attacker on the path copies, changes and sends
 * again: what does not open with the session's key, or comes again, is dropped and counted, and the client goes on.
 */
class SealedSessionUdpTest
{
    private static final String TOKEN = "udp-test-token-c41b";

    private static String executorChannel;
    private static String responseChannel;
    private static RemoteExecutor executor;
    private static CapturedLog capturedLog;
    private static Aeron aeron;
    private final List<TestClient> clients = new ArrayList<>();

    @BeforeAll
    static void launch()
    {
        final int ports = FreePorts.udpRange(2);
        executorChannel = "aeron:udp?endpoint=localhost:" + ports;
        responseChannel = "aeron:udp?endpoint=localhost:" + (ports + 1);
        capturedLog = new CapturedLog(ExecutorLog.Level.INFO);
        executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("sealed"))
            .channel(executorChannel)
            .backend(new EmulatedBackend(1, 64L * 1024 * 1024))
            .token(TOKEN)
            .log(capturedLog.log()));
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
            if (client.keys != null)
            {
                client.closeSession();
            }
            client.close();
        }
        TestClient.await("every session closed", () -> executor.counters().activeSessions() == 0);
    }

    @Test
    void aSessionOverUdpIsSealed()
    {
        final TestClient client = connected("sealed");
        assertTrue(client.keys.sealed());
        final long address = ok(client.call(CUDA_MALLOC, 0, 1 << 20)).value(0);
        ok(client.call(CUDA_MEMSET, 0, address, 7, 1 << 20));
        final byte[] back = ok(client.call(CUDA_MEMCPY_DTOH, 0, address, 1 << 20)).payload();
        assertEquals(1 << 20, back.length);
        assertEquals(7, back[12345]);
        assertEquals(0, client.droppedReplies);
    }

    @Test
    void aBitFlippedRequestIsDroppedAndCountedAndTheClientGoesOn()
    {
        final TestClient client = connected("victim of a forger");
        final long address = ok(client.call(CUDA_MALLOC, 0, 4096)).value(0);
        ok(client.call(CUDA_MEMSET, 0, address, 0, 4096));
        final long before = executor.counters().forgedMessages();

        final byte[] forged = client.sealButKeep(client.encodeCall(client.sessionId, CUDA_MEMSET, address, 0x41, 4096));
        forged[forged.length - 20] ^= 0x01;
        client.offerExactly(forged);

        TestClient.await("the forgery counted", () -> executor.counters().forgedMessages() == before + 1);
        assertArrayEquals(new byte[4096], ok(client.call(CUDA_MEMCPY_DTOH, 0, address, 4096)).payload());
    }

    @Test
    void aReplayedRequestIsDroppedAndCounted()
    {
        final TestClient client = connected("victim of a replay");
        final long address = ok(client.call(CUDA_MALLOC, 0, 4096)).value(0);
        client.offerAsClient(client.encodeCall(client.sessionId, CUDA_MEMSET, address, 0x41, 4096));
        final byte[] memsetTo41 = client.lastSent();
        ok(client.call(CUDA_MEMSET, 0, address, 0, 4096));
        final long before = executor.counters().replayedMessages();

        client.offerExactly(memsetTo41);

        TestClient.await("the replay counted", () -> executor.counters().replayedMessages() == before + 1);
        assertArrayEquals(new byte[4096], ok(client.call(CUDA_MEMCPY_DTOH, 0, address, 4096)).payload());
        capturedLog.awaitLine("session " + client.sessionId + ": dropped a request that did not open with the " +
            "session's key: REPLAYED");
    }

    @Test
    void anAttackerWithoutTheKeysCannotWriteIntoOrCloseASession()
    {
        final TestClient victim = connected("victim of a hijack");
        final long address = ok(victim.call(CUDA_MALLOC, 0, 4096)).value(0);
        ok(victim.call(CUDA_MEMSET, 0, address, 0, 4096));
        final long forgedBefore = executor.counters().forgedMessages();
        final long foreignBefore = executor.counters().foreignPublicationMessages();

        // Calls in the clear on the victim's own publication: what a raw injection with the right ids looks like.
        victim.offerExactly(victim.encodeCall(victim.sessionId, CUDA_MEMSET, address, 0x41, 4096));
        victim.offerExactly(closeSessionMessage(victim.sessionId));
        // And the same from a publication of the attacker's own.
        final Publication attacker = victim.publicationOfAnother();
        victim.offerOn(attacker, victim.encodeCall(victim.sessionId, CUDA_FREE, address));
        victim.offerOn(attacker, closeSessionMessage(victim.sessionId));

        TestClient.await("the injections counted", () ->
            executor.counters().forgedMessages() == forgedBefore + 2 &&
            executor.counters().foreignPublicationMessages() == foreignBefore + 2);
        assertArrayEquals(new byte[4096], ok(victim.call(CUDA_MEMCPY_DTOH, 0, address, 4096)).payload());
        ok(victim.call(CUDA_FREE, 0, address));
        assertEquals(1, executor.counters().activeSessions());
    }

    @Test
    void aWrongTokenIsRefusedWithoutASession()
    {
        final long failuresBefore = executor.counters().authenticationFailures();
        final TestClient client = client("wrong token");
        assertFalse(client.connect("udp-test-token-c41c"));
        assertEquals(RejectReason.AUTHENTICATION_FAILED, client.rejectReason);
        assertEquals(failuresBefore + 1, executor.counters().authenticationFailures());
        assertEquals(0, executor.counters().activeSessions());
    }

    @Test
    void withoutATokenAnExecutorServesLoopbackButNoOtherHost()
    {
        final ConfigurationException refused = assertThrows(ConfigurationException.class,
            () -> new ExecutorContext().channel("aeron:udp?endpoint=0.0.0.0:40123").conclude());
        assertTrue(refused.getMessage().contains("refusing to serve aeron:udp?endpoint=0.0.0.0:40123 without a " +
            "token"), refused.getMessage());
        assertTrue(refused.getMessage().contains("--insecure"), refused.getMessage());

        new ExecutorContext().channel("aeron:udp?endpoint=0.0.0.0:40123").insecure(true).conclude();
        new ExecutorContext().channel("aeron:udp?endpoint=0.0.0.0:40123").token("t").conclude();
        new ExecutorContext().channel("aeron:udp?endpoint=127.0.0.1:40123").conclude();
        new ExecutorContext().channel("aeron:udp?endpoint=localhost:40123").conclude();
        new ExecutorContext().channel("aeron:ipc").conclude();
    }

    private static byte[] closeSessionMessage(final long sessionId)
    {
        final UnsafeBuffer buffer = new UnsafeBuffer(new byte[64]);
        final CloseSessionEncoder encoder =
            new CloseSessionEncoder().wrapAndApplyHeader(buffer, 0, new MessageHeaderEncoder()).sessionId(sessionId);
        return Arrays.copyOf(buffer.byteArray(), MessageHeaderEncoder.ENCODED_LENGTH + encoder.encodedLength());
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
        assertTrue(client.connect(TOKEN), () -> "rejected: " + client.rejectDetail);
        return client;
    }
}
