package io.gpurelay.executor.backend.gpu;

import static io.gpurelay.executor.backend.gpu.GpuTestSupport.hostBuffer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendPhysicalMemory;
import io.gpurelay.executor.backend.BackendVirtualMemory;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.ReleasedResources;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Virtual memory management of the gpu backend as the executor drives it (the executor's checks come before): a
 * mapping is memory of the session for copies and memsets only while it has read/write access, two mappings of one
 * allocation show the same bytes, another session never reaches it, and the session's end unmaps, releases and frees
 * what is left.
 */
@Tag("gpu")
class GpuVirtualMemoryTest
{
    private GpuTestSession gpu;
    private BackendContext context;
    private BackendVirtualMemory memory;

    @BeforeEach
    void openSession()
    {
        GpuTestSupport.assumeGpu();
        gpu = new GpuTestSession();
        context = gpu.context();
        memory = gpu.session.virtualMemory();
        assertNotNull(memory);
    }

    @AfterEach
    void closeSession()
    {
        if (gpu != null)
        {
            gpu.close();
        }
    }

    @Test
    void aMappingIsTheSessionsMemoryWhileItHasAccess()
    {
        memory.granularity(0, false, gpu.call());
        final long granule = gpu.value(0);
        assertTrue(granule > 0 && Long.bitCount(granule) == 1, "granularity " + granule);
        memory.reserve(context, 2 * granule, 0, gpu.call());
        final long reservation = gpu.value(0);
        final BackendPhysicalMemory physical = memory.create(context, 0, granule, new long[3], gpu.call());
        gpu.ok();
        assertEquals(granule, gpu.session.allocatedBytes(0), "counted as the session's memory");

        memory.map(context, reservation, granule, physical, 0, gpu.call());
        gpu.ok();
        gpu.session.memset(context, null, reservation, 0x5A, 4096, 1, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error(), "mapped without access");
        memory.setAccess(context, reservation, granule, 0, true, gpu.call());
        gpu.ok();
        gpu.session.memset(context, null, reservation, 0x5A, 4096, 1, gpu.call());
        gpu.ok();

        memory.map(context, reservation + granule, granule, physical, 0, gpu.call());
        gpu.ok();
        memory.setAccess(context, reservation + granule, granule, 0, true, gpu.call());
        gpu.ok();
        final UnsafeBuffer host = hostBuffer(4096);
        gpu.download(context, null, reservation + granule, host, 4096, 4096);
        assertEquals(0x5A, host.getByte(0), "the alias shows the memset");
        assertEquals(0x5A, host.getByte(4095));

        try (GpuTestSession other = new GpuTestSession())
        {
            final BackendContext otherContext = other.context();
            other.session.memset(otherContext, null, reservation, 0, 4096, 1, other.call());
            assertEquals(CudaError.INVALID_VALUE, other.result.error(), "another session's mapping");
        }

        memory.setAccess(context, reservation + granule, granule, 0, false, gpu.call());
        gpu.ok();
        gpu.session.memset(context, null, reservation + granule, 0, 4096, 1, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error(), "access taken away");
        memory.unmap(context, reservation, granule, gpu.call());
        gpu.ok();
        memory.unmap(context, reservation + granule, granule, gpu.call());
        gpu.ok();
        gpu.session.memset(context, null, reservation, 0, 4096, 1, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error(), "unmapped");
        memory.release(context, physical);
        assertEquals(0, gpu.session.allocatedBytes(0));
        memory.free(context, reservation, 2 * granule, gpu.call());
        gpu.ok();
    }

    @Test
    void theSessionsEndUnmapsReleasesAndFreesWhatIsLeft()
    {
        memory.granularity(0, true, gpu.call());
        final long granule = gpu.value(0);
        memory.reserve(context, granule, 0, gpu.call());
        final long reservation = gpu.value(0);
        final BackendPhysicalMemory physical = memory.create(context, 0, granule, new long[3], gpu.call());
        gpu.ok();
        memory.map(context, reservation, granule, physical, 0, gpu.call());
        gpu.ok();
        memory.setAccess(context, reservation, granule, 0, true, gpu.call());
        gpu.ok();
        final ReleasedResources released = gpu.closeSession();
        assertTrue(released.bytes() >= granule, released.toString());
        assertEquals(0, gpu.session.allocatedBytes(0));
    }
}
