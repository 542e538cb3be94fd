package io.gpurelay.executor.config;

import java.util.concurrent.TimeUnit;

import io.aeron.exceptions.ConcurrentConcludeException;
import io.aeron.exceptions.ConfigurationException;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.resources.ReceiveBudget;
import io.gpurelay.protocol.TransferRegion;

/**
 * Everything an executor is configured with. Setters return the context; {@link #conclude()} checks it and fills
 * in defaults once, when the executor launches.
 */
public final class ExecutorContext
{
    private boolean concluded;
    private String channel = ExecutorConfiguration.CHANNEL_DEFAULT;
    private String aeronDirectoryName;
    private DriverProfile driverProfile = DriverProfile.SHARED;
    private Backend backend;
    private IdleStrategyKind idleStrategyKind = IdleStrategyKind.BACKOFF;
    private long keepAliveTimeoutNs = ExecutorConfiguration.KEEPALIVE_TIMEOUT_DEFAULT_NS;
    private long responseConnectTimeoutNs = ExecutorConfiguration.RESPONSE_CONNECT_TIMEOUT_DEFAULT_NS;
    private int maxSessions = ExecutorConfiguration.MAX_SESSIONS_DEFAULT;
    private Isolation isolation = Isolation.THREAD;
    private WorkerBackend workerBackend;
    private int warmWorkers = ExecutorConfiguration.WARM_WORKERS_DEFAULT;
    private int sessionsPerWorker = ExecutorConfiguration.SESSIONS_PER_WORKER_DEFAULT;
    private long workerStartTimeoutNs = ExecutorConfiguration.WORKER_START_TIMEOUT_DEFAULT_NS;
    private long sessionMemoryBytes = ExecutorConfiguration.SESSION_MEMORY_DEFAULT;
    private int metricsPort = ExecutorConfiguration.METRICS_OFF;
    private String metricsAddress = ExecutorConfiguration.METRICS_ADDRESS_DEFAULT;
    private long kernelTimeoutNs = ExecutorConfiguration.KERNEL_TIMEOUT_DEFAULT_NS;
    private long receiveBufferBytes = ExecutorConfiguration.RECEIVE_BUFFER_BYTES_DEFAULT;
    private long transferRegionBytes = ExecutorConfiguration.TRANSFER_REGION_BYTES_DEFAULT;
    private long transferChunkBytes = ExecutorConfiguration.TRANSFER_CHUNK_BYTES_DEFAULT;
    private long pinnedMemoryBytes = ExecutorConfiguration.PINNED_MEMORY_BYTES_DEFAULT;
    private ReceiveBudget receiveBudget;
    private String token;
    private boolean insecure;
    private ExecutorLog log;
    private String executorVersion;

    public ExecutorContext conclude()
    {
        if (concluded)
        {
            throw new ConcurrentConcludeException();
        }
        concluded = true;

        try
        {
            ExecutorConfiguration.checkChannel(channel);
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
        if (metricsPort < ExecutorConfiguration.METRICS_OFF || metricsPort > 65535)
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
        if (token == null && !insecure && !ExecutorConfiguration.isHostLocal(channel))
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
            executorVersion = ExecutorConfiguration.executorVersion();
        }
        if (backend == null && isolation == Isolation.THREAD)
        {
            backend = workerBackend != null ? workerBackend.create() :
                new EmulatedBackend(ExecutorConfiguration.DEVICE_COUNT_DEFAULT, ExecutorConfiguration.DEVICE_MEMORY_DEFAULT);
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
    public ExecutorContext channel(final String channel)
    {
        this.channel = channel;
        return this;
    }

    public String channel()
    {
        return channel;
    }

    public ExecutorContext aeronDirectoryName(final String aeronDirectoryName)
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
    public ExecutorContext driverProfile(final DriverProfile driverProfile)
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
    public ExecutorContext backend(final Backend backend)
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
    public ExecutorContext isolation(final Isolation isolation)
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
    public ExecutorContext workerBackend(final WorkerBackend workerBackend)
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
    public ExecutorContext warmWorkers(final int warmWorkers)
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
    public ExecutorContext sessionsPerWorker(final int sessionsPerWorker)
    {
        this.sessionsPerWorker = sessionsPerWorker;
        return this;
    }

    public int sessionsPerWorker()
    {
        return sessionsPerWorker;
    }

    public ExecutorContext workerStartTimeoutNs(final long workerStartTimeoutNs)
    {
        this.workerStartTimeoutNs = workerStartTimeoutNs;
        return this;
    }

    public long workerStartTimeoutNs()
    {
        return workerStartTimeoutNs;
    }

    public ExecutorContext idleStrategyKind(final IdleStrategyKind idleStrategyKind)
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
    public ExecutorContext keepAliveTimeoutNs(final long keepAliveTimeoutNs)
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

    public ExecutorContext responseConnectTimeoutNs(final long responseConnectTimeoutNs)
    {
        this.responseConnectTimeoutNs = responseConnectTimeoutNs;
        return this;
    }

    public long responseConnectTimeoutNs()
    {
        return responseConnectTimeoutNs;
    }

    public ExecutorContext maxSessions(final int maxSessions)
    {
        this.maxSessions = maxSessions;
        return this;
    }

    public int maxSessions()
    {
        return maxSessions;
    }

    /**
     * The most device memory one session may allocate; {@link ExecutorConfiguration#SESSION_MEMORY_DEFAULT} for no limit.
     */
    public ExecutorContext sessionMemoryBytes(final long sessionMemoryBytes)
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
    public ExecutorContext kernelTimeoutNs(final long kernelTimeoutNs)
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
    public ExecutorContext receiveBufferBytes(final long receiveBufferBytes)
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
    public ExecutorContext transferRegionBytes(final long transferRegionBytes)
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
    public ExecutorContext transferChunkBytes(final long transferChunkBytes)
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
    public ExecutorContext pinnedMemoryBytes(final long pinnedMemoryBytes)
    {
        this.pinnedMemoryBytes = pinnedMemoryBytes;
        return this;
    }

    public long pinnedMemoryBytes()
    {
        return pinnedMemoryBytes;
    }

    public ReceiveBudget receiveBudget()
    {
        return receiveBudget;
    }

    /**
     * Serve a channel other hosts can reach without a token; without this the executor refuses to.
     */
    public ExecutorContext insecure(final boolean insecure)
    {
        this.insecure = insecure;
        return this;
    }

    public boolean insecure()
    {
        return insecure;
    }

    /**
     * The secret a client's connect request must carry; null or empty to accept every client.
     */
    public ExecutorContext token(final String token)
    {
        this.token = token;
        return this;
    }

    public String token()
    {
        return token;
    }

    /**
     * The TCP port of the Prometheus endpoint, 0 for any free one, {@link ExecutorConfiguration#METRICS_OFF} for none.
     */
    public ExecutorContext metricsPort(final int metricsPort)
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
    public ExecutorContext metricsAddress(final String metricsAddress)
    {
        this.metricsAddress = metricsAddress;
        return this;
    }

    public String metricsAddress()
    {
        return metricsAddress;
    }

    public ExecutorContext log(final ExecutorLog log)
    {
        this.log = log;
        return this;
    }

    public ExecutorLog log()
    {
        return log;
    }

    public ExecutorContext executorVersion(final String executorVersion)
    {
        this.executorVersion = executorVersion;
        return this;
    }

    public String executorVersion()
    {
        return executorVersion;
    }
}
