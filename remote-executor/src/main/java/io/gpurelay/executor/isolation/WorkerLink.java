package io.gpurelay.executor.isolation;

import java.io.IOException;

import io.gpurelay.executor.worker.WorkerProtocol;

/**
 * The supervisor's messages: commands to its workers, events from them, and what it tells clients itself when their
 * worker cannot (it died, or never became ready). Sending never waits on a client: those notices go out from
 * {@link #doWork} once the client's stream connects, or are dropped at a deadline.
 */
interface WorkerLink extends AutoCloseable
{
    /**
     * Deliver the workers' events that arrived.
     */
    int poll(WorkerProtocol.Listener listener);

    boolean assign(long workerId, SessionAssignment assignment);

    boolean stop(long workerId);

    /**
     * Tell the client that its session ended because its worker died, whether or not the worker had answered the
     * client's connect request yet: a client still waiting for {@code Connected} takes this as the refusal of its
     * connect request, one already connected as the end of its session.
     */
    void sessionFailed(SessionAssignment assignment, String reason, long nowNs);

    /**
     * Refuse the client's connect request: no worker could take its session.
     */
    void connectFailed(SessionAssignment assignment, String reason, long nowNs);

    /**
     * Remove what a dead worker left behind of a session on this host: the files of its transfer regions and pinned
     * host memory.
     *
     * @return how many files were removed.
     * @throws IOException when the directory cannot be read or a file cannot be removed.
     */
    default int removeLeftovers(final SessionAssignment assignment) throws IOException
    {
        return 0;
    }

    /**
     * Send the notices whose client stream has connected, drop those past their deadline.
     */
    int doWork(long nowNs);

    void close();
}
