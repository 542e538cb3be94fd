package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.gpurelay.it.programs.DevicePrintfProgram;
import io.gpurelay.it.programs.SessionMemoryProgram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Device printf of an unmodified JCuda program reaching the program's own standard output, in order with its own
 * lines, and the per-session device memory limit, each through the agent and an executor process, with sessions in
 * the executor's process and in worker processes.
 */
class DevicePrintfIT
{
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void kernelPrintfLinesAppearOnTheClientsStdoutInOrder(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work))
        {
            assertPrintsInOrder(executor.agentOptions(""));
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void kernelPrintfLinesAppearOnTheClientsStdoutInOrderFromAWorkerProcess(@TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work, "--isolation", "process",
            "--warm-workers", "1"))
        {
            assertPrintsInOrder(executor.agentOptions(""));
        }
    }

    /**
     * On a GPU, CUDA writes device printf to file descriptor 1 of the process that runs the session. The executor
     * here is started as the supervisor starts a session's worker process: standard output redirected to a file named
     * by {@code gpurelay.worker.stdout}, which the session reads after each flushing call.
     */
    @Test
    @Tag("gpu")
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void kernelPrintfOfAGpuProcessWhoseStdoutIsAFileReachesTheClient(@TempDir final Path work) throws Exception
    {
        GpuAvailability.assumeUsable();
        final Path stdout = work.resolve("executor.stdout");
        final Path aeronDir = work.resolve("aeron-executor");
        final String channel = Transport.IPC.newChannel();
        final List<String> java = new ArrayList<>();
        java.add(Artifacts.java());
        java.add("-Xmx512m");
        java.addAll(Artifacts.JVM_OPENS);
        java.add("-Dgpurelay.worker.stdout=" + stdout);
        java.addAll(List.of("-jar", Artifacts.executorJar().toString(), "executor", "--channel", channel,
            "--backend", "gpu", "--aeron-dir", aeronDir.toString()));
        final String command = java.stream().map(DevicePrintfIT::quoted).collect(Collectors.joining(" ")) +
            " > " + quoted(stdout.toString());
        try (ForkedProcess executor = new ForkedProcess("executor", List.of("sh", "-c", "exec " + command)))
        {
            executor.awaitLine(Pattern.compile("serving \\S+ with the gpu backend"), Executor.READY_TIMEOUT);
            assertPrintsInOrder("executor=" + channel + ",aeron.dir=" + aeronDir + ",timeout=10s");
        }
    }

    private static String quoted(final String word)
    {
        return "'" + word.replace("'", "'\\''") + "'";
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void allocationsPastTheSessionMemoryLimitAreRefused(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start(Transport.IPC.newChannel(), work, "--session-memory", "8m",
            "--isolation", "process", "--warm-workers", "1"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), SessionMemoryProgram.class, "8");
            Client.assertPassed(client, Duration.ofSeconds(120));
            assertTrue(client.output().contains("refused with cudaErrorMemoryAllocation"), client.output());
            executor.process().awaitLine(Pattern.compile(
                "session \\d+: cudaMalloc of 4194304 bytes refused: the session holds 6291456 bytes and its quota " +
                "\\(--session-memory\\) is 8388608 bytes"), Duration.ofSeconds(10));
        }
    }

    private static void assertPrintsInOrder(final String agentOptions) throws Exception
    {
        final ForkedProcess client = Client.start(agentOptions, DevicePrintfProgram.class,
            Artifacts.kernelsDir().toString());
        final String output = Client.assertPassed(client, Duration.ofSeconds(120));
        assertFalse(output.contains(" FAILED "), output);

        final List<String> lines = Arrays.asList(output.split("\n"));
        final int launched = lines.indexOf("host: launched");
        final int synchronizedLine = lines.indexOf("host: synchronized");
        final int copied = lines.indexOf("host: copied");
        assertTrue(launched >= 0 && launched < synchronizedLine && synchronizedLine < copied, output);
        for (int i = 0; i < lines.size(); i++)
        {
            if (lines.get(i).startsWith("launch 1 "))
            {
                assertTrue(i > launched && i < synchronizedLine, "line " + i + " of:\n" + output);
            }
            if (lines.get(i).startsWith("launch 2 "))
            {
                assertTrue(i > synchronizedLine && i < copied, "line " + i + " of:\n" + output);
            }
        }
    }
}
