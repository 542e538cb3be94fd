package io.gpurelay.executor;

import io.aeron.Aeron;
import io.aeron.Counter;
import org.agrona.CloseHelper;

/**
 * Executor-wide statistics as Aeron counters, so that {@code AeronStat} on the executor's Aeron directory shows them
 * live. Updated from the conductor and every session thread: increments are atomic.
 */
public final class ExecutorCounters implements AutoCloseable
{
    public static final int SESSIONS_OPENED_TYPE_ID = 7010;
    public static final int SESSIONS_CLOSED_TYPE_ID = 7011;
    public static final int CONNECTS_REJECTED_TYPE_ID = 7012;
    public static final int CALLS_TYPE_ID = 7013;
    public static final int BYTES_IN_TYPE_ID = 7014;
    public static final int BYTES_OUT_TYPE_ID = 7015;
    public static final int MALFORMED_MESSAGES_TYPE_ID = 7016;
    public static final int FOREIGN_MESSAGES_TYPE_ID = 7017;
    public static final int ERRORS_TYPE_ID = 7018;
    public static final int AUTHENTICATION_FAILURES_TYPE_ID = 7019;
    public static final int FORGED_MESSAGES_TYPE_ID = 7020;
    public static final int REPLAYED_MESSAGES_TYPE_ID = 7021;
    public static final int FOREIGN_PUBLICATION_MESSAGES_TYPE_ID = 7022;

    final Counter sessionsOpened;
    final Counter sessionsClosed;
    final Counter connectsRejected;
    final Counter calls;
    final Counter bytesIn;
    final Counter bytesOut;
    final Counter malformedMessages;
    final Counter foreignMessages;
    final Counter errors;
    /** Connect requests that did not prove the token, and replayed ones. */
    final Counter authenticationFailures;
    /** Messages on a sealed session's stream that were not sealed with its key: changed, made up or in the clear. */
    final Counter forgedMessages;
    /** Sealed messages whose sequence number was not above the last one accepted. */
    final Counter replayedMessages;
    /** Messages on a session's request stream from a publication other than the client's own. */
    final Counter foreignPublicationMessages;
    final CallCounters callCounters;

    ExecutorCounters(final Aeron aeron)
    {
        this(aeron, "executor");
    }

    /**
     * @param owner names whose counters these are in their labels: {@code executor}, or {@code worker PID} for a
     *              worker process's own, which live as long as the worker.
     */
    public ExecutorCounters(final Aeron aeron, final String owner)
    {
        final String prefix = "gpurelay " + owner + " ";
        sessionsOpened = aeron.addCounter(SESSIONS_OPENED_TYPE_ID, prefix + "sessions opened");
        sessionsClosed = aeron.addCounter(SESSIONS_CLOSED_TYPE_ID, prefix + "sessions closed");
        connectsRejected = aeron.addCounter(CONNECTS_REJECTED_TYPE_ID, prefix + "connects rejected");
        calls = aeron.addCounter(CALLS_TYPE_ID, prefix + "calls");
        bytesIn = aeron.addCounter(BYTES_IN_TYPE_ID, prefix + "payload bytes in");
        bytesOut = aeron.addCounter(BYTES_OUT_TYPE_ID, prefix + "payload bytes out");
        malformedMessages = aeron.addCounter(MALFORMED_MESSAGES_TYPE_ID, prefix + "malformed messages");
        foreignMessages = aeron.addCounter(FOREIGN_MESSAGES_TYPE_ID, prefix + "messages for another session");
        errors = aeron.addCounter(ERRORS_TYPE_ID, prefix + "internal errors");
        authenticationFailures = aeron.addCounter(AUTHENTICATION_FAILURES_TYPE_ID,
            prefix + "connects failing authentication");
        forgedMessages = aeron.addCounter(FORGED_MESSAGES_TYPE_ID, prefix + "forged messages dropped");
        replayedMessages = aeron.addCounter(REPLAYED_MESSAGES_TYPE_ID, prefix + "replayed messages dropped");
        foreignPublicationMessages = aeron.addCounter(FOREIGN_PUBLICATION_MESSAGES_TYPE_ID,
            prefix + "messages from another publication dropped");
        callCounters = new CallCounters(aeron, owner);
    }

    public long sessionsOpened()
    {
        return sessionsOpened.get();
    }

    public long sessionsClosed()
    {
        return sessionsClosed.get();
    }

    public long activeSessions()
    {
        return sessionsOpened.get() - sessionsClosed.get();
    }

    public long connectsRejected()
    {
        return connectsRejected.get();
    }

    public long calls()
    {
        return calls.get();
    }

    public long bytesIn()
    {
        return bytesIn.get();
    }

    public long bytesOut()
    {
        return bytesOut.get();
    }

    public long malformedMessages()
    {
        return malformedMessages.get();
    }

    public long foreignMessages()
    {
        return foreignMessages.get();
    }

    public long errors()
    {
        return errors.get();
    }

    public long authenticationFailures()
    {
        return authenticationFailures.get();
    }

    public long forgedMessages()
    {
        return forgedMessages.get();
    }

    public long replayedMessages()
    {
        return replayedMessages.get();
    }

    public long foreignPublicationMessages()
    {
        return foreignPublicationMessages.get();
    }

    /**
     * One line for the log.
     */
    public String summary()
    {
        return "totals: sessions " + sessionsOpened() + " opened, " + sessionsClosed() + " closed, " +
            activeSessions() + " active; " + connectsRejected() + " connects rejected; " + calls() + " calls; " +
            bytesIn() + " bytes in, " + bytesOut() + " bytes out; " + malformedMessages() + " malformed messages, " +
            foreignMessages() + " for other sessions; " + errors() + " errors; " + authenticationFailures() +
            " connects failing authentication; dropped " + forgedMessages() + " forged, " + replayedMessages() +
            " replayed and " + foreignPublicationMessages() + " foreign-publication messages";
    }

    public void close()
    {
        CloseHelper.closeAll(sessionsOpened, sessionsClosed, connectsRejected, calls, bytesIn, bytesOut,
            malformedMessages, foreignMessages, errors, authenticationFailures, forgedMessages, replayedMessages,
            foreignPublicationMessages, callCounters);
    }
}
