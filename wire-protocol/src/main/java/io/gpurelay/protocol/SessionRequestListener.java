package io.gpurelay.protocol;

import org.agrona.DirectBuffer;

/**
 * What the executor's session worker receives on its request stream.
 */
public interface SessionRequestListener
{
    void onCall(CallView call);

    void onBulkData(long sessionId, long correlationId, long offset, DirectBuffer buffer, int chunkOffset, int length);

    void onKeepAlive(long sessionId, long timestampMs);

    void onCloseSession(long sessionId);

    /**
     * A message that is not part of this protocol (another schema, an unknown template, a truncated frame).
     */
    void onMalformed(String reason);
}
