package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.gpurelay.it.programs.GraphsProgram;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * CUDA graphs of an unmodified JCuda program, through the agent, against the emulated executor over IPC and UDP: graphs built node by
 * node, queried, instantiated, launched, changed, cloned and nested compute what CUDA's would, their host nodes run
 * the program's own functions in order ({@link GraphsProgram}
 * checks the results), and what gpurelay refuses (a memcpy node from host memory, stale handles, a cycle, a node
 * outside its allocation) is refused with CUDA's status and a message naming the function.
 */
class GraphsIT
{
    @ParameterizedTest
    @EnumSource(Transport.class)
    @Timeout(value = 300, unit = TimeUnit.SECONDS)
    void graphsRunOnTheEmulatorAndRefusalsAreNamed(final Transport transport, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(transport.newChannel(), work))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), GraphsProgram.class,
                Artifacts.kernelsDir().toString(), "refusals");
            final String output = Client.assertPassed(client, Duration.ofSeconds(240));
            System.out.println(output);
            // Every call of the sequence succeeded where CUDA succeeds.
            CallLines.assertAllSucceeded(output, "/again ", "/of-another-graph ");
            assertTrue(output.contains("FN cuGraphGetEdges/graph status=0 5 [copy->empty, empty->record, " +
                "saxpy->copy, setX->saxpy, setY->saxpy]"), output);
            assertTrue(output.contains("FN cuGraphGetRootNodes/graph status=0 2 [setX, setY]"), output);
            assertTrue(output.contains("FN cuGraphGetNodes/graph status=0 6 [copy, empty, record, saxpy, setX, " +
                "setY]"), output);
            assertTrue(output.contains("FN cuGraphRemoveDependencies/again status=1"), output);
            assertTrue(output.contains("FN host-functions/ran status=0 [a, b, d, a, b, d, c, b, d]"), output);
            assertTrue(output.contains("FN cuGraphNodeFindInClone/of-another-graph status=1"), output);
            assertTrue(output.contains("cuGraphAddMemcpyNode: the source is host memory, which is in this process"),
                output);
            assertTrue(output.contains("cuGraphInstantiate: graph 0x") && output.contains(" has a cycle"), output);
            assertTrue(output.contains("cuGraphNodeGetType: 0x") && output.contains("no longer live"), output);
        }
    }
}
