package io.gpurelay.protocol;

/**
 * What the executor receives on its control stream.
 */
public interface ConnectRequestListener
{
    void onConnectRequest(
        long correlationId,
        int protocolVersion,
        int responseStreamId,
        long clientPid,
        String responseChannel,
        String clientName,
        String token);

    void onMalformed(String reason);
}
