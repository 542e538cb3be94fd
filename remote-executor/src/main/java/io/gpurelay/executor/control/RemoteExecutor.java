package io.gpurelay.executor.control;

import java.util.List;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.Subscription;
import io.gpurelay.driver.DriverHandle;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.executor.backend.DeviceMemoryFigures;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.backend.gpu.GpuBackend;
import io.gpurelay.executor.backend.gpu.JavaCppNvml;
import io.gpurelay.executor.config.ExecutorConfiguration;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.config.Isolation;
import io.gpurelay.executor.counters.ConfiguredDeviceMemory;
import io.gpurelay.executor.counters.DeviceMemoryCounters;
import io.gpurelay.executor.counters.DeviceMemorySource;
import io.gpurelay.executor.counters.ExecutorCounters;
import io.gpurelay.executor.counters.NvmlDeviceMemory;
import io.gpurelay.executor.counters.WorkerCounters;
import io.gpurelay.executor.isolation.AeronWorkerLink;
import io.gpurelay.executor.isolation.ProcessWorkerLauncher;
import io.gpurelay.executor.isolation.WorkerSupervisor;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.metrics.MetricsEndpoint;
import io.gpurelay.executor.session.ExecutorSession;
import io.gpurelay.executor.stat.ExecutorSnapshot;
import io.gpurelay.executor.worker.WorkerSettings;
import io.gpurelay.protocol.Protocol;
import org.agrona.CloseHelper;
import org.agrona.concurrent.AgentRunner;
import org.agrona.concurrent.IdleStrategy;
import org.agrona.concurrent.SleepingMillisIdleStrategy;
import org.agrona.concurrent.status.CountersReader;

/**
 * The remote executor: listens for clients on its channel's control stream and serves each one in a session of its
 * own against the backend (see {@link ExecutorConductor} and {@link ExecutorSession}). It uses the media driver
 * running in its Aeron directory, or launches an embedded one there so that clients on the host find it.
 * <pre>{@code
 * try (RemoteExecutor executor = RemoteExecutor.launch(new ExecutorContext().channel("aeron:ipc")))
 * {
 *     ...
 * }
 * }</pre>
 * Closing it closes every session (freeing what each holds), then the Aeron client, the embedded driver if it
 * launched one, and the backend.
 * <p>
 * With {@link Isolation#PROCESS} the executor is a supervisor: each session runs in a worker process (see
 * {@link WorkerSupervisor}), and this process never touches a device. It then accepts sessions once the first worker
 * is ready, which says how many devices there are.
 */
public final class RemoteExecutor implements AutoCloseable
{
    private final ExecutorContext ctx;
    private DriverHandle driver;
    private Aeron aeron;
    private ExecutorCounters counters;
    private WorkerCounters workerCounters;
    private WorkerSupervisor supervisor;
    private Subscription controlSubscription;
    private AgentRunner conductorRunner;
    private MetricsEndpoint metricsEndpoint;
    private DeviceMemoryCounters deviceMemoryCounters;

    private RemoteExecutor(final ExecutorContext ctx)
    {
        this.ctx = ctx;
    }

    /**
     * Start an executor; it accepts sessions when this returns.
     */
    public static RemoteExecutor launch(final ExecutorContext ctx)
    {
        ctx.conclude();
        final RemoteExecutor executor = new RemoteExecutor(ctx);
        try
        {
            executor.start();
            return executor;
        }
        catch (final RuntimeException ex)
        {
            executor.close();
            throw ex;
        }
    }

    private void start()
    {
        final ExecutorLog log = ctx.log();
        driver = MediaDrivers.useOrLaunch(ctx.aeronDirectoryName(), ctx.driverProfile(), log::info);
        if (driver.isEmbedded())
        {
            log.info("started an embedded media driver in " + driver.aeronDirectoryName() + " (profile " +
                ctx.driverProfile().cliName() + ")");
        }
        aeron = Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(driver.aeronDirectoryName())
            .clientName("gpurelay executor")
            .idleStrategy(ctx.idleStrategyKind().newAeronClientIdleStrategy())
            .errorHandler(ex -> log.error("Aeron client", ex)));
        counters = new ExecutorCounters(aeron);
        if (ctx.isolation() == Isolation.PROCESS)
        {
            workerCounters = new WorkerCounters(aeron);
            supervisor = newSupervisor(driver.aeronDirectoryName());
        }
        controlSubscription = aeron.addSubscription(ctx.channel(), Protocol.CONTROL_STREAM_ID);
        final ExecutorConductor conductor = new ExecutorConductor(
            ctx, aeron, counters, controlSubscription, supervisor);
        // The conductor checks its sessions' running calls (thread isolation) at a sixteenth of the keep-alive timeout.
        final IdleStrategy conductorIdleStrategy =
            ctx.idleStrategyKind().newControlIdleStrategy(ctx.keepAliveIntervalNs() / 4);
        conductorRunner = new AgentRunner(conductorIdleStrategy, ex ->
        {
            counters.errors.increment();
            log.error("executor conductor", ex);
        }, null, conductor);
        AgentRunner.startOnThread(conductorRunner);
        if (supervisor != null)
        {
            awaitFirstWorker();
        }
        deviceMemoryCounters = DeviceMemoryCounters.start(aeron, deviceCount(), newDeviceMemorySource());
        if (ctx.metricsPort() != ExecutorConfiguration.METRICS_OFF)
        {
            metricsEndpoint = MetricsEndpoint.start(ctx.metricsAddress(), ctx.metricsPort(), aeron.countersReader());
            log.info("serving metrics on " + metricsEndpoint.url());
        }
    }

    private WorkerSupervisor newSupervisor(final String aeronDirectoryName)
    {
        final long pid = ProcessHandle.current().pid();
        final ProcessWorkerLauncher launcher = new ProcessWorkerLauncher(workerId -> new WorkerSettings(
            workerId, pid, aeronDirectoryName, ctx.channel(), ctx.workerBackend(), ctx.idleStrategyKind(),
            ctx.keepAliveTimeoutNs(), ctx.responseConnectTimeoutNs(), ctx.sessionMemoryBytes(), ctx.kernelTimeoutNs(),
            ctx.receiveBufferBytes(), ctx.transferRegionBytes(), ctx.transferChunkBytes(), ctx.pinnedMemoryBytes(),
            ctx.log().level(), ctx.executorVersion()));
        return new WorkerSupervisor(ctx.warmWorkers(), ctx.sessionsPerWorker(), ctx.maxSessions(),
            ctx.workerStartTimeoutNs(), ctx.log(), counters, workerCounters, launcher,
            new AeronWorkerLink(aeron, pid, ctx.responseConnectTimeoutNs()));
    }

    /**
     * NVML on the gpu backend (the devices found by the UUIDs the backend read from CUDA, in this process or in the
     * first worker), the configured size less what sessions hold on the emulator.
     */
    private DeviceMemorySource newDeviceMemorySource()
    {
        if (GpuBackend.NAME.equals(backendName()))
        {
            final List<String> uuids = supervisor != null ? supervisor.deviceUuids() : ctx.backend().deviceUuids();
            return new NvmlDeviceMemory(JavaCppNvml::open, uuids, ctx.log());
        }
        final long deviceBytes = supervisor != null ? ctx.workerBackend().deviceMemory() :
            ctx.backend() instanceof EmulatedBackend emulated ? emulated.deviceMemory() : 0;
        if (deviceBytes <= 0)
        {
            return device -> DeviceMemoryFigures.UNKNOWN_FIGURES;
        }
        final CountersReader counters = aeron.countersReader();
        return new ConfiguredDeviceMemory(deviceBytes, () -> ExecutorSnapshot.read(counters).deviceMemory());
    }

    /**
     * The first worker tells how many devices there are; a worker that cannot start (no usable GPU) fails the launch
     * with its reason, which the worker logged in full.
     */
    private void awaitFirstWorker()
    {
        final long deadlineNs = System.nanoTime() + ctx.workerStartTimeoutNs();
        final SleepingMillisIdleStrategy idleStrategy = new SleepingMillisIdleStrategy(1);
        while (supervisor.deviceCount() < 0)
        {
            final String failure = supervisor.startFailure();
            if (failure != null)
            {
                throw new IllegalStateException("no worker process could start: " + failure);
            }
            if (System.nanoTime() - deadlineNs > 0)
            {
                throw new IllegalStateException("no worker process was ready within " +
                    TimeUnit.NANOSECONDS.toSeconds(ctx.workerStartTimeoutNs()) + " s");
            }
            idleStrategy.idle();
        }
    }

    /**
     * The backend's name, as clients see it: with process isolation, as the workers report it.
     */
    public String backendName()
    {
        return supervisor != null ? supervisor.backendName() : ctx.backend().name();
    }

    /**
     * How many devices a session sees: with process isolation, as the workers report it.
     */
    public int deviceCount()
    {
        return supervisor != null ? supervisor.deviceCount() : ctx.backend().deviceCount();
    }

    /**
     * The worker processes' counters; null with thread isolation.
     */
    public WorkerCounters workerCounters()
    {
        return workerCounters;
    }

    /**
     * The Prometheus endpoint, or null when the executor serves none.
     */
    public MetricsEndpoint metricsEndpoint()
    {
        return metricsEndpoint;
    }

    public ExecutorContext context()
    {
        return ctx;
    }

    public ExecutorCounters counters()
    {
        return counters;
    }

    /**
     * The directory of the media driver the executor uses; clients of an IPC executor use the same one.
     */
    public String aeronDirectoryName()
    {
        return driver.aeronDirectoryName();
    }

    public void close()
    {
        CloseHelper.closeAll(metricsEndpoint, conductorRunner, deviceMemoryCounters, controlSubscription,
            workerCounters, counters, aeron, driver, ctx.backend());
    }
}
