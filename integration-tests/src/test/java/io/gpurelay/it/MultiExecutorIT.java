package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.TwoDeviceProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One application, the devices of two executors: {@code executor=A;B} shows executor A's device as 0 and B's as 1.
 * The executors are told apart by their device memory (1 GiB and 2 GiB), which each device reports.
 */
class MultiExecutorIT
{
    private static final long ONE_GIB = 1L << 30;
    private static final int PEER_COPY_MIB = 16;
    private static final Pattern PEER_COPY = Pattern.compile("PEER COPY (\\d+) MiB (\\d+) ms");

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void devicesOfTwoExecutorsAreOneList(@TempDir final Path work) throws Exception
    {
        try (Executor first = Executor.start(Transport.UDP.newChannel(), work.resolve("first"),
                "--device-memory", "1g");
            Executor second = Executor.start(Transport.UDP.newChannel(), work.resolve("second"),
                "--device-memory", "2g"))
        {
            final ForkedProcess client = Client.start("executor=" + first.channel() + ";" + second.channel() +
                    ",timeout=10s", TwoDeviceProgram.class, Artifacts.kernelsDir().toString(), "2",
                Integer.toString(PEER_COPY_MIB));
            final String output = Client.assertPassed(client, Duration.ofSeconds(180));
            assertTrue(output.contains("DEVICE 0 TOTAL " + ONE_GIB), output);
            assertTrue(output.contains("DEVICE 1 TOTAL " + 2 * ONE_GIB), output);
            assertTrue(output.contains("RUNTIME DEVICE 0 TOTAL " + ONE_GIB), output);
            assertTrue(output.contains("RUNTIME DEVICE 1 TOTAL " + 2 * ONE_GIB), output);
            assertTrue(output.contains("are on different executors"), output);
            // cuBLAS handles' pointer modes and managed memory's host views are each executor's own.
            assertTrue(output.contains("CUBLAS POINTER MODES KEPT APART"), output);
            assertTrue(output.contains("MANAGED HOST VIEWS KEPT APART"), output);
            // Device ordinals inside structs and plain int arguments, on the second executor's device.
            assertTrue(output.contains("ORDINALS ALLOCATION LOCATION 1:1"), output);
            assertTrue(output.contains("ORDINALS ACCESS OF DEVICE 1 3"), output);
            assertTrue(output.contains("ORDINALS PREFERRED LOCATION 1"), output);
            // A pointer of one executor's device asked of with the other's current: its executor answers.
            assertTrue(output.contains("POINTER RUNTIME device 1's memory from 0 2:1"), output);
            assertTrue(output.contains("POINTER RUNTIME device 1's managed memory from 0 3:1"), output);
            assertTrue(output.contains("POINTER RUNTIME device 0's memory from 1 2:0"), output);
            assertTrue(output.contains("POINTER DRIVER context 1's memory from 0 2:1"), output);
            assertTrue(output.contains("POINTER DRIVER ATTRIBUTES context 1's memory from 0 2:1"), output);
            assertTrue(output.contains("POINTER DRIVER context 0's memory from 1 2:0"), output);
            // A host node's exec on each executor: each launch runs its own exec's function, before and after the
            // other's exec is destroyed.
            assertTrue(output.contains("GRAPH HOST NODES device 0, both execs alive: [device 0]"), output);
            assertTrue(output.contains("GRAPH HOST NODES device 1, both execs alive: [device 1]"), output);
            assertTrue(output.contains("GRAPH HOST NODES device 0, device 1's exec destroyed: [device 0]"), output);
            final Matcher copy = PEER_COPY.matcher(output);
            assertTrue(copy.find(), output);
            System.out.println("cross-executor cudaMemcpyPeer of " + copy.group(1) + " MiB over loopback UDP: " +
                copy.group(2) + " ms");
        }
    }
}
