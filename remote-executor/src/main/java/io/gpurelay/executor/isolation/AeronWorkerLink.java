package io.gpurelay.executor.isolation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;

import io.aeron.Aeron;
import io.aeron.ExclusivePublication;
import io.aeron.FragmentAssembler;
import io.aeron.Subscription;
import io.gpurelay.executor.resources.SessionPinnedMemory;
import io.gpurelay.executor.resources.SessionTransferRegion;
import io.gpurelay.executor.session.ResponseChannels;
import io.gpurelay.executor.worker.WorkerProtocol;
import io.gpurelay.protocol.ExecutorProxy;
import io.gpurelay.protocol.codecs.RejectReason;
import io.gpurelay.protocol.security.SessionKeys;
import org.agrona.CloseHelper;
import org.agrona.concurrent.NoOpIdleStrategy;

/**
 * {@link WorkerLink} over the executor's media driver: commands and events on the supervisor's two IPC streams, and
 * a short-lived publication to a client's response stream for each notice the supervisor sends it itself.
 */
public final class AeronWorkerLink implements WorkerLink
{
    private static final int FRAGMENT_LIMIT = 16;
    /** A notice is a single small message: the smallest term there is. */

    private final Aeron aeron;
    private final long noticeTimeoutNs;
    private final ExclusivePublication commands;
    private final Subscription events;
    private final WorkerProtocol.Sender sender = new WorkerProtocol.Sender();
    private final ExecutorProxy noticeProxy = new ExecutorProxy(NoOpIdleStrategy.INSTANCE, 0);
    private final ExecutorProxy sealedNoticeProxy = new ExecutorProxy(NoOpIdleStrategy.INSTANCE, 0);
    private final ArrayList<Notice> notices = new ArrayList<>();
    private FragmentAssembler assembler;

    /**
     * @param noticeTimeoutNs how long a notice waits for the client's stream to connect, and how long its
     *                        publication stays open.
     */
    public AeronWorkerLink(final Aeron aeron, final long supervisorPid, final long noticeTimeoutNs)
    {
        this.aeron = aeron;
        this.noticeTimeoutNs = noticeTimeoutNs;
        this.commands = aeron.addExclusivePublication(
            WorkerProtocol.CHANNEL, WorkerProtocol.commandStreamId(supervisorPid));
        this.events = aeron.addSubscription(WorkerProtocol.CHANNEL, WorkerProtocol.eventStreamId(supervisorPid));
    }

    public int poll(final WorkerProtocol.Listener listener)
    {
        if (assembler == null)
        {
            assembler = new FragmentAssembler(new WorkerProtocol.Adapter(listener));
        }
        return events.poll(assembler, FRAGMENT_LIMIT);
    }

    public boolean assign(final long workerId, final SessionAssignment assignment)
    {
        return sender.assignSession(commands, workerId, assignment.handshake(), assignment.connectCorrelationId(),
            assignment.clientPid(), assignment.requestStreamId(), assignment.responseStreamId(),
            assignment.responseChannel(), assignment.clientName());
    }

    public boolean stop(final long workerId)
    {
        return sender.stopWorker(commands, workerId);
    }

    public void sessionFailed(final SessionAssignment assignment, final String reason, final long nowNs)
    {
        addNotice(assignment, reason, false, nowNs);
    }

    public int removeLeftovers(final SessionAssignment assignment) throws IOException
    {
        final Path directory = Path.of(aeron.context().aeronDirectoryName());
        return SessionTransferRegion.deleteFilesOf(directory, assignment.sessionId()) +
            SessionPinnedMemory.deleteFilesOf(directory, assignment.sessionId());
    }

    public void connectFailed(final SessionAssignment assignment, final String reason, final long nowNs)
    {
        addNotice(assignment, reason, true, nowNs);
    }

    /**
     * A delivered notice's publication stays open until its deadline: closed at once, its image could go away on the
     * client's side before the client has read the notice.
     */
    public int doWork(final long nowNs)
    {
        int work = 0;
        for (int i = notices.size() - 1; i >= 0; i--)
        {
            final Notice notice = notices.get(i);
            if (!notice.delivered() && notice.publication.isConnected() && send(notice))
            {
                work++;
            }
            if (nowNs - notice.deadlineNs >= 0)
            {
                CloseHelper.close(notice.publication);
                notices.remove(i);
                work++;
            }
        }
        return work;
    }

    public void close()
    {
        for (final Notice notice : notices)
        {
            CloseHelper.close(notice.publication);
        }
        notices.clear();
        CloseHelper.closeAll(commands, events);
    }

    /**
     * The refusal of the connect request first, then the end of the session: a client takes the first answer to its
     * connect request only, so whichever of the worker's {@code Connected} and this refusal it reads first counts.
     */
    private boolean send(final Notice notice)
    {
        final SessionAssignment assignment = notice.assignment;
        if (notice.rejectionOwed)
        {
            if (!noticeProxy.rejected(notice.publication, assignment.connectCorrelationId(),
                RejectReason.WORKER_UNAVAILABLE, notice.reason))
            {
                return false;
            }
            notice.rejectionOwed = false;
        }
        if (notice.failureOwed)
        {
            if (!sessionFailed(notice.publication, assignment, notice.reason))
            {
                return false;
            }
            notice.failureOwed = false;
        }
        return true;
    }

    /**
     * A sealed session's client takes no reply in the clear after {@code Connected}: the notice is sealed with the
     * session's reply key, which the supervisor keeps, as the session's last message.
     */
    private boolean sessionFailed(
        final ExclusivePublication publication, final SessionAssignment assignment, final String reason)
    {
        final SessionKeys keys = assignment.handshake().keys();
        if (!keys.sealed())
        {
            return noticeProxy.sessionFailed(publication, assignment.sessionId(), reason);
        }
        sealedNoticeProxy.sealWith(keys.lastReplySealer());
        return sealedNoticeProxy.sessionFailed(publication, assignment.sessionId(), reason);
    }

    private void addNotice(
        final SessionAssignment assignment, final String reason, final boolean connectRequest, final long nowNs)
    {
        try
        {
            final ExclusivePublication publication = aeron.addExclusivePublication(
                ResponseChannels.forRefusal(assignment.responseChannel()), assignment.responseStreamId());
            notices.add(new Notice(publication, assignment, reason, connectRequest, nowNs + noticeTimeoutNs));
        }
        catch (final RuntimeException ex)
        {
            aeron.context().errorHandler().onError(ex);
        }
    }

    private static final class Notice
    {
        final ExclusivePublication publication;
        final SessionAssignment assignment;
        final String reason;
        final long deadlineNs;
        boolean rejectionOwed = true;
        /** A refused connect request has no session to end. */
        boolean failureOwed;

        Notice(
            final ExclusivePublication publication,
            final SessionAssignment assignment,
            final String reason,
            final boolean connectRequest,
            final long deadlineNs)
        {
            this.publication = publication;
            this.assignment = assignment;
            this.reason = reason;
            this.failureOwed = !connectRequest;
            this.deadlineNs = deadlineNs;
        }

        boolean delivered()
        {
            return !rejectionOwed && !failureOwed;
        }
    }
}
