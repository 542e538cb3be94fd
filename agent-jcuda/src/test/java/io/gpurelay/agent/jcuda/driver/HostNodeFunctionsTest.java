package io.gpurelay.agent.jcuda.driver;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

import io.gpurelay.protocol.ByteArrayPayload;
import jcuda.driver.CUhostFn;
import org.junit.jupiter.api.Test;

/**
 * A session's end forgets the host node functions and exec keys given to it, and only those: the executor's graphs
 * went with the session, and no call can release their keys any more. Execs are kept per session, as two executors
 * can give the same handle.
 */
class HostNodeFunctionsTest
{
    private static final CUhostFn FN = userData -> { };

    @Test
    void anEndedSessionsFunctionsAndExecKeysAreForgottenAndAnotherSessionsKept()
    {
        final Object ended = new Object();
        final Object other = new Object();
        final long a = HostNodeFunctions.register(FN, "a", ended);
        final long b = HostNodeFunctions.register(FN, "b", other);
        final long exec = 0x7E57_0001L;
        final long otherExec = 0x7E57_0002L;
        HostNodeFunctions.execKeys(exec, keys(a), 0, ended);
        HostNodeFunctions.execKeys(otherExec, keys(b), 0, other);

        HostNodeFunctions.sessionEnded(ended);

        assertNull(HostNodeFunctions.get(a), "the ended session's function");
        assertNull(HostNodeFunctions.execKeys(exec, ended), "the ended session's exec");
        assertNotNull(HostNodeFunctions.get(b), "another session's function");
        assertArrayEquals(new long[]{ b }, HostNodeFunctions.execKeys(otherExec, other), "another session's exec");

        HostNodeFunctions.sessionEnded(other);
        assertNull(HostNodeFunctions.get(b));
        assertNull(HostNodeFunctions.execKeys(otherExec, other));
    }

    /**
     * Two executors of one device list can give the same exec handle: each session's exec runs its own host nodes,
     * and destroying one, or ending its session, leaves the other's.
     */
    @Test
    void twoSessionsExecsOfTheSameHandleAreKeptApart()
    {
        final Object first = new Object();
        final Object second = new Object();
        final long a = HostNodeFunctions.register(FN, "a", first);
        final long b = HostNodeFunctions.register(FN, "b", second);
        final long exec = 0x7E57_0003L;
        HostNodeFunctions.execKeys(exec, keys(a), 0, first);
        HostNodeFunctions.execKeys(exec, keys(b), 0, second);

        assertArrayEquals(new long[]{ a }, HostNodeFunctions.execKeys(exec, first), "the first session's exec");
        assertArrayEquals(new long[]{ b }, HostNodeFunctions.execKeys(exec, second), "the second session's exec");
        assertNull(HostNodeFunctions.execKeys(exec, new Object()), "a third session has no such exec");

        HostNodeFunctions.execDestroyed(exec, second);
        assertNull(HostNodeFunctions.execKeys(exec, second), "the destroyed exec");
        assertArrayEquals(new long[]{ a }, HostNodeFunctions.execKeys(exec, first), "the first session's exec");

        HostNodeFunctions.execKeys(exec, keys(b), 0, second);
        HostNodeFunctions.sessionEnded(second);
        assertNull(HostNodeFunctions.execKeys(exec, second), "the ended session's exec");
        assertArrayEquals(new long[]{ a }, HostNodeFunctions.execKeys(exec, first), "the first session's exec");

        HostNodeFunctions.execKeys(exec, keys(), 0, second);
        assertArrayEquals(new long[]{ a }, HostNodeFunctions.execKeys(exec, first),
            "an exec of the second session without host nodes leaves the first's");

        HostNodeFunctions.sessionEnded(first);
        assertNull(HostNodeFunctions.execKeys(exec, first));
    }

    /**
     * cuGraphInstantiate's reply can arrive before its session ends and be recorded after the end forgot the
     * session's execs: the recording must not keep the exec under a session that never ends again.
     */
    @Test
    void anExecRecordedAfterItsSessionEndedIsNotKept()
    {
        final Object ended = new Object();
        final Object live = new Object();
        final long a = HostNodeFunctions.register(FN, "a", ended);
        final long b = HostNodeFunctions.register(FN, "b", live);
        final long exec = 0x7E57_0004L;

        HostNodeFunctions.sessionEnded(ended);
        HostNodeFunctions.execKeys(exec, keys(a), 0, ended);
        HostNodeFunctions.execKeys(exec, keys(b), 0, live);

        assertNull(HostNodeFunctions.execKeys(exec, ended), "an exec recorded after its session ended");
        assertArrayEquals(new long[]{ b }, HostNodeFunctions.execKeys(exec, live), "a live session's exec");
        HostNodeFunctions.sessionEnded(live);
        assertNull(HostNodeFunctions.execKeys(exec, live));
    }

    private static ByteArrayPayload keys(final long... keys)
    {
        final ByteBuffer bytes = ByteBuffer.allocate(Long.BYTES * keys.length).order(ByteOrder.LITTLE_ENDIAN);
        for (final long key : keys)
        {
            bytes.putLong(key);
        }
        return new ByteArrayPayload(bytes.array());
    }
}
