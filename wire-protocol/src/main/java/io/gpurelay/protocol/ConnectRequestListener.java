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

    void onMalformed(String reason);
}
