package io.gpurelay.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

import io.gpurelay.bench.workload.ResultLines;
import io.gpurelay.bench.workload.Workload;
import io.gpurelay.bench.workload.WorkloadOptions;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.executor.cli.ShortUsageErrors;
import io.gpurelay.protocol.FreePorts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * {@code ./gpurelay bench}: runs the {@link Workload} locally with JCuda's natives (where a GPU is usable) and through
 * the agent against an executor over Aeron IPC and UDP on loopback, in one run, then prints the figures side by side
 * with their ratios and writes {@code results.csv}, {@code summary.txt} and PNG charts to the results folder.
 */
@Command(name = "gpurelay bench", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Measure local JCuda against gpurelay over Aeron IPC and UDP on loopback, side by side.")
public final class Bench implements Callable<Integer>
{
    /** Where a run's folder goes when --results is not given; the launcher sets the repository's results/. */
    public static final String RESULTS_ROOT_PROP_NAME = "gpurelay.bench.results.root";
    private static final String TOKEN_FILE = "udp-sealed.token";
    static final String IDLE_CPU_NAME = "executor-idle-cpu";
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss", Locale.ROOT);

    @Option(names = "--quick", description = "Small sizes, a few minutes on the emulator (the plan 'quick').")
    private boolean quick;

    @Option(names = "--plan", paramLabel = "full|quick|tiny", description = "full, quick or tiny. Default: full, or quick with --quick.")
    private String plan;

    @Option(names = "--backend", paramLabel = "auto|gpu|emulated", defaultValue = "auto",
        description = "The executor's backend: auto, gpu or emulated. Default: auto.")
    private String backend;

    @Option(names = "--transports", paramLabel = "TRANSPORT", split = ",", defaultValue = "local,ipc,udp",
        description = "Which of local, ipc, udp, udp-sealed (UDP with a token: every message sealed) to run. " +
            "Default: local,ipc,udp (local only where a GPU is usable).")
    private List<String> transportNames;

    @Option(names = "--results", paramLabel = "DIR", description = "Where the CSV, table and charts go. Default: results/bench-<time>.")
    private Path resultsDir;

    @Option(names = "--report", paramLabel = "DIR", description = "Only print the table and draw the charts again from the results.csv " +
        "in this folder (e.g. one written where the Java runtime has no AWT to draw with).")
    private Path reportDir;

    @Option(names = "--agent-jar", paramLabel = "JAR", description = "gpurelay-agent.jar. Default: agent/target beside this module.")
    private Path agentJar;

    @Option(names = "--lib", paramLabel = "DIR", description = "The folder of jars beside the benchmarks jar. Default: its lib/.")
    private Path libDir;

    @Option(names = "--profile", paramLabel = "PROFILE", defaultValue = "auto",
        description = "Aeron tuning of the executor's and the clients' media drivers and waits: auto (default: what " +
            "the executor and the agent pick without the flag, balanced on 8 cores or more, else shared), shared " +
            "(backs off, for small machines), balanced, throughput, or low-latency (busy-spinning threads, for hosts " +
            "with cores to spare).")
    private String profile;

    @Option(names = "--executor-option", paramLabel = "FLAG", description = "An extra executor flag, repeatable, e.g. " +
        "--executor-option=--keepalive-timeout=30s.")
    private List<String> executorOptions = new ArrayList<>();

    @Option(names = "--idle-cpu", paramLabel = "DURATION", defaultValue = "PT0S",
        description = "Before each remote workload, measure for this long (ISO-8601, e.g. PT10S) how much CPU the " +
            "idle executor uses, its worker processes included, as a row 'executor-idle-cpu'. Default: not measured.")
    private Duration idleCpuPeriod;

    @Option(names = "--workload-timeout", paramLabel = "DURATION", defaultValue = "PT20M",
        description = "Longest one transport's workload may run (ISO-8601, e.g. PT5M). Default: PT20M.")
    private Duration workloadTimeout;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final PrintStream out;

    public Bench()
    {
        this(System.out);
    }

    Bench(final PrintStream out)
    {
        this.out = out;
    }

    public static void main(final String[] args)
    {
        System.setProperty("java.awt.headless", "true");
        System.exit(commandLine(new Bench()).execute(args));
    }

    /** The command line {@code ./gpurelay bench} parses: a bad flag prints its error and where the help is. */
    static CommandLine commandLine(final Bench bench)
    {
        return ShortUsageErrors.install(new CommandLine(bench).setOverwrittenOptionsAllowed(true));
    }

    public Integer call() throws Exception
    {
        if (reportDir != null)
        {
            final ResultSet resultSet = ResultSet.readCsv(reportDir.resolve("results.csv"));
            final List<Transport> shown = Stream.of(Transport.values()).filter(resultSet::has).toList();
            out.print(resultSet.table(shown));
            writeCharts(resultSet, shown, reportDir);
            return 0;
        }
        if (plan != null && !List.of("full", "quick", "tiny").contains(plan.toLowerCase(Locale.ROOT)))
        {
            throw new CommandLine.ParameterException(spec.commandLine(),
                "--plan: expected full, quick or tiny, got '" + plan + "'");
        }
        final BenchPlan chosenPlan = plan != null ? BenchPlan.valueOf(plan.toUpperCase(Locale.ROOT)) :
            quick ? BenchPlan.QUICK : BenchPlan.FULL;
        final List<Transport> transports;
        try
        {
            transports = transportNames.stream().map(Transport::fromLabel).distinct()
                .sorted(Comparator.naturalOrder()).toList();
        }
        catch (final IllegalArgumentException ex)
        {
            throw new CommandLine.ParameterException(spec.commandLine(), "--transports: " + ex.getMessage());
        }
        if (!List.of("auto", "shared", "balanced", "throughput", "low-latency").contains(profile))
        {
            throw new CommandLine.ParameterException(spec.commandLine(),
                "--profile: expected auto, shared, balanced, throughput or low-latency, got '" + profile + "'");
        }
        if (!List.of("auto", "gpu", "emulated").contains(backend))
        {
            throw new CommandLine.ParameterException(spec.commandLine(),
                "--backend: expected auto, gpu or emulated, got '" + backend + "'");
        }
        final BenchArtifacts artifacts = new BenchArtifacts(libDir, agentJar);
        final Path results = resultsDir != null ? resultsDir :
            Path.of(System.getProperty(RESULTS_ROOT_PROP_NAME, "results"), "bench-" + LocalDateTime.now().format(STAMP));
        Files.createDirectories(results.resolve("logs"));
        final Path work = newWorkDirectory();

        out.printf(Locale.ROOT, "gpurelay bench: plan %s, backend %s, profile %s, transports %s, results in %s%n",
            chosenPlan.name().toLowerCase(Locale.ROOT), backend, describeProfile(), String.join(",", transportNames),
            results);
        final ResultSet resultSet = new ResultSet();
        String executorBackend = backend.equals("auto") ? null : backend;
        String localNote = null;
        try
        {
            for (final Transport transport : transports)
            {
                if (transport == Transport.LOCAL)
                {
                    continue;
                }
                final Optional<String> ran = runRemote(transport, chosenPlan, artifacts, work, results, resultSet);
                executorBackend = ran.orElse(executorBackend);
            }
            if (transports.contains(Transport.LOCAL))
            {
                if ("emulated".equals(executorBackend))
                {
                    localNote = "local: not run: the executor runs on the emulator (no usable GPU, or " +
                        "--backend emulated), and JCuda's natives need a GPU";
                }
                else
                {
                    runWorkload(Transport.LOCAL, results, resultSet, localCommand(chosenPlan,
                        artifacts));
                }
            }
        }
        finally
        {
            deleteRecursively(work);
        }

        final List<Transport> shown = transports.stream()
            .filter(transport -> transport != Transport.LOCAL || resultSet.has(Transport.LOCAL)).toList();
        final String table = resultSet.table(shown);
        final StringBuilder summary = new StringBuilder();
        summary.append(String.format(Locale.ROOT, "plan %s, executor backend %s%n",
            chosenPlan.name().toLowerCase(Locale.ROOT), executorBackend == null ? "unknown" : executorBackend));
        if (localNote != null)
        {
            summary.append(localNote).append("; ratios are against ipc\n");
        }
        summary.append("ratios: remote / ").append(resultSet.baseline().label())
            .append(" (above 1 is slower for times and latencies, below 1 is slower for rates and bandwidths)\n\n");
        summary.append(table);
        out.println();
        out.print(summary);
        resultSet.writeCsv(results.resolve("results.csv"));
        Files.writeString(results.resolve("summary.txt"), summary, StandardCharsets.UTF_8);
        out.printf(Locale.ROOT, "%nwrote %s and %s%n", results.resolve("results.csv"), results.resolve("summary.txt"));
        writeCharts(resultSet, shown, results);
        return resultSet.results().stream().anyMatch(BenchResult::available) ? 0 : 1;
    }

    /**
     * Draw the charts; a Java runtime without AWT (a jlink'd one without java.desktop) cannot, which is no reason to
     * lose the figures: the charts can be drawn again from the CSV elsewhere.
     */
    private void writeCharts(final ResultSet resultSet, final List<Transport> shown, final Path directory)
        throws IOException
    {
        try
        {
            final List<Path> charts = new Charts(resultSet, shown).write(directory);
            out.printf(Locale.ROOT, "wrote %d charts in %s%n", charts.size(), directory);
        }
        catch (final LinkageError ex)
        {
            out.printf(Locale.ROOT, "no charts: this Java runtime cannot draw (%s); draw them elsewhere with " +
                "./gpurelay bench --report %s%n", ex, directory);
        }
    }

    /**
     * Start an executor for the transport, run the workload through the agent against it, stop the executor.
     *
     * @return the backend the executor said it runs on, if it started.
     */
    private Optional<String> runRemote(
        final Transport transport, final BenchPlan chosenPlan, final BenchArtifacts artifacts, final Path work,
        final Path results, final ResultSet resultSet) throws IOException, InterruptedException
    {
        final String channel = transport == Transport.IPC ? "aeron:ipc" :
            "aeron:udp?endpoint=localhost:" + FreePorts.udp();
        final Path executorAeronDir = work.resolve("aeron-executor-" + transport.label());
        out.printf(Locale.ROOT, "[%s] starting an executor on %s ...%n", transport.label(), channel);
        final ExecutorProcess executor;
        try
        {
            final List<String> options = new ArrayList<>(List.of("--profile", profile));
            if (profile.equals("low-latency"))
            {
                options.addAll(List.of("--idle-strategy", "spin"));
            }
            if (transport == Transport.UDP_SEALED)
            {
                options.addAll(List.of("--token-file", newTokenFile(work).toString()));
            }
            options.addAll(executorOptions);
            executor = ExecutorProcess.start(java(), artifacts.executorClasspath(), channel, backend, executorAeronDir,
                options, results.resolve("logs").resolve("executor-" + transport.label() + ".log"));
        }
        catch (final IllegalStateException ex)
        {
            out.println("  " + ex.getMessage());
            resultSet.add(BenchResult.notAvailable(transport, "executor", "-", "the executor did not start"));
            return Optional.empty();
        }
        try (executor)
        {
            out.printf(Locale.ROOT, "  executor ready (backend %s)%n", executor.backend());
            if (!idleCpuPeriod.isZero())
            {
                measureIdleCpu(transport, executor, resultSet);
            }
            // Over IPC the client shares the executor's media driver; over UDP it runs its own, as on another host.
            final Path clientAeronDir = transport == Transport.IPC ? executorAeronDir :
                work.resolve("aeron-client-" + transport.label());
            final List<String> command = new ArrayList<>();
            command.add(java());
            command.add("-Xmx" + chosenPlan.maxHeap());
            command.add("-javaagent:" + artifacts.agentJar() + "=executor=" + channel + ",aeron.dir=" +
                clientAeronDir + ",timeout=60s,profile=" + profile +
                (transport == Transport.UDP_SEALED ? ",token.file=" + work.resolve(TOKEN_FILE) : ""));
            command.add("-cp");
            command.add(artifacts.remoteWorkloadClasspath());
            command.add(Workload.class.getName());
            command.addAll(List.of(chosenPlan.workload().withCublas(WorkloadOptions.JCUBLAS).toArguments()));
            runWorkload(transport, results, resultSet, command);
            return Optional.of(executor.backend());
        }
    }

    /**
     * A random token, readable by its owner only, as an operator would keep one.
     */
    /**
     * Where the run's Aeron directories (and token) go: in shared memory where the host has it, as Aeron's own default
     * directory is, so that an IPC session's transfer region is on tmpfs, where a GPU can page-lock it; a region in a
     * file on disk cannot be registered with CUDA, and its copies would take the slower staging path.
     */
    private static Path newWorkDirectory() throws IOException
    {
        final Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm))
        {
            return Files.createTempDirectory(shm, "gpurelay-bench");
        }
        return Files.createTempDirectory("gpurelay-bench");
    }

    private static Path newTokenFile(final Path work) throws IOException
    {
        final byte[] secret = new byte[32];
        new SecureRandom().nextBytes(secret);
        final Path file = work.resolve(TOKEN_FILE);
        Files.deleteIfExists(file);
        Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        Files.writeString(file, HexFormat.of().formatHex(secret) + "\n");
        return file;
    }

    /**
     * What the executor costs while no client is connected: its driver's and its own threads waiting for work.
     */
    private void measureIdleCpu(final Transport transport, final ExecutorProcess executor, final ResultSet resultSet)
        throws InterruptedException
    {
        final String period = idleCpuPeriod.toMillis() + "ms";
        final Optional<Double> percent = ProcessCpu.percentOfOneCore(executor.handle(), idleCpuPeriod);
        if (percent.isPresent())
        {
            resultSet.add(BenchResult.figure(transport, IDLE_CPU_NAME, period, "cpu", percent.get(), "% of a core"));
            out.printf(Locale.ROOT, "  idle executor: %.2f %% of one core over %s%n", percent.get(), period);
        }
        else
        {
            resultSet.add(BenchResult.notAvailable(transport, IDLE_CPU_NAME, period,
                "this system does not tell a process's CPU time"));
        }
    }

    private List<String> localCommand(final BenchPlan chosenPlan, final BenchArtifacts artifacts)
    {
        final List<String> command = new ArrayList<>();
        command.add(java());
        command.add("-Xmx" + chosenPlan.maxHeap());
        command.add("-cp");
        command.add(artifacts.localWorkloadClasspath());
        command.add(Workload.class.getName());
        command.addAll(List.of(chosenPlan.workload().withCublas(WorkloadOptions.JAVACPP).toArguments()));
        return command;
    }

    private void runWorkload(
        final Transport transport, final Path results, final ResultSet resultSet, final List<String> command) throws IOException, InterruptedException
    {
        out.printf(Locale.ROOT, "[%s] running the workload ...%n", transport.label());
        final long start = System.nanoTime();
        final Path log = results.resolve("logs").resolve("workload-" + transport.label() + ".log");
        int figures = 0;
        try (ChildProcess workload = new ChildProcess("workload-" + transport.label(), command, log))
        {
            final Optional<Integer> exit = workload.awaitExit(workloadTimeout);
            for (final String line : workload.lines())
            {
                final String[] fields = line.split("\t", -1);
                if (fields[0].equals(ResultLines.FIGURE_MARKER) && fields.length == 6)
                {
                    resultSet.add(BenchResult.figure(transport, fields[1], fields[2], fields[3],
                        Double.parseDouble(fields[4]), fields[5]));
                    figures++;
                }
                else if (fields[0].equals(ResultLines.NOT_AVAILABLE_MARKER) && fields.length == 4)
                {
                    resultSet.add(BenchResult.notAvailable(transport, fields[1], fields[2], fields[3]));
                }
            }
            if (exit.isEmpty() || exit.get() != 0)
            {
                final String reason = exit.isEmpty() ? "stopped after " + workloadTimeout.toSeconds() + " s" :
                    "exited with status " + exit.get();
                resultSet.add(BenchResult.notAvailable(transport, "workload", "-", reason + "; see " + log));
                out.printf(Locale.ROOT, "  the workload %s; the end of its log:%n%s%n", reason, workload.tail(15));
            }
        }
        out.printf(Locale.ROOT, "  %d figures in %.1f s%n", figures, (System.nanoTime() - start) / 1e9);
        // Written after each transport, so that a run cut short keeps what it measured.
        resultSet.writeCsv(results.resolve("results.csv"));
    }

    /**
     * The profile flag, and for {@code auto} what the executor and the agent pick on this host.
     */
    private String describeProfile()
    {
        final DriverProfile requested = DriverProfile.fromCliName(profile);
        return requested == DriverProfile.AUTO ? requested.resolveForThisHost().describeChoice(requested) : profile;
    }

    private static String java()
    {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    private static void deleteRecursively(final Path directory) throws IOException
    {
        if (!Files.exists(directory))
        {
            return;
        }
        try (Stream<Path> paths = Files.walk(directory))
        {
            for (final Path path : paths.sorted(Comparator.reverseOrder()).toList())
            {
                Files.deleteIfExists(path);
            }
        }
    }
}
