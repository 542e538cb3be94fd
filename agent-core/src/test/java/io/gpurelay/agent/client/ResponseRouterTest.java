package io.gpurelay.agent.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.codecs.RejectReason;
import org.agrona.concurrent.NoOpIdleStrategy;
import org.junit.jupiter.api.Test;

/**
 * The first answer to a connect request counts: a supervisor whose worker died refuses a request that the worker may
 * have answered already, and the two answers travel on different publications, so either may come first.
 */
class ResponseRouterTest
{
    private static final long CORRELATION_ID = 7;

    @Test
    void aRefusalAfterConnectedLeavesTheSessionAcceptedAndItsFailureIsTaken()
    {
        final ResponseRouter router = newRouter();
        router.expectHandshake(CORRELATION_ID);
        connected(router, 42);
        router.onRejected(CORRELATION_ID, RejectReason.WORKER_UNAVAILABLE, Protocol.PROTOCOL_VERSION, "worker died");
        router.onSessionFailed(42, "the session's worker died: signal 9 (SIGKILL)");

        assertTrue(router.handshake().accepted());
        assertEquals(42, router.handshake().sessionId());
        assertEquals("session 42 failed: the session's worker died: signal 9 (SIGKILL)", router.sessionFailure());
    }

    @Test
    void aRefusalBeforeConnectedRefusesTheRequestAndALateConnectedIsIgnored()
    {
        final ResponseRouter router = newRouter();
        router.expectHandshake(CORRELATION_ID);
        router.onRejected(CORRELATION_ID, RejectReason.WORKER_UNAVAILABLE, Protocol.PROTOCOL_VERSION, "worker died");
        connected(router, 42);
        router.onSessionFailed(42, "the session's worker died");

        assertFalse(router.handshake().accepted());
        assertNull(router.sessionFailure());
    }

    /**
     * A router whose callbacks have no client behind them: these tests add none.
     */
    static ResponseRouter newRouter()
    {
        return new ResponseRouter(new ClientCallbacks(new ClientCallbacks.Owner()
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
        }, new NoOpIdleStrategy(), "gpurelay-callbacks-test"));
    }

    private static void connected(final ResponseRouter router, final long sessionId)
    {
        router.onConnected(CORRELATION_ID, sessionId, Protocol.PROTOCOL_VERSION, 1, 2, new byte[32], new byte[32], 1,
            1000, "test", "emulated");
    }
}
