package io.gpurelay.executor;

/**
 * A client's session as the supervisor hands it to a worker process.
 *
 * @param clientName the client's name quoted and escaped for the log ({@link LogText#quote}).
 * @param tenant the token the client presented: with more than one session per worker, only sessions of one tenant
 *               share a worker.
 */
record SessionAssignment(
    long sessionId,
    long connectCorrelationId,
    long clientPid,
    int requestStreamId,
    int responseStreamId,
    String responseChannel,
    String clientName,
    String tenant)
{
    String client()
    {
        return "client " + clientName + " pid " + clientPid;
    }
}
