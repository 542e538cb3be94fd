package io.gpurelay.executor.backend.gpu;

import static io.gpurelay.executor.backend.gpu.GpuTestSupport.MIB;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.assertSameBytes;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.hostBuffer;
import static io.gpurelay.executor.backend.gpu.GpuTestSupport.pattern;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.ReleasedResources;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Two sessions on one device, as the executor runs them: each with contexts of its own. (A device fault is not
 * isolated: CUDA fails every context of the process after one, which {@code GpuFaultIpcTest} shows in a process of
 * its own.)
 */
@Tag("gpu")
class GpuSessionIsolationTest
{
    /** How far free device memory may drift while the test runs, from the driver's own bookkeeping. */
    private static final long FREE_MEMORY_TOLERANCE = 64L * MIB;

    private GpuTestSession first;
    private GpuTestSession second;

    @BeforeEach
    void openSessions()
    {
        GpuTestSupport.assumeGpu();
        first = new GpuTestSession();
        second = new GpuTestSession();
    }

    @AfterEach
    void closeSessions()
    {
        if (first != null)
        {
            first.close();
            second.close();
        }
    }

    @Test
    void closingASessionGivesAllItsMemoryBack()
    {
        final BackendContext observer = first.context();
        final long baseline = first.memoryInfo(observer)[0];

        final BackendContext context = second.context();
        final long large = second.malloc(context, 1L << 30);
        second.malloc(second.context(), 3 * MIB);
        second.loadKernels(context);
        second.upload(context, null, large, pattern(MIB, 1), MIB, MIB);
        final long whileHeld = first.memoryInfo(observer)[0];
        assertTrue(whileHeld <= baseline - (1L << 30), "free " + whileHeld + " of baseline " + baseline);

        assertEquals(new ReleasedResources(2, (1L << 30) + 3 * MIB), second.closeSession());
        final long afterClose = first.memoryInfo(observer)[0];
        System.out.println("free device memory: " + baseline + " before the session, " + whileHeld +
            " while it held 1 GiB, " + afterClose + " after its contexts were destroyed");
        assertTrue(Math.abs(afterClose - baseline) <= FREE_MEMORY_TOLERANCE,
            "free " + afterClose + " after close, " + baseline + " before");
    }

    @Test
    void anotherSessionsMemoryIsOutOfReach()
    {
        final BackendContext firstContext = first.context();
        final long firstsMemory = first.malloc(firstContext, MIB);
        first.upload(firstContext, null, firstsMemory, pattern(MIB, 9), MIB, MIB);

        final BackendContext secondContext = second.context();
        assertNull(second.session.memcpyHostToDevice(secondContext, null, firstsMemory, 1, second.call()));
        second.session.memcpyDeviceToHost(secondContext, null, firstsMemory, MIB, second.call());
        assertEquals(CudaError.INVALID_VALUE, second.result.error());
        second.session.memset(secondContext, null, firstsMemory, 0, MIB, 1, second.call());
        assertEquals(CudaError.INVALID_VALUE, second.result.error());
        second.session.free(secondContext, firstsMemory, second.call());
        assertEquals(CudaError.INVALID_VALUE, second.result.error());
        final long secondsMemory = second.malloc(secondContext, MIB);
        second.session.memcpyDeviceToDevice(secondContext, null, secondsMemory, firstsMemory, MIB, second.call());
        assertEquals(CudaError.INVALID_VALUE, second.result.error());

        final UnsafeBuffer host = hostBuffer(MIB);
        first.download(firstContext, null, firstsMemory, host, MIB, MIB);
        assertSameBytes(pattern(MIB, 9), host, MIB);
    }
}
