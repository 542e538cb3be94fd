package io.gpurelay.executor.isolation;

import io.gpurelay.executor.log.LogText;
import io.gpurelay.protocol.security.ExecutorHandshake;

/**
 * A client's session as the supervisor hands it to a worker process.
 *
 * @param handshake what the conductor agreed with the client: the session id, the client's request publication, the
 *                  session's keys and what {@code Connected} must carry to prove the executor to the client. Holds
 *                  keys: never logged.
 * @param clientName the client's name quoted and escaped for the log ({@link LogText#quote}).
 */
public record SessionAssignment(
    ExecutorHandshake.Accepted handshake,
    long connectCorrelationId,
    long clientPid,
    int requestStreamId,
    int responseStreamId,
    String responseChannel,
    String clientName)
{
    long sessionId()
    {
        return handshake.keys().sessionId();
    }

    String client()
    {
        return "client " + clientName + " pid " + clientPid;
    }
}
