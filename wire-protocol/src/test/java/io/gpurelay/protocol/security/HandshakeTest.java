package io.gpurelay.protocol.security;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

import io.gpurelay.protocol.Protocol;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HandshakeTest
{
    private static final long CORRELATION_ID = 1;
    private static final int RESPONSE_STREAM_ID = 1101;
    private static final long PID = 4242;
    private static final String RESPONSE_CHANNEL = "aeron:udp?endpoint=10.0.0.2:40124";
    private static final String CLIENT_NAME = "saxpy";
    private static final long SESSION_ID = 0x1234_5678_9abc_def0L;
    private static final int REQUEST_STREAM_ID = Protocol.SESSION_STREAM_ID_BASE + 7;
    private static final int REQUEST_PUBLICATION_SESSION_ID = 987_654_321;

    @Test
    void bothSidesDeriveTheSameKeysAndEachProvesTheToken() throws HandshakeException
    {
        final ClientHandshake client = new ClientHandshake("s3cret");
        final ExecutorHandshake executor = new ExecutorHandshake("s3cret");
        final byte[] proof = prove(client);
        final byte[] requestHash = requestHash(client.publicKey());
        assertTrue(executor.isClientProof(requestHash, proof));

        final ExecutorHandshake.Accepted accepted = accept(executor, requestHash, client.publicKey());
        final SessionKeys clientKeys = client.complete(SESSION_ID, REQUEST_STREAM_ID, REQUEST_PUBLICATION_SESSION_ID,
            true, accepted.executorPublicKey(), accepted.executorProof());

        assertArrayEquals(accepted.keys().requestKey(), clientKeys.requestKey());
        assertArrayEquals(accepted.keys().replyKey(), clientKeys.replyKey());
        assertFalse(Arrays.equals(clientKeys.requestKey(), clientKeys.replyKey()));
        assertEquals(32, clientKeys.requestKey().length);
        assertFalse(clientKeys.toString().contains(HexFormat.of().formatHex(clientKeys.requestKey())));
    }

    @Test
    void aClientWithAnotherTokenIsRefusedBeforeAnythingElse()
    {
        final ClientHandshake client = new ClientHandshake("guess");
        final byte[] proof = prove(client);
        assertFalse(new ExecutorHandshake("s3cret").isClientProof(requestHash(client.publicKey()), proof));
        assertFalse(new ExecutorHandshake(null).isClientProof(requestHash(client.publicKey()), proof));
    }

    @Test
    void aProofCoversEveryFieldOfTheRequest()
    {
        final ClientHandshake client = new ClientHandshake("s3cret");
        final byte[] proof = prove(client);
        final ExecutorHandshake executor = new ExecutorHandshake("s3cret");
        final byte[] otherChannel = HandshakeTranscript.requestHash(CORRELATION_ID, Protocol.PROTOCOL_VERSION,
            RESPONSE_STREAM_ID, PID, "aeron:udp?endpoint=10.6.6.6:40124", CLIENT_NAME, client.publicKey());
        final byte[] otherKey = requestHash(X25519KeyPair.generate().publicKey());
        assertFalse(executor.isClientProof(otherChannel, proof));
        assertFalse(executor.isClientProof(otherKey, proof));
    }

    @Test
    void anExecutorWithoutTheTokenCannotProveItself() throws HandshakeException
    {
        final ClientHandshake client = new ClientHandshake("s3cret");
        prove(client);
        final ExecutorHandshake.Accepted impostor =
            accept(new ExecutorHandshake("other"), requestHash(client.publicKey()), client.publicKey());
        final HandshakeException refused = assertThrows(HandshakeException.class, () -> client.complete(SESSION_ID,
            REQUEST_STREAM_ID, REQUEST_PUBLICATION_SESSION_ID, true, impostor.executorPublicKey(),
            impostor.executorProof()));
        assertTrue(refused.getMessage().contains("token"), refused.getMessage());
    }

    @Test
    void theExecutorsProofCoversTheSessionItAssigns() throws HandshakeException
    {
        final ClientHandshake client = new ClientHandshake("s3cret");
        prove(client);
        final ExecutorHandshake.Accepted accepted =
            accept(new ExecutorHandshake("s3cret"), requestHash(client.publicKey()), client.publicKey());
        assertThrows(HandshakeException.class, () -> client.complete(SESSION_ID + 1, REQUEST_STREAM_ID,
            REQUEST_PUBLICATION_SESSION_ID, true, accepted.executorPublicKey(), accepted.executorProof()));
        assertThrows(HandshakeException.class, () -> client.complete(SESSION_ID, REQUEST_STREAM_ID,
            REQUEST_PUBLICATION_SESSION_ID + 1, true, accepted.executorPublicKey(), accepted.executorProof()));
    }

    @Test
    void withoutATokenBothSidesStillAgreeOnFreshKeys() throws HandshakeException
    {
        final ClientHandshake first = new ClientHandshake(null);
        final ClientHandshake second = new ClientHandshake("");
        prove(first);
        prove(second);
        final ExecutorHandshake executor = new ExecutorHandshake(null);
        final ExecutorHandshake.Accepted one = accept(executor, requestHash(first.publicKey()), first.publicKey());
        final ExecutorHandshake.Accepted two = accept(executor, requestHash(second.publicKey()), second.publicKey());
        final SessionKeys firstKeys = first.complete(SESSION_ID, REQUEST_STREAM_ID, REQUEST_PUBLICATION_SESSION_ID,
            true, one.executorPublicKey(), one.executorProof());
        second.complete(SESSION_ID, REQUEST_STREAM_ID, REQUEST_PUBLICATION_SESSION_ID, true,
            two.executorPublicKey(), two.executorProof());
        assertArrayEquals(one.keys().requestKey(), firstKeys.requestKey());
        assertFalse(Arrays.equals(one.keys().requestKey(), two.keys().requestKey()));
    }

    @Test
    void anUnusablePublicKeyIsRefused()
    {
        final ExecutorHandshake executor = new ExecutorHandshake("s3cret");
        // u = 0 has small order: the shared secret would be all zeros.
        assertThrows(HandshakeException.class, () -> accept(executor, new byte[32], new byte[32]));
        assertThrows(HandshakeException.class, () -> accept(executor, new byte[32], new byte[31]));
    }

    @Test
    void theTokenAppearsInNothingThatIsSent() throws HandshakeException
    {
        final String token = "a-token-that-must-stay-home";
        final ClientHandshake client = new ClientHandshake(token);
        final byte[] proof = prove(client);
        final ExecutorHandshake.Accepted accepted =
            accept(new ExecutorHandshake(token), requestHash(client.publicKey()), client.publicKey());
        final byte[] secret = token.getBytes(StandardCharsets.UTF_8);
        for (final byte[] sent : new byte[][]{ proof, client.publicKey(), accepted.executorPublicKey(),
            accepted.executorProof() })
        {
            assertFalse(new String(sent, StandardCharsets.ISO_8859_1).contains(
                new String(secret, StandardCharsets.ISO_8859_1)));
        }
    }

    private static byte[] prove(final ClientHandshake client)
    {
        return client.proveToken(CORRELATION_ID, Protocol.PROTOCOL_VERSION, RESPONSE_STREAM_ID, PID, RESPONSE_CHANNEL,
            CLIENT_NAME);
    }

    private static byte[] requestHash(final byte[] clientPublicKey)
    {
        return HandshakeTranscript.requestHash(CORRELATION_ID, Protocol.PROTOCOL_VERSION, RESPONSE_STREAM_ID, PID,
            RESPONSE_CHANNEL, CLIENT_NAME, clientPublicKey);
    }

    private static ExecutorHandshake.Accepted accept(
        final ExecutorHandshake executor, final byte[] requestHash, final byte[] clientPublicKey)
        throws HandshakeException
    {
        return executor.accept(requestHash, clientPublicKey, SESSION_ID, REQUEST_STREAM_ID,
            REQUEST_PUBLICATION_SESSION_ID, true);
    }
}
