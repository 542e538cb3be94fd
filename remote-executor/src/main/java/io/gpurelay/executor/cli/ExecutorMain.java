package io.gpurelay.executor.cli;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.MediaDriverMain;
import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.executor.backend.gpu.GpuBackend;
import io.gpurelay.executor.backend.gpu.GpuRuntime;
import io.gpurelay.executor.config.ExecutorConfiguration;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.config.IdleStrategyKind;
import io.gpurelay.executor.config.Isolation;
import io.gpurelay.executor.config.TokenFile;
import io.gpurelay.executor.config.WorkerBackend;
import io.gpurelay.executor.control.RegistryReporter;
import io.gpurelay.executor.control.RemoteExecutor;
import io.gpurelay.executor.isolation.ProcessWorkerLauncher;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.stat.StatCommand;
import io.gpurelay.executor.worker.GpuProbe;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.registry.RegistryEndpoints;
import org.agrona.concurrent.ShutdownSignalBarrier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code gpurelay executor}: serve gpurelay clients until SIGTERM or SIGINT. It prints one line to stdout when it
 * accepts sessions and one when it has stopped; everything else goes to stderr. The jar's main class: its first
 * argument names the subcommand ({@code executor}, {@code media-driver} or {@code stat}).
 */
@Command(
    name = "executor",
    mixinStandardHelpOptions = true,
    versionProvider = ExecutorMain.VersionProvider.class,
    sortOptions = false,
    description = "Serve JCuda calls that gpurelay agents relay over Aeron, on a GPU or on the built-in device " +
        "emulator.",
    footer = {
        "",
        "Every option can also be set by an environment variable, GPURELAY_ and the option's name in upper case " +
            "with dashes as underscores (--device-memory: GPURELAY_DEVICE_MEMORY), or by a key in the --config " +
            "properties file, the option's name without its dashes (device-memory=8g).",
        "Precedence: command line, then environment, then properties file, then the default.",
        "",
        "Sizes: bytes, or a whole number followed by k, m, g or t (1k = 1024). Durations: a whole number followed " +
            "by ms, s, m or h.",
        "Exit status: 0 after a clean stop (SIGTERM or SIGINT), 1 if the executor failed, 2 for invalid options."
    })
public final class ExecutorMain implements Callable<Integer>
{
    @Spec
    CommandSpec spec;

    @Option(names = "--channel", paramLabel = "URI", defaultValue = ExecutorConfiguration.CHANNEL_DEFAULT,
        converter = ChannelConverter.class,
        description = "Where clients reach the executor: aeron:ipc (this host) or aeron:udp?endpoint=HOST:PORT. " +
            "Default: ${DEFAULT-VALUE}.")
    String channel;

    @Option(names = "--backend", paramLabel = "auto|emulated|gpu", defaultValue = "auto",
        converter = BackendChoiceConverter.class,
        description = "Where calls run: gpu (CUDA 13 through JavaCPP's presets), emulated (no GPU needed) or auto " +
            "(the GPU if CUDA is usable, else the emulator). Default: auto.")
    BackendChoice backend;

    @Option(names = "--devices", paramLabel = "N|LIST", defaultValue = "1", converter = DeviceSelectionConverter.class,
        description = "How many devices to serve (N: the first N), or which (a list of ordinals such as 0,2); on " +
            "the gpu backend the ordinals are the host's GPUs. Clients see them as 0..n-1. Default: ${DEFAULT-VALUE}.")
    DeviceSelection devices;

    @Option(names = "--device-memory", paramLabel = "BYTES", defaultValue = "4g", converter = SizeConverter.class,
        description = "Memory of each emulated device (the emulated backend only). Default: 4g.")
    long deviceMemory;

    @Option(names = "--aeron-dir", paramLabel = "DIR",
        description = "Aeron directory: the executor uses the media driver running there, or starts one there. " +
            "Default: Aeron's default (/dev/shm/aeron-$USER on Linux).")
    String aeronDir;

    @Option(names = "--profile", paramLabel = "auto|shared|balanced|throughput|low-latency", defaultValue = "auto",
        converter = DriverProfileConverter.class,
        description = "Tuning of the embedded media driver: auto (balanced on a host with 8 cores or more, else " +
            "shared), shared (one backing-off thread), balanced (dedicated threads that spin briefly, then back " +
            "off), throughput (dedicated threads, large buffers) or low-latency (spinning threads). Default: auto.")
    DriverProfile profile;

    @Option(names = "--idle-strategy", paramLabel = "auto|backoff|short-backoff|sleep|yield|spin",
        defaultValue = "auto", converter = IdleStrategyConverter.class,
        description = "How session and control threads wait for work: auto (short-backoff with the balanced " +
            "profile, else backoff), backoff, short-backoff, sleep, yield or spin. Default: auto.")
    IdleStrategyKind idleStrategy;

    @Option(names = "--keepalive-timeout", paramLabel = "DURATION", defaultValue = "10s",
        converter = DurationConverter.class,
        description = "Close a session that sends nothing for this long, freeing what it holds; clients send " +
            "keep-alives at a quarter of it. Default: 10s.")
    Duration keepAliveTimeout;

    @Option(names = "--max-sessions", paramLabel = "N", defaultValue = "64",
        description = "Refuse new sessions beyond this many open ones. Default: ${DEFAULT-VALUE}.")
    int maxSessions;

    @Option(names = "--isolation", paramLabel = "process|thread", converter = IsolationConverter.class,
        description = "How sessions are kept apart: process (each in a worker process of its own: a GPU fault, " +
            "crash or kill ends that session only) or thread (all in the executor process: one fault affects all). " +
            "Default: process for the gpu backend, thread for the emulated one.")
    Isolation isolation;

    @Option(names = "--warm-workers", paramLabel = "N", defaultValue = "2",
        description = "With process isolation: worker processes kept started, backend initialised, for sessions " +
            "to come; refilled in the background. Default: ${DEFAULT-VALUE}.")
    int warmWorkers;

    @Option(names = "--sessions-per-worker", paramLabel = "N", defaultValue = "1",
        description = "With process isolation: up to N sessions of clients with the same token share one worker " +
            "process, for density; a fault in one then ends them all. Default: ${DEFAULT-VALUE}.")
    int sessionsPerWorker;

    @Option(names = "--session-memory", paramLabel = "BYTES", converter = SizeConverter.class,
        description = "Device memory one session may allocate (cudaMalloc, cuMemAlloc); an allocation past it " +
            "fails with cudaErrorMemoryAllocation / CUDA_ERROR_OUT_OF_MEMORY, and cudaMemGetInfo reports no more " +
            "than it leaves. Default: unlimited.")
    Long sessionMemory;

    @Option(names = "--kernel-timeout", paramLabel = "DURATION", defaultValue = "none",
        converter = OptionalDurationConverter.class,
        description = "Emulated backend: fail a kernel launch that runs longer than this with CUDA's " +
            "launch-timeout error, sticky for its session as on a GPU. Gpu backend (needs --isolation process): " +
            "a call that waits on the device longer than this ends the session's worker, and its client is told " +
            "why. none (or 0) for no limit. Default: none.")
    Duration kernelTimeout;

    @Option(names = "--receive-buffers", paramLabel = "BYTES", defaultValue = "512m", converter = SizeConverter.class,
        description = "Heap that all sessions together may use for payloads reassembled before their call runs " +
            "(module images, packed matrices; copies stream to device memory and use none). A call whose payload " +
            "does not fit now is refused with an out-of-memory error. Default: 512m.")
    long receiveBuffers;

    @Option(names = "--transfer-region", paramLabel = "BYTES", defaultValue = "16m",
        converter = SizeOrZeroConverter.class,
        description = "Shared memory each IPC session is offered for its copies: a file in the Aeron directory " +
            "(/dev/shm on Linux), owner-only, removed when the session ends, holding a ring of --transfer-chunk " +
            "slots that copies move through in turn. 0 offers none (copies then move through Aeron). From 132k to " +
            "1g. Default: 16m.")
    long transferRegion;

    @Option(names = "--transfer-chunk", paramLabel = "BYTES", defaultValue = "512k", converter = SizeConverter.class,
        description = "Bytes of one chunk (one slot) of a copy through the transfer region: the client copies chunk " +
            "k+1 into the region while the executor moves chunk k to or from the device. Whole 4k pages, at least " +
            "64k; a region too small for two chunks is split in two. Default: 512k.")
    long transferChunk;

    @Option(names = "--pinned-memory", paramLabel = "BYTES", defaultValue = "4g",
        converter = SizeOrZeroConverter.class,
        description = "Pinned host memory (cudaMallocHost, cudaHostAlloc, cuMemAllocHost, cuMemHostAlloc) each IPC " +
            "session may hold in shared memory that the executor page-locks: files in the Aeron directory, " +
            "owner-only, removed when freed or when the session ends. Copies from and to it are one DMA. Past it " +
            "those calls fail with an out-of-memory error. 0 offers none (pinned memory then stays in the client and " +
            "its copies move like any other). Default: 4g.")
    long pinnedMemory;

    @Option(names = "--token", paramLabel = "SECRET",
        description = "Accept only clients that prove they hold this token (it never crosses the wire; it keys the " +
            "sessions' encryption). Prefer GPURELAY_TOKEN or --token-file: the command line is visible to every " +
            "user of the host.")
    String token;

    @Option(names = "--token-file", paramLabel = "FILE",
        description = "Read the token from the first line of this file (surrounding blanks removed); make it " +
            "readable by the executor's user only.")
    String tokenFile;

    @Option(names = "--insecure",
        description = "Serve a UDP endpoint that other hosts can reach without a token, so that anyone who reaches " +
            "it can use the GPU (sessions are still encrypted, without authentication). Without a token and this " +
            "flag the executor serves IPC and loopback only.")
    boolean insecure;
    @Option(names = "--metrics-port", paramLabel = "PORT",
        description = "Serve Prometheus metrics over HTTP on this port (0: any free port, logged), at /metrics. " +
            "Default: none.")
    Integer metricsPort;

    @Option(names = "--metrics-address", paramLabel = "ADDRESS",
        defaultValue = ExecutorConfiguration.METRICS_ADDRESS_DEFAULT,
        description = "The address the metrics endpoint listens on; 0.0.0.0 for every interface. " +
            "Default: ${DEFAULT-VALUE}.")
    String metricsAddress;

    @Option(names = "--registry", paramLabel = "HOST:PORT;...", converter = RegistryEndpointsConverter.class,
        description = "Join the pool of a gpurelay registry: its members' endpoints, separated by ';'. The executor " +
            "reports its devices, their free memory and its sessions every --registry-refresh, and leaves the pool " +
            "when it stops. Default: no registry.")
    RegistryEndpoints registry;

    @Option(names = "--registry-channel", paramLabel = "URI", converter = ChannelConverter.class,
        description = "The channel clients placed by the registry reach this executor on. Default: --channel, " +
            "which must then name an address clients can reach (not 0.0.0.0).")
    String registryChannel;

    @Option(names = "--registry-refresh", paramLabel = "DURATION", defaultValue = "1s",
        converter = DurationConverter.class,
        description = "How often the executor refreshes its entry in the registry; the registry drops it after " +
            "its --executor-timeout without one. Default: ${DEFAULT-VALUE}.")
    Duration registryRefresh;

    @Option(names = "--config", paramLabel = "FILE",
        description = "A properties file of settings (device-memory=8g, ...), below the environment and the " +
            "command line.")
    String config;

    @Option(names = "--log-level", paramLabel = "error|warn|info|debug", defaultValue = "info",
        converter = LogLevelConverter.class,
        description = "What the executor logs to stderr. Default: info.")
    ExecutorLog.Level logLevel;

    public static void main(final String[] args)
    {
        final int exitCode = commandLine(System::getenv, args).execute(args);
        System.out.flush();
        System.err.flush();
        if (jvmShuttingDown())
        {
            // A signal started the JVM's shutdown, whose exit status would be 128 + signal and in which System.exit
            // blocks for good. The executor has already stopped cleanly: end now with its own status.
            Runtime.getRuntime().halt(exitCode);
        }
        System.exit(exitCode);
    }

    /**
     * The {@code gpurelay} command line with its {@code executor}, {@code media-driver}, {@code stat}, {@code registry} and
     * {@code pool} subcommands.
     *
     * @param environment how to read environment variables; tests pass a map.
     * @param args        the arguments about to be parsed: the executor's defaults depend on its {@code --config}.
     */
    public static CommandLine commandLine(final UnaryOperator<String> environment, final String... args)
    {
        final CommandLine executor = new CommandLine(new ExecutorMain())
            .setDefaultValueProvider(new EnvironmentAndFileDefaults(environment, args));
        return ShortUsageErrors.install(new CommandLine(new GpurelayCommand())
            .addSubcommand("executor", executor)
            .addSubcommand("media-driver", new MediaDriverMain())
            .addSubcommand("stat", new StatCommand())
            .addSubcommand("registry", new RegistryMemberCommand())
            .addSubcommand("pool", new PoolCommand()));
    }

    public Integer call()
    {
        if (maxSessions < 1)
        {
            throw new ParameterException(spec.commandLine(), "--max-sessions must be at least 1: " + maxSessions);
        }
        if (metricsPort != null && (metricsPort < 0 || metricsPort > 65535))
        {
            throw new ParameterException(spec.commandLine(), "--metrics-port must be 0 to 65535: " + metricsPort);
        }

        if (warmWorkers < 0 || sessionsPerWorker < 1)
        {
            throw new ParameterException(spec.commandLine(), "--warm-workers must be at least 0 and " +
                "--sessions-per-worker at least 1: " + warmWorkers + ", " + sessionsPerWorker);
        }

        final PrintStream out = System.out;
        final ExecutorLog log = new ExecutorLog(System.err, logLevel);
        final String gpuUnusableReason = gpuUnusableReason();
        if (backend == BackendChoice.GPU && gpuUnusableReason != null)
        {
            log.error("--backend gpu: no usable GPU: " + gpuUnusableReason, null);
            return CommandLine.ExitCode.USAGE;
        }
        if (backend == BackendChoice.AUTO && gpuUnusableReason != null)
        {
            log.info("--backend auto: no usable GPU (" + gpuUnusableReason + "), using the emulator");
        }
        final ExecutorContext ctx;
        try
        {
            ctx = context(log, gpuUnusableReason == null);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
        final String advertisedChannel;
        try
        {
            advertisedChannel = advertisedChannel();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new ParameterException(spec.commandLine(), ex.getMessage());
        }
        final ShutdownSignalBarrier barrier = new ShutdownSignalBarrier();
        try (RemoteExecutor executor = RemoteExecutor.launch(ctx);
            RegistryReporter reporter = registry == null ? null :
                RegistryReporter.start(registry, advertisedChannel, executor, registryRefresh.toNanos(), log))
        {
            log.info(describe(ctx, executor));
            out.println("gpurelay executor ready on " + ctx.channel() + " (backend " + executor.backendName() + ", " +
                executor.deviceCount() + " devices)");
            out.flush();
            barrier.await();
            log.info("stopping: closing every session");
        }
        catch (final RuntimeException ex)
        {
            log.error("the executor failed: " + ex.getMessage(), log.isEnabled(ExecutorLog.Level.DEBUG) ? ex : null);
            releaseUnlessShuttingDown(barrier);
            return 1;
        }
        out.println("gpurelay executor stopped");
        out.flush();
        releaseUnlessShuttingDown(barrier);
        return 0;
    }

    /**
     * The channel a registry hands to clients: --registry-channel, else --channel when clients can reach it.
     */
    private String advertisedChannel()
    {
        if (registry == null || registryChannel != null)
        {
            return registryChannel != null ? registryChannel : channel;
        }
        final String endpoint = ChannelUri.parse(channel).get(CommonContext.ENDPOINT_PARAM_NAME);
        if (endpoint != null && (endpoint.startsWith("0.0.0.0:") || endpoint.startsWith("[::]:")))
        {
            throw new IllegalArgumentException("--channel " + channel + " listens on every address, which a " +
                "client cannot connect to: give --registry-channel with the address clients reach this host on");
        }
        return channel;
    }

    /**
     * Why CUDA cannot be used here, or null when it can. With thread isolation this process asks CUDA itself; else
     * it must not initialise CUDA, so a probe process asks, unless the host has no NVIDIA driver at all.
     */
    private String gpuUnusableReason()
    {
        if (backend == BackendChoice.EMULATED)
        {
            return "--backend emulated";
        }
        if (isolation == Isolation.THREAD)
        {
            return GpuRuntime.unusableReason();
        }
        final String noDriver = GpuProbe.noDriverReason();
        return noDriver != null ? noDriver :
            ProcessWorkerLauncher.probeGpu(ExecutorConfiguration.WORKER_START_TIMEOUT_DEFAULT_NS / 1_000_000);
    }

    /**
     * The executor's context as the options describe it.
     *
     * @param gpuUsable whether CUDA is usable on this host, found out without initialising it in this process when
     *                  sessions run in worker processes.
     */
    ExecutorContext context(final ExecutorLog log, final boolean gpuUsable)
    {
        final String resolvedToken = token(log);
        final WorkerBackend workerBackend = workerBackend(log, gpuUsable);
        final Isolation chosen = isolation != null ? isolation :
            workerBackend.isGpu() ? Isolation.PROCESS : Isolation.THREAD;
        final ExecutorContext ctx = new ExecutorContext()
            .isolation(chosen)
            .warmWorkers(warmWorkers)
            .sessionsPerWorker(sessionsPerWorker);
        ctx.workerBackend(workerBackend);
        if (chosen == Isolation.THREAD)
        {
            ctx.backend(workerBackend.create());
        }
        return ctx
            .channel(channel)
            .aeronDirectoryName(aeronDir)
            .driverProfile(chosenProfile())
            .idleStrategyKind(chosenIdleStrategy())
            .keepAliveTimeoutNs(keepAliveTimeout.toNanos())
            .maxSessions(maxSessions)
            .sessionMemoryBytes(sessionMemory == null ? ExecutorConfiguration.SESSION_MEMORY_DEFAULT :
                sessionMemory)
            .kernelTimeoutNs(kernelTimeout.toNanos())
            .receiveBufferBytes(receiveBuffers)
            .transferRegionBytes(transferRegion)
            .transferChunkBytes(transferChunk)
            .pinnedMemoryBytes(pinnedMemory)
            .token(resolvedToken)
            .insecure(insecure)
            .metricsPort(metricsPort == null ? ExecutorConfiguration.METRICS_OFF : metricsPort)
            .metricsAddress(metricsAddress)
            .log(log);
    }

    /**
     * The token from --token-file, GPURELAY_TOKEN or --token; one given on the command line is warned about.
     */
    private String token(final ExecutorLog log)
    {
        if (tokenFile != null)
        {
            if (token != null)
            {
                throw new IllegalArgumentException("both --token-file and a token (--token or GPURELAY_TOKEN) are " +
                    "given: give one");
            }
            return TokenFile.read(Path.of(tokenFile), log);
        }
        if (token != null && spec.commandLine().getParseResult().hasMatchedOption("--token"))
        {
            log.warn("--token on the command line is visible to every user of this host; prefer GPURELAY_TOKEN " +
                "or --token-file");
        }
        return token;
    }

    /**
     * The backend the options ask for; {@code auto} takes the GPU when CUDA is usable, which it finds out quickly
     * (and quietly) on a host without CUDA.
     */
    private WorkerBackend workerBackend(final ExecutorLog log, final boolean gpuUsable)
    {
        final boolean gpu = backend == BackendChoice.GPU || backend == BackendChoice.AUTO && gpuUsable;
        if (!gpu)
        {
            return new WorkerBackend(EmulatedBackend.NAME, devices, deviceMemory);
        }
        if (given("--device-memory"))
        {
            log.warn("--device-memory applies to the emulated backend only; the gpu backend ignores it");
        }
        return new WorkerBackend(GpuBackend.NAME, devices, deviceMemory);
    }

    /**
     * Whether an option was set: on the command line, in the environment or in the --config file.
     */
    private boolean given(final String optionName)
    {
        final OptionSpec option = spec.findOption(optionName);
        try
        {
            return spec.commandLine().getParseResult().hasMatchedOption(option) ||
                spec.defaultValueProvider().defaultValue(option) != null;
        }
        catch (final Exception ex)
        {
            throw new IllegalArgumentException(optionName + ": " + ex.getMessage(), ex);
        }
    }

    private String describe(final ExecutorContext ctx, final RemoteExecutor executor)
    {
        final String deviceDescription = ctx.backend() instanceof GpuBackend gpuBackend ?
            gpuBackend.describeDevices() : ctx.isolation() == Isolation.PROCESS && ctx.workerBackend().isGpu() ?
            "[" + devices + "]" : "[" + devices + "] of " + deviceMemory + " bytes";
        final String isolationDescription = ctx.isolation() == Isolation.PROCESS ?
            "process isolation (" + ctx.warmWorkers() + " warm workers, " + ctx.sessionsPerWorker() +
            " sessions per worker)" : "thread isolation (one fault affects all sessions)";
        return "serving " + ctx.channel() + " with the " + executor.backendName() + " backend, " +
            isolationDescription + ": " +
            devices.count() + " device(s) " + deviceDescription + "; keep-alive timeout " +
            SettingValues.formatDuration(keepAliveTimeout) + "; at most " + maxSessions + " sessions; " +
            (sessionMemory == null ? "" : "at most " + sessionMemory + " bytes of device memory per session; ") +
            (ctx.token() == null ? "no token required" + (ctx.insecure() ? " (--insecure)" : "") :
            "token required") + "; sessions " + (Protocol.sealsSessions(ctx.channel()) ?
            "sealed (AES-256-GCM)" : "bound to their publication (IPC)") + "; media driver profile " +
            chosenProfile().describeChoice(profile) + "; idle strategy " + chosenIdleStrategy().cliName() +
            (idleStrategy == null ? " (auto)" : "") + "; Aeron directory " + executor.aeronDirectoryName();
    }

    /**
     * The profile given, or the one {@code auto} picks for this host.
     */
    DriverProfile chosenProfile()
    {
        return profile.resolveForThisHost();
    }

    /**
     * The idle strategy given, or the one that goes with the chosen profile.
     */
    IdleStrategyKind chosenIdleStrategy()
    {
        return idleStrategy != null ? idleStrategy : IdleStrategyKind.forProfile(chosenProfile());
    }

    /**
     * Outside a JVM shutdown the barrier must be closed, or Agrona's shutdown hook waits for it at exit; inside
     * one, closing it would let the JVM halt with the signal's status before {@link #main} ends with ours.
     */
    private static void releaseUnlessShuttingDown(final ShutdownSignalBarrier barrier)
    {
        if (!jvmShuttingDown())
        {
            barrier.close();
        }
    }

    private static boolean jvmShuttingDown()
    {
        final Thread probe = new Thread(() -> { });
        try
        {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        }
        catch (final IllegalStateException ex)
        {
            return true;
        }
    }

    static final class VersionProvider implements CommandLine.IVersionProvider
    {
        public String[] getVersion()
        {
            return new String[]{ "gpurelay executor " + ExecutorConfiguration.executorVersion() +
                " (wire protocol " + Protocol.versionString(Protocol.PROTOCOL_VERSION) + ")" };
        }
    }

    static final class ChannelConverter implements CommandLine.ITypeConverter<String>
    {
        public String convert(final String value)
        {
            return converted(() ->
            {
                ExecutorConfiguration.checkChannel(value);
                return value;
            });
        }
    }

    static final class BackendChoiceConverter implements CommandLine.ITypeConverter<BackendChoice>
    {
        public BackendChoice convert(final String value)
        {
            return converted(() -> BackendChoice.fromCliName(value));
        }
    }

    static final class DeviceSelectionConverter implements CommandLine.ITypeConverter<DeviceSelection>
    {
        public DeviceSelection convert(final String value)
        {
            return converted(() -> DeviceSelection.parse(value));
        }
    }

    static final class RegistryEndpointsConverter implements CommandLine.ITypeConverter<RegistryEndpoints>
    {
        public RegistryEndpoints convert(final String value)
        {
            return converted(() -> RegistryEndpoints.parse(value));
        }
    }

    static final class SizeConverter implements CommandLine.ITypeConverter<Long>
    {
        public Long convert(final String value)
        {
            return converted(() -> SettingValues.parseSize(value));
        }
    }

    /**
     * A size where 0 turns the feature off.
     */
    static final class SizeOrZeroConverter implements CommandLine.ITypeConverter<Long>
    {
        public Long convert(final String value)
        {
            return "0".equals(value.trim()) ? 0L : converted(() -> SettingValues.parseSize(value));
        }
    }

    static final class DurationConverter implements CommandLine.ITypeConverter<Duration>
    {
        public Duration convert(final String value)
        {
            return converted(() -> SettingValues.parseDuration(value));
        }
    }

    static final class OptionalDurationConverter implements CommandLine.ITypeConverter<Duration>
    {
        public Duration convert(final String value)
        {
            return converted(() -> SettingValues.parseOptionalDuration(value));
        }
    }

    static final class DriverProfileConverter implements CommandLine.ITypeConverter<DriverProfile>
    {
        public DriverProfile convert(final String value)
        {
            return converted(() -> DriverProfile.fromCliName(value.trim()));
        }
    }

    static final class IdleStrategyConverter implements CommandLine.ITypeConverter<IdleStrategyKind>
    {
        public IdleStrategyKind convert(final String value)
        {
            return "auto".equalsIgnoreCase(value.trim()) ? null : converted(() -> IdleStrategyKind.fromCliName(value));
        }
    }

    static final class IsolationConverter implements CommandLine.ITypeConverter<Isolation>
    {
        public Isolation convert(final String value)
        {
            return converted(() -> Isolation.fromCliName(value));
        }
    }

    static final class LogLevelConverter implements CommandLine.ITypeConverter<ExecutorLog.Level>
    {
        public ExecutorLog.Level convert(final String value)
        {
            return converted(() -> ExecutorLog.Level.fromName(value));
        }
    }

    /**
     * Our parsers say what is wrong in an IllegalArgumentException; picocli prints a TypeConversionException's
     * message after the option's name.
     */
    private static <T> T converted(final Supplier<T> parser)
    {
        try
        {
            return parser.get();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new CommandLine.TypeConversionException(ex.getMessage());
        }
    }
}
