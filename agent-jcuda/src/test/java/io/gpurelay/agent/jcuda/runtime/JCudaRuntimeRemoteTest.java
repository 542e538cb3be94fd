package io.gpurelay.agent.jcuda.runtime;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.InMemoryExecutor;
import io.gpurelay.agent.InMemoryExecutorTest;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.testsupport.ArraysOfEveryType;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.runtime.cudaDeviceProp;
import jcuda.runtime.cudaEvent_t;
import jcuda.runtime.cudaStream_t;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaDeviceGetAttributeNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaDeviceResetNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaDeviceSynchronizeNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaDriverGetVersionNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaEventCreateNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaEventCreateWithFlagsNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaEventDestroyNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaEventElapsedTimeNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaEventQueryNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaEventRecordNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaEventSynchronizeNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaFreeHostNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaFreeNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaGetDeviceCountNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaGetDeviceNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaGetDevicePropertiesNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaGetErrorNameNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaGetErrorStringNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaGetLastErrorNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaHostAllocNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaHostGetDevicePointerNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMallocHostNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMallocNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMemGetInfoNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMemcpyAsyncNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMemcpyNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMemsetAsyncNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaMemsetNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaPeekAtLastErrorNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaRuntimeGetVersionNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaSetDeviceNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaStreamCreateNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaStreamCreateWithFlagsNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaStreamDestroyNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaStreamQueryNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaStreamSynchronizeNative;
import static io.gpurelay.agent.jcuda.runtime.JCudaRuntimeRemote.cudaStreamWaitEventNative;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runtime functions as JCuda's rewritten native methods call them, against an executor over IPC.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class JCudaRuntimeRemoteTest extends InMemoryExecutorTest
{
    private static final int HOST_TO_HOST = 0;
    private static final int HOST_TO_DEVICE = 1;
    private static final int DEVICE_TO_HOST = 2;
    private static final int DEVICE_TO_DEVICE = 3;
    private static final int DEFAULT = 4;

    @AfterEach
    void resetThreadState()
    {
        executor.stopFailing();
        cudaSetDeviceNative(0);
        cudaGetLastErrorNative();
    }

    @Test
    void deviceQueries()
    {
        final int[] count = new int[1];
        assertEquals(0, cudaGetDeviceCountNative(count));
        assertEquals(InMemoryExecutor.DEVICE_COUNT, count[0]);

        final int[] device = { -1 };
        assertEquals(0, cudaSetDeviceNative(1));
        assertEquals(0, cudaGetDeviceNative(device));
        assertEquals(1, device[0]);
        assertEquals(RuntimeStatus.INVALID_DEVICE, cudaSetDeviceNative(InMemoryExecutor.DEVICE_COUNT));
        assertEquals(RuntimeStatus.INVALID_DEVICE, cudaSetDeviceNative(-1));
        assertEquals(RuntimeStatus.INVALID_DEVICE, cudaGetLastErrorNative());
        assertEquals(0, cudaGetDeviceNative(device));
        assertEquals(1, device[0], "a refused cudaSetDevice keeps the current device");

        final int[] value = new int[1];
        assertEquals(0, cudaDeviceGetAttributeNative(value, 16, 1));
        assertEquals(16_001, value[0]);
        final int[] version = new int[1];
        assertEquals(0, cudaDriverGetVersionNative(version));
        assertEquals(13000, version[0]);
        version[0] = 0;
        assertEquals(0, cudaRuntimeGetVersionNative(version));
        assertEquals(13000, version[0]);
        final long[] free = new long[1];
        final long[] total = new long[1];
        assertEquals(0, cudaMemGetInfoNative(free, total));
        assertEquals(InMemoryExecutor.TOTAL_MEMORY, total[0]);
        assertTrue(free[0] <= total[0]);
    }

    @Test
    void devicePropertiesFillTheFieldsJCudaHas()
    {
        final cudaDeviceProp properties = new cudaDeviceProp();
        assertEquals(0, cudaGetDevicePropertiesNative(properties, 1));

        assertEquals(256, properties.name.length);
        assertEquals("In-Memory Device 1",
            new String(properties.name, StandardCharsets.US_ASCII).replace("\0", ""));
        assertEquals(0, properties.name[255]);
        assertEquals(32, properties.warpSize);
        assertEquals(InMemoryExecutor.TOTAL_MEMORY, properties.totalGlobalMem);
        assertArrayEquals(new int[]{ 1024, 1024, 64 }, properties.maxThreadsDim);
        assertArrayEquals(new int[]{ Integer.MAX_VALUE, 65535, 65535 }, properties.maxGridSize);
        assertEquals(9, properties.major);
        assertEquals(132, properties.multiProcessorCount);
        assertArrayEquals(new byte[]{ 1, 2, 3, 4, 5, 6, 7, 8 }, properties.luid);
        assertArrayEquals(new byte[]{ 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 }, properties.uuid.bytes);

        assertEquals(RuntimeStatus.INVALID_DEVICE, cudaGetDevicePropertiesNative(new cudaDeviceProp(), 7));
    }

    @Test
    void everyHostArrayTypeRoundTrips()
    {
        final int n = 4099;
        final ArraysOfEveryType sent = ArraysOfEveryType.random(new Random(3), n);
        final ArraysOfEveryType back = new ArraysOfEveryType(n);

        roundTrip(Pointer.to(sent.bytes), Pointer.to(back.bytes), n);
        roundTrip(Pointer.to(sent.shorts), Pointer.to(back.shorts), n * 2L);
        roundTrip(Pointer.to(sent.chars), Pointer.to(back.chars), n * 2L);
        roundTrip(Pointer.to(sent.ints), Pointer.to(back.ints), n * 4L);
        roundTrip(Pointer.to(sent.longs), Pointer.to(back.longs), n * 8L);
        roundTrip(Pointer.to(sent.floats), Pointer.to(back.floats), n * 4L);
        roundTrip(Pointer.to(sent.doubles), Pointer.to(back.doubles), n * 8L);

        assertArrayEquals(sent.bytes, back.bytes);
        assertArrayEquals(sent.shorts, back.shorts);
        assertArrayEquals(sent.chars, back.chars);
        assertArrayEquals(sent.ints, back.ints);
        assertArrayEquals(sent.longs, back.longs);
        assertArrayEquals(sent.floats, back.floats);
        assertArrayEquals(sent.doubles, back.doubles);
    }

    @Test
    void buffersOfEveryKindRoundTrip()
    {
        final float[] values = new float[3000];
        for (int i = 0; i < values.length; i++)
        {
            values[i] = i * 0.5f;
        }
        final FloatBuffer heap = FloatBuffer.wrap(values.clone());
        final FloatBuffer heapBack = FloatBuffer.allocate(values.length);
        roundTrip(Pointer.to(heap), Pointer.to(heapBack), values.length * 4L);
        assertArrayEquals(values, heapBack.array());

        final FloatBuffer direct = ByteBuffer.allocateDirect(values.length * 4).order(ByteOrder.nativeOrder())
            .asFloatBuffer().put(values);
        final ByteBuffer directBack = ByteBuffer.allocateDirect(values.length * 4).order(ByteOrder.nativeOrder());
        roundTrip(Pointer.to(direct), Pointer.to(directBack), values.length * 4L);
        final float[] back = new float[values.length];
        directBack.asFloatBuffer().get(back);
        assertArrayEquals(values, back);
    }

    @Test
    void offsetsOnBothSidesDeviceToDeviceAndInferredDirections()
    {
        final int[] source = new int[1000];
        Arrays.setAll(source, i -> i + 1);
        final Pointer device = new Pointer();
        assertEquals(0, cudaMallocNative(device, 4000));
        assertEquals(0, cudaMemsetNative(device, 0, 4000));
        assertEquals(0, cudaMemcpyNative(device.withByteOffset(2000), Pointer.to(source).withByteOffset(400), 800,
            HOST_TO_DEVICE));
        final int[] back = new int[1000];
        assertEquals(0, cudaMemcpyNative(Pointer.to(back), device, 4000, DEFAULT));
        for (int i = 0; i < back.length; i++)
        {
            assertEquals(i >= 500 && i < 700 ? source[i - 400] : 0, back[i], "element " + i);
        }

        final Pointer other = new Pointer();
        assertEquals(0, cudaMallocNative(other, 800));
        assertEquals(0, cudaMemcpyNative(other, device.withByteOffset(2000), 800, DEVICE_TO_DEVICE));
        assertEquals(0, cudaMemcpyNative(other.withByteOffset(4), device, 4, DEFAULT));
        final int[] part = new int[200];
        assertEquals(0, cudaMemcpyNative(Pointer.to(part), other, 800, DEVICE_TO_HOST));
        assertEquals(0, part[1]);
        assertEquals(source[102], part[2]);

        final int[] hostCopy = new int[1000];
        final int callsBefore = executor.events().size();
        assertEquals(0, cudaMemcpyNative(Pointer.to(hostCopy), Pointer.to(source), 4000, HOST_TO_HOST));
        assertEquals(0, cudaMemcpyNative(Pointer.to(hostCopy).withByteOffset(4), Pointer.to(source), 4, DEFAULT));
        assertArrayEquals(Arrays.copyOfRange(source, 2, 1000), Arrays.copyOfRange(hostCopy, 2, 1000));
        assertEquals(1, hostCopy[1]);
        assertEquals(callsBefore, executor.events().size(), "host to host copies stay in this process");

        assertEquals(RuntimeStatus.INVALID_MEMCPY_DIRECTION, cudaMemcpyNative(other, device, 4, 9));
        assertEquals(0, cudaFreeNative(device));
        assertEquals(0, cudaFreeNative(other));
        assertEquals(0, cudaFreeNative(new Pointer()));
    }

    @Test
    void hostRangesPastTheEndAreRefusedBeforeAnythingIsSent()
    {
        final Pointer device = new Pointer();
        assertEquals(0, cudaMallocNative(device, 1024));
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            final int callsBefore = executor.events().size();
            assertEquals(RuntimeStatus.INVALID_VALUE,
                cudaMemcpyNative(Pointer.to(new byte[10]), device, 100, DEVICE_TO_HOST));
            assertEquals(RuntimeStatus.INVALID_VALUE,
                cudaMemcpyNative(device, Pointer.to(new float[4]).withByteOffset(8), 9, HOST_TO_DEVICE));
            assertEquals(RuntimeStatus.INVALID_VALUE,
                cudaMemcpyNative(device, Pointer.to(new byte[4]), -1, HOST_TO_DEVICE));
            assertEquals(RuntimeStatus.INVALID_VALUE,
                cudaMemcpyNative(Pointer.to(new byte[4]), Pointer.to(new byte[4]), 4, DEVICE_TO_HOST));
            assertEquals(callsBefore, executor.events().size());
            assertEquals(RuntimeStatus.INVALID_VALUE, cudaGetLastErrorNative());

            assertEquals(4, log.lines().size(), log.lines().toString());
            assertTrue(log.lines().get(0).contains("cudaMemcpy: 100 bytes at byte offset 0 do not fit the byte[10] " +
                "behind the pointer (10 bytes); returning cudaErrorInvalidValue"), log.lines().get(0));
            assertTrue(log.lines().get(1).contains("9 bytes at byte offset 8 do not fit the float[4]"),
                log.lines().get(1));
        }
        assertEquals(0, cudaFreeNative(device));
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaFreeNative(device));
    }

    @Test
    void pinnedHostMemoryLivesHereAndCopiesLikeAnyHostMemory()
    {
        final Pointer pinned = new Pointer();
        assertEquals(0, cudaMallocHostNative(pinned, 1 << 16));
        final ByteBuffer view = pinned.getByteBuffer(0, 1 << 16);
        assertNotNull(view);
        assertEquals(ByteOrder.nativeOrder(), view.order());
        final FloatBuffer floats = view.asFloatBuffer();
        for (int i = 0; i < floats.capacity(); i++)
        {
            floats.put(i, i * 0.25f);
        }
        final Pointer device = new Pointer();
        assertEquals(0, cudaMallocNative(device, 1 << 16));
        assertEquals(0, cudaMemcpyNative(device, pinned, 1 << 16, DEFAULT));

        final Pointer other = new Pointer();
        assertEquals(0, cudaHostAllocNative(other, 1 << 16, 0));
        assertEquals(0, cudaMemcpyNative(other, device, 1 << 16, DEVICE_TO_HOST));
        final FloatBuffer back = other.getByteBuffer(0, 1 << 16).asFloatBuffer();
        for (int i = 0; i < back.capacity(); i++)
        {
            assertEquals(i * 0.25f, back.get(i));
        }

        // Mapped memory without memory shared with the executor: pinned memory here, a device copy there.
        final Pointer mapped = new Pointer();
        assertEquals(0, cudaHostAllocNative(mapped, 64, 2));
        assertNotNull(mapped.getByteBuffer(0, 64));
        final Pointer mappedDevice = new Pointer();
        assertEquals(0, cudaHostGetDevicePointerNative(mappedDevice, mapped, 0));
        assertTrue(JCudaPointers.address(mappedDevice) != 0);
        assertEquals(1, last(Function.CUDA_MALLOC_MANAGED).args()[1], "a device copy attached globally");
        assertEquals(0, cudaFreeHostNative(mapped));
        assertEquals(JCudaPointers.address(mappedDevice), last(Function.CUDA_FREE).args()[0]);
        assertEquals(0, cudaFreeHostNative(pinned));
        assertEquals(0, cudaFreeHostNative(other));
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaFreeHostNative(other));
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaFreeHostNative(device));
        assertEquals(0, cudaFreeNative(device));
    }

    @Test
    void memsetFillsThePart()
    {
        final Pointer device = new Pointer();
        assertEquals(0, cudaMallocNative(device, 1024));
        assertEquals(0, cudaMemsetNative(device, 0xAB, 1024));
        assertEquals(0, cudaMemsetNative(device.withByteOffset(512), 0x11, 256));
        final byte[] back = new byte[1024];
        assertEquals(0, cudaMemcpyNative(Pointer.to(back), device, 1024, DEVICE_TO_HOST));
        for (int i = 0; i < back.length; i++)
        {
            assertEquals(i >= 512 && i < 768 ? (byte)0x11 : (byte)0xAB, back[i]);
        }
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaMemsetNative(Pointer.to(back), 0, 4));
        assertEquals(0, cudaFreeNative(device));
    }

    @Test
    void lastErrorAndErrorNames()
    {
        assertEquals(0, cudaPeekAtLastErrorNative());
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaFreeNative(new Pointer().withByteOffset(12345)));
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaPeekAtLastErrorNative());
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaPeekAtLastErrorNative());
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaGetLastErrorNative());
        assertEquals(0, cudaGetLastErrorNative());
        assertEquals(0, cudaDeviceSynchronizeNative());
        assertEquals(0, cudaPeekAtLastErrorNative(), "a successful call leaves the last error alone");

        assertEquals(RuntimeStatus.NOT_SUPPORTED, RuntimeThreadState.notSupported("test message", 801));
        assertEquals(RuntimeStatus.NOT_SUPPORTED, cudaGetLastErrorNative());

        assertEquals("cudaErrorInvalidValue", cudaGetErrorNameNative(1));
        assertEquals("cudaErrorDevicesUnavailable", cudaGetErrorNameNative(46));
        assertEquals("invalid argument", cudaGetErrorStringNative(1));
        assertEquals("out of memory", cudaGetErrorStringNative(2));
        assertEquals("CUDA-capable device(s) is/are busy or unavailable", cudaGetErrorStringNative(46));
        assertEquals("invalid device ordinal", cudaGetErrorStringNative(101));
        assertEquals("operation not supported", cudaGetErrorStringNative(801));
        assertEquals("an illegal memory access was encountered", cudaGetErrorStringNative(700));
        assertEquals("no error", cudaGetErrorStringNative(0));
        assertEquals("unrecognized error code", cudaGetErrorStringNative(123456));
        assertEquals("unrecognized error code", cudaGetErrorNameNative(123456));
    }

    @Test
    void streamsEventsAndAsynchronousCopies()
    {
        final cudaStream_t stream = new cudaStream_t();
        final cudaStream_t nonBlocking = new cudaStream_t();
        assertEquals(0, cudaStreamCreateNative(stream));
        assertEquals(0, cudaStreamCreateWithFlagsNative(nonBlocking, 1));
        assertEquals(1, last(Function.CUDA_STREAM_CREATE).args()[0]);
        final cudaEvent_t start = new cudaEvent_t();
        final cudaEvent_t stop = new cudaEvent_t();
        assertEquals(0, cudaEventCreateNative(start));
        assertEquals(0, cudaEventCreateWithFlagsNative(stop, 2));

        final Pointer device = new Pointer();
        assertEquals(0, cudaMallocNative(device, 64));
        final int[] values = { 1, 2, 3, 4 };
        assertEquals(0, cudaEventRecordNative(start, stream));
        assertEquals(0, cudaMemcpyAsyncNative(device, Pointer.to(values), 16, HOST_TO_DEVICE, stream));
        values[0] = 99;
        final cudaStream_t legacy = new cudaStream_t();
        JCudaPointers.setNativePointer(legacy, 1);
        assertEquals(0, cudaMemsetAsyncNative(device.withByteOffset(12), 7, 1, legacy));
        assertEquals(0, cudaMemcpyAsyncNative(device.withByteOffset(16), device, 16, DEVICE_TO_DEVICE, nonBlocking));
        assertEquals(0, cudaStreamWaitEventNative(nonBlocking, start, 0));
        assertEquals(0, cudaEventRecordNative(stop, stream));
        final int[] back = new int[8];
        assertEquals(0, cudaMemcpyAsyncNative(Pointer.to(back), device, 32, DEFAULT, stream));
        assertArrayEquals(new int[]{ 1, 2, 3, 7, 1, 2, 3, 7 }, back, "host bytes are read as the copy is sent");

        assertEquals(0, cudaStreamSynchronizeNative(stream));
        assertEquals(0, cudaStreamQueryNative(null));
        assertEquals(0, cudaEventSynchronizeNative(stop));
        assertEquals(0, cudaEventQueryNative(stop));
        final float[] millis = new float[1];
        assertEquals(0, cudaEventElapsedTimeNative(millis, start, stop));
        assertEquals(1.5f, millis[0]);
        for (final Function function : List.of(Function.CUDA_MEMCPY_HTOD_ASYNC, Function.CUDA_MEMSET_ASYNC,
            Function.CUDA_MEMCPY_DTOD_ASYNC, Function.CUDA_EVENT_RECORD, Function.CUDA_STREAM_WAIT_EVENT))
        {
            assertTrue(last(function).pipelined(), function + " is pipelined");
        }
        assertTrue(!last(Function.CUDA_MEMCPY_DTOH_ASYNC).pipelined(), "a copy to the host waits for its bytes");
        assertEquals(JCudaPointers.nativePointer(stream), last(Function.CUDA_MEMCPY_HTOD_ASYNC).args()[2]);
        assertEquals(0, last(Function.CUDA_MEMSET_ASYNC).args()[3], "cudaStreamLegacy is the default stream");

        assertEquals(0, cudaEventDestroyNative(start));
        assertEquals(0, cudaEventDestroyNative(stop));
        assertEquals(0, cudaStreamDestroyNative(stream));
        assertEquals(0, cudaStreamDestroyNative(nonBlocking));
        assertEquals(RuntimeStatus.INVALID_RESOURCE_HANDLE, cudaStreamSynchronizeNative(stream));
        assertEquals(RuntimeStatus.INVALID_RESOURCE_HANDLE, cudaGetLastErrorNative());
        assertEquals(0, cudaFreeNative(device));
    }

    @Test
    void anAsynchronousFailureIsTheNextCallsOutcomeAndLastError()
    {
        final Pointer device = new Pointer();
        assertEquals(0, cudaMallocNative(device, 64));
        executor.fail(Function.CUDA_MEMSET_ASYNC, RuntimeStatus.ILLEGAL_ADDRESS, "illegal address in memset");
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(0, cudaMemsetAsyncNative(device, 0, 64, null));
            assertEquals(0, cudaPeekAtLastErrorNative());
            assertEquals(RuntimeStatus.ILLEGAL_ADDRESS, cudaDeviceSynchronizeNative());
            assertEquals(RuntimeStatus.ILLEGAL_ADDRESS, cudaGetLastErrorNative());
            assertEquals(List.of("gpurelay: cudaMemsetAsync failed: cudaErrorIllegalAddress: illegal address in " +
                "memset"), log.lines());
        }
        assertEquals(0, cudaMemsetAsyncNative(device, 0, 64, null));
        assertEquals(0, cudaDeviceResetNative(), "a reset drops what failed before it");
        assertEquals(0, cudaDeviceSynchronizeNative());

        executor.fail(Function.CUDA_STREAM_QUERY, RuntimeStatus.NOT_READY, "");
        assertEquals(RuntimeStatus.NOT_READY, cudaStreamQueryNative(null));
        assertEquals(0, cudaGetLastErrorNative(), "not ready is no error");
    }

    @Test
    void resetFreesTheDevicesAllocations()
    {
        final Pointer device = new Pointer();
        assertEquals(0, cudaMallocNative(device, 4096));
        assertEquals(0, cudaDeviceResetNative());
        assertEquals(RuntimeStatus.INVALID_VALUE, cudaFreeNative(device));
    }

    @Test
    void aQuarterGibibyteStreamsBothWays()
    {
        final int length = 256 << 20;
        final byte[] data = new byte[length];
        new Random(256).nextBytes(data);
        final byte[] back = new byte[length];

        final long start = System.nanoTime();
        roundTrip(Pointer.to(data), Pointer.to(back), length);
        final double seconds = (System.nanoTime() - start) / 1e9;

        assertArrayEquals(data, back);
        System.out.printf("256 MiB round trip over IPC in %.2f s (%.2f GB/s)%n", seconds, 2.0 * length / seconds / 1e9);
    }

    private static InMemoryExecutor.CallRecord last(final Function function)
    {
        final List<InMemoryExecutor.CallRecord> calls = executor.calls(function);
        return calls.get(calls.size() - 1);
    }

    private static void roundTrip(final Pointer host, final Pointer hostBack, final long bytes)
    {
        final Pointer device = new Pointer();
        assertEquals(0, cudaMallocNative(device, bytes));
        assertEquals(0, cudaMemcpyNative(device, host, bytes, HOST_TO_DEVICE));
        assertEquals(0, cudaMemcpyNative(hostBack, device, bytes, DEVICE_TO_HOST));
        assertEquals(0, cudaFreeNative(device));
    }
}
