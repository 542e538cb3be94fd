package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.ptx;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_FREE;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_DESTROY;
import static io.gpurelay.protocol.Function.CU_CTX_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_DEVICE_GET_COUNT;
import static io.gpurelay.protocol.Function.CU_LAUNCH_KERNEL;
import static io.gpurelay.protocol.Function.CU_MEMCPY_DTOH;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MEM_FREE;
import static io.gpurelay.protocol.Function.CU_MEM_GET_INFO;
import static io.gpurelay.protocol.Function.CU_MODULE_GET_FUNCTION;
import static io.gpurelay.protocol.Function.CU_MODULE_LOAD_DATA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.emulator.ptx.PrintfBuffer;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.RuntimeStatus;
import io.gpurelay.protocol.table.Binding;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.table.FunctionTable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Device printf reaching the client at CUDA's flush points, ahead of the flushing call's reply, bounded per flush;
 * and the per-session device memory quota ({@code --session-memory}), over {@code aeron:ipc} with the emulator.
 */
class DeviceOutputAndQuotaIpcTest
{
    private static final long DEVICE_MEMORY = 64L * 1024 * 1024;
    private static final long SESSION_MEMORY = 2L * 1024 * 1024;
    private static final long NO_CONTEXT = 0;
    private static final int DEVICE_0 = 0;
    private static final long KIB = 1024;
    /** CU_LIMIT_PRINTF_FIFO_SIZE. */
    private static final long PRINTF_FIFO_SIZE = 1;


    @RegisterExtension
    static final IpcExecutor EXECUTOR = IpcExecutor.emulated("device-output", 1, DEVICE_MEMORY, context -> context
            .sessionMemoryBytes(SESSION_MEMORY));

    @Test
    void kernelPrintfArrivesAtTheNextSynchronisationBeforeItsReply()
    {
        final TestClient client = EXECUTOR.connected("printf");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long printf = printfKernel(client, context);

        launch(client, context, printf, 1, 2, 4);
        ok(client.call(CU_DEVICE_GET_COUNT, NO_CONTEXT));
        assertEquals(0, client.deviceOutput.size(), "a call that is no flush point leaves the output on the device");

        ok(client.call(CU_CTX_SYNCHRONIZE, context));
        assertEquals(lines(1, 2, 4), lineSet(client), "every line is there when the synchronisation returns");

        client.deviceOutput.reset();
        launch(client, context, printf, 2, 1, 3);
        final long buffer = ok(client.call(CU_MEM_ALLOC, context, 16)).value(0);
        assertEquals(0, client.deviceOutput.size());
        ok(client.call(CU_MEMCPY_DTOH, context, buffer, 16, TestClient.DEFAULT_STREAM));
        assertEquals(lines(2, 1, 3), lineSet(client), "a blocking copy flushes too");
        assertEquals(0, client.deviceOutputDropped);
    }

    @Test
    void outputBeyondTheDevicesPrintfFifoIsDroppedAndCounted()
    {
        final TestClient client = EXECUTOR.connected("printf flood");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long printf = printfKernel(client, context);
        final int blocks = 100;
        final int threads = 512;
        final long printedBytes = printedBytes(7, blocks, threads);
        assertTrue(printedBytes > PrintfBuffer.DEFAULT_CAPACITY, "the kernel prints more than the FIFO holds");

        launch(client, context, printf, 7, blocks, threads);
        ok(client.call(CU_CTX_SYNCHRONIZE, context));

        assertEquals(printedBytes, client.deviceOutput.size() + client.deviceOutputDropped,
            "every byte printed arrives or is counted as dropped");
        assertTrue(client.deviceOutput.size() <= PrintfBuffer.DEFAULT_CAPACITY &&
            client.deviceOutput.size() > PrintfBuffer.DEFAULT_CAPACITY - 64, "as much as the FIFO holds: " +
            client.deviceOutput.size());
        final String text = client.deviceOutput.toString(StandardCharsets.US_ASCII);
        assertTrue(text.endsWith("\n"), "only whole printf texts are kept");
        for (final String line : text.split("\n"))
        {
            assertTrue(line.startsWith("launch 7 block "), line);
        }
        EXECUTOR.log().awaitLine("session " + client.sessionId + ": " + client.deviceOutputDropped +
            " bytes of device output dropped");
    }

    /**
     * The bytes the printf kernel prints in a launch: one line per thread.
     */
    private static long printedBytes(final int launch, final int blocks, final int threads)
    {
        long bytes = 0;
        for (int block = 0; block < blocks; block++)
        {
            for (int thread = 0; thread < threads; thread++)
            {
                bytes += line(launch, block, thread).length() + 1;
            }
        }
        return bytes;
    }

    @Test
    void aLargerPrintfFifoCarriesAllOfALargerFlush()
    {
        final TestClient client = EXECUTOR.connected("printf fifo");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final FunctionRow setLimit = FunctionTable.standard().find(Binding.JCUDA_DRIVER, "cuCtxSetLimit");
        ok(client.call(setLimit, context, PRINTF_FIFO_SIZE, 4 * KIB * KIB));
        final long printf = printfKernel(client, context);
        final int blocks = 100;
        final int threads = 512;
        final long printedBytes = printedBytes(8, blocks, threads);
        assertTrue(printedBytes > KIB * KIB && printedBytes < 4 * KIB * KIB, "more than 1 MiB, less than 4 MiB");

        launch(client, context, printf, 8, blocks, threads);
        ok(client.call(CU_CTX_SYNCHRONIZE, context));

        assertEquals(0, client.deviceOutputDropped, "nothing dropped");
        assertEquals(printedBytes, client.deviceOutput.size(), "every byte printed arrives in one flush");
        assertEquals(DriverStatus.INVALID_VALUE, client.call(setLimit, context, PRINTF_FIFO_SIZE, 8 * KIB * KIB)
            .status(), "the FIFO is fixed once a kernel printed");
    }

    @Test
    void allocationPastTheSessionQuotaIsRefusedUntilMemoryIsFreed()
    {
        final TestClient client = EXECUTOR.connected("quota");
        final long context = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);

        final long first = ok(client.call(CU_MEM_ALLOC, context, 1536 * KIB)).value(0);
        final Reply refused = client.call(CU_MEM_ALLOC, context, 1024 * KIB);
        assertEquals(DriverStatus.OUT_OF_MEMORY, refused.status());
        assertTrue(refused.message().contains("cuMemAlloc of 1048576 bytes refused: the session holds 1572864 " +
            "bytes and its quota (--session-memory) is 2097152 bytes"), refused.message());
        EXECUTOR.log().awaitLine("session " + client.sessionId + ": cuMemAlloc of 1048576 bytes refused");
        assertEquals(RuntimeStatus.MEMORY_ALLOCATION, client.call(CUDA_MALLOC, DEVICE_0, 1024 * KIB).status());

        final Reply info = ok(client.call(CU_MEM_GET_INFO, context));
        assertEquals(512 * KIB, info.value(0), "free: what the quota leaves");
        assertEquals(SESSION_MEMORY, info.value(1), "total: the quota");

        ok(client.call(CU_MEM_FREE, context, first));
        final long runtime = ok(client.call(CUDA_MALLOC, DEVICE_0, 1024 * KIB)).value(0);
        final long second = ok(client.call(CU_MEM_ALLOC, context, 1024 * KIB)).value(0);
        assertEquals(DriverStatus.OUT_OF_MEMORY, client.call(CU_MEM_ALLOC, context, 1).status());
        ok(client.call(CUDA_FREE, DEVICE_0, runtime));
        ok(client.call(CU_MEM_FREE, context, second));

        final long other = ok(client.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        ok(client.call(CU_MEM_ALLOC, other, 2048 * KIB));
        assertEquals(DriverStatus.OUT_OF_MEMORY, client.call(CU_MEM_ALLOC, context, 1).status());
        ok(client.call(CU_CTX_DESTROY, context, other));
        ok(client.call(CU_MEM_ALLOC, context, 2048 * KIB));
    }

    @Test
    void eachSessionHasAQuotaOfItsOwn()
    {
        final TestClient one = EXECUTOR.connected("quota one");
        final TestClient two = EXECUTOR.connected("quota two");
        final long contextOne = ok(one.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);
        final long contextTwo = ok(two.call(CU_CTX_CREATE, NO_CONTEXT, 0, DEVICE_0)).value(0);

        ok(one.call(CU_MEM_ALLOC, contextOne, SESSION_MEMORY));
        ok(two.call(CU_MEM_ALLOC, contextTwo, SESSION_MEMORY));
        assertEquals(DriverStatus.OUT_OF_MEMORY, one.call(CU_MEM_ALLOC, contextOne, 1).status());
    }

    private static long printfKernel(final TestClient client, final long context)
    {
        final long module = ok(client.callWithPayload(CU_MODULE_LOAD_DATA, context, ptx("device_printf.ptx")))
            .value(0);
        return ok(client.callWithPayload(CU_MODULE_GET_FUNCTION, context,
            "device_printf".getBytes(StandardCharsets.UTF_8), module)).value(0);
    }

    private static void launch(final TestClient client, final long context, final long function, final int launch,
        final int blocks, final int threads)
    {
        final KernelLaunch kernelLaunch = KernelLaunch.of(function, blocks, threads).int32(launch);
        client.send(CU_LAUNCH_KERNEL, context, new ByteArrayPayload(kernelLaunch.payload()), true,
            kernelLaunch.args());
    }

    private static String line(final int launch, final int block, final int thread)
    {
        return "launch " + launch + " block " + block + " thread " + thread;
    }

    private static Set<String> lines(final int launch, final int blocks, final int threads)
    {
        final Set<String> lines = new HashSet<>();
        for (int block = 0; block < blocks; block++)
        {
            for (int thread = 0; thread < threads; thread++)
            {
                lines.add(line(launch, block, thread));
            }
        }
        return lines;
    }

    private static Set<String> lineSet(final TestClient client)
    {
        final String text = client.deviceOutput.toString(StandardCharsets.US_ASCII);
        assertTrue(text.endsWith("\n"), text);
        final List<String> lines = Arrays.asList(text.split("\n"));
        assertEquals(lines.size(), new HashSet<>(lines).size(), "no line twice: " + text);
        return new HashSet<>(lines);
    }
}
