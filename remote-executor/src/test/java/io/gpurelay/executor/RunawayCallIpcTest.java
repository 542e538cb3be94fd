package io.gpurelay.executor;

import static io.gpurelay.executor.TestClient.ok;
import static io.gpurelay.protocol.Function.CUDA_MALLOC;
import static io.gpurelay.protocol.Function.CU_CTX_CREATE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.config.Isolation;
import io.gpurelay.executor.config.WorkerBackend;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.isolation.WorkerSupervisor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.session.WorkerExit;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A kernel that nothing stops, as on a GPU, under process isolation: the worker's watchdog ends the worker once a call
 * has run past the kernel timeout, the client is told why, and other sessions go on. The emulator is made to leave
 * its kernels running ({@link WorkerBackend#unstoppableKernels()}), which is how a GPU's kernel behaves.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class RunawayCallIpcTest
{
    private static final String CHANNEL = "aeron:ipc";
    private static final long KERNEL_TIMEOUT_NS = TimeUnit.SECONDS.toNanos(1);

    private static CapturedLog capturedLog;
    private static RemoteExecutor executor;
    private static Aeron aeron;

    @BeforeAll
    static void launch()
    {
        capturedLog = new CapturedLog(ExecutorLog.Level.INFO);
        executor = RemoteExecutor.launch(new ExecutorContext()
            .aeronDirectoryName(TestMediaDriver.newAeronDirectory("runaway"))
            .channel(CHANNEL)
            .isolation(Isolation.PROCESS)
            .workerBackend(new WorkerBackend("emulated", DeviceSelection.parse("1"), 64L * 1024 * 1024, true))
            .warmWorkers(2)
            .kernelTimeoutNs(KERNEL_TIMEOUT_NS)
            .keepAliveTimeoutNs(TimeUnit.SECONDS.toNanos(60))
            .log(capturedLog.log()));
        aeron = Aeron.connect(new Aeron.Context().aeronDirectoryName(executor.aeronDirectoryName()));
    }

    @AfterAll
    static void close()
    {
        CloseHelper.closeAll(aeron, executor);
    }

    @Test
    void aKernelPastTheTimeoutEndsItsWorkerAndTheClientIsToldWhileOthersGoOn()
    {
        try (TestClient spinner = new TestClient(aeron, CHANNEL, CHANNEL, "spinner");
            TestClient bystander = new TestClient(aeron, CHANNEL, CHANNEL, "bystander"))
        {
            assertTrue(spinner.connect(""));
            assertTrue(bystander.connect(""));
            ok(bystander.call(CUDA_MALLOC, 0, 1024));
            final long context = ok(spinner.call(CU_CTX_CREATE, 0, 0, 0)).value(0);
            final long spin = ExecutorRobustnessTest.spinKernel(spinner, context);
            final long crashedBefore = executor.workerCounters().crashed();

            ExecutorRobustnessTest.launch(spinner, context, spin);

            final String failure = spinner.awaitSessionFailure();
            assertTrue(failure.contains("a call ran longer than the kernel timeout") &&
                failure.contains("exit status " + WorkerExit.KERNEL_TIMEOUT.status()), failure);
            capturedLog.awaitLine("session \\d+ \\(client 'spinner' pid \\d+\\) failed: its worker \\d+ pid \\d+ " +
                "died: a call ran longer than the kernel timeout");
            ok(bystander.call(CUDA_MALLOC, 0, 4096));
            TestClient.await("the worker counted as crashed",
                () -> executor.workerCounters().crashed() == crashedBefore + 1);
        }
        try (TestClient next = new TestClient(aeron, CHANNEL, CHANNEL, "next"))
        {
            assertTrue(next.connect(""));
            ok(next.call(CUDA_MALLOC, 0, 1024));
        }
    }

    @Test
    void theWatchdogsExitStatusesReadAsTheirReasons()
    {
        assertEquals("a call ran longer than the kernel timeout; its worker was ended to stop the device " +
            "(exit status 124)", WorkerSupervisor.describeExit(124));
        assertEquals("its client went away during a call that could not be stopped; its worker was ended " +
            "(exit status 125)", WorkerSupervisor.describeExit(125));
        assertEquals("exit status 1", WorkerSupervisor.describeExit(1));
    }
}
