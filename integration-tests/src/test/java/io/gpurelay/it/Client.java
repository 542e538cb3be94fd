package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * An unmodified JCuda program in its own JVM with the agent attached: classpath = the program and the jcuda jar.
 */
final class Client
{
    private Client()
    {
    }

    static ForkedProcess start(final String agentOptions, final Class<?> program, final String... args)
        throws IOException
    {
        return startOn(Artifacts.java(), agentOptions, Map.of(), program, args);
    }

    /**
     * @param environment variables set for the program on top of this JVM's (the agent reads GPURELAY_*).
     */
    static ForkedProcess start(
        final String agentOptions, final Map<String, String> environment, final Class<?> program,
        final String... args) throws IOException
    {
        return startOn(Artifacts.java(), agentOptions, environment, program, args);
    }

    /**
     * @param java the {@code java} launcher of the JDK the program runs on.
     */
    static ForkedProcess startOn(
        final String java, final String agentOptions, final Class<?> program, final String... args) throws IOException
    {
        return startOn(java, agentOptions, Map.of(), program, args);
    }

    /**
     * A JavaCPP program ({@link Artifacts#javaCppProgramClasspath()}).
     */
    static ForkedProcess startJavaCpp(final String agentOptions, final Class<?> program, final String... args)
        throws IOException
    {
        return startOn(Artifacts.java(), agentOptions, Map.of(), Artifacts.javaCppProgramClasspath(), program, args);
    }

    /**
     * A JavaCPP program on a class path of the caller's ({@link Artifacts#javaCppCuda12ProgramClasspath()}).
     */
    static ForkedProcess startJavaCpp(final String agentOptions, final String classpath, final Class<?> program,
        final String... args) throws IOException
    {
        return startOn(Artifacts.java(), agentOptions, Map.of(), classpath, program, args);
    }

    /**
     * A JCuda program on a class path of the caller's.
     */
    static ForkedProcess startWithClasspath(final String agentOptions, final String classpath, final Class<?> program,
        final String... args) throws IOException
    {
        return startOn(Artifacts.java(), agentOptions, Map.of(), classpath, program, args);
    }

    /**
     * Wait for a test program to end and check that it passed: exit code 0 and a line starting with PASSED, which
     * the programs print only once every check of their own held. Each failure message is the program's output.
     *
     * @param program a program started by this class (or any forked program that ends with PASSED).
     * @param timeout how long it may run before it is killed and the test fails.
     * @return the program's output, for the caller's own checks.
     */
    static String assertPassed(final ForkedProcess program, final Duration timeout) throws InterruptedException
    {
        final int exitCode = program.awaitExit(timeout);
        final String output = program.output();
        assertEquals(0, exitCode, output);
        assertTrue(output.contains("\nPASSED"), output);
        return output;
    }

    /**
     * The program through the agent against an emulated executor started for it over the transport in {@code work},
     * which must pass ({@link #assertPassed}); the executor is gone when this returns.
     *
     * @return the program's output, for the caller's own checks.
     */
    static String runPassing(final Transport transport, final Path work, final Class<?> program,
        final Duration timeout, final String... args) throws IOException, InterruptedException
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            return assertPassed(start(executor.agentOptions(""), program, args), timeout);
        }
    }

    private static ForkedProcess startOn(
        final String java, final String agentOptions, final Map<String, String> environment, final Class<?> program,
        final String... args) throws IOException
    {
        return startOn(java, agentOptions, environment, Artifacts.programClasspath(), program, args);
    }

    private static ForkedProcess startOn(
        final String java, final String agentOptions, final Map<String, String> environment, final String classpath,
        final Class<?> program, final String... args) throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(java);
        command.add("-Xmx1g");
        command.add("-javaagent:" + Artifacts.agentJar() + (agentOptions.isEmpty() ? "" : "=" + agentOptions));
        command.add("-cp");
        command.add(classpath);
        command.add(program.getName());
        command.addAll(List.of(args));
        return new ForkedProcess(program.getSimpleName(), command, environment);
    }
}
