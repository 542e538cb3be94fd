package io.gpurelay.executor;

import io.gpurelay.executor.backend.DeviceMemoryFigures;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.Subscription;
import io.aeron.exceptions.ConcurrentConcludeException;
import io.aeron.exceptions.ConfigurationException;
import io.gpurelay.driver.DriverHandle;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.backend.gpu.GpuBackend;
import io.gpurelay.executor.backend.gpu.JavaCppNvml;
import io.gpurelay.executor.metrics.MetricsEndpoint;
import io.gpurelay.executor.stat.ExecutorSnapshot;
import io.gpurelay.executor.worker.WorkerSettings;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.TransferRegion;
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
 * try (RemoteExecutor executor = RemoteExecutor.launch(new RemoteExecutor.Context().channel("aeron:ipc")))
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
    private final Context ctx;
    private DriverHandle driver;
    private Aeron aeron;
    private ExecutorCounters counters;
    private WorkerCounters workerCounters;
    private WorkerSupervisor supervisor;
    private Subscription controlSubscription;
    private AgentRunner conductorRunner;
    private MetricsEndpoint metricsEndpoint;
    private DeviceMemoryCounters deviceMemoryCounters;

    private RemoteExecutor(final Context ctx)
    {
        this.ctx = ctx;
    }

    /**
     * Start an executor; it accepts sessions when this returns.
     */
    public static RemoteExecutor launch(final Context ctx)
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
        if (ctx.metricsPort() != Configuration.METRICS_OFF)
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

    public Context context()
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

    /**
     * Defaults of the executor's settings; the command line documents each.
     */
    public static final class Configuration
    {
        public static final String CHANNEL_DEFAULT = Protocol.DEFAULT_CHANNEL;
        public static final long DEVICE_MEMORY_DEFAULT = 4L * 1024 * 1024 * 1024;
        public static final int DEVICE_COUNT_DEFAULT = 1;
        public static final long KEEPALIVE_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(10);
        /** How long a new session waits for the client's reply channel to connect before giving up on it. */
        public static final long RESPONSE_CONNECT_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(5);
        public static final int MAX_SESSIONS_DEFAULT = 64;
        public static final int WARM_WORKERS_DEFAULT = 2;
        public static final int SESSIONS_PER_WORKER_DEFAULT = 1;
        /** How long a worker process may take to start and initialise its backend before it is killed. */
        public static final long WORKER_START_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(60);
        /** Device memory one session may hold: unlimited unless {@code --session-memory} says otherwise. */
        public static final long SESSION_MEMORY_DEFAULT = Long.MAX_VALUE;
        /** {@link Context#metricsPort} of an executor that serves no metrics. */
        public static final int METRICS_OFF = -1;
        /** Metrics are for the host's own monitoring agent unless the operator says otherwise. */
        public static final String METRICS_ADDRESS_DEFAULT = "127.0.0.1";
        /** No limit on how long a kernel may run. */
        public static final long KERNEL_TIMEOUT_DEFAULT_NS = 0;
        public static final long RECEIVE_BUFFER_BYTES_DEFAULT = 512L * 1024 * 1024;
        /** The shared-memory transfer region each IPC session is offered (two slots of almost 8 MiB); 0: none. */
        public static final long TRANSFER_REGION_BYTES_DEFAULT = 16L * 1024 * 1024;
        public static final int TRANSFER_CHUNK_BYTES_DEFAULT = TransferRegion.DEFAULT_SLOT_BYTES;
        /** Pinned host memory each IPC session may hold in shared memory; 0: none offered. */
        public static final long PINNED_MEMORY_BYTES_DEFAULT = 4L * 1024 * 1024 * 1024;

        private Configuration()
        {
        }

        /**
         * Refuse a channel the executor cannot serve on: it listens, so it needs IPC or a UDP endpoint to bind.
         */
        public static void checkChannel(final String channel)
        {
            final ChannelUri uri;
            try
            {
                uri = ChannelUri.parse(channel);
            }
            catch (final RuntimeException ex)
            {
                throw new IllegalArgumentException("invalid channel '" + channel + "': " + ex.getMessage(), ex);
            }
            if (uri.isUdp() ? uri.get(CommonContext.ENDPOINT_PARAM_NAME) == null : !uri.isIpc())
            {
                throw new IllegalArgumentException("the executor's channel must be aeron:ipc or " +
                    "aeron:udp?endpoint=HOST:PORT, not '" + channel + "'");
            }
        }

        /**
         * Whether only this host can reach an executor on this channel: IPC, or UDP on a loopback address.
         */
        public static boolean isHostLocal(final String channel)
        {
            final ChannelUri uri = ChannelUri.parse(channel);
            if (uri.isIpc())
            {
                return true;
            }
            final String endpoint = uri.get(CommonContext.ENDPOINT_PARAM_NAME);
            final int colon = endpoint.lastIndexOf(':');
            final String host = (colon < 0 ? endpoint : endpoint.substring(0, colon)).replace("[", "").replace("]", "");
            try
            {
                return InetAddress.getByName(host).isLoopbackAddress();
            }
            catch (final UnknownHostException ex)
            {
                return false;
            }
        }

        /**
         * The executor's own version (not the protocol's), as built.
         */
        public static String executorVersion()
        {
            try (InputStream in = RemoteExecutor.class.getResourceAsStream("version.properties"))
            {
                if (in == null)
                {
                    return "unknown";
                }
                final Properties properties = new Properties();
                properties.load(in);
                return properties.getProperty("version", "unknown");
            }
            catch (final IOException ex)
            {
                throw new UncheckedIOException(ex);
            }
        }
    }

    /**
     * Everything an executor is configured with. Setters return the context; {@link #conclude()} checks it and fills
     * in defaults once, when the executor launches.
     */
    public static final class Context
    {
        private boolean concluded;
        private String channel = Configuration.CHANNEL_DEFAULT;
        private String aeronDirectoryName;
        private DriverProfile driverProfile = DriverProfile.SHARED;
        private Backend backend;
        private IdleStrategyKind idleStrategyKind = IdleStrategyKind.BACKOFF;
        private long keepAliveTimeoutNs = Configuration.KEEPALIVE_TIMEOUT_DEFAULT_NS;
        private long responseConnectTimeoutNs = Configuration.RESPONSE_CONNECT_TIMEOUT_DEFAULT_NS;
        private int maxSessions = Configuration.MAX_SESSIONS_DEFAULT;
        private Isolation isolation = Isolation.THREAD;
        private WorkerBackend workerBackend;
        private int warmWorkers = Configuration.WARM_WORKERS_DEFAULT;
        private int sessionsPerWorker = Configuration.SESSIONS_PER_WORKER_DEFAULT;
        private long workerStartTimeoutNs = Configuration.WORKER_START_TIMEOUT_DEFAULT_NS;
        private long sessionMemoryBytes = Configuration.SESSION_MEMORY_DEFAULT;
        private int metricsPort = Configuration.METRICS_OFF;
        private String metricsAddress = Configuration.METRICS_ADDRESS_DEFAULT;
        private long kernelTimeoutNs = Configuration.KERNEL_TIMEOUT_DEFAULT_NS;
        private long receiveBufferBytes = Configuration.RECEIVE_BUFFER_BYTES_DEFAULT;
        private long transferRegionBytes = Configuration.TRANSFER_REGION_BYTES_DEFAULT;
        private long transferChunkBytes = Configuration.TRANSFER_CHUNK_BYTES_DEFAULT;
        private long pinnedMemoryBytes = Configuration.PINNED_MEMORY_BYTES_DEFAULT;
        private ReceiveBudget receiveBudget;
        private String token;
        private boolean insecure;
        private ExecutorLog log;
        private String executorVersion;

        public Context conclude()
        {
            if (concluded)
            {
                throw new ConcurrentConcludeException();
            }
            concluded = true;

            try
            {
                Configuration.checkChannel(channel);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new ConfigurationException(ex.getMessage());
            }
            if (keepAliveTimeoutNs < TimeUnit.MILLISECONDS.toNanos(4))
            {
                throw new ConfigurationException("keep-alive timeout must be at least 4 ms: " + keepAliveTimeoutNs +
                    " ns");
            }
            if (responseConnectTimeoutNs <= 0)
            {
                throw new ConfigurationException("response connect timeout must be positive");
            }
            if (maxSessions < 1)
            {
                throw new ConfigurationException("max sessions must be at least 1: " + maxSessions);
            }
            if (sessionMemoryBytes <= 0)
            {
                throw new ConfigurationException("session memory must be positive: " + sessionMemoryBytes);
            }
            if (metricsPort < Configuration.METRICS_OFF || metricsPort > 65535)
            {
                throw new ConfigurationException("metrics port must be 0 to 65535: " + metricsPort);
            }
            if (kernelTimeoutNs < 0)
            {
                throw new ConfigurationException("kernel timeout must not be negative: " + kernelTimeoutNs + " ns");
            }
            if (transferRegionBytes != 0 &&
                (transferRegionBytes < TransferRegion.MIN_LENGTH || transferRegionBytes > TransferRegion.MAX_LENGTH))
            {
                throw new ConfigurationException("a transfer region holds " + TransferRegion.MIN_LENGTH + " to " +
                    TransferRegion.MAX_LENGTH + " bytes (or 0 for none), not " + transferRegionBytes);
            }
            if (transferChunkBytes < TransferRegion.MIN_SLOT_BYTES || transferChunkBytes > TransferRegion.MAX_LENGTH / 2 ||
                transferChunkBytes % 4096 != 0)
            {
                throw new ConfigurationException("a transfer region's chunk is a whole number of 4 KiB pages from " +
                    TransferRegion.MIN_SLOT_BYTES + " to " + TransferRegion.MAX_LENGTH / 2 + " bytes, not " +
                    transferChunkBytes);
            }
            if (pinnedMemoryBytes < 0)
            {
                throw new ConfigurationException("pinned memory must not be negative: " + pinnedMemoryBytes);
            }
            if (receiveBufferBytes < 0)
            {
                throw new ConfigurationException("receive buffers must not be negative: " + receiveBufferBytes);
            }
            receiveBudget = new ReceiveBudget(receiveBufferBytes);
            if (token != null && token.isEmpty())
            {
                token = null;
            }
            if (token == null && !insecure && !Configuration.isHostLocal(channel))
            {
                throw new ConfigurationException("refusing to serve " + channel + " without a token: anyone who " +
                    "reaches it could use the GPU; set GPURELAY_TOKEN or --token-file, or give --insecure");
            }
            if (isolation == Isolation.PROCESS)
            {
                if (workerBackend == null || backend != null)
                {
                    throw new ConfigurationException("process isolation needs a worker backend, and no backend " +
                        "object: each worker process creates its own");
                }
                if (warmWorkers < 0 || sessionsPerWorker < 1 || workerStartTimeoutNs <= 0)
                {
                    throw new ConfigurationException("warm workers must be at least 0 (" + warmWorkers +
                        "), sessions per worker at least 1 (" + sessionsPerWorker + "), the worker start timeout " +
                        "positive");
                }
            }
            if (aeronDirectoryName == null)
            {
                aeronDirectoryName = MediaDrivers.defaultDirectory();
            }
            if (log == null)
            {
                log = new ExecutorLog(System.err, ExecutorLog.Level.INFO);
            }
            if (executorVersion == null)
            {
                executorVersion = Configuration.executorVersion();
            }
            if (backend == null && isolation == Isolation.THREAD)
            {
                backend = workerBackend != null ? workerBackend.create() :
                    new EmulatedBackend(Configuration.DEVICE_COUNT_DEFAULT, Configuration.DEVICE_MEMORY_DEFAULT);
            }
            if (backend instanceof EmulatedBackend emulated)
            {
                emulated.kernelTimeoutNs(kernelTimeoutNs);
            }
            else if (backend != null && kernelTimeoutNs > 0)
            {
                throw new ConfigurationException("a kernel timeout on the " + backend.name() + " backend needs " +
                    "process isolation: a kernel on a GPU stops only when the process that runs it ends");
            }
            return this;
        }

        /**
         * Where clients reach the executor: {@code aeron:ipc} on this host, or {@code aeron:udp?endpoint=HOST:PORT}.
         * The control stream and every session's request stream use it.
         */
        public Context channel(final String channel)
        {
            this.channel = channel;
            return this;
        }

        public String channel()
        {
            return channel;
        }

        public Context aeronDirectoryName(final String aeronDirectoryName)
        {
            this.aeronDirectoryName = aeronDirectoryName;
            return this;
        }

        public String aeronDirectoryName()
        {
            return aeronDirectoryName;
        }

        /**
         * The tuning of the embedded media driver, when the executor launches one.
         */
        public Context driverProfile(final DriverProfile driverProfile)
        {
            this.driverProfile = driverProfile;
            return this;
        }

        public DriverProfile driverProfile()
        {
            return driverProfile;
        }

        /**
         * Where calls run; the executor closes it when it closes.
         */
        public Context backend(final Backend backend)
        {
            this.backend = backend;
            return this;
        }

        public Backend backend()
        {
            return backend;
        }

        /**
         * Sessions on threads of the executor ({@link Isolation#THREAD}, the default here), or each in a worker
         * process ({@link Isolation#PROCESS}, which needs a {@link #workerBackend}).
         */
        public Context isolation(final Isolation isolation)
        {
            this.isolation = isolation;
            return this;
        }

        public Isolation isolation()
        {
            return isolation;
        }

        /**
         * The backend each worker process creates (process isolation), or the one the executor creates when no
         * {@link #backend} object is given (thread isolation).
         */
        public Context workerBackend(final WorkerBackend workerBackend)
        {
            this.workerBackend = workerBackend;
            return this;
        }

        public WorkerBackend workerBackend()
        {
            return workerBackend;
        }

        /**
         * How many worker processes are kept started and ready for sessions to come (process isolation).
         */
        public Context warmWorkers(final int warmWorkers)
        {
            this.warmWorkers = warmWorkers;
            return this;
        }

        public int warmWorkers()
        {
            return warmWorkers;
        }

        /**
         * How many sessions one worker process serves; a fault in one then ends them all (process isolation). Every
         * client proved the executor's one token, so there is no finer tenant to keep apart.
         */
        public Context sessionsPerWorker(final int sessionsPerWorker)
        {
            this.sessionsPerWorker = sessionsPerWorker;
            return this;
        }

        public int sessionsPerWorker()
        {
            return sessionsPerWorker;
        }

        public Context workerStartTimeoutNs(final long workerStartTimeoutNs)
        {
            this.workerStartTimeoutNs = workerStartTimeoutNs;
            return this;
        }

        public long workerStartTimeoutNs()
        {
            return workerStartTimeoutNs;
        }

        public Context idleStrategyKind(final IdleStrategyKind idleStrategyKind)
        {
            this.idleStrategyKind = idleStrategyKind;
            return this;
        }

        public IdleStrategyKind idleStrategyKind()
        {
            return idleStrategyKind;
        }

        /**
         * A session that receives nothing for this long is closed; clients send keep-alives at a quarter of it.
         */
        public Context keepAliveTimeoutNs(final long keepAliveTimeoutNs)
        {
            this.keepAliveTimeoutNs = keepAliveTimeoutNs;
            return this;
        }

        public long keepAliveTimeoutNs()
        {
            return keepAliveTimeoutNs;
        }

        /**
         * How often a client sends keep-alives, and the executor to a client while one of its calls runs: a quarter
         * of the timeout, so that a keep-alive or two may be lost without a session being given up.
         */
        public long keepAliveIntervalNs()
        {
            return keepAliveTimeoutNs / 4;
        }

        public Context responseConnectTimeoutNs(final long responseConnectTimeoutNs)
        {
            this.responseConnectTimeoutNs = responseConnectTimeoutNs;
            return this;
        }

        public long responseConnectTimeoutNs()
        {
            return responseConnectTimeoutNs;
        }

        public Context maxSessions(final int maxSessions)
        {
            this.maxSessions = maxSessions;
            return this;
        }

        public int maxSessions()
        {
            return maxSessions;
        }

        /**
         * The most device memory one session may allocate; {@link Configuration#SESSION_MEMORY_DEFAULT} for no limit.
         */
        public Context sessionMemoryBytes(final long sessionMemoryBytes)
        {
            this.sessionMemoryBytes = sessionMemoryBytes;
            return this;
        }

        public long sessionMemoryBytes()
        {
            return sessionMemoryBytes;
        }

        /**
         * How long one kernel launch may run before it fails with CUDA's launch-timeout error; 0 for no limit.
         */
        public Context kernelTimeoutNs(final long kernelTimeoutNs)
        {
            this.kernelTimeoutNs = kernelTimeoutNs;
            return this;
        }

        public long kernelTimeoutNs()
        {
            return kernelTimeoutNs;
        }

        /**
         * Heap that all sessions together may hold in payloads reassembled before their call runs.
         */
        public Context receiveBufferBytes(final long receiveBufferBytes)
        {
            this.receiveBufferBytes = receiveBufferBytes;
            return this;
        }

        public long receiveBufferBytes()
        {
            return receiveBufferBytes;
        }

        /**
         * Bytes of the shared-memory transfer region offered to each IPC session, through which its copies move;
         * 0 offers none (copies then move through Aeron).
         */
        public Context transferRegionBytes(final long transferRegionBytes)
        {
            this.transferRegionBytes = transferRegionBytes;
            return this;
        }

        public long transferRegionBytes()
        {
            return transferRegionBytes;
        }

        /**
         * Bytes of one chunk of a copy through the transfer region (one slot of its ring): smaller chunks pipeline
         * short copies better, larger ones cost less per byte. A region too small for two such chunks gets two halves.
         */
        public Context transferChunkBytes(final long transferChunkBytes)
        {
            this.transferChunkBytes = transferChunkBytes;
            return this;
        }

        public int transferChunkBytes()
        {
            return (int)transferChunkBytes;
        }

        /**
         * Pinned host memory each IPC session may hold in shared memory the executor page-locks; 0 offers none.
         */
        public Context pinnedMemoryBytes(final long pinnedMemoryBytes)
        {
            this.pinnedMemoryBytes = pinnedMemoryBytes;
            return this;
        }

        public long pinnedMemoryBytes()
        {
            return pinnedMemoryBytes;
        }

        ReceiveBudget receiveBudget()
        {
            return receiveBudget;
        }

        /**
         * The secret a client's connect request must carry; null or empty to accept every client.
         */
        /**
         * Serve a channel other hosts can reach without a token; without this the executor refuses to.
         */
        public Context insecure(final boolean insecure)
        {
            this.insecure = insecure;
            return this;
        }

        public boolean insecure()
        {
            return insecure;
        }

        public Context token(final String token)
        {
            this.token = token;
            return this;
        }

        public String token()
        {
            return token;
        }

        /**
         * The TCP port of the Prometheus endpoint, 0 for any free one, {@link Configuration#METRICS_OFF} for none.
         */
        public Context metricsPort(final int metricsPort)
        {
            this.metricsPort = metricsPort;
            return this;
        }

        public int metricsPort()
        {
            return metricsPort;
        }

        /**
         * The address the Prometheus endpoint binds to: a host name or IP address, {@code 0.0.0.0} for all.
         */
        public Context metricsAddress(final String metricsAddress)
        {
            this.metricsAddress = metricsAddress;
            return this;
        }

        public String metricsAddress()
        {
            return metricsAddress;
        }

        public Context log(final ExecutorLog log)
        {
            this.log = log;
            return this;
        }

        public ExecutorLog log()
        {
            return log;
        }

        public Context executorVersion(final String executorVersion)
        {
            this.executorVersion = executorVersion;
            return this;
        }

        public String executorVersion()
        {
            return executorVersion;
        }
    }
}
