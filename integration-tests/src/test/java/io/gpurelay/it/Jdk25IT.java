package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.CublasProgram;
import io.gpurelay.it.programs.DriverKernelsProgram;
import io.gpurelay.it.programs.RuntimeMemoryProgram;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Applications on JDK 25: a few representative programs with the agent on a JDK 25 client JVM (the executor stays on
 * the build's JDK), passing as on 17, and the JVM printing no warning of its own (sun.misc.Unsafe, dynamic agents,
 * native access). JDK 25 is found at {@code gpurelay.jdk25.home}; where there is none, the tests are skipped and say
 * so.
 */
class Jdk25IT
{
    private static final Duration PROGRAM_TIMEOUT = Duration.ofSeconds(180);

    private static String java25;

    @BeforeAll
    static void findJdk25()
    {
        final String home = System.getProperty("gpurelay.jdk25.home", "");
        final Path java = Path.of(home, "bin", "java");
        if (home.isEmpty() || !Files.isExecutable(java))
        {
            System.out.println("Jdk25IT skipped: no JDK 25 at '" + home + "' (set -Dgpurelay.jdk25.home=DIR)");
        }
        assumeTrue(!home.isEmpty() && Files.isExecutable(java), "no JDK 25 at '" + home + "'");
        java25 = java.toString();
    }

    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void runtimeAndDriverProgramsPassOverIpc(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            assertPassesWithoutJvmWarnings(executor.agentOptions(""), RuntimeMemoryProgram.class, "16");
            assertPassesWithoutJvmWarnings(executor.agentOptions(""), DriverKernelsProgram.class,
                Artifacts.kernelsDir().toString());
        }
    }

    /**
     * Over UDP the client starts a media driver of its own, in its own directory: Aeron's driver code runs on JDK 25.
     */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void cublasProgramPassesOverUdpWithTheClientsOwnMediaDriver(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.UDP.newChannel(), work))
        {
            final String agentOptions = "executor=" + executor.channel() + ",aeron.dir=" +
                work.resolve("aeron-client") + ",timeout=10s";
            assertPassesWithoutJvmWarnings(agentOptions, CublasProgram.class);
        }
    }

    private static void assertPassesWithoutJvmWarnings(
        final String agentOptions, final Class<?> program, final String... args) throws Exception
    {
        try (ForkedProcess client = Client.startOn(java25, agentOptions, program, args))
        {
            final int exitCode = client.awaitExit(PROGRAM_TIMEOUT);
            final String output = client.output();
            assertEquals(0, exitCode, program.getSimpleName() + " on JDK 25:\n" + output);
            assertTrue(output.contains("\nPASSED"), program.getSimpleName() + " on JDK 25:\n" + output);
            final List<String> jvmWarnings = output.lines().filter(line -> line.startsWith("WARNING:")).toList();
            assertEquals(List.of(), jvmWarnings, program.getSimpleName() + " on JDK 25 prints JVM warnings:\n" + output);
        }
    }
}
