package io.gpurelay.executor.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import io.aeron.exceptions.ConfigurationException;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.executor.CapturedLog;
import io.gpurelay.executor.backend.DeviceSelection;
import io.gpurelay.executor.backend.gpu.GpuRuntime;
import io.gpurelay.executor.config.ExecutorConfiguration;
import io.gpurelay.executor.config.ExecutorContext;
import io.gpurelay.executor.config.IdleStrategyKind;
import io.gpurelay.executor.config.Isolation;
import io.gpurelay.executor.log.ExecutorLog;
import io.gpurelay.executor.worker.GpuProbe;
import org.agrona.CloseHelper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ExecutorMainTest
{
    private static final long GIB = 1024L * 1024 * 1024;

    private final Map<String, String> environment = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @TempDir
    Path directory;

    @Test
    void defaultsWithoutArgumentsEnvironmentOrFile()
    {
        final ExecutorMain executor = parse("executor");

        assertEquals("aeron:ipc", executor.channel);
        assertEquals(BackendChoice.AUTO, executor.backend);
        assertEquals(1, executor.devices.count());
        assertEquals(4 * GIB, executor.deviceMemory);
        assertNull(executor.aeronDir);
        assertEquals(DriverProfile.AUTO, executor.profile);
        assertNull(executor.idleStrategy, "auto: follows the profile");
        final DriverProfile forThisHost = DriverProfile.forHost(Runtime.getRuntime().availableProcessors());
        assertEquals(forThisHost, executor.chosenProfile());
        assertEquals(IdleStrategyKind.forProfile(forThisHost), executor.chosenIdleStrategy());
        assertEquals(Duration.ofSeconds(10), executor.keepAliveTimeout);
        assertEquals(64, executor.maxSessions);
        assertNull(executor.token);
        assertEquals(ExecutorLog.Level.INFO, executor.logLevel);
        assertNull(executor.isolation, "chosen with the backend");
        assertEquals(2, executor.warmWorkers);
        assertEquals(1, executor.sessionsPerWorker);
    }

    @Test
    void readsEveryFlag()
    {
        final ExecutorMain executor = parse("executor", "--channel", "aeron:udp?endpoint=0.0.0.0:40123",
            "--backend", "EMULATED", "--devices", "0,2", "--device-memory", "512M", "--aeron-dir", "/tmp/aeron-x",
            "--profile", "low-latency", "--idle-strategy", "sleep", "--keepalive-timeout", "500ms",
            "--max-sessions", "3", "--kernel-timeout", "2s", "--receive-buffers", "64m", "--token", "s3cret",
            "--log-level", "debug", "--isolation", "process", "--warm-workers", "0", "--sessions-per-worker", "4");

        assertEquals("aeron:udp?endpoint=0.0.0.0:40123", executor.channel);
        assertEquals(BackendChoice.EMULATED, executor.backend);
        assertEquals(2, executor.devices.count());
        assertArrayEquals(new int[]{ 0, 2 }, executor.devices.ordinals());
        assertEquals(512L * 1024 * 1024, executor.deviceMemory);
        assertEquals("/tmp/aeron-x", executor.aeronDir);
        assertEquals(DriverProfile.LOW_LATENCY, executor.profile);
        assertEquals(IdleStrategyKind.SLEEP, executor.idleStrategy);
        assertEquals(Duration.ofMillis(500), executor.keepAliveTimeout);
        assertEquals(3, executor.maxSessions);
        assertEquals("s3cret", executor.token);
        assertEquals(ExecutorLog.Level.DEBUG, executor.logLevel);
        assertEquals(Isolation.PROCESS, executor.isolation);

        final ExecutorContext ctx = executor.context(new ExecutorLog(System.err, ExecutorLog.Level.INFO), false);
        assertNull(ctx.backend(), "with process isolation the workers create the backend");
        assertEquals("emulated", ctx.workerBackend().name());
        assertArrayEquals(new int[]{ 0, 2 }, ctx.workerBackend().devices().ordinals());
        assertEquals(0, ctx.warmWorkers());
        assertEquals(4, ctx.sessionsPerWorker());
        assertEquals(500_000_000L, ctx.keepAliveTimeoutNs());
        assertEquals(2_000_000_000L, ctx.kernelTimeoutNs());
        assertEquals(64L * 1024 * 1024, ctx.receiveBufferBytes());
        assertEquals(Duration.ZERO, parse("executor").kernelTimeout, "no kernel timeout unless asked for");
        assertEquals(Duration.ZERO, parse("executor", "--kernel-timeout", "0s").kernelTimeout);
    }

    @Test
    void theTransferRegionIsSixteenMebibytesByDefaultSizedByItsFlagAndOffWithZero()
    {
        final ExecutorLog log = new ExecutorLog(System.err, ExecutorLog.Level.INFO);
        final String[] workers = { "executor", "--backend", "emulated", "--isolation", "process" };
        assertEquals(16L << 20, parse(workers).context(log, false).transferRegionBytes());
        assertEquals(1L << 20, parse(with(workers, "--transfer-region", "1m")).context(log, false)
            .transferRegionBytes());
        assertEquals(0, parse(with(workers, "--transfer-region", "0")).context(log, false).transferRegionBytes());
        assertUsageError("'many' is not a size", "executor", "--transfer-region", "many");
        assertEquals(4L << 30, parse(workers).context(log, false).pinnedMemoryBytes());
        assertEquals(0, parse(with(workers, "--pinned-memory", "0")).context(log, false).pinnedMemoryBytes());
    }

    @Test
    void aBadFlagOrValueIsOneLineOfErrorAndOneNamingTheHelpNotTheWholeUsage()
    {
        assertUsageError("Invalid value for option '--max-sessions': 'x' is not an int", "executor",
            "--max-sessions", "x");
        assertShortUsageError("gpurelay executor", "executor", "--max-sessions", "x");
        assertUsageError("--max-sessions must be at least 1: 0", "executor", "--max-sessions", "0");
        assertShortUsageError("gpurelay executor", "executor", "--max-sessions", "0");
        assertUsageError("Unknown option: '--max-sesions=3'", "executor", "--max-sesions=3");
        assertTrue(err.toString().contains("--max-sessions"), () -> "a close match is suggested:\n" + err);
        assertUsageError("--interval must be between 10 and 3600000 ms: 1", "stat", "--interval", "1");
        assertShortUsageError("gpurelay stat", "stat", "--interval", "1");
    }

    @Test
    void theTransferChunkIsHalfAMebibyteByDefaultAndWholePagesOfAtLeast64KiB()
    {
        final ExecutorLog log = new ExecutorLog(System.err, ExecutorLog.Level.INFO);
        assertEquals(512 * 1024, parse("executor").context(log, false).transferChunkBytes());
        assertEquals(2 << 20, parse("executor", "--transfer-chunk", "2m").context(log, false).transferChunkBytes());
        assertThrows(ConfigurationException.class,
            () -> parse("executor", "--transfer-chunk", "32k").context(log, false).conclude());
        assertThrows(ConfigurationException.class,
            () -> parse("executor", "--transfer-chunk", "100000").context(log, false).conclude());
    }

    @Test
    void commandLineBeatsEnvironmentBeatsFileBeatsDefault() throws IOException
    {
        final Path config = directory.resolve("executor.properties");
        Files.writeString(config, "device-memory=1g\nmax-sessions=5\nkeepalive-timeout=30s\ntoken=from-file\n");
        environment.put("GPURELAY_DEVICE_MEMORY", "2g");
        environment.put("GPURELAY_TOKEN", "from-env");

        final ExecutorMain fromEverywhere = parse("executor", "--config", config.toString(), "--device-memory", "3g");
        assertEquals(3 * GIB, fromEverywhere.deviceMemory);
        assertEquals("from-env", fromEverywhere.token);
        assertEquals(5, fromEverywhere.maxSessions);
        assertEquals(Duration.ofSeconds(30), fromEverywhere.keepAliveTimeout);
        assertEquals("aeron:ipc", fromEverywhere.channel);

        final ExecutorMain withoutFlag = parse("executor", "--config=" + config);
        assertEquals(2 * GIB, withoutFlag.deviceMemory);

        environment.clear();
        environment.put("GPURELAY_CONFIG", config.toString());
        final ExecutorMain fileOnly = parse("executor");
        assertEquals(GIB, fileOnly.deviceMemory);
        assertEquals("from-file", fileOnly.token);
    }

    @Test
    void aGivenProfileOverridesTheHostsChoiceAndSetsTheIdleStrategyUnlessThatIsGivenToo() throws IOException
    {
        final Path config = directory.resolve("executor.properties");
        Files.writeString(config, "profile=throughput\n");
        environment.put("GPURELAY_CONFIG", config.toString());
        assertEquals(DriverProfile.THROUGHPUT, parse("executor").chosenProfile());
        assertEquals(IdleStrategyKind.BACKOFF, parse("executor").chosenIdleStrategy());

        environment.put("GPURELAY_PROFILE", "balanced");
        final ExecutorMain fromEnvironment = parse("executor");
        assertEquals(DriverProfile.BALANCED, fromEnvironment.chosenProfile());
        assertEquals(IdleStrategyKind.SHORT_BACKOFF, fromEnvironment.chosenIdleStrategy());

        final ExecutorMain fromCommandLine = parse("executor", "--profile", "shared");
        assertEquals(DriverProfile.SHARED, fromCommandLine.chosenProfile());
        assertEquals(IdleStrategyKind.BACKOFF, fromCommandLine.chosenIdleStrategy());

        final ExecutorMain bothGiven = parse("executor", "--profile", "balanced", "--idle-strategy", "sleep");
        assertEquals(DriverProfile.BALANCED, bothGiven.chosenProfile());
        assertEquals(IdleStrategyKind.SLEEP, bothGiven.chosenIdleStrategy());

        final ExecutorMain autoGiven = parse("executor", "--profile", "auto", "--idle-strategy", "auto");
        assertEquals(DriverProfile.AUTO.resolveForThisHost(), autoGiven.chosenProfile());
        assertEquals(IdleStrategyKind.forProfile(autoGiven.chosenProfile()), autoGiven.chosenIdleStrategy());
        assertEquals(IdleStrategyKind.SHORT_BACKOFF,
            parse("executor", "--idle-strategy", "short-backoff").idleStrategy);
    }

    @Test
    void takesTheTokenFromAFileAndWarnsAboutOneOnTheCommandLine() throws IOException
    {
        final Path tokenFile = directory.resolve("token");
        Files.writeString(tokenFile, " from-token-file \nignored\n");
        final CapturedLog fileLog = new CapturedLog(ExecutorLog.Level.INFO);
        final ExecutorContext fromFile =
            parse("executor", "--token-file", tokenFile.toString(), "--backend", "emulated").context(fileLog.log(), false);
        assertEquals("from-token-file", fromFile.token());
        fromFile.backend().close();

        final CapturedLog commandLineLog = new CapturedLog(ExecutorLog.Level.INFO);
        final ExecutorContext fromCommandLine =
            parse("executor", "--token", "on-the-command-line", "--backend", "emulated").context(commandLineLog.log(), false);
        assertEquals("on-the-command-line", fromCommandLine.token());
        fromCommandLine.backend().close();
        commandLineLog.awaitLine("--token on the command line is visible to every user of this host");
        assertFalse(fileLog.text().contains("visible to every user"), fileLog.text());

        environment.put("GPURELAY_TOKEN", "from-env");
        final CapturedLog environmentLog = new CapturedLog(ExecutorLog.Level.INFO);
        parse("executor", "--backend", "emulated").context(environmentLog.log(), false).backend().close();
        assertFalse(environmentLog.text().contains("visible to every user"), environmentLog.text());

        final IllegalArgumentException both = assertThrows(IllegalArgumentException.class,
            () -> parse("executor", "--token-file", tokenFile.toString()).context(fileLog.log(), false));
        assertTrue(both.getMessage().contains("both --token-file and a token"), both.getMessage());

        Files.writeString(tokenFile, "\n");
        environment.clear();
        final IllegalArgumentException empty = assertThrows(IllegalArgumentException.class,
            () -> parse("executor", "--token-file", tokenFile.toString()).context(fileLog.log(), false));
        assertTrue(empty.getMessage().contains("holds no token"), empty.getMessage());
    }

    @Test
    void everyFlagHasAnEnvironmentVariable()
    {
        environment.put("GPURELAY_CHANNEL", "aeron:udp?endpoint=localhost:40124");
        environment.put("GPURELAY_DEVICES", "3");
        environment.put("GPURELAY_IDLE_STRATEGY", "yield");
        environment.put("GPURELAY_KEEPALIVE_TIMEOUT", "2m");
        environment.put("GPURELAY_PROFILE", "throughput");
        environment.put("GPURELAY_AERON_DIR", "/tmp/aeron-y");
        environment.put("GPURELAY_MAX_SESSIONS", "7");
        environment.put("GPURELAY_BACKEND", "emulated");
        environment.put("GPURELAY_LOG_LEVEL", "warn");
        environment.put("GPURELAY_ISOLATION", "process");
        environment.put("GPURELAY_WARM_WORKERS", "5");
        environment.put("GPURELAY_SESSIONS_PER_WORKER", "3");

        final ExecutorMain executor = parse("executor");

        assertEquals("aeron:udp?endpoint=localhost:40124", executor.channel);
        assertEquals(3, executor.devices.count());
        assertEquals(IdleStrategyKind.YIELD, executor.idleStrategy);
        assertEquals(Duration.ofMinutes(2), executor.keepAliveTimeout);
        assertEquals(DriverProfile.THROUGHPUT, executor.profile);
        assertEquals("/tmp/aeron-y", executor.aeronDir);
        assertEquals(7, executor.maxSessions);
        assertEquals(BackendChoice.EMULATED, executor.backend);
        assertEquals(ExecutorLog.Level.WARN, executor.logLevel);
        assertEquals(Isolation.PROCESS, executor.isolation);
        assertEquals(5, executor.warmWorkers);
        assertEquals(3, executor.sessionsPerWorker);
    }

    @Test
    void readsTheRegistryFlags()
    {
        final ExecutorMain fromFlags = parse("executor", "--registry", "reg-a:9010; reg-b:9010",
            "--registry-channel", "aeron:udp?endpoint=gpu-7:40123", "--registry-refresh", "250ms");
        assertEquals("0=reg-a:9010,1=reg-b:9010", fromFlags.registry.ingressEndpoints());
        assertEquals("aeron:udp?endpoint=gpu-7:40123", fromFlags.registryChannel);
        assertEquals(Duration.ofMillis(250), fromFlags.registryRefresh);

        environment.put("GPURELAY_REGISTRY", "reg-c:9020");
        final ExecutorMain fromEnvironment = parse("executor");
        assertEquals("0=reg-c:9020", fromEnvironment.registry.ingressEndpoints());
        assertEquals(Duration.ofSeconds(1), fromEnvironment.registryRefresh);

        assertUsageError("registry endpoint 'reg-a' is not host:port", "executor", "--registry", "reg-a");
    }

    @Test
    void theRegistryAndPoolCommandsExplainThemselves()
    {
        assertEquals(0, execute("registry", "--help"));
        final String registryHelp = out.toString().replaceAll("\\s+", " ");
        for (final String flag : new String[]{ "--members", "--member-id", "--dir", "--aeron-dir", "--executor-timeout",
            "--leader-timeout", "--snapshot-interval" })
        {
            assertTrue(registryHelp.contains(flag), flag + " missing from:\n" + registryHelp);
        }
        out.getBuffer().setLength(0);
        assertEquals(0, execute("pool", "--help"));
        assertTrue(out.toString().contains("--registry"), out.toString());
        assertEquals(2, execute("registry"), "--members is required");
    }

    @Test
    void sessionMemoryIsUnlimitedUnlessAFlagTheEnvironmentOrTheFileSetsIt() throws IOException
    {
        final ExecutorLog log = new ExecutorLog(System.err, ExecutorLog.Level.INFO);
        final ExecutorContext unlimited =
            parse("executor", "--backend", "emulated", "--isolation", "process").context(log, false);
        assertEquals(ExecutorConfiguration.SESSION_MEMORY_DEFAULT, unlimited.sessionMemoryBytes());

        final ExecutorContext fromFlag = parse("executor", "--backend", "emulated", "--isolation", "process",
            "--session-memory", "512m").context(log, false);
        assertEquals(512L << 20, fromFlag.sessionMemoryBytes());

        final Path config = directory.resolve("executor.properties");
        Files.writeString(config, "session-memory=1t\n");
        assertEquals(1L << 40, parse("executor", "--config", config.toString()).sessionMemory);
        environment.put("GPURELAY_SESSION_MEMORY", "2g");
        assertEquals(2 * GIB, parse("executor", "--config", config.toString()).sessionMemory);

        assertUsageError("is not a size", "executor", "--session-memory", "lots");
        assertUsageError("the size must be more than 0", "executor", "--session-memory", "0");
    }

    @Test
    void parsesSizes()
    {
        assertEquals(4 * GIB, SettingValues.parseSize("4g"));
        assertEquals(4 * GIB, SettingValues.parseSize("4G"));
        assertEquals(512L << 20, SettingValues.parseSize("512m"));
        assertEquals(8192, SettingValues.parseSize("8k"));
        assertEquals(1L << 40, SettingValues.parseSize("1T"));
        assertEquals(1048576, SettingValues.parseSize("1048576"));
        for (final String nonsense : new String[]{ "4x", "-1", "1.5g", "0", "g", "", "4 g", "99999999999t",
            "99999999999999999999" })
        {
            final IllegalArgumentException ex =
                assertThrows(IllegalArgumentException.class, () -> SettingValues.parseSize(nonsense), nonsense);
            assertTrue(ex.getMessage().contains("'" + nonsense + "'"), ex.getMessage());
        }
    }

    @Test
    void parsesDurations()
    {
        assertEquals(Duration.ofMillis(500), SettingValues.parseDuration("500ms"));
        assertEquals(Duration.ofSeconds(10), SettingValues.parseDuration("10s"));
        assertEquals(Duration.ofMinutes(2), SettingValues.parseDuration("2M"));
        assertEquals(Duration.ofHours(1), SettingValues.parseDuration("1h"));
        for (final String nonsense : new String[]{ "10", "0s", "-5s", "1.5s", "s", "10 days" })
        {
            assertThrows(IllegalArgumentException.class, () -> SettingValues.parseDuration(nonsense), nonsense);
        }
        assertEquals("10s", SettingValues.formatDuration(Duration.ofSeconds(10)));
        assertEquals("500ms", SettingValues.formatDuration(Duration.ofMillis(500)));
        assertEquals("2m", SettingValues.formatDuration(Duration.ofMinutes(2)));
    }

    @Test
    void parsesDeviceSelections()
    {
        assertArrayEquals(new int[]{ 0, 1, 2 }, DeviceSelection.parse("3").ordinals());
        assertArrayEquals(new int[]{ 0, 2 }, DeviceSelection.parse("0,2").ordinals());
        assertArrayEquals(new int[]{ 3, 1 }, DeviceSelection.parse(" 3, 1 ").ordinals());
        assertEquals("0,2", DeviceSelection.parse("0,2").toString());
        for (final String nonsense : new String[]{ "0", "-1", "a", "1,1", "0,,2", "65", "0,64", "", "1,x" })
        {
            assertThrows(IllegalArgumentException.class, () -> DeviceSelection.parse(nonsense), nonsense);
        }
    }

    @Test
    void rejectsNonsenseWithAUsageError()
    {
        assertUsageError("Invalid value for option '--device-memory'", "executor", "--device-memory", "4x");
        assertUsageError("'4x' is not a size", "executor", "--device-memory", "4x");
        assertUsageError("'10' is not a duration", "executor", "--keepalive-timeout", "10");
        assertUsageError("unknown backend 'cpu'", "executor", "--backend", "cpu");
        assertUsageError("unknown media driver profile", "executor", "--profile", "fast");
        assertUsageError("unknown idle strategy", "executor", "--idle-strategy", "nap");
        assertUsageError("aeron:udp?endpoint=HOST:PORT", "executor", "--channel", "aeron:udp?interface=eth0");
        assertUsageError("invalid channel", "executor", "--channel", "tcp://localhost:1");
        assertUsageError("--max-sessions must be at least 1", "executor", "--max-sessions", "0");
        assertUsageError("unknown isolation 'fork'", "executor", "--isolation", "fork");
        assertUsageError("--sessions-per-worker at least 1", "executor", "--sessions-per-worker", "0");
        assertUsageError("Unknown options: '--gpus', '2'", "executor", "--gpus", "2");
        assertUsageError("Missing required subcommand");
    }

    @Test
    void autoPicksTheGpuWhereCudaIsUsableElseTheEmulator()
    {
        final ExecutorContext ctx =
            parse("executor").context(new ExecutorLog(System.err, ExecutorLog.Level.INFO), GpuRuntime.usable());

        assertEquals(GpuRuntime.usable() ? "gpu" : "emulated", ctx.workerBackend().name());
        assertEquals(GpuRuntime.usable() ? Isolation.PROCESS : Isolation.THREAD, ctx.isolation());
        CloseHelper.close(ctx.backend());
    }

    @Test
    @Tag("gpu")
    void theGpuBackendServesTheHostsOrdinalsAndIgnoresDeviceMemory()
    {
        assumeTrue(GpuRuntime.usable(), () -> "no usable GPU: " + GpuRuntime.unusableReason());
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        final ExecutorLog executorLog =
            new ExecutorLog(new PrintStream(log, true, StandardCharsets.UTF_8), ExecutorLog.Level.INFO);

        final ExecutorContext ctx =
            parse("executor", "--backend", "gpu", "--isolation", "thread", "--device-memory", "8g")
                .context(executorLog, true);
        assertEquals("gpu", ctx.backend().name());
        assertTrue(log.toString(StandardCharsets.UTF_8).contains("warning: --device-memory applies to the emulated " +
            "backend only"), log::toString);
        ctx.backend().close();

        final ExecutorMain tooMany = parse("executor", "--backend", "gpu", "--isolation", "thread", "--devices", "63");
        final IllegalArgumentException ex =
            assertThrows(IllegalArgumentException.class, () -> tooMany.context(executorLog, true));
        assertTrue(ex.getMessage().startsWith("--devices 0,1,"), ex.getMessage());
        assertTrue(ex.getMessage().contains("because this host has"), ex.getMessage());
    }

    @Test
    void refusesTheGpuBackendWhereCudaIsNotUsableSayingWhy()
    {
        assumeFalse(GpuRuntime.usable(), "CUDA is usable here");
        final PrintStream systemErr = System.err;
        final ByteArrayOutputStream log = new ByteArrayOutputStream();
        System.setErr(new PrintStream(log, true, StandardCharsets.UTF_8));
        try
        {
            assertEquals(2, execute("executor", "--backend", "gpu", "--aeron-dir", directory.toString()));
        }
        finally
        {
            System.setErr(systemErr);
        }
        final String reason = GpuProbe.noDriverReason() != null ? GpuProbe.noDriverReason() :
            GpuRuntime.unusableReason();
        assertTrue(log.toString(StandardCharsets.UTF_8).contains(
            "gpurelay executor: error: --backend gpu: no usable GPU: " + reason), log::toString);
    }

    @Test
    void rejectsNonsenseFromTheEnvironmentAndTheFile() throws IOException
    {
        environment.put("GPURELAY_DEVICE_MEMORY", "lots");
        assertUsageError("'lots' is not a size", "executor");

        environment.clear();
        final Path config = directory.resolve("typo.properties");
        Files.writeString(config, "device-memroy=8g\n");
        assertUsageError("unknown key 'device-memroy'", "executor", "--config", config.toString());
        assertUsageError("cannot read the --config file", "executor", "--config", directory.resolve("none").toString());
    }

    @Test
    void helpListsEveryFlagAndWhereSettingsComeFrom()
    {
        assertEquals(0, execute("executor", "--help"));

        final String help = out.toString().replaceAll("\\s+", " ");
        for (final String flag : new String[]{ "--channel", "--backend", "--devices", "--device-memory",
            "--aeron-dir", "--profile", "--idle-strategy", "--keepalive-timeout", "--max-sessions", "--session-memory",
            "--kernel-timeout", "--receive-buffers", "--transfer-region", "--pinned-memory", "--token", "--token-file",
            "--insecure",
            "--config", "--log-level", "--registry", "--registry-channel", "--registry-refresh",
            "--help", "--version" })
        {
            assertTrue(help.contains(flag), flag + " missing from:\n" + help);
        }
        assertTrue(help.contains("GPURELAY_DEVICE_MEMORY"), help);
        assertTrue(help.contains("Precedence: command line, then environment, then properties file, then the " +
            "default."), help);

        out.getBuffer().setLength(0);
        assertEquals(0, execute("--help"));
        assertTrue(out.toString().contains("executor") && out.toString().contains("media-driver"), out.toString());

        out.getBuffer().setLength(0);
        assertEquals(0, execute("executor", "--version"));
        assertTrue(out.toString().startsWith("gpurelay executor " + ExecutorConfiguration.executorVersion()),
            out.toString());
    }

    private static String[] with(final String[] args, final String... more)
    {
        final String[] all = Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    private ExecutorMain parse(final String... args)
    {
        final CommandLine commandLine = ExecutorMain.commandLine(environment::get, args);
        commandLine.parseArgs(args);
        return commandLine.getSubcommands().get("executor").getCommand();
    }

    private int execute(final String... args)
    {
        final CommandLine commandLine = ExecutorMain.commandLine(environment::get, args);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        return commandLine.execute(args);
    }

    private void assertShortUsageError(final String command, final String... args)
    {
        err.getBuffer().setLength(0);
        assertEquals(2, execute(args), () -> String.join(" ", args) + " gave:\n" + err);
        final String printed = err.toString();
        assertFalse(printed.contains("Usage:"), () -> "the usage text buries the error:\n" + printed);
        assertTrue(printed.strip().lines().count() <= 3, () -> "a few lines, not the help:\n" + printed);
        assertTrue(printed.contains("Try '" + command + " --help' for more information."), printed);
    }

    private void assertUsageError(final String message, final String... args)
    {
        err.getBuffer().setLength(0);
        assertEquals(2, execute(args), () -> String.join(" ", args) + " gave:\n" + err);
        assertTrue(err.toString().contains(message), () -> "expected '" + message + "' in:\n" + err);
    }
}
