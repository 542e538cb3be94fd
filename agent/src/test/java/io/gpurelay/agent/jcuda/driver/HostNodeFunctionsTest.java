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
 * went with the session, and no call can release their keys any more.
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
        assertNull(HostNodeFunctions.execKeys(exec), "the ended session's exec");
        assertNotNull(HostNodeFunctions.get(b), "another session's function");
        assertArrayEquals(new long[]{ b }, HostNodeFunctions.execKeys(otherExec), "another session's exec");

        HostNodeFunctions.sessionEnded(other);
        assertNull(HostNodeFunctions.get(b));
        assertNull(HostNodeFunctions.execKeys(otherExec));
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
