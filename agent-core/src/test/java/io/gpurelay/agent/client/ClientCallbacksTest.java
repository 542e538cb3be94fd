package io.gpurelay.agent.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.junit.jupiter.api.Test;

/**
 * What the client forgets of the callbacks it keeps when the executor says they will never come due: a refused call's
 * callback, the host functions a failed graph launch did not queue, and every callback of a session that ended.
 * These callbacks belong to no session (none is connected), so none comes due while a test looks. And a call made
 * inside a callback is refused, its warning naming the function as CUDA does.
 */
class ClientCallbacksTest
{
    private static final HostCallback NOTHING = status -> { };
    private static final long LAUNCH = 100;

    private final ClientCallbacks callbacks = new ClientCallbacks(new ClientCallbacks.Owner()
    {
        public Session currentSession()
        {
            return null;
        }

        public int pollResponses(final Session session)
        {
            return 0;
        }

        public void lost(final Session session, final String reason)
        {
        }
    }, new NoOpIdleStrategy(), "gpurelay-callbacks-test");

    @Test
    void aFailedLaunchForgetsTheHostFunctionsItDidNotQueueAndNoOthers()
    {
        addLaunch(3);
        callbacks.add(null, LAUNCH + 4, NOTHING);

        callbacks.refused(LAUNCH, 1);
        callbacks.forget(LAUNCH + 4);
        assertTrue(callbacks.active(), "the host function queued before the failure still comes due");
        callbacks.forget(LAUNCH + 1);
        assertFalse(callbacks.active(), "the two the launch did not queue are forgotten");
    }

    @Test
    void aFailedLaunchForgetsOnlyItsOwnCallbacksWhateverTheExecutorSays()
    {
        addLaunch(2);
        callbacks.add(null, LAUNCH + 3, NOTHING);

        callbacks.refused(LAUNCH, 0);
        assertTrue(callbacks.active(), "a callback another call added follows the launch's");
        callbacks.forget(LAUNCH + 3);
        assertFalse(callbacks.active());
    }

    @Test
    void anExecutorThatDoesNotSayHowManyWereQueuedLeavesThemAll()
    {
        addLaunch(2);
        callbacks.refused(LAUNCH, -1);
        callbacks.forget(LAUNCH + 1);
        assertTrue(callbacks.active(), "any of them may have been queued");
        callbacks.forget(LAUNCH + 2);
        assertFalse(callbacks.active());
    }

    @Test
    void aRefusedCallbackIsForgotten()
    {
        callbacks.add(null, 7, NOTHING);
        callbacks.refused(7, -1);
        assertFalse(callbacks.active());
    }

    @Test
    void anEndedSessionsCallbacksAreForgotten()
    {
        addLaunch(2);
        callbacks.add(null, 7, NOTHING);
        callbacks.sessionEnded(null);
        assertFalse(callbacks.active());
    }

    private void addLaunch(final int hostNodes)
    {
        for (int i = 1; i <= hostNodes; i++)
        {
            callbacks.add(null, LAUNCH, LAUNCH + i, NOTHING);
        }
    }

    @Test
    void aCallInsideACallbackIsRefusedWithCudasNameOfTheFunction()
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(RuntimeStatus.NOT_PERMITTED, ClientCallbacks.refuseInCallback(Function.CUDA_MEM_PREFETCH_ASYNC));
            assertEquals(1, log.count("cudaMemPrefetchAsync was called inside a stream callback or host function"),
                log.lines()::toString);
        }
    }
}
