package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the JavaCPP tests on the GPU host share: a program's run without the agent, on the presets' own natives and the
 * host's CUDA (the executor jar carries the natives), the hash of device results each run prints, which a run
 * through gpurelay must print alike, and the comparison of the two runs.
 */
final class JavaCppGpuRuns
{
    /** How long one run of a program may take. */
    static final Duration RUN = Duration.ofSeconds(240);
    private static final Pattern HASH = Pattern.compile("result-hash .*");

    private JavaCppGpuRuns()
    {
    }

    /**
     * @return the output of the program run locally with the arguments; it must exit 0.
     */
    static String local(final Class<?> program, final String... args) throws Exception
    {
        final String classpath = Artifacts.programsDir() + File.pathSeparator + Artifacts.executorJar();
        final List<String> command = new ArrayList<>(List.of(Artifacts.java(), "-cp", classpath, program.getName()));
        command.addAll(List.of(args));
        try (ForkedProcess process = new ForkedProcess(program.getSimpleName() + "-local", command))
        {
            assertEquals(0, process.awaitExit(RUN), process.output());
            return process.output();
        }
    }

    /**
     * The program run locally with {@code dump}, then through the agent against a gpu executor over the transport with
     * {@code dump} and {@code remoteArgs}: the remote run exits 0 and hashes its results as the local one, passes the
     * caller's checks of its output, and the executor logs the client's session.
     */
    static void assertRemoteRunEqualsLocal(final Transport transport, final Path work, final Class<?> program,
        final List<String> remoteArgs, final Consumer<String> remoteChecks) throws Exception
    {
        final String local = hash(local(program, "dump"), "local");
        final List<String> args = new ArrayList<>(List.of("dump"));
        args.addAll(remoteArgs);
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""), program,
                args.toArray(String[]::new));
            assertEquals(0, client.awaitExit(RUN), client.output());
            assertEquals(local, hash(client.output(), "remote"), "remote results equal the local run's");
            remoteChecks.accept(client.output());
            executor.process().awaitLine(Pattern.compile("session \\d+ .*client .* pid " + client.pid() + "\\b"),
                Duration.ofSeconds(10));
        }
    }

    /**
     * @return the run's {@code result-hash} line; the run must have printed one and passed its own checks.
     */
    static String hash(final String output, final String run)
    {
        final Matcher matcher = HASH.matcher(output);
        assertTrue(matcher.find() && output.contains("\nPASSED"), run + " run:\n" + output);
        return matcher.group();
    }
}
