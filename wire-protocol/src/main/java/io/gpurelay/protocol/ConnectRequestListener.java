package io.gpurelay.protocol;

/**
 * What the executor receives on its control stream.
 */
public interface ConnectRequestListener
{
    /**
     * @param clientPublicKey the client's ephemeral X25519 public key.
     * @param clientProof     the client's proof of the token over the request
     *                        ({@link io.gpurelay.protocol.security.ExecutorHandshake#isClientProof}).
     */
    void onConnectRequest(
        long correlationId,
        int protocolVersion,
        int responseStreamId,
        long clientPid,
        String responseChannel,
        String clientName,
        byte[] clientPublicKey,
        byte[] clientProof);

    /**
     * A remote {@code gpurelay stat} asks for the executor's counters; the proof is over the request as a connect
     * request's is, with the client named {@link #STAT_CLIENT_NAME} and pid {@link #STAT_CLIENT_PID}.
     */
    void onStatRequest(
        long correlationId,
        int protocolVersion,
        int responseStreamId,
        String responseChannel,
        byte[] clientPublicKey,
        byte[] clientProof);

    void onMalformed(String reason);

    /** The client name a stat request's proof covers. */
    String STAT_CLIENT_NAME = "gpurelay stat";
    /** The client pid a stat request's proof covers. */
    long STAT_CLIENT_PID = 0;
}
