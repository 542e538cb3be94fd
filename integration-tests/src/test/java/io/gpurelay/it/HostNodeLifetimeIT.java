package io.gpurelay.it;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.HostNodeLifetimeProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The agent keeps a CUDA graph host node's function and user data while something can still run them, and no
 * longer: an unmodified JCuda program ({@link HostNodeLifetimeProgram}) builds, clones, nests, sets, captures,
 * instantiates, launches and destroys graphs with host nodes against the emulated executor, checks that each exec runs
 * its host functions (after its graph was destroyed too), and that each user data object becomes unreachable once the
 * last graph, node and exec that held it is gone, and not before (a refused destroy frees nothing).
 */
class HostNodeLifetimeIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void hostNodeFunctionsAreKeptWhileAGraphOrExecHoldsThem(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), HostNodeLifetimeProgram.class);
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            System.out.println(output);
            CallLines.assertAllSucceeded(output, "/embedded ", "/invalidated ", "FN cuStreamSynchronize/k ");
        }
    }
}
