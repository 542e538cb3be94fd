package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.function;
import static io.gpurelay.executor.Kernels.launch;
import static io.gpurelay.executor.Kernels.loadModule;
import static io.gpurelay.executor.Kernels.runConstantScale;
import static io.gpurelay.executor.TestClient.DEFAULT_STREAM;
import static io.gpurelay.executor.TestClient.allocUpload;
import static io.gpurelay.executor.TestClient.download;
import static io.gpurelay.executor.TestClient.floats;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.executor.TestClient.upload;
import static io.gpurelay.protocol.Function.CUDA_DEVICE_RESET;
import static io.gpurelay.protocol.Function.CUDA_EVENT_CREATE;
import static io.gpurelay.protocol.Function.CUDA_EVENT_ELAPSED_TIME;
import static io.gpurelay.protocol.Function.CUDA_EVENT_RECORD;
import static io.gpurelay.protocol.Function.CUDA_EVENT_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CUDA_GET_DEVICE_COUNT;
import static io.gpurelay.protocol.Function.CUDA_GET_DEVICE_PROPERTIES;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOD_ASYNC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH_ASYNC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_HTOD_ASYNC;
import static io.gpurelay.protocol.Function.CUDA_MEMSET_ASYNC;
import static io.gpurelay.protocol.Function.CUDA_STREAM_CREATE;
import static io.gpurelay.protocol.Function.CUDA_STREAM_DESTROY;
import static io.gpurelay.protocol.Function.CUDA_STREAM_QUERY;
import static io.gpurelay.protocol.Function.CUDA_STREAM_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_DESTROY;
import static io.gpurelay.protocol.Function.CU_CTX_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_DEVICE_GET_ATTRIBUTE;
import static io.gpurelay.protocol.Function.CU_DEVICE_GET_COUNT;
import static io.gpurelay.protocol.Function.CU_DEVICE_GET_NAME;
import static io.gpurelay.protocol.Function.CU_DEVICE_GET_UUID;
import static io.gpurelay.protocol.Function.CU_DEVICE_PRIMARY_CTX_GET_STATE;
import static io.gpurelay.protocol.Function.CU_DEVICE_PRIMARY_CTX_RELEASE;
import static io.gpurelay.protocol.Function.CU_DEVICE_PRIMARY_CTX_RESET;
import static io.gpurelay.protocol.Function.CU_DEVICE_PRIMARY_CTX_RETAIN;
import static io.gpurelay.protocol.Function.CU_DRIVER_GET_VERSION;
import static io.gpurelay.protocol.Function.CU_EVENT_CREATE;
import static io.gpurelay.protocol.Function.CU_EVENT_DESTROY;
import static io.gpurelay.protocol.Function.CU_EVENT_ELAPSED_TIME;
import static io.gpurelay.protocol.Function.CU_EVENT_QUERY;
import static io.gpurelay.protocol.Function.CU_EVENT_RECORD;
import static io.gpurelay.protocol.Function.CU_EVENT_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_LAUNCH_KERNEL;
import static io.gpurelay.protocol.Function.CU_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CU_MEMCPY_HTOD;
import static io.gpurelay.protocol.Function.CU_MEMSET;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MEM_FREE;
import static io.gpurelay.protocol.Function.CU_MEM_GET_INFO;
import static io.gpurelay.protocol.Function.CU_MODULE_GET_FUNCTION;
import static io.gpurelay.protocol.Function.CU_MODULE_GET_GLOBAL;
import static io.gpurelay.protocol.Function.CU_MODULE_LOAD_DATA;
import static io.gpurelay.protocol.Function.CU_MODULE_UNLOAD;
import static io.gpurelay.protocol.Function.CU_STREAM_CREATE;
import static io.gpurelay.protocol.Function.CU_STREAM_DESTROY;
import static io.gpurelay.protocol.Function.CU_STREAM_QUERY;
import static io.gpurelay.protocol.Function.CU_STREAM_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_STREAM_WAIT_EVENT;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The driver API, kernel launches on the emulator, contexts, streams and events, end to end: clients that speak the
 * wire protocol as the agent does, an executor on an embedded media driver over {@code aeron:ipc}.
 */
class DriverApiIpcTest
{
    /** Rows of the function table, which replaced the hand-written functions of these names. */
    private static final FunctionRow CU_DEVICE_TOTAL_MEM =
        FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuDeviceTotalMem");
    private static final FunctionRow CU_FUNC_GET_ATTRIBUTE =
        FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuFuncGetAttribute");

    private static final long DEVICE_MEMORY = 64L * 1024 * 1024;
    private static final int DEVICE_0 = 0;
    private static final int DEVICE_1 = 1;
    private static final long NO_CONTEXT = 0;
    private static final long LEGACY_STREAM = 1;
    private static final long PER_THREAD_STREAM = 2;
    private static final int INVALID_PTX = 218;

    private static final int FUNC_MAX_THREADS_PER_BLOCK = 0;
    private static final int FUNC_SHARED_SIZE_BYTES = 1;
    private static final int FUNC_CONST_SIZE_BYTES = 2;
    private static final int FUNC_LOCAL_SIZE_BYTES = 3;
    private static final int FUNC_NUM_REGS = 4;
    private static final int FUNC_PTX_VERSION = 5;
    private static final int FUNC_BINARY_VERSION = 6;
    private static final int FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
    private static final int FUNC_PREFERRED_SHARED_MEMORY_CARVEOUT = 9;
    private static final long EVENT_DISABLE_TIMING = 0x2;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("driver", 2, DEVICE_MEMORY, context -> context);

    @Test
    void answersDeviceQueriesFromTheRuntimesTable()
    {
        final TestClient client = EXECUTOR.connected("driver query");

        assertEquals(2, ok(client.call(CU_DEVICE_GET_COUNT, NO_CONTEXT)).value(0));
        assertEquals(13000, ok(client.call(CU_DRIVER_GET_VERSION, NO_CONTEXT)).value(0));
        assertEquals("gpurelay emulated device 1",
            new String(ok(client.call(CU_DEVICE_GET_NAME, NO_CONTEXT, DEVICE_1)).payload(), StandardCharsets.UTF_8));
        assertEquals(DEVICE_MEMORY, ok(client.call(CU_DEVICE_TOTAL_MEM, NO_CONTEXT, DEVICE_1)).value(0));
        final String uuid = DeviceProperties.decode(
            ok(client.call(CUDA_GET_DEVICE_PROPERTIES, DEVICE_0, DEVICE_1)).payload()).get("uuid");
        assertArrayEquals(HexFormat.of().parseHex(uuid),
            ok(client.call(CU_DEVICE_GET_UUID, NO_CONTEXT, DEVICE_1)).payload());
        assertEquals(132, ok(client.call(CU_DEVICE_GET_ATTRIBUTE, NO_CONTEXT, 16, DEVICE_0)).value(0));

        final Reply unknownAttribute = client.call(CU_DEVICE_GET_ATTRIBUTE, NO_CONTEXT, 9999, DEVICE_0);
        assertEquals(DriverStatus.INVALID_VALUE, unknownAttribute.status());
        assertTrue(unknownAttribute.message().startsWith("cuDeviceGetAttribute: "), unknownAttribute.message());
        assertEquals(DriverStatus.INVALID_DEVICE, client.call(CU_DEVICE_GET_NAME, NO_CONTEXT, 2).status());
    }

    @Test
    void countsPrimaryContextRetainsAsCudaDoes()
    {
        final TestClient client = EXECUTOR.connected("primary");

        assertArrayEquals(new long[]{ 0, 0 }, ok(client.call(CU_DEVICE_PRIMARY_CTX_GET_STATE, NO_CONTEXT, 0)).values());
        final long primary = ok(client.call(CU_DEVICE_PRIMARY_CTX_RETAIN, NO_CONTEXT, DEVICE_0)).value(0);
        assertEquals(primary, ok(client.call(CU_DEVICE_PRIMARY_CTX_RETAIN, NO_CONTEXT, DEVICE_0)).value(0));
        assertEquals(1, ok(client.call(CU_DEVICE_PRIMARY_CTX_GET_STATE, NO_CONTEXT, DEVICE_0)).value(1));
        final long allocation = ok(client.call(CU_MEM_ALLOC, primary, 4096)).value(0);

        ok(client.call(CU_DEVICE_PRIMARY_CTX_RELEASE, NO_CONTEXT, DEVICE_0));
        ok(client.call(CU_MEM_FREE, primary, allocation));
        ok(client.call(CU_DEVICE_PRIMARY_CTX_RELEASE, NO_CONTEXT, DEVICE_0));
        assertEquals(0, ok(client.call(CU_DEVICE_PRIMARY_CTX_GET_STATE, NO_CONTEXT, DEVICE_0)).value(1));
        assertEquals(DriverStatus.INVALID_CONTEXT, client.call(CU_MEM_ALLOC, primary, 4096).status());
        assertEquals(DriverStatus.INVALID_CONTEXT,
            client.call(CU_DEVICE_PRIMARY_CTX_RELEASE, NO_CONTEXT, DEVICE_0).status());

        final long runtimeAllocation = ok(client.call(CUDA_MALLOC, DEVICE_0, 256)).value(0);
        assertEquals(1, ok(client.call(CU_DEVICE_PRIMARY_CTX_GET_STATE, NO_CONTEXT, DEVICE_0)).value(1),
            "the runtime activates the primary context");
        assertEquals(primary, ok(client.call(CU_DEVICE_PRIMARY_CTX_RETAIN, NO_CONTEXT, DEVICE_0)).value(0));
        ok(client.call(Function.CU_MEMSET, primary, runtimeAllocation, 7, 256, 1, DEFAULT_STREAM));

        ok(client.call(CU_DEVICE_PRIMARY_CTX_RESET, NO_CONTEXT, DEVICE_0));
        assertEquals(1, ok(client.call(CU_DEVICE_PRIMARY_CTX_GET_STATE, NO_CONTEXT, DEVICE_0)).value(1),
            "a reset does not release the retain");
        assertEquals(DriverStatus.INVALID_VALUE,
            client.call(CU_MEMSET, primary, runtimeAllocation, 7, 256, 1, DEFAULT_STREAM).status(),
            "a reset frees what the primary context held");
        assertEquals(DriverStatus.INVALID_CONTEXT, client.call(CU_CTX_DESTROY, NO_CONTEXT, primary).status());
    }

    @Test
    void createsAndDestroysContextsAndRefusesCallsWithoutALiveOne()
    {
        final TestClient client = EXECUTOR.connected("contexts");
        final long context = createContext(client, DEVICE_0);
        final long module = loadModule(client, context, "vector_add.ptx");

        assertEquals(HandleKind.CONTEXT, HandleKind.of(context));
        assertEquals(DriverStatus.INVALID_DEVICE, client.call(CU_CTX_CREATE, NO_CONTEXT, 0, 2).status());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_CTX_CREATE, NO_CONTEXT, 3, DEVICE_0).status());
        final Reply noContext = client.call(CU_MEM_ALLOC, NO_CONTEXT, 256);
        assertEquals(DriverStatus.INVALID_CONTEXT, noContext.status());
        assertTrue(noContext.message().contains("no current context"), noContext.message());
        assertEquals(DriverStatus.INVALID_CONTEXT, client.call(CU_MEM_ALLOC, module, 256).status());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_MEM_ALLOC, context, 0).status());

        ok(client.call(CU_CTX_DESTROY, NO_CONTEXT, context));
        assertEquals(DriverStatus.INVALID_CONTEXT, client.call(CU_MEM_ALLOC, context, 256).status());
        assertEquals(DriverStatus.INVALID_CONTEXT, client.call(CU_CTX_SYNCHRONIZE, context).status());
        assertEquals(DriverStatus.INVALID_CONTEXT, client.call(CU_CTX_DESTROY, NO_CONTEXT, context).status());
        final Reply staleModule = client.callWithPayload(CU_MODULE_GET_FUNCTION, NO_CONTEXT, utf8("vector_add"), module);
        assertEquals(DriverStatus.INVALID_HANDLE, staleModule.status());
        assertTrue(staleModule.message().contains("no longer live"), staleModule.message());
    }

    @Test
    void sharesMemoryBetweenContextsOfADeviceAndFreesItWithItsContext()
    {
        final TestClient client = EXECUTOR.connected("unified");
        final long first = createContext(client, DEVICE_0);
        final long second = createContext(client, DEVICE_0);
        final float[] values = { 1, 2, 3, 4 };
        final long address = ok(client.call(CU_MEM_ALLOC, first, 16)).value(0);

        upload(client, second, address, values);
        assertArrayEquals(values, download(client, second, address, 4));
        final Reply info = ok(client.call(CU_MEM_GET_INFO, second));
        assertEquals(DEVICE_MEMORY, info.value(1));

        ok(client.call(CU_CTX_DESTROY, NO_CONTEXT, first));
        final Reply freed = client.call(CU_MEMCPY_DTOH, second, address, 16, DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, freed.status());
        assertTrue(freed.message().startsWith("cuMemcpyDtoH: source "), freed.message());
    }

    @Test
    void launchesKernelsWithParametersLaidOutAsTheyAreDeclared()
    {
        final TestClient client = EXECUTOR.connected("launch");
        final long context = createContext(client, DEVICE_0);
        final long module = loadModule(client, context, "vector_add.ptx");
        final long vectorAdd = function(client, context, module, "vector_add");
        assertEquals(vectorAdd, function(client, context, module, "vector_add"), "one handle per kernel");
        assertEquals(HandleKind.FUNCTION, HandleKind.of(vectorAdd));
        final int n = 3000;
        final float[] a = new float[n];
        final float[] b = new float[n];
        for (int i = 0; i < n; i++)
        {
            a[i] = i * 0.25f;
            b[i] = 1.0f / (i + 1);
        }
        final long deviceA = allocUpload(client, context, a);
        final long deviceB = allocUpload(client, context, b);
        final long deviceC = ok(client.call(CU_MEM_ALLOC, context, 4L * n)).value(0);

        launch(client, context, KernelLaunch.of(vectorAdd, 4, 256)
            .pointer(deviceA).pointer(deviceB).pointer(deviceC).int32(n));

        final float[] c = download(client, context, deviceC, n);
        for (int i = 0; i < n; i++)
        {
            assertEquals(a[i] + b[i], c[i], "c[" + i + "]");
        }
        assertFalse(client.anyReplyWithin(50), "a pipelined launch that succeeds gets no reply");

        final long saxpy = function(client, context, loadModule(client, context, "saxpy.ptx"), "saxpy");
        launch(client, context, KernelLaunch.of(saxpy, (n + 127) / 128, 128)
            .int32(n).float32(3.5f).pointer(deviceA).pointer(deviceB));
        final float[] y = download(client, context, deviceB, n);
        for (int i = 0; i < n; i++)
        {
            assertEquals(Math.fma(a[i], 3.5f, b[i]), y[i], "y[" + i + "]");
        }
    }

    @Test
    void launchesTiledKernelsWithStaticAndDynamicSharedMemory()
    {
        final TestClient client = EXECUTOR.connected("shared memory");
        final long context = createContext(client, DEVICE_1);
        final int n = 32;
        final float[] a = new float[n * n];
        final float[] b = new float[n * n];
        for (int i = 0; i < n * n; i++)
        {
            a[i] = i % 7 - 3;
            b[i] = i % 5 - 2;
        }
        final long deviceA = allocUpload(client, context, a);
        final long deviceB = allocUpload(client, context, b);
        final long deviceC = ok(client.call(CU_MEM_ALLOC, context, 4L * n * n)).value(0);
        final long matmul = function(client, context, loadModule(client, context, "matmul_tiled.ptx"), "matmul_tiled");

        launch(client, context, KernelLaunch.of(matmul, new int[]{ 2, 2, 1 }, new int[]{ 16, 16, 1 })
            .pointer(deviceA).pointer(deviceB).pointer(deviceC).int32(n));

        final float[] c = download(client, context, deviceC, n * n);
        for (int row = 0; row < n; row++)
        {
            for (int column = 0; column < n; column++)
            {
                float sum = 0;
                for (int k = 0; k < n; k++)
                {
                    sum += a[row * n + k] * b[k * n + column];
                }
                assertEquals(sum, c[row * n + column], "c[" + row + "][" + column + "]");
            }
        }

        final long reduce = function(client, context, loadModule(client, context, "reduce_shared.ptx"),
            "reduce_shared_dynamic");
        final int count = 5000;
        final int blocks = 4;
        final ByteBuffer input = ByteBuffer.allocate(4 * count).order(ByteOrder.LITTLE_ENDIAN);
        for (int i = 0; i < count; i++)
        {
            input.putInt(i * 3 - 1000);
        }
        final long deviceIn = ok(client.call(CU_MEM_ALLOC, context, 4L * count)).value(0);
        ok(client.callWithPayload(CU_MEMCPY_HTOD, context, input.array(), deviceIn, 4L * count, DEFAULT_STREAM));
        final long devicePartial = ok(client.call(CU_MEM_ALLOC, context, 8L * blocks)).value(0);
        final byte[] readyBuffer = ByteBuffer.allocate(20).order(ByteOrder.LITTLE_ENDIAN)
            .putLong(0, deviceIn).putLong(8, devicePartial).putInt(16, count).array();

        final KernelLaunch dynamic = KernelLaunch.of(reduce, blocks, 128).sharedMemory(128 * 8);
        ok(client.awaitReply(client.send(CU_LAUNCH_KERNEL, context, new ByteArrayPayload(readyBuffer), false,
            dynamic.readyBufferArgs())));

        final ByteBuffer partial = ByteBuffer.wrap(ok(client.call(CU_MEMCPY_DTOH, context, devicePartial,
            8L * blocks, DEFAULT_STREAM)).payload()).order(ByteOrder.LITTLE_ENDIAN);
        long total = 0;
        for (int i = 0; i < blocks; i++)
        {
            total += partial.getLong(8 * i);
        }
        long expected = 0;
        for (int i = 0; i < count; i++)
        {
            expected += i * 3 - 1000;
        }
        assertEquals(expected, total);
    }

    @Test
    void reportsFunctionAttributesOfTheKernel()
    {
        final TestClient client = EXECUTOR.connected("attributes");
        final long context = createContext(client, DEVICE_0);
        final long matmul = function(client, context, loadModule(client, context, "matmul_tiled.ptx"), "matmul_tiled");
        final long scale = function(client, context, loadModule(client, context, "constant_scale.ptx"),
            "constant_scale");

        assertEquals(1024, attribute(client, context, FUNC_MAX_THREADS_PER_BLOCK, matmul));
        assertEquals(2048, attribute(client, context, FUNC_SHARED_SIZE_BYTES, matmul));
        assertEquals(0, attribute(client, context, FUNC_CONST_SIZE_BYTES, matmul));
        assertEquals(16, attribute(client, context, FUNC_CONST_SIZE_BYTES, scale));
        assertEquals(0, attribute(client, context, FUNC_LOCAL_SIZE_BYTES, matmul));
        assertTrue(attribute(client, context, FUNC_NUM_REGS, matmul) > 0);
        assertEquals(90, attribute(client, context, FUNC_PTX_VERSION, matmul));
        assertEquals(90, attribute(client, context, FUNC_BINARY_VERSION, matmul));
        assertEquals(49152 - 2048, attribute(client, context, FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES, matmul));
        assertEquals(-1, attribute(client, context, FUNC_PREFERRED_SHARED_MEMORY_CARVEOUT, matmul));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_FUNC_GET_ATTRIBUTE, context, 42, matmul).status());
    }

    @Test
    void writesConstantAndGlobalVariablesFoundThroughModuleGetGlobal()
    {
        final TestClient client = EXECUTOR.connected("constants");
        final long context = createContext(client, DEVICE_0);
        final long module = loadModule(client, context, "constant_scale.ptx");
        final long scale = function(client, context, module, "constant_scale");
        final Reply coefficients = ok(client.callWithPayload(CU_MODULE_GET_GLOBAL, context, utf8("coeffs"), module));
        final Reply offset = ok(client.callWithPayload(CU_MODULE_GET_GLOBAL, context, utf8("offset"), module));
        final Reply launchCount = ok(client.callWithPayload(CU_MODULE_GET_GLOBAL, context, utf8("launchCount"), module));
        assertEquals(16, coefficients.value(1));
        assertEquals(4, offset.value(1));
        assertEquals(DriverStatus.NOT_FOUND,
            client.callWithPayload(CU_MODULE_GET_GLOBAL, context, utf8("missing"), module).status());
        assertEquals(DriverStatus.NOT_FOUND,
            client.callWithPayload(CU_MODULE_GET_FUNCTION, context, utf8("missing"), module).status());

        runConstantScale(client, context, scale, coefficients.value(0), offset.value(0));
        final byte[] count = ok(client.call(CU_MEMCPY_DTOH, context, launchCount.value(0), 4, DEFAULT_STREAM))
            .payload();
        assertEquals(8, ByteBuffer.wrap(count).order(ByteOrder.LITTLE_ENDIAN).getInt());
    }

    @Test
    void refusesParametersThatDoNotMatchTheKernelNamingKernelAndParameter()
    {
        final TestClient client = EXECUTOR.connected("mismatch");
        final long context = createContext(client, DEVICE_0);
        final long saxpy = function(client, context, loadModule(client, context, "saxpy.ptx"), "saxpy");
        final long buffer = ok(client.call(CU_MEM_ALLOC, context, 1024)).value(0);

        final Reply tooFew = awaitLaunch(client, context, KernelLaunch.of(saxpy, 1, 32)
            .int32(32).float32(2).pointer(buffer));
        assertEquals(DriverStatus.INVALID_VALUE, tooFew.status());
        assertEquals("kernel 'saxpy' takes 4 parameters, got 3", tooFew.message());

        final Reply wrongSize = awaitLaunch(client, context, KernelLaunch.of(saxpy, 1, 32)
            .int32(32).float32(2).int32((int)buffer).pointer(buffer));
        assertEquals(DriverStatus.INVALID_VALUE, wrongSize.status());
        assertEquals("kernel 'saxpy' parameter 2: got 4 bytes, the kernel declares .param .u64 (8 bytes)",
            wrongSize.message());

        final KernelLaunch shortBuffer = KernelLaunch.of(saxpy, 1, 32);
        final Reply shortReady = client.awaitReply(client.send(CU_LAUNCH_KERNEL, context,
            new ByteArrayPayload(new byte[20]), true, shortBuffer.readyBufferArgs()));
        assertEquals(DriverStatus.INVALID_VALUE, shortReady.status());
        assertEquals("kernel 'saxpy' takes a parameter buffer of 24 bytes, got 20", shortReady.message());

        final Reply tooWide = awaitLaunch(client, context, KernelLaunch.of(saxpy, 1, 2048)
            .int32(32).float32(2).pointer(buffer).pointer(buffer));
        assertEquals(DriverStatus.INVALID_VALUE, tooWide.status());
        assertTrue(tooWide.message().contains("block x dimension 2048"), tooWide.message());

        final Reply tooManyThreads = awaitLaunch(client, context, KernelLaunch.of(saxpy, new int[]{ 1, 1, 1 },
            new int[]{ 64, 32, 1 }).int32(32).float32(2).pointer(buffer).pointer(buffer));
        assertEquals(DriverStatus.LAUNCH_OUT_OF_RESOURCES, tooManyThreads.status());
        ok(client.call(CU_CTX_SYNCHRONIZE, context));
    }

    @Test
    void refusesPtxWithAnUnsupportedInstructionNamingItAndItsLine()
    {
        final TestClient client = EXECUTOR.connected("bad ptx");
        final long context = createContext(client, DEVICE_0);
        final String ptx = """
            .version 9.0
            .target sm_90
            .address_size 64

            .visible .entry sample(.param .u64 out)
            {
                .reg .f32 %f<5>;
                .reg .b64 %rd<3>;
                ld.param.u64 %rd1, [out];
                tex.2d.v4.f32.f32 {%f1, %f2, %f3, %f4}, [%rd1, {%f1, %f2}];
                ret;
            }
            """ + '\0';

        final Reply reply = client.callWithPayload(CU_MODULE_LOAD_DATA, context, utf8(ptx));

        assertEquals(INVALID_PTX, reply.status());
        assertTrue(reply.message().contains("'tex.2d.v4.f32.f32' at line 10"), reply.message());
    }

    @Test
    void refusesCompiledImagesBecauseTheEmulatorRunsPtxOnly()
    {
        final TestClient client = EXECUTOR.connected("cubin");
        final long context = createContext(client, DEVICE_0);
        final byte[] elf = new byte[64];
        elf[0] = 0x7f;
        elf[1] = 'E';
        elf[2] = 'L';
        elf[3] = 'F';

        final Reply reply = client.callWithPayload(CU_MODULE_LOAD_DATA, context, elf);

        assertEquals(DriverStatus.INVALID_IMAGE, reply.status());
        assertEquals("the emulator runs PTX only: load PTX text (nvcc -ptx) instead of a cubin or fatbin",
            reply.message());
    }

    @Test
    void aFaultingKernelLeavesItsContextUnusableAndNothingElse()
    {
        final TestClient client = EXECUTOR.connected("fault");
        final TestClient bystander = EXECUTOR.connected("bystander");
        final long faulted = createContext(client, DEVICE_0);
        final long healthy = createContext(client, DEVICE_0);
        final long vectorAdd = function(client, faulted, loadModule(client, faulted, "vector_add.ptx"), "vector_add");
        final long small = ok(client.call(CU_MEM_ALLOC, faulted, 4L * 900)).value(0);
        final long large = ok(client.call(CU_MEM_ALLOC, faulted, 4L * 1000)).value(0);
        final long bystanderContext = createContext(bystander, DEVICE_0);

        final long launch = launch(client, faulted, KernelLaunch.of(vectorAdd, 4, 256)
            .pointer(large).pointer(large).pointer(small).int32(1000));
        final Reply fault = client.awaitReply(launch);

        assertEquals(DriverStatus.ILLEGAL_ADDRESS, fault.status());
        assertTrue(fault.message().startsWith("illegal address 0x" + Long.toHexString(small + 4 * 900)),
            fault.message());
        final Reply sticky = client.call(CU_CTX_SYNCHRONIZE, faulted);
        assertEquals(DriverStatus.ILLEGAL_ADDRESS, sticky.status());
        assertTrue(sticky.message().contains(fault.message()), sticky.message());
        assertEquals(DriverStatus.ILLEGAL_ADDRESS, client.call(CU_MEM_ALLOC, faulted, 256).status());
        assertEquals(DriverStatus.ILLEGAL_ADDRESS, awaitLaunch(client, faulted, KernelLaunch.of(vectorAdd, 1, 32)
            .pointer(large).pointer(large).pointer(large).int32(32)).status());

        ok(client.call(CU_CTX_SYNCHRONIZE, healthy));
        ok(client.call(CU_MEM_ALLOC, healthy, 256));
        ok(bystander.call(CU_CTX_SYNCHRONIZE, bystanderContext));
        ok(bystander.call(CU_MEM_ALLOC, bystanderContext, 256));

        ok(client.call(CU_CTX_DESTROY, NO_CONTEXT, faulted));
        ok(client.call(CU_MEM_ALLOC, createContext(client, DEVICE_0), 256));
    }

    @Test
    void aFaultInThePrimaryContextFailsRuntimeCallsOnThatDeviceUntilItIsReset()
    {
        final TestClient client = EXECUTOR.connected("primary fault");
        final long primary = ok(client.call(CU_DEVICE_PRIMARY_CTX_RETAIN, NO_CONTEXT, DEVICE_0)).value(0);
        final long module = loadModule(client, primary, "vector_add.ptx");
        final long vectorAdd = function(client, primary, module, "vector_add");
        final long small = ok(client.call(CUDA_MALLOC, DEVICE_0, 64)).value(0);

        assertEquals(DriverStatus.ILLEGAL_ADDRESS, awaitLaunch(client, primary, KernelLaunch.of(vectorAdd, 1, 256)
            .pointer(small).pointer(small).pointer(small).int32(256)).status());

        assertEquals(RuntimeStatus.ILLEGAL_ADDRESS, client.call(CUDA_MALLOC, DEVICE_0, 64).status());
        assertEquals(RuntimeStatus.ILLEGAL_ADDRESS, client.call(CUDA_MEMCPY_DTOH, DEVICE_0, small, 64).status());
        ok(client.call(CUDA_MALLOC, DEVICE_1, 64));
        ok(client.call(CUDA_GET_DEVICE_COUNT, DEVICE_0));

        ok(client.call(CUDA_DEVICE_RESET, DEVICE_0));
        ok(client.call(CUDA_MALLOC, DEVICE_0, 64));
        assertEquals(DriverStatus.INVALID_HANDLE,
            client.callWithPayload(CU_MODULE_GET_FUNCTION, primary, utf8("vector_add"), module).status(),
            "a reset unloads the context's modules");
    }

    @Test
    void timesKernelsWithEventsRecordedOnAStream()
    {
        final TestClient client = EXECUTOR.connected("events");
        final long context = createContext(client, DEVICE_0);
        final long stream = ok(client.call(CU_STREAM_CREATE, context, 1)).value(0);
        final long start = ok(client.call(CU_EVENT_CREATE, context, 0)).value(0);
        final long end = ok(client.call(CU_EVENT_CREATE, context, 0)).value(0);
        final long vectorAdd = function(client, context, loadModule(client, context, "vector_add.ptx"), "vector_add");
        final int n = 20_000;
        final long a = allocUpload(client, context, new float[n]);
        final long c = ok(client.call(CU_MEM_ALLOC, context, 4L * n)).value(0);
        assertEquals(HandleKind.STREAM, HandleKind.of(stream));
        assertEquals(HandleKind.EVENT, HandleKind.of(start));

        client.pipelined(CU_EVENT_RECORD, context, start, stream);
        launch(client, context, KernelLaunch.of(vectorAdd, 8, 256).stream(stream)
            .pointer(a).pointer(a).pointer(c).int32(n));
        client.pipelined(CU_EVENT_RECORD, context, end, stream);
        ok(client.call(CU_EVENT_SYNCHRONIZE, context, end));

        final float milliseconds =
            Float.intBitsToFloat((int)ok(client.call(CU_EVENT_ELAPSED_TIME, context, start, end)).value(0));
        assertTrue(milliseconds > 0 && milliseconds < 60_000, Float.toString(milliseconds));
        ok(client.call(CU_EVENT_QUERY, context, end));
        ok(client.call(CU_STREAM_QUERY, context, stream));
        ok(client.call(CU_STREAM_WAIT_EVENT, context, stream, end, 0));
        ok(client.call(CU_STREAM_SYNCHRONIZE, context, stream));
        ok(client.call(CU_STREAM_SYNCHRONIZE, context, DEFAULT_STREAM));
        ok(client.call(CU_STREAM_SYNCHRONIZE, context, PER_THREAD_STREAM));
        ok(client.call(CU_CTX_SYNCHRONIZE, context));
        ok(client.call(CU_STREAM_DESTROY, context, stream));
        ok(client.call(CU_EVENT_DESTROY, context, start));
    }

    @Test
    void refusesElapsedTimeOfEventsNeverRecordedOrNotTimed()
    {
        final TestClient client = EXECUTOR.connected("untimed");
        final long context = createContext(client, DEVICE_0);
        final long recorded = ok(client.call(CU_EVENT_CREATE, context, 0)).value(0);
        final long neverRecorded = ok(client.call(CU_EVENT_CREATE, context, 0)).value(0);
        final long untimed = ok(client.call(CU_EVENT_CREATE, context, EVENT_DISABLE_TIMING)).value(0);
        ok(client.call(CU_EVENT_RECORD, context, recorded, DEFAULT_STREAM));
        ok(client.call(CU_EVENT_RECORD, context, untimed, DEFAULT_STREAM));

        final Reply notRecorded = client.call(CU_EVENT_ELAPSED_TIME, context, recorded, neverRecorded);
        assertEquals(DriverStatus.INVALID_HANDLE, notRecorded.status());
        assertTrue(notRecorded.message().contains("end event has never been recorded"), notRecorded.message());
        assertEquals(DriverStatus.INVALID_HANDLE,
            client.call(CU_EVENT_ELAPSED_TIME, context, untimed, recorded).status());
        ok(client.call(CU_EVENT_QUERY, context, neverRecorded));
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_EVENT_CREATE, context, 0x8).status());
    }

    @Test
    void runsRuntimeStreamsEventsAndAsyncCopiesOnThePrimaryContext()
    {
        final TestClient client = EXECUTOR.connected("runtime streams");
        final long stream = ok(client.call(CUDA_STREAM_CREATE, DEVICE_1, 0)).value(0);
        final long start = ok(client.call(CUDA_EVENT_CREATE, DEVICE_1, 0)).value(0);
        final long end = ok(client.call(CUDA_EVENT_CREATE, DEVICE_1, 0)).value(0);
        final float[] values = { 1.5f, -2, 3, 4.25f };
        final long first = ok(client.call(CUDA_MALLOC, DEVICE_1, 16)).value(0);
        final long second = ok(client.call(CUDA_MALLOC, DEVICE_1, 16)).value(0);

        ok(client.call(CUDA_EVENT_RECORD, DEVICE_1, start, stream));
        client.pipelined(CUDA_MEMSET_ASYNC, DEVICE_1, second, 0xFF, 16, stream);
        client.send(CUDA_MEMCPY_HTOD_ASYNC, DEVICE_1, new ByteArrayPayload(floats(values)), true, first, 16, stream);
        client.pipelined(CUDA_MEMCPY_DTOD_ASYNC, DEVICE_1, second, first, 8, LEGACY_STREAM);
        ok(client.call(CUDA_EVENT_RECORD, DEVICE_1, end, stream));
        final byte[] copied = ok(client.call(CUDA_MEMCPY_DTOH_ASYNC, DEVICE_1, second, 16, stream)).payload();
        ok(client.call(CUDA_STREAM_SYNCHRONIZE, DEVICE_1, stream));

        final ByteBuffer result = ByteBuffer.wrap(copied).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(1.5f, result.getFloat(0));
        assertEquals(-2f, result.getFloat(4));
        assertEquals(-1, result.getInt(8));
        ok(client.call(CUDA_STREAM_QUERY, DEVICE_1, PER_THREAD_STREAM));
        ok(client.call(CUDA_EVENT_SYNCHRONIZE, DEVICE_1, end));
        final float milliseconds =
            Float.intBitsToFloat((int)ok(client.call(CUDA_EVENT_ELAPSED_TIME, DEVICE_1, start, end)).value(0));
        assertTrue(milliseconds >= 0, Float.toString(milliseconds));

        final Reply otherDevice = client.call(CUDA_MEMCPY_DTOH_ASYNC, DEVICE_0, second, 16, stream);
        assertEquals(RuntimeStatus.INVALID_RESOURCE_HANDLE, otherDevice.status(),
            "a stream belongs to its device's context");
        ok(client.call(CUDA_STREAM_DESTROY, DEVICE_1, stream));
        assertEquals(RuntimeStatus.INVALID_RESOURCE_HANDLE, client.call(CUDA_STREAM_DESTROY, DEVICE_1, stream).status());
        assertEquals(RuntimeStatus.INVALID_RESOURCE_HANDLE,
            client.call(CUDA_STREAM_DESTROY, DEVICE_1, DEFAULT_STREAM).status());
    }

    @Test
    void refusesForeignStaleAndWrongKindHandles()
    {
        final TestClient client = EXECUTOR.connected("handles");
        final TestClient other = EXECUTOR.connected("other handles");
        final long context = createContext(client, DEVICE_0);
        final long otherContext = createContext(client, DEVICE_0);
        final long module = loadModule(client, context, "vector_add.ptx");
        final long vectorAdd = function(client, context, module, "vector_add");
        final long stream = ok(client.call(CU_STREAM_CREATE, context, 0)).value(0);
        final long streamOfOtherContext = ok(client.call(CU_STREAM_CREATE, otherContext, 0)).value(0);
        final long foreignEvent = ok(other.call(CU_EVENT_CREATE, createContext(other, DEVICE_0), 0)).value(0);

        final Reply moduleAsStream = client.call(CU_STREAM_SYNCHRONIZE, context, module);
        assertEquals(DriverStatus.INVALID_HANDLE, moduleAsStream.status());
        assertTrue(moduleAsStream.message().contains("it is a module handle"), moduleAsStream.message());
        final Reply foreign = client.call(CU_EVENT_QUERY, context, foreignEvent);
        assertEquals(DriverStatus.INVALID_HANDLE, foreign.status());
        assertTrue(foreign.message().contains("no handle of this session"), foreign.message());
        assertEquals(DriverStatus.INVALID_HANDLE, client.call(CU_EVENT_QUERY, context, 0).status());
        assertEquals(DriverStatus.INVALID_HANDLE, awaitLaunch(client, context, KernelLaunch.of(vectorAdd, 1, 32)
            .stream(streamOfOtherContext).pointer(0).pointer(0).pointer(0).int32(0)).status());
        assertEquals(DriverStatus.INVALID_HANDLE, awaitLaunch(client, context, KernelLaunch.of(stream, 1, 32)
            .pointer(0).pointer(0).pointer(0).int32(0)).status());

        ok(client.call(CU_STREAM_DESTROY, context, stream));
        final Reply stale = client.call(CU_STREAM_QUERY, context, stream);
        assertEquals(DriverStatus.INVALID_HANDLE, stale.status());
        assertTrue(stale.message().contains("no longer live"), stale.message());
        ok(client.call(CU_MODULE_UNLOAD, context, module));
        assertEquals(DriverStatus.INVALID_HANDLE, client.call(CU_FUNC_GET_ATTRIBUTE, context, 0, vectorAdd).status(),
            "unloading a module retires its functions");
    }

    @Test
    void setsElementsOfEachSize()
    {
        final TestClient client = EXECUTOR.connected("memset");
        final long context = createContext(client, DEVICE_0);
        final long address = ok(client.call(CU_MEM_ALLOC, context, 16)).value(0);

        ok(client.call(CU_MEMSET, context, address, 0x1234_5678, 4, 1, DEFAULT_STREAM));
        ok(client.call(CU_MEMSET, context, address + 4, 0x1234_5678, 2, 2, DEFAULT_STREAM));
        ok(client.call(CU_MEMSET, context, address + 8, 0x1234_5678, 2, 4, DEFAULT_STREAM));

        final ByteBuffer bytes = ByteBuffer.wrap(ok(client.call(CU_MEMCPY_DTOH, context, address, 16, DEFAULT_STREAM))
            .payload()).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(0x7878_7878, bytes.getInt(0));
        assertEquals(0x5678_5678, bytes.getInt(4));
        assertEquals(0x1234_5678, bytes.getInt(8));
        assertEquals(0x1234_5678, bytes.getInt(12));
        final Reply misaligned = client.call(CU_MEMSET, context, address + 2, 0, 1, 4, DEFAULT_STREAM);
        assertEquals(DriverStatus.INVALID_VALUE, misaligned.status());
        assertTrue(misaligned.message().startsWith("cuMemsetD32: "), misaligned.message());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_MEMSET, context, address, 0, 1, 3, 0).status());
        assertEquals(DriverStatus.INVALID_VALUE, client.call(CU_MEMSET, context, address, 0, 5, 4, 0).status());
    }

    @Test
    void releasesEverythingTheSessionCreatedWhenItCloses()
    {
        final TestClient client = EXECUTOR.connected("everything");
        final long context = createContext(client, DEVICE_0);
        loadModule(client, context, "constant_scale.ptx");
        ok(client.call(CU_MODULE_UNLOAD, context, loadModule(client, context, "constant_scale.ptx")));
        final long destroyed = createContext(client, DEVICE_1);
        loadModule(client, destroyed, "constant_scale.ptx");
        ok(client.call(CU_MEM_ALLOC, destroyed, 4096));
        ok(client.call(CU_CTX_DESTROY, NO_CONTEXT, destroyed));
        ok(client.call(CU_MEM_ALLOC, context, 1000));
        ok(client.call(CU_STREAM_CREATE, context, 0));
        ok(client.call(CU_EVENT_CREATE, context, 0));
        final long primary = ok(client.call(CU_DEVICE_PRIMARY_CTX_RETAIN, NO_CONTEXT, DEVICE_1)).value(0);
        loadModule(client, primary, "constant_scale.ptx");
        ok(client.call(CUDA_MALLOC, DEVICE_1, 24));

        client.closeSession();

        EXECUTOR.log().awaitLine("session " + client.sessionId + " \\(client 'everything' pid \\d+\\) closed: " +
            "the client closed the session; freed 10 allocations \\(1088 bytes\\)");
    }

    private static long createContext(final TestClient client, final int device)
    {
        return ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, device)).value(0);
    }

    private static long attribute(final TestClient client, final long context, final int attribute,
        final long function)
    {
        return ok(client.call(CU_FUNC_GET_ATTRIBUTE, context, attribute, function)).value(0);
    }

    private static Reply awaitLaunch(final TestClient client, final long context, final KernelLaunch launch)
    {
        return client.awaitReply(launch(client, context, launch));
    }

    private static byte[] utf8(final String text)
    {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
