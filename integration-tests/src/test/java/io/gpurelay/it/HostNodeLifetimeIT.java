package io.gpurelay.it;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.HostNodeLifetimeProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The agent keeps a CUDA graph host node's function and user data while something can still run them, and no
 * longer: an unmodified JCuda program ({@link HostNodeLifetimeProgram}) builds, clones, nests, sets, captures,
 * instantiates, launches and destroys graphs with host nodes against the emulated executor, checks that each exec runs
 * its host functions (after its graph was destroyed too), and that each user data object becomes unreachable once the
 * last graph, node and exec that held it is gone, and not before (a refused destroy frees nothing); a capture whose
 * stream is destroyed, a launch that fails and a session that is lost keep nothing either.
 */
class HostNodeLifetimeIT
{
    /** Worker processes start slowly on a busy machine. */
    private static final Duration START = Duration.ofSeconds(120);

    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void hostNodeFunctionsAreKeptWhileAGraphOrExecHoldsThem(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            runTheProgram(executor, Duration.ofSeconds(240));
        }
    }

    /**
     * Run {@link HostNodeLifetimeProgram} against the executor: it passes, and every call it checks succeeded.
     */
    static void runTheProgram(final Executor executor, final Duration timeout) throws Exception
    {
        final ForkedProcess client = Client.start(executor.agentOptions(""), HostNodeLifetimeProgram.class);
        final String output = Client.assertPassed(client, timeout);
        System.out.println(output);
        CallLines.assertAllSucceeded(output, "/embedded ", "/invalidated ", "FN cuStreamSynchronize/k ",
            "FN cuStreamSynchronize/failing ");
    }

    /**
     * A session that is lost takes its graphs and execs with it, so the agent must let their host nodes' functions
     * and user data go: the session's worker process is killed while a graph and an exec hold a host node.
     */
    @Test
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void aLostSessionLetsItsHostNodeFunctionsGo(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", "process", "--warm-workers", "1"))
        {
            loseTheSession(executor, START);
        }
    }

    /**
     * Run {@link HostNodeLifetimeProgram}'s lost-session case against an executor with process isolation: the
     * session's worker is killed once the program is ready, and the program passes only when the host node's user
     * data becomes unreachable after the loss.
     */
    static void loseTheSession(final Executor executor, final Duration timeout) throws Exception
    {
        final ForkedProcess client = Client.start(executor.agentOptions(""), HostNodeLifetimeProgram.class, "lose");
        try
        {
            client.awaitLine(Pattern.compile("^READY"), timeout);
            final Matcher placed = executor.process().awaitLine(Pattern.compile(
                "session \\d+ \\(client '[^']*' pid " + client.pid() + "\\) placed in worker \\d+ pid (\\d+)"),
                timeout);
            ProcessHandle.of(Long.parseLong(placed.group(1))).ifPresent(ProcessHandle::destroyForcibly);
            final String output = Client.assertPassed(client, timeout);
            System.out.println(output);
            assertTrue(output.contains("the session's worker died"), output);
        }
        finally
        {
            client.close();
        }
    }
}
