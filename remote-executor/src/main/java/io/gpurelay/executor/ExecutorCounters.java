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

    final Counter sessionsOpened;
    final Counter sessionsClosed;
    final Counter connectsRejected;
    final Counter calls;
    final Counter bytesIn;
    final Counter bytesOut;
    final Counter malformedMessages;
    final Counter foreignMessages;
    final Counter errors;
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

    /**
     * One line for the log.
     */
    public String summary()
    {
        return "totals: sessions " + sessionsOpened() + " opened, " + sessionsClosed() + " closed, " +
            activeSessions() + " active; " + connectsRejected() + " connects rejected; " + calls() + " calls; " +
            bytesIn() + " bytes in, " + bytesOut() + " bytes out; " + malformedMessages() + " malformed messages, " +
            foreignMessages() + " for other sessions; " + errors() + " errors";
    }

    public void close()
    {
        CloseHelper.closeAll(sessionsOpened, sessionsClosed, connectsRejected, calls, bytesIn, bytesOut,
            malformedMessages, foreignMessages, errors, callCounters);
    }
}
