package io.gpurelay.executor.counters;

import java.util.concurrent.locks.ReentrantLock;

import io.aeron.Aeron;
import io.aeron.Counter;
import org.agrona.BufferUtil;
import org.agrona.CloseHelper;
import org.agrona.concurrent.UnsafeBuffer;
import org.agrona.concurrent.status.AtomicCounter;
import org.agrona.concurrent.status.CountersManager;
import org.agrona.concurrent.status.CountersReader;

/**
 * Executor-wide statistics, shown live as Aeron counters so that {@code AeronStat} on the executor's Aeron directory
 * lists them. Updated from the conductor and every session thread: increments are atomic.
 * <p>
 * The threads count in memory of the executor's own, which stays mapped as long as the process lives, and the
 * conductor copies the values into the Aeron counters ({@link #publish()}). The Aeron client unmaps its counters when
 * it closes, and it may close on its own (its media driver died, or the process stalled past the client's service
 * interval): a session thread that incremented an Aeron counter then would crash the process. The copy is made under
 * a lock that the client's close handler takes before the client unmaps anything, so no write lands after.
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

    private static final int COUNTER_COUNT = 13;

    public final AtomicCounter sessionsOpened;
    public final AtomicCounter sessionsClosed;
    public final AtomicCounter connectsRejected;
    public final AtomicCounter calls;
    public final AtomicCounter bytesIn;
    public final AtomicCounter bytesOut;
    public final AtomicCounter malformedMessages;
    public final AtomicCounter foreignMessages;
    public final AtomicCounter errors;
    /** Connect requests that did not prove the token, and replayed ones. */
    public final AtomicCounter authenticationFailures;
    /** Messages on a sealed session's stream that were not sealed with its key: changed, made up or in the clear. */
    public final AtomicCounter forgedMessages;
    /** Sealed messages whose sequence number was not above the last one accepted. */
    public final AtomicCounter replayedMessages;
    /** Messages on a session's request stream from a publication other than the client's own. */
    public final AtomicCounter foreignPublicationMessages;
    public final CallCounters callCounters;

    private final Aeron aeron;
    private final CountersManager values = new CountersManager(
        new UnsafeBuffer(BufferUtil.allocateDirectAligned(COUNTER_COUNT * CountersReader.METADATA_LENGTH, 64)),
        new UnsafeBuffer(BufferUtil.allocateDirectAligned(COUNTER_COUNT * CountersReader.COUNTER_LENGTH, 64)));
    private final AtomicCounter[] counted = new AtomicCounter[COUNTER_COUNT];
    private final Counter[] published = new Counter[COUNTER_COUNT];
    private final ReentrantLock publishLock = new ReentrantLock();
    private final Runnable stopPublishing = this::stopPublishing;
    private boolean publishing = true;
    private int added;

    public ExecutorCounters(final Aeron aeron)
    {
        this(aeron, "executor");
    }

    /**
     * @param owner names whose counters these are in their labels: {@code executor}, or {@code worker PID} for a
     *              worker process's own, which live as long as the worker.
     */
    public ExecutorCounters(final Aeron aeron, final String owner)
    {
        this.aeron = aeron;
        final String prefix = "gpurelay " + owner + " ";
        sessionsOpened = add(SESSIONS_OPENED_TYPE_ID, prefix + "sessions opened");
        sessionsClosed = add(SESSIONS_CLOSED_TYPE_ID, prefix + "sessions closed");
        connectsRejected = add(CONNECTS_REJECTED_TYPE_ID, prefix + "connects rejected");
        calls = add(CALLS_TYPE_ID, prefix + "calls");
        bytesIn = add(BYTES_IN_TYPE_ID, prefix + "payload bytes in");
        bytesOut = add(BYTES_OUT_TYPE_ID, prefix + "payload bytes out");
        malformedMessages = add(MALFORMED_MESSAGES_TYPE_ID, prefix + "malformed messages");
        foreignMessages = add(FOREIGN_MESSAGES_TYPE_ID, prefix + "messages for another session");
        errors = add(ERRORS_TYPE_ID, prefix + "internal errors");
        authenticationFailures = add(AUTHENTICATION_FAILURES_TYPE_ID, prefix + "connects failing authentication");
        forgedMessages = add(FORGED_MESSAGES_TYPE_ID, prefix + "forged messages dropped");
        replayedMessages = add(REPLAYED_MESSAGES_TYPE_ID, prefix + "replayed messages dropped");
        foreignPublicationMessages = add(FOREIGN_PUBLICATION_MESSAGES_TYPE_ID,
            prefix + "messages from another publication dropped");
        callCounters = new CallCounters(aeron, owner);
        aeron.addCloseHandler(stopPublishing);
    }

    private AtomicCounter add(final int typeId, final String label)
    {
        final AtomicCounter counter = values.newCounter(label, typeId);
        counted[added] = counter;
        published[added] = aeron.addCounter(typeId, label);
        added++;
        return counter;
    }

    /**
     * Copy the values into the Aeron counters; from the duty cycle of the executor's conductor or a worker's.
     */
    public void publish()
    {
        if (!publishLock.tryLock())
        {
            return;
        }
        try
        {
            if (publishing)
            {
                for (int i = 0; i < COUNTER_COUNT; i++)
                {
                    published[i].setRelease(counted[i].get());
                }
            }
        }
        finally
        {
            publishLock.unlock();
        }
    }

    private void stopPublishing()
    {
        publishLock.lock();
        try
        {
            publishing = false;
        }
        finally
        {
            publishLock.unlock();
        }
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
        stopPublishing();
        if (!aeron.isClosed())
        {
            aeron.removeCloseHandler(stopPublishing);
            CloseHelper.closeAll(published);
            CloseHelper.close(callCounters);
        }
    }
}
