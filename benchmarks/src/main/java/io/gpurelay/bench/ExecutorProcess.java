package io.gpurelay.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * An executor the harness runs for one transport, in its own JVM and Aeron directory.
 */
final class ExecutorProcess implements AutoCloseable
{
    static final List<String> JVM_OPENS = List.of(
        "--add-opens=java.base/jdk.internal.misc=ALL-UNNAMED",
        "--add-opens=java.base/java.nio=ALL-UNNAMED",
        "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
        "--add-opens=java.base/java.util.zip=ALL-UNNAMED");
    private static final Pattern READY =
        Pattern.compile("gpurelay executor ready on (\\S+) \\(backend (\\S+), (\\d+) devices\\)");
    private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

    private final ChildProcess process;
    private final String backend;

    private ExecutorProcess(final ChildProcess process, final String backend)
    {
        this.process = process;
        this.backend = backend;
    }

    /**
     * Start an executor and wait for its ready line.
     *
     * @throws IllegalStateException with the end of its log if it does not get ready.
     */
    static ExecutorProcess start(
        final String java, final String classpath, final String channel, final String backend, final Path aeronDir,
        final List<String> extraOptions, final Path log) throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(JVM_OPENS);
        command.add("-cp");
        command.add(classpath);
        command.add("io.gpurelay.executor.cli.ExecutorMain");
        command.add("executor");
        command.add("--channel");
        command.add(channel);
        command.add("--backend");
        command.add(backend);
        command.add("--aeron-dir");
        command.add(aeronDir.toString());
        command.addAll(extraOptions);
        final ChildProcess process = new ChildProcess("executor", command, log);
        final Optional<Matcher> ready = process.awaitLine(READY, READY_TIMEOUT);
        if (ready.isEmpty())
        {
            process.close();
            throw new IllegalStateException("the executor did not get ready within " + READY_TIMEOUT.toSeconds() +
                " s; the end of its log (" + log + "):\n" + process.tail(20));
        }
        return new ExecutorProcess(process, ready.get().group(2));
    }

    /** The backend the executor runs on, as its ready line says: {@code gpu} or {@code emulated}. */
    String backend()
    {
        return backend;
    }

    ProcessHandle handle()
    {
        return process.handle();
    }

    public void close() throws InterruptedException
    {
        process.close();
    }
}
