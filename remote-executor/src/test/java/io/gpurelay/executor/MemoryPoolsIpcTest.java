package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.vectorAdd;
import static io.gpurelay.executor.MemoryProperties.ALLOCATION_TYPE_PINNED;
import static io.gpurelay.executor.MemoryProperties.HANDLE_TYPE_POSIX_FD;
import static io.gpurelay.executor.MemoryProperties.LOCATION_DEVICE;
import static io.gpurelay.executor.MemoryProperties.LOCATION_HOST;
import static io.gpurelay.executor.TestClient.DEFAULT_STREAM;
import static io.gpurelay.executor.TestClient.allocUpload;
import static io.gpurelay.executor.TestClient.download;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.executor.TestClient.upload;
import static io.gpurelay.protocol.Function.CUDA_STREAM_CREATE_WITH_PRIORITY;
import static io.gpurelay.protocol.Function.CUDA_STREAM_GET_ATTRIBUTE;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_DEVICE_PRIMARY_CTX_GET_STATE;
import static io.gpurelay.protocol.Function.CU_DEVICE_PRIMARY_CTX_RETAIN;
import static io.gpurelay.protocol.Function.CU_DEVICE_PRIMARY_CTX_SET_FLAGS;
import static io.gpurelay.protocol.Function.CU_EVENT_CREATE;
import static io.gpurelay.protocol.Function.CU_LAUNCH_COOPERATIVE_KERNEL;
import static io.gpurelay.protocol.Function.CU_LAUNCH_KERNEL;
import static io.gpurelay.protocol.Function.CU_LINK_COMPLETE;
import static io.gpurelay.protocol.Function.CU_MEMSET;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC_ASYNC;
import static io.gpurelay.protocol.Function.CU_MEM_FREE_ASYNC;
import static io.gpurelay.protocol.Function.CU_MEM_GET_INFO;
import static io.gpurelay.protocol.Function.CU_MEM_POOL_CREATE;
import static io.gpurelay.protocol.Function.CU_MEM_POOL_DESTROY;
import static io.gpurelay.protocol.Function.CU_MEM_POOL_TRIM_TO;
import static io.gpurelay.protocol.Function.CU_STREAM_CREATE;
import static io.gpurelay.protocol.Function.CU_STREAM_CREATE_WITH_PRIORITY;
import static io.gpurelay.protocol.Function.CU_STREAM_GET_ATTRIBUTE;
import static io.gpurelay.protocol.Function.CU_STREAM_SET_ATTRIBUTE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Stream-ordered allocation, memory pools, stream priorities, cooperative launches and primary-context flags over
 * the wire to an executor on the emulator, with a session memory quota: stream-ordered allocations are the session's
 * memory (device-pointer checks, the quota, what the session holds) until freed, pools are handles of the session,
 * and a session's end frees what it left.
 */
class MemoryPoolsIpcTest
{
    private static final long DEVICE_MEMORY = 16L * 1024 * 1024;
    private static final long SESSION_MEMORY = 4L * 1024 * 1024;
    private static final long STREAM_NON_BLOCKING = 1;
    private static final int N = 1024;

    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("pools", 2, DEVICE_MEMORY,
        context -> context.sessionMemoryBytes(SESSION_MEMORY));

    @Test
    void aStreamOrderedAllocationIsTheSessionsMemoryUntilItsStreamOrderedFree() throws IOException
    {
        final TestClient client = EXECUTOR.connected("async");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long stream = ok(client.call(CU_STREAM_CREATE, context, STREAM_NON_BLOCKING)).value(0);
        final long freeBefore = ok(client.call(CU_MEM_GET_INFO, context)).value(0);

        final long a = ok(client.call(CU_MEM_ALLOC_ASYNC, context, 4L * N, stream, 0)).value(0);
        final long onDefault = ok(client.call(CU_MEM_ALLOC_ASYNC, context, 4L * N, DEFAULT_STREAM, 0)).value(0);
        assertNotEquals(0, a);
        assertNotEquals(a, onDefault);
        assertEquals(freeBefore - 8L * N, ok(client.call(CU_MEM_GET_INFO, context)).value(0),
            "the quota counts stream-ordered allocations");

        // Written and read through the stream, and by a kernel.
        final float[] values = new float[N];
        for (int i = 0; i < N; i++)
        {
            values[i] = i * 0.5f;
        }
        upload(client, context, a, values);
        final long b = allocUpload(client, context, values);
        final long function = vectorAdd(client, context);
        client.send(CU_LAUNCH_KERNEL, context, new ByteArrayPayload(launch(function, a, b, onDefault).payload()),
            true, launch(function, a, b, onDefault).args());
        final float[] sums = download(client, context, onDefault, N);
        for (int i = 0; i < N; i++)
        {
            assertEquals(2 * values[i], sums[i], "sum " + i);
        }

        ok(client.call(CU_MEM_FREE_ASYNC, context, a, stream));
        ok(client.call(CU_MEM_FREE_ASYNC, context, onDefault, DEFAULT_STREAM));
        assertEquals(freeBefore - 4L * N, ok(client.call(CU_MEM_GET_INFO, context)).value(0),
            "only the malloc is left");

        final Reply afterFree = client.call(CU_MEMSET, context, a, 0, N, 1, stream);
        assertEquals(DriverStatus.INVALID_VALUE, afterFree.status(), "freed memory is no longer the session's");
        final Reply twice = client.call(CU_MEM_FREE_ASYNC, context, a, stream);
        assertEquals(DriverStatus.INVALID_VALUE, twice.status());
        assertTrue(twice.message().contains("cuMemFreeAsync: ") &&
            twice.message().contains("is not the start of a live allocation of this session"), twice.message());
        final Reply inside = client.call(CU_MEM_FREE_ASYNC, context, b + 4, stream);
        assertEquals(DriverStatus.INVALID_VALUE, inside.status(), "not the start of an allocation");
    }

    @Test
    void badSizesAndStreamsAreRefused() throws IOException
    {
        final TestClient client = EXECUTOR.connected("sizes");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        // As CUDA 13 answers on the H100: 0 bytes is success, with no memory and a null pointer.
        final Reply empty = client.call(CU_MEM_ALLOC_ASYNC, context, 0, DEFAULT_STREAM, 0);
        assertEquals(DriverStatus.SUCCESS, empty.status(), empty.message());
        assertEquals(0, empty.value(0));
        final Reply overQuota = client.call(CU_MEM_ALLOC_ASYNC, context, SESSION_MEMORY + 1, DEFAULT_STREAM, 0);
        assertEquals(DriverStatus.OUT_OF_MEMORY, overQuota.status());
        assertTrue(overQuota.message().contains("cuMemAllocAsync of " + (SESSION_MEMORY + 1) + " bytes refused"),
            overQuota.message());
        final Reply huge = client.call(CU_MEM_ALLOC_ASYNC, context, -1, DEFAULT_STREAM, 0);
        assertEquals(DriverStatus.OUT_OF_MEMORY, huge.status(), huge.message());
        final long event = ok(client.call(CU_EVENT_CREATE, context, 0)).value(0);
        final Reply notAStream = client.call(CU_MEM_ALLOC_ASYNC, context, 256, event, 0);
        assertEquals(DriverStatus.INVALID_HANDLE, notAStream.status());
        assertTrue(notAStream.message().contains("is not a live stream"), notAStream.message());
        assertEquals(DriverStatus.INVALID_CONTEXT, client.call(CU_MEM_ALLOC_ASYNC, 0, 256, DEFAULT_STREAM, 0).status(),
            "the default stream needs a current context");
    }

    @Test
    void aPoolIsAHandleOfItsSessionAndItsAllocationsOutliveIt() throws IOException
    {
        final TestClient client = EXECUTOR.connected("pools");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long pool = ok(client.call(CU_MEM_POOL_CREATE, context, ALLOCATION_TYPE_PINNED, 0, LOCATION_DEVICE, 0))
            .value(0);
        assertEquals(18, pool >>> 56, "a memory pool's handle kind");
        final long fromPool = ok(client.call(CU_MEM_ALLOC_ASYNC, context, 4L * N, DEFAULT_STREAM, pool)).value(0);
        ok(client.call(CU_MEMSET, context, fromPool, 0x3F80_0000L, N, 4, DEFAULT_STREAM));
        ok(client.call(CU_MEM_POOL_TRIM_TO, context, pool, 0));
        ok(client.call(CU_MEM_POOL_DESTROY, context, pool));
        final float[] ones = download(client, context, fromPool, N);
        for (int i = 0; i < N; i++)
        {
            assertEquals(1.0f, ones[i], "element " + i + " of an allocation of a destroyed pool");
        }
        ok(client.call(CU_MEM_FREE_ASYNC, context, fromPool, DEFAULT_STREAM));

        final Reply destroyed = client.call(CU_MEM_ALLOC_ASYNC, context, 256, DEFAULT_STREAM, pool);
        assertEquals(DriverStatus.INVALID_VALUE, destroyed.status());
        assertTrue(destroyed.message().contains("was a memory pool handle that is no longer live"),
            destroyed.message());
        final long stream = ok(client.call(CU_STREAM_CREATE, context, 0)).value(0);
        final Reply wrongKind = client.call(CU_MEM_POOL_TRIM_TO, context, stream, 0);
        assertEquals(DriverStatus.INVALID_VALUE, wrongKind.status());
        assertTrue(wrongKind.message().contains("is not a live memory pool: it is a stream handle"),
            wrongKind.message());

        final long poolOfDevice1 =
            ok(client.call(CU_MEM_POOL_CREATE, context, ALLOCATION_TYPE_PINNED, 0, LOCATION_DEVICE, 1)).value(0);
        final Reply otherDevice = client.call(CU_MEM_ALLOC_ASYNC, context, 256, DEFAULT_STREAM, poolOfDevice1);
        assertEquals(DriverStatus.INVALID_VALUE, otherDevice.status());
        assertTrue(otherDevice.message().startsWith("cuMemAllocFromPoolAsync: the pool's memory is on device 1"),
            otherDevice.message());

        final TestClient other = EXECUTOR.connected("other tenant");
        final long otherContext = ok(other.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final Reply foreign = other.call(CU_MEM_ALLOC_ASYNC, otherContext, 256, DEFAULT_STREAM, poolOfDevice1);
        assertEquals(DriverStatus.INVALID_VALUE, foreign.status(), "another session's pool");
        assertTrue(foreign.message().contains("it is no handle of this session"), foreign.message());
        assertEquals(DriverStatus.INVALID_VALUE, other.call(CU_MEM_POOL_DESTROY, otherContext, poolOfDevice1).status());
        ok(client.call(CU_MEM_POOL_TRIM_TO, context, poolOfDevice1, 0));
    }

    @Test
    void aPoolIsOfDeviceMemoryWithoutShareableHandles() throws IOException
    {
        final TestClient client = EXECUTOR.connected("pool properties");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final Reply shareable = client.call(CU_MEM_POOL_CREATE, context, ALLOCATION_TYPE_PINNED, HANDLE_TYPE_POSIX_FD,
            LOCATION_DEVICE, 0);
        assertEquals(DriverStatus.NOT_SUPPORTED, shareable.status());
        assertTrue(shareable.message().contains("operating-system handles of the executor's host"),
            shareable.message());
        assertEquals(DriverStatus.NOT_SUPPORTED,
            client.call(CU_MEM_POOL_CREATE, context, ALLOCATION_TYPE_PINNED, 0, LOCATION_HOST, 0).status());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_MEM_POOL_CREATE, context, ALLOCATION_TYPE_PINNED, 0, 0, 0).status());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_MEM_POOL_CREATE, context, 0, 0, LOCATION_DEVICE, 0).status());
        assertEquals(DriverStatus.INVALID_DEVICE,
            client.call(CU_MEM_POOL_CREATE, context, ALLOCATION_TYPE_PINNED, 0, LOCATION_DEVICE, 2).status());
    }

    /**
     * On an executor without a quota, so that the memory information is the device's: what a session left in
     * stream-ordered allocations, from the device's pool and its own, is free once it has gone.
     */
    @Test
    void aSessionsEndFreesItsStreamOrderedAllocations() throws IOException
    {
        try (IpcExecutor unlimited = IpcExecutor.emulated("pools-end", 2, DEVICE_MEMORY, context -> context).start())
        {
            final TestClient leaving = unlimited.connected("leaving");
            final long context = ok(leaving.call(CU_CTX_CREATE, 0, 0, 1)).value(0);
            final long pool = ok(leaving.call(CU_MEM_POOL_CREATE, context, ALLOCATION_TYPE_PINNED, 0, LOCATION_DEVICE,
                1)).value(0);
            ok(leaving.call(CU_MEM_ALLOC_ASYNC, context, 1024 * 1024, DEFAULT_STREAM, 0));
            ok(leaving.call(CU_MEM_ALLOC_ASYNC, context, 1024 * 1024, DEFAULT_STREAM, pool));
            unlimited.assertSessionEndFrees(leaving, 1, DEVICE_MEMORY, 2L * 1024 * 1024,
                "the leaving session holds its two allocations");
        }
    }

    @Test
    void streamsHavePriorityZeroOnTheEmulator() throws IOException
    {
        final TestClient client = EXECUTOR.connected("priorities");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final FunctionRow getPriority = FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuStreamGetPriority");
        final FunctionRow getFlags = FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuStreamGetFlags");
        for (final long priority : new long[]{ -5, 0, 3 })
        {
            final long stream = ok(client.call(CU_STREAM_CREATE_WITH_PRIORITY, context, STREAM_NON_BLOCKING, priority))
                .value(0);
            assertEquals(0, ok(client.call(getPriority, context, stream)).value(0), "clamped to the range 0 to 0");
            assertEquals(STREAM_NON_BLOCKING, ok(client.call(getFlags, context, stream)).value(0));
        }
        final Reply badFlags = client.call(CU_STREAM_CREATE_WITH_PRIORITY, context, 2, 0);
        assertEquals(DriverStatus.INVALID_VALUE, badFlags.status());
        assertTrue(badFlags.message().startsWith("cuStreamCreateWithPriority: flags 0x2"), badFlags.message());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_STREAM_CREATE_WITH_PRIORITY, context, 0, 1L << 40).status());

        final long runtimeStream = ok(client.call(CUDA_STREAM_CREATE_WITH_PRIORITY, 0, 0, -1)).value(0);
        final FunctionRow runtimeGetPriority = FunctionTable.standard().find(Binding.JCUDA, "cudaStreamGetPriority");
        assertEquals(0, ok(client.call(runtimeGetPriority, 0, runtimeStream)).value(0));
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_STREAM_CREATE_WITH_PRIORITY, 0, 4, 0).status());
    }

    @Test
    void aStreamKeepsItsSynchronizationPolicyAndTheEmulatorHasNoAccessPolicyWindow() throws IOException
    {
        final TestClient client = EXECUTOR.connected("stream attributes");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long stream = ok(client.call(CU_STREAM_CREATE, context, 0)).value(0);
        assertEquals(1, ok(client.call(CU_STREAM_GET_ATTRIBUTE, context, stream, 3)).value(0), "auto until set");
        ok(client.call(CU_STREAM_SET_ATTRIBUTE, context, stream, 3, 4));
        assertEquals(4, ok(client.call(CU_STREAM_GET_ATTRIBUTE, context, stream, 3)).value(0));
        ok(client.call(CU_STREAM_SET_ATTRIBUTE, context, DEFAULT_STREAM, 3, 2));
        assertEquals(2, ok(client.call(CU_STREAM_GET_ATTRIBUTE, context, DEFAULT_STREAM, 3)).value(0));
        assertEquals(4, ok(client.call(CU_STREAM_GET_ATTRIBUTE, context, stream, 3)).value(0), "streams apart");
        assertEquals(3, ok(client.call(CUDA_STREAM_GET_ATTRIBUTE, 0, DEFAULT_STREAM, 3)).value(0) + 2,
            "the runtime's default stream is the primary context's, with its own policy");

        final Reply badPolicy = client.call(CU_STREAM_SET_ATTRIBUTE, context, stream, 3, 5);
        assertEquals(DriverStatus.INVALID_VALUE, badPolicy.status());
        assertTrue(badPolicy.message().contains("synchronization policy (1 to 4)"), badPolicy.message());
        final Reply other = client.call(CU_STREAM_GET_ATTRIBUTE, context, stream, 8);
        assertEquals(DriverStatus.NOT_SUPPORTED, other.status());
        assertTrue(other.message().contains("attribute 8 is not the access policy window"), other.message());
        final Reply window = client.call(CU_STREAM_SET_ATTRIBUTE, context, stream, 1, 0, 0,
            Float.floatToRawIntBits(0.5f), 2, 0);
        assertEquals(DriverStatus.NOT_SUPPORTED, window.status());
        assertEquals("cuStreamSetAttribute of the access policy window is not supported on the emulator",
            window.message());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_STREAM_SET_ATTRIBUTE, context, stream, 1, 0, 0,
            Float.floatToRawIntBits(1.5f), 2, 0).status(), "a hit ratio above 1");
        final Reply tooFew = client.call(CU_STREAM_SET_ATTRIBUTE, context, stream, 1, 0);
        assertEquals(DriverStatus.INVALID_VALUE, tooFew.status(), tooFew.message());
        final long event = ok(client.call(CU_EVENT_CREATE, context, 0)).value(0);
        assertEquals(DriverStatus.INVALID_HANDLE, client.call(CU_STREAM_GET_ATTRIBUTE, context, event, 3).status());
    }

    @Test
    void aCooperativeLaunchIsRefusedByNameOnTheEmulator() throws IOException
    {
        final TestClient client = EXECUTOR.connected("cooperative");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final long a = ok(client.call(CU_MEM_ALLOC_ASYNC, context, 4L * N, DEFAULT_STREAM, 0)).value(0);
        final long function = vectorAdd(client, context);
        final KernelLaunch launch = launch(function, a, a, a);
        final Reply reply = client.callWithPayload(CU_LAUNCH_COOPERATIVE_KERNEL, context, launch.payload(),
            launch.args());
        assertEquals(DriverStatus.NOT_SUPPORTED, reply.status());
        assertEquals("cuLaunchCooperativeKernel is not supported on the emulator", reply.message());
        final KernelLaunch tooFew = KernelLaunch.of(function, 4, 256).pointer(a);
        assertEquals(DriverStatus.INVALID_VALUE, client.callWithPayload(CU_LAUNCH_COOPERATIVE_KERNEL, context,
            tooFew.payload(), tooFew.args()).status(), "the parameters are checked as a launch's are");
    }

    @Test
    void aLinkIsCheckedAndThenRefusedOnTheEmulator() throws IOException
    {
        final TestClient client = EXECUTOR.connected("link");
        final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
        final byte[] inputs = new byte[300];
        final Reply refused = client.callWithPayload(CU_LINK_COMPLETE, context, inputs, 2, 1, 100, 1, 200);
        assertEquals(DriverStatus.NOT_SUPPORTED, refused.status());
        assertTrue(refused.message().startsWith("cuLinkComplete is not supported on the emulator"), refused.message());
        final Reply tooShort = client.callWithPayload(CU_LINK_COMPLETE, context, inputs, 2, 1, 100, 1, 100);
        assertEquals(DriverStatus.INVALID_VALUE, tooShort.status());
        assertTrue(tooShort.message().contains("the inputs hold 200 bytes, the call 300"), tooShort.message());
        final Reply past = client.callWithPayload(CU_LINK_COMPLETE, context, inputs, 1, 1, 301);
        assertEquals(DriverStatus.INVALID_VALUE, past.status(), past.message());
        assertEquals(DriverStatus.INVALID_VALUE,
            client.callWithPayload(CU_LINK_COMPLETE, context, inputs, 1, 7, 300).status(), "not an input type");
        assertEquals(DriverStatus.INVALID_VALUE,
            client.callWithPayload(CU_LINK_COMPLETE, context, inputs, 0).status(), "no inputs");
        assertEquals(DriverStatus.INVALID_CONTEXT,
            client.callWithPayload(CU_LINK_COMPLETE, 0, inputs, 1, 1, 300).status(), "a link needs a context");
    }

    @Test
    void thePrimaryContextsFlagsAreTheSessions() throws IOException
    {
        final TestClient client = EXECUTOR.connected("primary flags");
        ok(client.call(CU_DEVICE_PRIMARY_CTX_SET_FLAGS, 0, 1, 0x4));
        assertEquals(0x4, ok(client.call(CU_DEVICE_PRIMARY_CTX_GET_STATE, 0, 1)).value(0), "set before it is active");
        ok(client.call(CU_DEVICE_PRIMARY_CTX_RETAIN, 0, 1));
        ok(client.call(CU_DEVICE_PRIMARY_CTX_SET_FLAGS, 0, 1, 0x2));
        final Reply state = ok(client.call(CU_DEVICE_PRIMARY_CTX_GET_STATE, 0, 1));
        assertEquals(0x2, state.value(0), "changed while it is active");
        assertEquals(1, state.value(1));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_DEVICE_PRIMARY_CTX_SET_FLAGS, 0, 1, 0x3).status());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_DEVICE_PRIMARY_CTX_SET_FLAGS, 0, 1, 0x100).status());
        assertEquals(DriverStatus.INVALID_DEVICE, client.call(CU_DEVICE_PRIMARY_CTX_SET_FLAGS, 0, 5, 0).status());

        final TestClient other = EXECUTOR.connected("other primary");
        assertEquals(0, ok(other.call(CU_DEVICE_PRIMARY_CTX_GET_STATE, 0, 1)).value(0),
            "another session's primary context keeps its own flags");
    }

    private static KernelLaunch launch(final long function, final long a, final long b, final long c)
    {
        return KernelLaunch.of(function, (N + 255) / 256, 256).pointer(a).pointer(b).pointer(c).int32(N);
    }
}
