package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.gpurelay.it.javacpp.JavaCppSolverProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The cuSOLVER program of {@link JavaCppSolverIT} on the GPU host, twice: locally, on the host's CUDA through the
 * presets' own natives (the executor jar carries them), and through the agent against a gpu executor, with only the
 * presets' Java classes on its class path, over IPC and UDP. Each run checks its own solutions, pivots and infos; both
 * must print the same {@code RESULT} lines (the SHA-256 of each solution, factor, pivot array and info), since
 * cuSOLVER's getrf, getrs, potrf and potrs on fixed inputs give the same bits on one GPU. The remote run adds the
 * refusals, which print no {@code RESULT} line and would crash cuSOLVER locally.
 */
@Tag("gpu")
@ExtendWith(GpuAvailability.Required.class)
class JavaCppSolverGpuIT
{
    private static final Pattern RESULT = Pattern.compile("(?m)^RESULT \\S+ [0-9a-f]{64}$");

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 480, unit = TimeUnit.SECONDS)
    void theRemoteRunEqualsTheLocalOne(final Transport transport, @TempDir final Path work) throws Exception
    {
        final String local = JavaCppGpuRuns.local(JavaCppSolverProgram.class);
        assertTrue(local.contains("\nPASSED"), "local run:\n" + local);
        final List<String> localResults = results(local);
        assertFalse(localResults.isEmpty(), "local run:\n" + local);
        try (Executor executor = Executor.startWithBackend("gpu", transport.newChannel(), work))
        {
            final ForkedProcess client = Client.startJavaCpp(executor.agentOptions(""), JavaCppSolverProgram.class,
                "refusals");
            final String remote = Client.assertPassed(client, JavaCppGpuRuns.RUN);
            assertEquals(localResults, results(remote), "remote results equal the local run's\nlocal:\n" + local +
                "\nremote:\n" + remote);
            final List<String> expected = new ArrayList<>(JavaCppSolverIT.solverChecks());
            expected.addAll(JavaCppSolverIT.REFUSALS);
            final Set<String> lines = remote.lines().collect(Collectors.toSet());
            for (final String line : expected)
            {
                assertTrue(lines.contains(line), "missing: " + line + "\n" + remote);
            }
            assertFalse(remote.contains(" FAILED"), remote);
            assertFalse(remote.contains("UnsatisfiedLinkError"), remote);
            assertFalse(remote.contains("is not supported by gpurelay"), "every call the program makes is " +
                "remoted:\n" + remote);
            executor.process().awaitLine(Pattern.compile("session \\d+ .*client .* pid " + client.pid() + "\\b"),
                Duration.ofSeconds(10));
        }
    }

    /** @return the run's {@code RESULT} lines, in order. */
    private static List<String> results(final String output)
    {
        final List<String> lines = new ArrayList<>();
        final Matcher matcher = RESULT.matcher(output);
        while (matcher.find())
        {
            lines.add(matcher.group());
        }
        return lines;
    }
}
