package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * How the differential GPU tests run a program: once with JCuda 12.6's own natives on the GPU, and once (or more)
 * through the agent against a gpu executor, each in a JVM of its own, with the program's classes and JCuda on the
 * class path.
 */
final class GpuPrograms
{
    /** How long one run may take. */
    static final Duration RUN = Duration.ofSeconds(120);

    private GpuPrograms()
    {
    }

    /**
     * The program with JCuda's own natives, run to its end; whether it exited 0 is the caller's to check.
     *
     * @param properties JVM options such as {@code -Dname=value}
     */
    static ForkedProcess runLocal(final Class<?> program, final List<String> properties, final String... args)
        throws IOException, InterruptedException
    {
        return runLocal(program, "", Map.of(), properties, args);
    }

    /**
     * The program with JCuda's own natives, run to its end; whether it exited 0 is the caller's to check.
     *
     * @param moreClasspath what the program needs on its class path besides its classes and JCuda, put before
     *                      JCuda's natives ("" for nothing)
     * @param environment   variables set for the program on top of this JVM's
     * @param properties    JVM options such as {@code -Dname=value}
     */
    static ForkedProcess runLocal(final Class<?> program, final String moreClasspath,
        final Map<String, String> environment, final List<String> properties, final String... args)
        throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>(List.of(Artifacts.java()));
        command.addAll(properties);
        command.addAll(List.of("-cp", classpath() + (moreClasspath.isEmpty() ? "" : File.pathSeparator +
            moreClasspath) + File.pathSeparator + Artifacts.jcudaNativesJar(), program.getName()));
        command.addAll(List.of(args));
        final ForkedProcess local = new ForkedProcess(program.getSimpleName() + "-local", command, environment);
        local.awaitExit(RUN);
        return local;
    }

    /**
     * The program with JCuda's own natives, which must exit 0.
     *
     * @return its output
     */
    static String local(final Class<?> program, final List<String> properties, final String... args)
        throws IOException, InterruptedException
    {
        return local(program, "", Map.of(), properties, args);
    }

    /**
     * The program with JCuda's own natives, which must exit 0, with more on its class path or in its environment
     * (see {@link #runLocal(Class, String, Map, List, String...)}).
     *
     * @return its output
     */
    static String local(final Class<?> program, final String moreClasspath, final Map<String, String> environment,
        final List<String> properties, final String... args) throws IOException, InterruptedException
    {
        final ForkedProcess local = runLocal(program, moreClasspath, environment, properties, args);
        assertEquals(0, local.awaitExit(RUN), local.output());
        return local.output();
    }

    /**
     * The program through the agent against the executor, which must exit 0.
     *
     * @param run        what tells this run from the program's others in the process's name ("" for none)
     * @param properties JVM options such as {@code -Dname=value}
     * @return its output
     */
    static String remote(final Executor executor, final String run, final Class<?> program,
        final List<String> properties, final String... args) throws IOException, InterruptedException
    {
        final String options = executor.agentOptions("");
        final List<String> command = new ArrayList<>(List.of(Artifacts.java(),
            "-javaagent:" + Artifacts.agentJar() + (options.isEmpty() ? "" : "=" + options)));
        command.addAll(properties);
        // Through the agent no native library loads, so the program may use every JCuda library.
        command.addAll(List.of("-cp", Artifacts.programClasspath(), program.getName()));
        command.addAll(List.of(args));
        final ForkedProcess remote = new ForkedProcess(
            program.getSimpleName() + "-remote" + (run.isEmpty() ? "" : "-" + run), command);
        assertEquals(0, remote.awaitExit(RUN), remote.output());
        return remote.output();
    }

    /**
     * The program with JCuda's own natives, then through the agent against a gpu executor started for that run over
     * {@code aeron:ipc} in {@code work}, both with the same JVM options and arguments; each must exit 0.
     *
     * @param properties JVM options such as {@code -Dname=value}
     */
    static Runs localAndRemote(final Path work, final Class<?> program, final List<String> properties,
        final String... args) throws IOException, InterruptedException
    {
        final String local = local(program, properties, args);
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            return new Runs(local, remote(executor, "", program, properties, args));
        }
    }

    /**
     * The program with JCuda's own natives, then through the agent against a gpu executor started over
     * {@code aeron:ipc} in {@code work}, both with {@code skips} (what JCuda's own natives cannot run) and the
     * arguments; then a third run through the agent against the same executor, named {@code fullRun}, without the
     * skips and with {@code fullArgs}, whose output {@code fullChecks} checks. Each run must exit 0.
     *
     * @return the outputs of the first two runs, for the caller to compare.
     */
    static Runs localAndRemoteThenFull(final Path work, final Class<?> program, final List<String> skips,
        final List<String> args, final String fullRun, final List<String> fullArgs, final Consumer<String> fullChecks)
        throws IOException, InterruptedException
    {
        final String local = local(program, skips, args.toArray(String[]::new));
        try (Executor executor = Executor.startWithBackend("gpu", "aeron:ipc", work))
        {
            final String remote = remote(executor, "", program, skips, args.toArray(String[]::new));
            fullChecks.accept(remote(executor, fullRun, program, List.of(), fullArgs.toArray(String[]::new)));
            return new Runs(local, remote);
        }
    }

    /**
     * The outputs of a program's two runs: with JCuda's own natives, and through the agent.
     */
    record Runs(String local, String remote)
    {
    }

    private static String classpath()
    {
        return Artifacts.programsDir() + File.pathSeparator + Artifacts.jcudaJar();
    }
}
