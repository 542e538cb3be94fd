package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.function;
import static io.gpurelay.executor.Kernels.loadModule;
import static io.gpurelay.executor.Kernels.runConstantScale;
import static io.gpurelay.executor.TestClient.allocUpload;
import static io.gpurelay.executor.TestClient.download;
import static io.gpurelay.executor.TestClient.floats;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_DEVICE_RESET;
import static io.gpurelay.protocol.Function.CUDA_EVENT_CREATE;
import static io.gpurelay.protocol.Function.CUDA_EVENT_ELAPSED_TIME;
import static io.gpurelay.protocol.Function.CUDA_EVENT_RECORD;
import static io.gpurelay.protocol.Function.CUDA_EVENT_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOD_ASYNC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_DTOH_ASYNC;
import static io.gpurelay.protocol.Function.CUDA_MEMCPY_HTOD_ASYNC;
import static io.gpurelay.protocol.Function.CUDA_MEMSET_ASYNC;
import static io.gpurelay.protocol.Function.CUDA_STREAM_CREATE;
import static io.gpurelay.protocol.Function.CUDA_STREAM_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_DESTROY;
import static io.gpurelay.protocol.Function.CU_CTX_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_DEVICE_GET_COUNT;
import static io.gpurelay.protocol.Function.CU_DEVICE_GET_NAME;
import static io.gpurelay.protocol.Function.CU_DRIVER_GET_VERSION;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MEM_GET_INFO;
import static io.gpurelay.protocol.Function.CU_MODULE_GET_GLOBAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import io.aeron.Aeron;
import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.backend.gpu.GpuBackend;
import io.gpurelay.executor.backend.gpu.GpuTestSupport;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The gpu backend end to end: clients that speak the wire protocol as the agent does, an executor on the host's first
 * GPU over {@code aeron:ipc}, the kernels of {@link DriverApiIpcTest} run by the GPU. No test here faults the device:
 * CUDA would fail every later call of this test JVM ({@link GpuFaultIpcTest} does that in a process of its own).
 */
@Tag("gpu")
class GpuDriverApiIpcTest
{
    /** A row of the function table, which replaced the hand-written function of this name. */
    private static final FunctionRow CU_DEVICE_TOTAL_MEM =
        FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuDeviceTotalMem");

    private static final String CHANNEL = "aeron:ipc";
    private static final long NO_CONTEXT = 0;
    private static final long LEGACY_STREAM = 1;
    private static final int DEVICE = 0;
    private static final long GIB = 1L << 30;

    private static CapturedLog capturedLog;
    private static RemoteExecutor executor;
    private static Aeron aeron;
    private final List<TestClient> clients = new ArrayList<>();

    /**
     * Each test skips where no GPU is usable; the executor starts with the first that runs.
     */
    @BeforeEach
    void launch()
    {
        GpuTestSupport.assumeGpu();
        if (executor != null)
        {
            return;
        }
        capturedLog = new CapturedLog(ExecutorLog.Level.INFO);
        executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("gpu"))
            .channel(CHANNEL)
            .backend(new GpuBackend(DeviceSelection.parse("1")))
            .keepAliveTimeoutNs(10_000_000_000L)
            .responseConnectTimeoutNs(2_000_000_000L)
            .log(capturedLog.log()));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDirectoryName()));
    }

    @AfterAll
    static void close()
    {
        CloseHelper.closeAll(aeron, executor);
    }

    /**
     * Sessions end before the next test, so that what one holds on the GPU does not show in another's measurements.
     */
    @AfterEach
    void closeClients()
    {
        for (final TestClient client : clients)
        {
            client.closeSession();
            final String session = "session " + client.sessionId + " (client '" + client.name() + "' pid ";
            capturedLog.awaitLine(Pattern.quote(session) + "\\d+\\) closed");
            client.close();
        }
    }

    @Test
    void answersDeviceQueriesFromTheGpu()
    {
        final TestClient client = connected("gpu query");
        assertEquals("gpu", client.backend);
        assertEquals(1, client.deviceCount);

        assertEquals(1, ok(client.call(CU_DEVICE_GET_COUNT, NO_CONTEXT)).value(0));
        assertTrue(ok(client.call(CU_DRIVER_GET_VERSION, NO_CONTEXT)).value(0) >= 13000);
        final String name = new String(ok(client.call(CU_DEVICE_GET_NAME, NO_CONTEXT, DEVICE)).payload(),
            StandardCharsets.UTF_8);
        assertFalse(name.isBlank());
        assertTrue(ok(client.call(CU_DEVICE_TOTAL_MEM, NO_CONTEXT, DEVICE)).value(0) > GIB);
        assertEquals(DriverStatus.INVALID_DEVICE, client.call(CU_DEVICE_GET_NAME, NO_CONTEXT, 1).status());
    }

    @Test
    void launchesKernelsWithParametersLaidOutAsTheDriverSays()
    {
        final TestClient client = connected("gpu launch");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE)).value(0);
        final long vectorAdd = function(client, context, loadModule(client, context, "vector_add.ptx"), "vector_add");
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

        Kernels.launch(client, context, KernelLaunch.of(vectorAdd, (n + 255) / 256, 256)
            .pointer(deviceA).pointer(deviceB).pointer(deviceC).int32(n));

        final float[] c = download(client, context, deviceC, n);
        for (int i = 0; i < n; i++)
        {
            assertEquals(a[i] + b[i], c[i], "c[" + i + "]");
        }
        assertFalse(client.anyReplyWithin(50), "a pipelined launch that succeeds gets no reply");

        final long saxpy = function(client, context, loadModule(client, context, "saxpy.ptx"), "saxpy");
        final Reply wrongSize = client.awaitReply(Kernels.launch(client, context, KernelLaunch.of(saxpy, 1, 32)
            .int32(32).float32(2).int32(0).pointer(deviceB)));
        assertEquals(DriverStatus.INVALID_VALUE, wrongSize.status());
        assertEquals("kernel 'saxpy' parameter 2: got 4 bytes, the kernel declares 8 bytes at offset 8",
            wrongSize.message());
        Kernels.launch(client, context, KernelLaunch.of(saxpy, (n + 127) / 128, 128)
            .int32(n).float32(3.5f).pointer(deviceA).pointer(deviceB));
        final float[] y = download(client, context, deviceB, n);
        for (int i = 0; i < n; i++)
        {
            assertEquals(Math.fma(a[i], 3.5f, b[i]), y[i], 1e-6f * Math.abs(y[i]), "y[" + i + "]");
        }
        ok(client.call(CU_CTX_DESTROY, NO_CONTEXT, context));
    }

    @Test
    void writesModuleGlobalsFoundThroughModuleGetGlobal()
    {
        final TestClient client = connected("gpu globals");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE)).value(0);
        final long module = loadModule(client, context, "constant_scale.ptx");
        final long scale = function(client, context, module, "constant_scale");
        final Reply coefficients = ok(client.callWithPayload(CU_MODULE_GET_GLOBAL, context, utf8("coeffs"), module));
        final Reply offset = ok(client.callWithPayload(CU_MODULE_GET_GLOBAL, context, utf8("offset"), module));
        assertEquals(16, coefficients.value(1));
        assertEquals(DriverStatus.NOT_FOUND,
            client.callWithPayload(CU_MODULE_GET_GLOBAL, context, utf8("missing"), module).status());

        runConstantScale(client, context, scale, coefficients.value(0), offset.value(0));
    }

    @Test
    void runsRuntimeStreamsEventsAndAsyncCopiesOnThePrimaryContext()
    {
        final TestClient client = connected("gpu runtime streams");
        final long stream = ok(client.call(CUDA_STREAM_CREATE, DEVICE, 0)).value(0);
        final long start = ok(client.call(CUDA_EVENT_CREATE, DEVICE, 0)).value(0);
        final long end = ok(client.call(CUDA_EVENT_CREATE, DEVICE, 0)).value(0);
        final float[] values = { 1.5f, -2, 3, 4.25f };
        final long first = ok(client.call(CUDA_MALLOC, DEVICE, 16)).value(0);
        final long second = ok(client.call(CUDA_MALLOC, DEVICE, 16)).value(0);

        ok(client.call(CUDA_EVENT_RECORD, DEVICE, start, stream));
        client.pipelined(CUDA_MEMSET_ASYNC, DEVICE, second, 0xFF, 16, stream);
        client.send(CUDA_MEMCPY_HTOD_ASYNC, DEVICE, new ByteArrayPayload(floats(values)), true, first, 16, stream);
        ok(client.call(CUDA_STREAM_SYNCHRONIZE, DEVICE, stream));
        client.pipelined(CUDA_MEMCPY_DTOD_ASYNC, DEVICE, second, first, 8, LEGACY_STREAM);
        ok(client.call(CUDA_EVENT_RECORD, DEVICE, end, stream));
        final byte[] copied = ok(client.call(CUDA_MEMCPY_DTOH_ASYNC, DEVICE, second, 16, LEGACY_STREAM)).payload();
        ok(client.call(CUDA_EVENT_SYNCHRONIZE, DEVICE, end));

        final ByteBuffer result = ByteBuffer.wrap(copied).order(ByteOrder.LITTLE_ENDIAN);
        assertEquals(1.5f, result.getFloat(0));
        assertEquals(-2f, result.getFloat(4));
        assertEquals(-1, result.getInt(8));
        final float milliseconds =
            Float.intBitsToFloat((int)ok(client.call(CUDA_EVENT_ELAPSED_TIME, DEVICE, start, end)).value(0));
        assertTrue(milliseconds >= 0, Float.toString(milliseconds));

        ok(client.call(CUDA_DEVICE_RESET, DEVICE));
        assertEquals(RuntimeStatus.INVALID_VALUE, client.call(CUDA_MEMCPY_DTOH, DEVICE, first, 16).status(),
            "a reset frees what the primary context held");
        assertEquals(RuntimeStatus.INVALID_RESOURCE_HANDLE,
            client.call(CUDA_STREAM_SYNCHRONIZE, DEVICE, stream).status());
    }

    @Test
    void closingTheSessionFreesItsGpuMemory()
    {
        final TestClient observer = connected("gpu observer");
        final long observerContext = ok(observer.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE)).value(0);
        final long baseline = ok(observer.call(CU_MEM_GET_INFO, observerContext)).value(0);
        final TestClient client = connected("gpu leaker");
        ok(client.call(CUDA_MALLOC, DEVICE, GIB));
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE)).value(0);
        ok(client.call(CU_MEM_ALLOC, context, 1000));
        loadModule(client, context, "constant_scale.ptx");
        final long whileHeld = ok(observer.call(CU_MEM_GET_INFO, observerContext)).value(0);
        assertTrue(whileHeld <= baseline - GIB, whileHeld + " free while held, " + baseline + " before");

        client.closeSession();

        capturedLog.awaitLine("session " + client.sessionId + " \\(client 'gpu leaker' pid \\d+\\) closed: " +
            "the client closed the session; freed 2 allocations \\(" + (GIB + 1000) + " bytes\\)");
        clients.remove(client);
        client.close();
        final long afterClose = ok(observer.call(CU_MEM_GET_INFO, observerContext)).value(0);
        assertTrue(Math.abs(afterClose - baseline) < 64L << 20, afterClose + " free after, " + baseline + " before");
        ok(observer.call(CU_CTX_SYNCHRONIZE, observerContext));
    }

    private TestClient connected(final String name)
    {
        final TestClient client = new TestClient(aeron, CHANNEL, CHANNEL, name);
        clients.add(client);
        assertTrue(client.connect(""), () -> "rejected: " + client.rejectDetail);
        return client;
    }

    static byte[] utf8(final String text)
    {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
