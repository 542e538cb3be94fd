package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the JavaCPP tests on the GPU host share: a program's run without the agent, on the presets' own natives and the
 * host's CUDA (the executor jar carries the natives), and the hash of device results each run prints, which a run
 * through gpurelay must print alike.
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
     * @return the run's {@code result-hash} line; the run must have printed one and passed its own checks.
     */
    static String hash(final String output, final String run)
    {
        final Matcher matcher = HASH.matcher(output);
        assertTrue(matcher.find() && output.contains("\nPASSED"), run + " run:\n" + output);
        return matcher.group();
    }
}
