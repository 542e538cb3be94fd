package io.gpurelay.executor;

import static io.gpurelay.executor.Kernels.function;
import static io.gpurelay.executor.Kernels.launch;
import static io.gpurelay.executor.Kernels.resource;
import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static io.gpurelay.protocol.Function.CU_CTX_DESTROY;
import static io.gpurelay.protocol.Function.CU_CTX_SYNCHRONIZE;
import static io.gpurelay.protocol.Function.CU_MEM_ALLOC;
import static io.gpurelay.protocol.Function.CU_MODULE_LOAD_DATA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.gpurelay.executor.TestClient.Reply;
import io.gpurelay.executor.backend.gpu.GpuTestSupport;
import io.gpurelay.executor.cli.ExecutorMain;
import io.gpurelay.protocol.DriverStatus;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A kernel that faults on the GPU, end to end. CUDA fails every context of a process after a device fault, so the
 * executor runs in a JVM of its own here, which the test stops afterwards.
 */
@Tag("gpu")
class GpuFaultIpcTest
{
    private static final String READY = "gpurelay executor ready on aeron:ipc (backend gpu, 1 devices)";

    @Test
    void aFaultIsStickyAndReportedByTheGpuItself() throws Exception
    {
        GpuTestSupport.assumeGpu();
        final String aeronDirectory = TestMediaDriver.newAeronDirectory("gpu-fault");
        final Process executor = new ProcessBuilder(List.of(
            new File(System.getProperty("java.home"), "bin/java").getPath(),
            "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED", "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED", "--add-opens=java.base/java.util.zip=ALL-UNNAMED",
            "-Daeron.term.buffer.sparse.file=true", "-Daeron.ipc.term.buffer.length=16777216",
            "-cp", System.getProperty("java.class.path"), ExecutorMain.class.getName(),
            "executor", "--backend", "gpu", "--aeron-dir", aeronDirectory))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
        Aeron aeron = null;
        TestClient client = null;
        TestClient bystander = null;
        try
        {
            final BufferedReader stdout =
                new BufferedReader(new InputStreamReader(executor.getInputStream(), StandardCharsets.UTF_8));
            assertEquals(READY, stdout.readLine());
            aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(aeronDirectory));
            client = new TestClient(aeron, "aeron:ipc", "aeron:ipc", "faulty");
            bystander = new TestClient(aeron, "aeron:ipc", "aeron:ipc", "bystander");
            assertTrue(client.connect(""));
            assertTrue(bystander.connect(""));
            final long bystanderContext = ok(bystander.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
            final long context = ok(client.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
            final long module = ok(client.callWithPayload(CU_MODULE_LOAD_DATA, context,
                resource("/io/gpurelay/executor/backend/gpu/kernels.ptx"))).value(0);
            final long store = function(client, context, module, "store");

            launch(client, context, KernelLaunch.of(store, 1, 1).pointer(8).float32(1));
            assertFalse(client.anyReplyWithin(100), "the launch itself succeeds: the fault is asynchronous");
            final Reply fault = client.call(CU_CTX_SYNCHRONIZE, context);
            assertEquals(DriverStatus.ILLEGAL_ADDRESS, fault.status(), fault.message());
            assertTrue(fault.message().startsWith("cuCtxSynchronize: CUDA_ERROR_ILLEGAL_ADDRESS (after a device " +
                "fault CUDA fails every context of the executor process"), fault.message());

            assertEquals(DriverStatus.ILLEGAL_ADDRESS, client.call(CU_MEM_ALLOC, context, 256).status());
            assertEquals(DriverStatus.ILLEGAL_ADDRESS, client.call(CU_CTX_SYNCHRONIZE, context).status());
            ok(client.call(CU_CTX_DESTROY, 0, context));
            final Reply bystanderAfter = bystander.call(CU_CTX_SYNCHRONIZE, bystanderContext);
            System.out.println("a bystander session's context after another session's fault: " +
                bystanderAfter.status() + " " + bystanderAfter.message());
            assertTrue(bystanderAfter.status() == 0 || bystanderAfter.status() == DriverStatus.ILLEGAL_ADDRESS,
                bystanderAfter.message());
        }
        finally
        {
            CloseHelper.closeAll(client, bystander, aeron);
            executor.destroy();
            assertTrue(executor.waitFor(30, TimeUnit.SECONDS), "the executor stops on SIGTERM");
        }
    }
}
