package io.gpurelay.agent.jcuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;

import io.gpurelay.agent.cuda.ManagedMemory;
import io.gpurelay.protocol.Function;
import org.junit.jupiter.api.Test;

/**
 * The parts of managed memory's coherence that need no executor: what a write-back sends, which calls fetch, and which
 * views are kept.
 */
class ManagedMemoryTest
{
    private static final long ADDRESS = 0x7F00_0000_0000L;

    @Test
    void twoSessionsViewsAtTheSameAddressAreKeptApartAndASessionsEndForgetsItsOwn()
    {
        final Object first = new Object();
        final Object second = new Object();
        final ByteBuffer firstView = ManagedMemory.hostBuffer(64);
        final ByteBuffer secondView = ManagedMemory.hostBuffer(64);
        final int before = ManagedMemory.viewCount();
        try
        {
            ManagedMemory.add(ADDRESS, 0, firstView, first);
            ManagedMemory.add(ADDRESS, 1, secondView, second);
            assertEquals(before + 2, ManagedMemory.viewCount(), "both sessions' views are kept");
            assertTrue(ManagedMemory.isHostView(firstView) && ManagedMemory.isHostView(secondView));

            ManagedMemory.forget(ADDRESS, second);
            assertFalse(ManagedMemory.isHostView(secondView), "the freed allocation's view");
            assertTrue(ManagedMemory.isHostView(firstView), "another session's view at the same address stays");

            ManagedMemory.add(ADDRESS, 1, secondView, second);
            ManagedMemory.sessionEnded(first);
            assertFalse(ManagedMemory.isHostView(firstView), "an ended session's view is plain host memory again");
            assertTrue(ManagedMemory.isHostView(secondView), "another session's end leaves the second's view");
            assertEquals(before + 1, ManagedMemory.viewCount());

            final ByteBuffer late = ManagedMemory.hostBuffer(64);
            ManagedMemory.add(ADDRESS + 64, 0, late, first);
            assertFalse(ManagedMemory.isHostView(late), "a view added after its session ended is not kept");
            assertNotEquals(before + 2, ManagedMemory.viewCount());
        }
        finally
        {
            ManagedMemory.sessionEnded(first);
            ManagedMemory.sessionEnded(second);
        }
        assertEquals(before, ManagedMemory.viewCount());
    }

    @Test
    void aWriteBackSpansTheFirstToTheLastChangedByte()
    {
        final ByteBuffer snapshot = ByteBuffer.allocateDirect(20_000);
        final ByteBuffer host = ByteBuffer.allocateDirect(20_000);
        host.put(5, (byte)1);
        assertEquals(5, host.duplicate().mismatch(snapshot.duplicate()));
        assertEquals(5, ManagedMemory.lastMismatch(host, snapshot, 5));
        host.put(12_345, (byte)2);
        assertEquals(12_345, ManagedMemory.lastMismatch(host, snapshot, 5));
        host.put(19_999, (byte)3);
        assertEquals(19_999, ManagedMemory.lastMismatch(host, snapshot, 5));
    }

    @Test
    void synchronisingCallsFetchOthersDoNot()
    {
        for (final Function function : new Function[]{ Function.CUDA_DEVICE_SYNCHRONIZE, Function.CU_CTX_SYNCHRONIZE,
            Function.CUDA_STREAM_SYNCHRONIZE, Function.CU_EVENT_SYNCHRONIZE, Function.CUDA_MEMCPY_DTOH,
            Function.CU_MEMCPY_HTOD, Function.CUDA_STREAM_QUERY, Function.CU_STREAM_SYNCHRONIZE,
            Function.CU_MEMCPY_DTOH, Function.CU_MEMCPY_3D })
        {
            assertTrue(ManagedMemory.synchronises(function, new long[0]), function.name());
        }
        for (final Function function : new Function[]{ Function.CU_LAUNCH_KERNEL, Function.CUDA_MEMCPY_HTOD_ASYNC,
            Function.CUDA_MEMSET_ASYNC, Function.CUDA_MALLOC })
        {
            assertFalse(ManagedMemory.synchronises(function, new long[0]), function.name());
        }
        final long[] asynchronous = { 0, 0, 0, 0, 0, 0, 0 };
        final long[] synchronous = { 0, 0, 0, 0, 0, 0, 1 };
        assertFalse(ManagedMemory.synchronises(Function.CUDA_MEMCPY_HOST_MEMORY, asynchronous));
        assertTrue(ManagedMemory.synchronises(Function.CUDA_MEMCPY_HOST_MEMORY, synchronous));
    }

    @Test
    void aDeviceResetForgetsThePrimaryContextsViewsAndADestroyedContextItsOwn()
    {
        final Object session = new Object();
        final ByteBuffer runtime = ManagedMemory.hostBuffer(64);
        final ByteBuffer primary = ManagedMemory.hostBuffer(64);
        final ByteBuffer created = ManagedMemory.hostBuffer(64);
        final ByteBuffer mapped = ManagedMemory.hostBuffer(64);
        try
        {
            ManagedMemory.add(ADDRESS, 0, runtime, session);
            ManagedMemory.add(ADDRESS + 64, ManagedMemory.Home.driver(0, 0x10, true), primary, session, false);
            ManagedMemory.add(ADDRESS + 128, ManagedMemory.Home.driver(0, 0x20, false), created, session, false);
            ManagedMemory.add(ADDRESS + 192, ManagedMemory.Home.driver(0, 0x20, false), mapped, session, true);
            assertFalse(ManagedMemory.isHostView(mapped), "mapped memory's buffer stays host memory");
            assertEquals(ManagedMemory.Home.driver(0, 0x20, false), ManagedMemory.homeOf(ADDRESS + 192, session));

            ManagedMemory.forgetDevice(0);
            assertFalse(ManagedMemory.isHostView(runtime), "the runtime's view of the reset device");
            assertFalse(ManagedMemory.isHostView(primary), "the primary context's view");
            assertTrue(ManagedMemory.isHostView(created), "a created context's allocation outlives a device reset");

            ManagedMemory.forgetContext(0x20);
            assertFalse(ManagedMemory.isHostView(created), "the destroyed context's view");
            assertEquals(null, ManagedMemory.homeOf(ADDRESS + 192, session), "the destroyed context's mapped view");
        }
        finally
        {
            ManagedMemory.sessionEnded(session);
        }
    }
}
