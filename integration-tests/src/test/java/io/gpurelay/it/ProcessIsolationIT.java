package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.FaultIsolationProgram;
import io.gpurelay.it.programs.HoldMemoryProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Process isolation end to end, on the emulated backend: each session in a worker process of the executor, through
 * the agent. Worker processes start slowly on a busy machine, so pools are small and waits generous, and every wait
 * is bounded.
 */
class ProcessIsolationIT
{
    private static final Duration START = Duration.ofSeconds(90);
    private static final Pattern WORKER_READY = Pattern.compile("worker \\d+ pid (\\d+) ready");

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void oneClientsFaultFailsItsOwnCallsOnlyAndANewClientAfterItWorks(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", "process", "--warm-workers", "2"))
        {
            final String kernels = Artifacts.kernelsDir().toString();
            final ForkedProcess bystander = Client.start(executor.agentOptions(""), FaultIsolationProgram.class,
                "loop", "12", "4096", kernels);
            try
            {
                bystander.awaitLine(Pattern.compile("^LOOPING"), START);
                final ForkedProcess faulty = Client.start(executor.agentOptions(""), FaultIsolationProgram.class,
                    "poke", kernels);
                assertEquals(0, faulty.awaitExit(START), faulty.output());
                assertTrue(faulty.output().contains("POKE status=CUDA_ERROR_ILLEGAL_ADDRESS"), faulty.output());
                assertTrue(faulty.output().contains("POKE sticky=CUDA_ERROR_ILLEGAL_ADDRESS"), faulty.output());

                final ForkedProcess fresh = Client.start(executor.agentOptions(""), FaultIsolationProgram.class,
                    "fresh");
                assertEquals(0, fresh.awaitExit(START), fresh.output());
                assertTrue(fresh.output().contains("FRESH status=CUDA_SUCCESS"), fresh.output());

                assertEquals(0, bystander.awaitExit(START), bystander.output());
                final Matcher iterations = Pattern.compile("ITERATIONS total=(\\d+) failed=(\\d+)")
                    .matcher(bystander.output());
                assertTrue(iterations.find(), bystander.output());
                assertTrue(Long.parseLong(iterations.group(1)) > 0, bystander.output());
                assertEquals("0", iterations.group(2), bystander.output());
            }
            finally
            {
                bystander.close();
            }
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void startedAsJavaJarWithNoJvmOptionItsWorkersServeASession(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.startAsJarOnly("aeron:ipc", work, "--isolation", "process",
            "--warm-workers", "1"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), FaultIsolationProgram.class, "fresh");
            try
            {
                assertEquals(0, client.awaitExit(START), client.output() + "\nexecutor:\n" + executor.process().output());
                assertTrue(client.output().contains("FRESH status=CUDA_SUCCESS"), client.output());
            }
            finally
            {
                client.close();
            }
            assertTrue(executor.process().anyLine(line -> WORKER_READY.matcher(line).find()),
                executor.process().output());
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledClientsWorkerEndsWithinTheKeepAliveTimeout(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", "process", "--warm-workers", "1",
            "--keepalive-timeout", "2s"))
        {
            final ForkedProcess client = Client.start(executor.agentOptions(""), HoldMemoryProgram.class, "8");
            final long worker;
            try
            {
                client.awaitLine(Pattern.compile("^HOLDING 8388608 bytes"), START);
                worker = workerOf(executor, client.pid());
            }
            finally
            {
                client.kill();
            }
            final Matcher closed = executor.process().awaitLine(Pattern.compile("gpurelay worker " + worker +
                " .*session \\S+ \\(client .*pid " + client.pid() + "\\) closed: .*freed (\\d+) allocations"), START);
            assertEquals("8", closed.group(1), executor.process().output());
            awaitGone(worker, Duration.ofSeconds(30));
            assertTrue(executor.process().isAlive(), "the executor keeps running");
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledWorkersClientGetsTheReasonWithinItsTimeoutAndOthersGoOn(@TempDir final Path work) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", "process", "--warm-workers", "2"))
        {
            final ForkedProcess bystander = Client.start(executor.agentOptions(""), FaultIsolationProgram.class,
                "loop", "10", "1024", Artifacts.kernelsDir().toString());
            final ForkedProcess victim = Client.start(executor.agentOptions(""), FaultIsolationProgram.class, "wait");
            try
            {
                bystander.awaitLine(Pattern.compile("^LOOPING"), START);
                victim.awaitLine(Pattern.compile("^READY"), START);
                final long worker = workerOf(executor, victim.pid());
                ProcessHandle.of(worker).ifPresent(ProcessHandle::destroyForcibly);

                victim.awaitLine(Pattern.compile("^FAILED status=CUDA_ERROR"), Duration.ofSeconds(10));
                assertTrue(victim.anyLine(line -> line.contains("the session's worker died: signal 9")),
                    () -> victim.output() + "\nexecutor:\n" + executor.process().output());
                assertEquals(1, victim.countLines(line -> line.contains("the session's worker died")),
                    "said once:\n" + victim.output());
                assertEquals(0, victim.awaitExit(START), victim.output());

                assertEquals(0, bystander.awaitExit(START), bystander.output());
                assertTrue(bystander.output().contains("failed=0"), bystander.output());
                assertTrue(executor.process().anyLine(line ->
                    line.contains("its worker") && line.contains("pid " + worker + " died: signal 9")),
                    executor.process().output());
            }
            finally
            {
                victim.close();
                bystander.close();
            }
        }
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledExecutorLeavesNoWorkerBehind(@TempDir final Path work) throws Exception
    {
        final Executor executor = Executor.start("aeron:ipc", work, "--isolation", "process", "--warm-workers", "2");
        final List<Long> workers = new ArrayList<>();
        try
        {
            awaitReadyWorkers(executor, 2);
            executor.process().output().lines().map(WORKER_READY::matcher).filter(Matcher::find)
                .forEach(matcher -> workers.add(Long.parseLong(matcher.group(1))));
            assertEquals(2, workers.size(), executor.process().output());
            executor.process().kill();
            for (final long worker : workers)
            {
                awaitGone(worker, Duration.ofSeconds(30));
            }
        }
        finally
        {
            executor.close();
            workers.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
        }
    }

    private static void awaitReadyWorkers(final Executor executor, final int count) throws InterruptedException
    {
        final long deadline = System.nanoTime() + START.toNanos();
        while (executor.process().countLines(line -> WORKER_READY.matcher(line).find()) < count)
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("fewer than " + count + " workers ready within " + START + ":\n" +
                    executor.process().output());
            }
            Thread.sleep(50);
        }
    }

    private static long workerOf(final Executor executor, final long clientPid) throws InterruptedException
    {
        final Matcher placed = executor.process().awaitLine(Pattern.compile(
            "session \\d+ \\(client '[^']*' pid " + clientPid + "\\) placed in worker \\d+ pid (\\d+)"), START);
        return Long.parseLong(placed.group(1));
    }

    private static void awaitGone(final long pid, final Duration timeout) throws Exception
    {
        final Optional<ProcessHandle> process = ProcessHandle.of(pid);
        if (process.isPresent())
        {
            try
            {
                process.get().onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
            }
            catch (final TimeoutException ex)
            {
                throw new AssertionError("process " + pid + " still runs after " + timeout, ex);
            }
        }
    }
}
