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

@Tag("gpu")
class GpuMemoryTest
{
    private GpuTestSession gpu;
    private BackendContext context;

    @BeforeEach
    void openSession()
    {
        GpuTestSupport.assumeGpu();
        gpu = new GpuTestSession();
        context = gpu.context();
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
    void roundTripOf64MiBInChunksAsAeronDeliversAndSendsThem()
    {
        final int bytes = 64 * MIB + 12345;
        final UnsafeBuffer source = pattern(bytes, 1);
        final UnsafeBuffer target = hostBuffer(bytes);
        final long device = gpu.malloc(context, bytes);

        gpu.upload(context, null, device, source, bytes, MIB);
        gpu.download(context, null, device, target, bytes, MIB);
        assertSameBytes(source, target, bytes);

        final UnsafeBuffer heapChunks = new UnsafeBuffer(new byte[4096]);
        heapChunks.setMemory(0, 4096, (byte)0x5A);
        gpu.upload(context, null, device + 100, heapChunks, 4096, 1000);
        gpu.download(context, null, device, target, 8192, 3000);
        assertEquals(source.getByte(99), target.getByte(99));
        assertEquals(0x5A, target.getByte(100));
        assertEquals(0x5A, target.getByte(4195));
        assertEquals(source.getByte(4196), target.getByte(4196));
    }

    @Test
    void memsetsWriteBytesShortsAndInts()
    {
        final long device = gpu.malloc(context, 4096);
        gpu.session.memset(context, null, device, 0x5A, 4096, 1, gpu.call());
        gpu.ok();
        gpu.session.memset(context, null, device + 2, 0x1234, 3, 2, gpu.call());
        gpu.ok();
        gpu.session.memset(context, null, device + 64, 0xCAFEBABE, 4, 4, gpu.call());
        gpu.ok();

        final UnsafeBuffer host = hostBuffer(4096);
        gpu.download(context, null, device, host, 4096, 4096);
        assertEquals(0x5A5A, host.getShort(0) & 0xFFFF);
        assertEquals(0x1234, host.getShort(2));
        assertEquals(0x1234, host.getShort(6));
        assertEquals(0x5A5A, host.getShort(8) & 0xFFFF);
        assertEquals(0x5A5A5A5A, host.getInt(60));
        assertEquals(0xCAFEBABE, host.getInt(64));
        assertEquals(0xCAFEBABE, host.getInt(76));
        assertEquals(0x5A5A5A5A, host.getInt(80));

        gpu.session.memset(context, null, device + 2, 0, 1, 4, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
        assertTrue(gpu.result.message().startsWith("cuMemsetD32: "), gpu.result.message());
    }

    @Test
    void rangesOutsideAnAllocationAreRefusedWithInvalidValue()
    {
        final long device = gpu.malloc(context, 1024);

        assertNull(gpu.session.memcpyHostToDevice(context, null, device, 1025, gpu.call()));
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
        assertTrue(gpu.result.message().contains("is not inside one allocation of this session"),
            gpu.result.message());
        gpu.session.memcpyDeviceToHost(context, null, device + 1024, 1, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
        assertNull(gpu.session.memcpyHostToDevice(context, null, 8, 8, gpu.call()));
        gpu.session.memcpyDeviceToDevice(context, null, device, device + 512, 1024, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
        gpu.session.memset(context, null, device, 0, 257, 4, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
        gpu.session.memset(context, null, device, 0, -1, 1, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());

        gpu.session.free(context, device, gpu.call());
        gpu.ok();
        assertNull(gpu.session.memcpyHostToDevice(context, null, device, 1, gpu.call()), "a freed allocation");
    }

    @Test
    void freeTakesOnlyTheStartOfALiveAllocation()
    {
        final long device = gpu.malloc(context, 1024);
        gpu.session.free(context, device + 8, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
        gpu.session.free(context, 0xdead_0000L, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error());
        gpu.session.free(context, device, gpu.call());
        gpu.ok();
        gpu.session.free(context, device, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error(), "a second free");
        gpu.session.free(context, 0, gpu.call());
        gpu.ok();
    }

    @Test
    void allocationSizesFollowTheRuntime()
    {
        assertEquals(0, gpu.malloc(context, 0));
        gpu.session.malloc(context, -1, gpu.call());
        assertEquals(CudaError.OUT_OF_MEMORY, gpu.result.error());
        gpu.session.malloc(context, 1L << 50, gpu.call());
        assertEquals(CudaError.OUT_OF_MEMORY, gpu.result.error(), gpu.result.message());
        assertTrue(gpu.result.message().contains("CUDA_ERROR_OUT_OF_MEMORY"), gpu.result.message());
    }

    @Test
    void copiesBetweenAllocationsOfTwoContexts()
    {
        final BackendContext other = gpu.context();
        final long first = gpu.malloc(context, MIB);
        final long second = gpu.malloc(other, MIB);
        gpu.upload(context, null, first, pattern(MIB, 4), MIB, MIB);

        gpu.session.memcpyDeviceToDevice(context, null, second + 100, first, MIB - 100, gpu.call());
        gpu.ok();

        final UnsafeBuffer host = hostBuffer(MIB);
        gpu.download(other, null, second, host, MIB, MIB);
        assertSameBytes(pattern(MIB, 4), new UnsafeBuffer(host, 100, MIB - 100), MIB - 100);
    }

    @Test
    void destroyingAContextFreesItsMemoryOnTheGpu()
    {
        final BackendContext doomed = gpu.context();
        final long baseline = gpu.memoryInfo(context)[0];
        final long address = gpu.malloc(doomed, 512L * MIB);
        assertTrue(gpu.memoryInfo(context)[0] <= baseline - 512L * MIB);

        gpu.session.destroyContext(doomed);

        assertTrue(gpu.memoryInfo(context)[0] > baseline - 64L * MIB, "free memory is back");
        gpu.session.memset(context, null, address, 0, 1, 1, gpu.call());
        assertEquals(CudaError.INVALID_VALUE, gpu.result.error(), "its allocations are gone from the session");
    }

    @Test
    void memoryInfoDescribesTheDevice()
    {
        final long[] freeAndTotal = gpu.memoryInfo(context);
        assertTrue(freeAndTotal[0] > 0);
        assertTrue(freeAndTotal[1] >= freeAndTotal[0]);
        gpu.deviceTotalMemory(0);
        final long totalGlobalMem = gpu.value(0);
        assertTrue(freeAndTotal[1] <= totalGlobalMem && freeAndTotal[1] > totalGlobalMem / 10 * 9,
            freeAndTotal[1] + " bytes in all, totalGlobalMem " + totalGlobalMem);
        gpu.session.synchronizeContext(context, gpu.call());
        gpu.ok();
    }

    @Test
    void closingCountsWhatTheClientLeftAndFreesIt()
    {
        gpu.malloc(context, MIB);
        final long freed = gpu.malloc(context, 2 * MIB);
        gpu.malloc(gpu.context(), 3 * MIB);
        gpu.session.free(context, freed, gpu.call());
        gpu.ok();

        assertEquals(new ReleasedResources(2, 4L * MIB), gpu.closeSession());
    }
}
