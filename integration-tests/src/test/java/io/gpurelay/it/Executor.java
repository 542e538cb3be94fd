package io.gpurelay.it;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.regex.Pattern;

import io.gpurelay.it.capture.DatagramCapture;

/**
 * A remote executor in its own JVM, on the emulated backend, with an Aeron directory of its own.
 */
final class Executor implements AutoCloseable
{
    static final Duration READY_TIMEOUT = Duration.ofSeconds(60);
    private static final Pattern READY = Pattern.compile("gpurelay executor ready on (\\S+) \\(backend (\\S+), (\\d+) devices\\)");

    private final ForkedProcess process;
    private final String channel;
    private final Path aeronDir;

    private Executor(final ForkedProcess process, final String channel, final Path aeronDir)
    {
        this.process = process;
        this.channel = channel;
        this.aeronDir = aeronDir;
    }

    /**
     * Start an executor on the emulated backend and wait for its ready line.
     */
    static Executor start(final String channel, final Path workDir, final String... extraArgs)
        throws IOException, InterruptedException
    {
        return startWithBackend("emulated", channel, workDir, extraArgs);
    }

    /**
     * Start an executor on a backend ({@code emulated} or {@code gpu}) and wait for its ready line.
     */
    static Executor startWithBackend(
        final String backend, final String channel, final Path workDir, final String... extraArgs)
        throws IOException, InterruptedException
    {
        return start(backend, channel, workDir, Map.of(), extraArgs);
    }

    /**
     * Start an executor on the emulated backend with these environment variables on top of this JVM's.
     */
    static Executor startWithEnvironment(
        final String channel, final Path workDir, final Map<String, String> environment, final String... extraArgs)
        throws IOException, InterruptedException
    {
        return start("emulated", channel, workDir, environment, extraArgs);
    }

    /**
     * Start an executor on the emulated backend whose PATH has no {@code nvcc}: this machine's PATH without the
     * directories that hold one.
     */
    static Executor startWithoutNvcc(final String channel, final Path workDir) throws IOException, InterruptedException
    {
        final String path = Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .filter(directory -> directory.isEmpty() || !Files.isExecutable(Path.of(directory, "nvcc")))
            .collect(Collectors.joining(File.pathSeparator));
        return start("emulated", channel, workDir, Map.of("PATH", path));
    }

    /**
     * Whether this machine's PATH, which executors started here inherit, has an {@code nvcc}.
     */
    static boolean nvccOnPath()
    {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
            .anyMatch(directory -> !directory.isEmpty() && Files.isExecutable(Path.of(directory, "nvcc")));
    }

    /**
     * Start an executor on the emulated backend whose media driver records every datagram it sends and every data
     * datagram it receives into {@code captureFile} (see {@link DatagramCapture}).
     */
    static Executor startCapturing(
        final String channel, final Path workDir, final Path captureFile, final Map<String, String> environment,
        final String... extraArgs) throws IOException, InterruptedException
    {
        return start("emulated", channel, workDir, environment, List.of(
            "-D" + DatagramCapture.FILE_PROPERTY + "=" + captureFile,
            "-Daeron.SendChannelEndpoint.supplier=" + DatagramCapture.Sending.class.getName(),
            "-Daeron.ReceiveChannelEndpoint.supplier=" + DatagramCapture.Receiving.class.getName(),
            "-cp", Artifacts.executorJar() + File.pathSeparator + Artifacts.programsDir(),
            "io.gpurelay.executor.cli.ExecutorMain"), extraArgs);
    }

    private static Executor start(
        final String backend, final String channel, final Path workDir, final Map<String, String> environment,
        final String... extraArgs) throws IOException, InterruptedException
    {
        return start(backend, channel, workDir, environment,
            List.of("-jar", Artifacts.executorJar().toString()), extraArgs);
    }

    /**
     * Start an executor on the emulated backend as an operator would, {@code java -jar gpurelay-executor.jar
     * executor}, with no JVM option: what the JVM needs comes from the jar's manifest.
     */
    static Executor startAsJarOnly(final String channel, final Path workDir, final String... extraArgs)
        throws IOException, InterruptedException
    {
        return start("emulated", channel, workDir, Map.of(), false,
            List.of("-jar", Artifacts.executorJar().toString()), extraArgs);
    }

    private static Executor start(
        final String backend, final String channel, final Path workDir, final Map<String, String> environment,
        final List<String> launch, final String... extraArgs) throws IOException, InterruptedException
    {
        return start(backend, channel, workDir, environment, true, launch, extraArgs);
    }

    /**
     * @param jvmOptions whether the JVM gets the options of our launch script (heap, module opens) before {@code launch}.
     * @param launch     how the JVM finds the executor: {@code -jar} and the jar, or a class path and the main class.
     */
    private static Executor start(
        final String backend, final String channel, final Path workDir, final Map<String, String> environment,
        final boolean jvmOptions, final List<String> launch, final String... extraArgs)
        throws IOException, InterruptedException
    {
        final Path aeronDir = workDir.resolve("aeron-executor");
        final List<String> command = new ArrayList<>();
        command.add(Artifacts.java());
        if (jvmOptions)
        {
            command.add("-Xmx512m");
            command.addAll(Artifacts.JVM_OPENS);
        }
        command.addAll(launch);
        command.add("executor");
        command.add("--channel");
        command.add(channel);
        command.add("--backend");
        command.add(backend);
        command.add("--aeron-dir");
        command.add(aeronDir.toString());
        command.addAll(List.of(extraArgs));
        final ForkedProcess process = new ForkedProcess("executor", command, environment);
        final Executor executor = new Executor(process, channel, aeronDir);
        try
        {
            process.awaitLine(READY, READY_TIMEOUT);
        }
        catch (final AssertionError | InterruptedException ex)
        {
            process.close();
            throw ex;
        }
        return executor;
    }

    String channel()
    {
        return channel;
    }

    Path aeronDir()
    {
        return aeronDir;
    }

    ForkedProcess process()
    {
        return process;
    }

    /**
     * The agent argument that points a client at this executor (sharing its media driver for IPC).
     */
    String agentOptions(final String extra)
    {
        return "executor=" + channel + ",aeron.dir=" + aeronDir + ",timeout=10s" + (extra.isEmpty() ? "" : "," + extra);
    }

    public void close() throws InterruptedException
    {
        process.close();
    }
}
