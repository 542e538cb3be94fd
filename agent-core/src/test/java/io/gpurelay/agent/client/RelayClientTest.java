package io.gpurelay.agent.client;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.gpurelay.agent.config.AgentConfig;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.InMemoryExecutor;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 30, unit = TimeUnit.SECONDS)
class RelayClientTest
{
    private static final long[] NO_ARGS = new long[0];

    @TempDir
    Path directory;

    private InMemoryExecutor executor;
    private RelayClient client;

    @AfterEach
    void close()
    {
        if (client != null)
        {
            client.close();
        }
        if (executor != null)
        {
            executor.close();
        }
    }

    @Test
    void connectsOnTheFirstCallAndRelaysIt()
    {
        startIpcExecutor();
        client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=5s");
        assertTrue(executor.events().isEmpty(), "nothing sent before the first call");

        final long[] results = new long[1];
        assertEquals(RuntimeStatus.SUCCESS, client.call(Function.CUDA_GET_DEVICE_COUNT, 0, NO_ARGS, null, null,
            results));
        assertEquals(InMemoryExecutor.DEVICE_COUNT, results[0]);
        assertEquals(InMemoryExecutor.DEVICE_COUNT, client.deviceCount());
        assertTrue(executor.events().get(0).startsWith("connect "), executor.events().toString());
    }

    @Test
    void manyThreadsCallAtOnceAndEachGetsItsOwnReply() throws Exception
    {
        startIpcExecutor();
        client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=5s");
        final Set<Long> addresses = ConcurrentHashMap.newKeySet();
        final ExecutorService threads = Executors.newFixedThreadPool(8);
        try
        {
            final Future<?>[] futures = new Future<?>[8];
            for (int t = 0; t < futures.length; t++)
            {
                final int thread = t;
                futures[t] = threads.submit(() ->
                {
                    for (int i = 0; i < 200; i++)
                    {
                        final long[] result = new long[1];
                        assertEquals(RuntimeStatus.SUCCESS, client.call(Function.CUDA_MALLOC, 0,
                            new long[]{ 64 + thread }, null, null, result));
                        assertTrue(addresses.add(result[0]));
                        final ByteArrayPayload bytes = new ByteArrayPayload(new byte[]{ (byte)thread, (byte)i });
                        assertEquals(RuntimeStatus.SUCCESS, client.call(Function.CUDA_MEMCPY_HTOD, 0,
                            new long[]{ result[0] + 10, 2 }, bytes, null, null));
                        final ByteArrayPayload back = new ByteArrayPayload();
                        assertEquals(RuntimeStatus.SUCCESS, client.call(Function.CUDA_MEMCPY_DTOH, 0,
                            new long[]{ result[0] + 10, 2 }, null, back, null));
                        assertArrayEquals(new byte[]{ (byte)thread, (byte)i }, back.bytes());
                    }
                    return null;
                });
            }
            for (final Future<?> future : futures)
            {
                future.get(20, TimeUnit.SECONDS);
            }
        }
        finally
        {
            threads.shutdownNow();
        }
        assertEquals(1600, addresses.size());
    }

    @Test
    void aFailedPipelinedCallIsReportedByTheNextSynchronisingCall()
    {
        startIpcExecutor();
        client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=5s");
        final long[] address = new long[1];
        client.call(Function.CUDA_MALLOC, 0, new long[]{ 256 }, null, null, address);

        assertEquals(RuntimeStatus.SUCCESS, client.callPipelined(Function.CUDA_MEMSET, 0,
            new long[]{ address[0], 1, 256 }, null));
        executor.fail(Function.CUDA_MEMSET, RuntimeStatus.ILLEGAL_ADDRESS);
        assertEquals(RuntimeStatus.SUCCESS, client.callPipelined(Function.CUDA_MEMSET, 0,
            new long[]{ address[0], 2, 256 }, null));

        assertEquals(RuntimeStatus.ILLEGAL_ADDRESS,
            client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
        assertEquals(RuntimeStatus.SUCCESS,
            client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
        assertTrue(executor.events().contains("call CUDA_MEMSET pipelined"), executor.events().toString());
    }

    @Test
    void withoutAnExecutorTheFirstCallSaysSoOnceAndEveryCallFailsFast()
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            final Path nothing = directory.resolve("no-driver");
            client = client("executor=aeron:ipc,aeron.dir=" + nothing + ",timeout=2s");

            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
                client.call(Function.CUDA_GET_DEVICE_COUNT, 0, NO_ARGS, null, null, new long[1]));
            final long start = System.nanoTime();
            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
                client.call(Function.CUDA_MALLOC, 0, new long[]{ 16 }, null, null, new long[1]));
            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE, client.connect());
            assertTrue(System.nanoTime() - start < TimeUnit.MILLISECONDS.toNanos(100));

            assertEquals(1, log.lines().size(), log.lines().toString());
            assertEquals("gpurelay: no executor answered on aeron:ipc (no media driver runs in aeron dir " +
                nothing + ", so no executor shares it); CUDA calls return cudaErrorDevicesUnavailable",
                log.lines().get(0));
        }
    }

    @Test
    void withoutAnExecutorOverUdpTheFirstCallGivesUpAfterTheTimeout() throws IOException
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            final String channel = "aeron:udp?endpoint=localhost:" + FreePorts.udp();
            client = client("executor=" + channel + ",aeron.dir=" + directory.resolve("no-driver") + ",timeout=1s");

            final long start = System.nanoTime();
            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
                client.call(Function.CUDA_GET_DEVICE_COUNT, 0, NO_ARGS, null, null, new long[1]));
            final long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertTrue(elapsedMs >= 1000 && elapsedMs < 4000, elapsedMs + " ms");
            assertEquals(1, log.lines().size(), log.lines().toString());
            assertTrue(log.lines().get(0).startsWith("gpurelay: no executor answered on " + channel), log.lines().get(0));
            assertTrue(log.lines().get(0).endsWith(
                " within 1000 ms; CUDA calls return cudaErrorDevicesUnavailable"), log.lines().get(0));
        }
    }

    @Test
    void overUdpRepliesComeBackToAnAddressTheSystemPicked() throws IOException
    {
        final String channel = "aeron:udp?endpoint=localhost:" + FreePorts.udp();
        executor = new InMemoryExecutor(channel, directory.resolve("executor-aeron"));
        client = client("executor=" + channel + ",aeron.dir=" + directory.resolve("client-aeron") + ",timeout=5s");

        final long[] results = new long[2];
        assertEquals(RuntimeStatus.SUCCESS, client.call(Function.CUDA_MEM_GET_INFO, 0, NO_ARGS, null, null,
            results));
        assertEquals(InMemoryExecutor.TOTAL_MEMORY, results[1]);
    }

    @Test
    void aRefusalIsReportedWithTheExecutorsDetail()
    {
        startIpcExecutor();
        executor.rejectWith("client speaks protocol 9.0.0, executor 0.1.0");
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=5s");

            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE, client.connect());
            assertEquals(1, log.lines().size(), log.lines().toString());
            assertTrue(log.lines().get(0).contains("refused the session (VERSION_MISMATCH): client speaks protocol " +
                "9.0.0, executor 0.1.0; CUDA calls return cudaErrorDevicesUnavailable"), log.lines().get(0));
        }
    }

    @Test
    void anExecutorThatStopsAnsweringFailsCallsWithinTheTimeoutThenAtOnce()
    {
        startIpcExecutor();
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=1s");
            assertEquals(RuntimeStatus.SUCCESS, client.connect());
            executor.stopAnswering();

            final long start = System.nanoTime();
            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
                client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
            final long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(elapsedMs >= 1000 && elapsedMs < 3000, elapsedMs + " ms");

            final long again = System.nanoTime();
            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
                client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
            assertTrue(System.nanoTime() - again < TimeUnit.MILLISECONDS.toNanos(100));

            assertEquals(1, log.lines().size(), log.lines().toString());
            assertEquals("gpurelay: lost the executor on aeron:ipc (no reply to CUDA_DEVICE_SYNCHRONIZE within " +
                "1000 ms); CUDA calls return cudaErrorDevicesUnavailable", log.lines().get(0));
        }
    }

    @Test
    void aFailedSessionFailsItsPendingAndLaterCallsAtOnceSayingWhyOnce() throws Exception
    {
        startIpcExecutor();
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=30s");
            assertEquals(RuntimeStatus.SUCCESS, client.connect());
            executor.stopAnswering();
            final CompletableFuture<Integer> pending = CompletableFuture.supplyAsync(
                () -> client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
            final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (executor.calls(Function.CUDA_DEVICE_SYNCHRONIZE).isEmpty() && System.nanoTime() < deadline)
            {
                Thread.sleep(1);
            }

            executor.failSessions("the session's worker died: signal 9 (SIGKILL)");

            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE, pending.get(10, TimeUnit.SECONDS),
                "well within the 30 s timeout");
            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
                client.call(Function.CUDA_GET_DEVICE_COUNT, 0, NO_ARGS, null, null, new long[1]));
            assertEquals(List.of("gpurelay: lost the executor on aeron:ipc (session 1 failed: the session's worker " +
                "died: signal 9 (SIGKILL)); CUDA calls return cudaErrorDevicesUnavailable"), log.lines());
        }
    }

    @Test
    void aDeviceResetAfterTheExecutorWasLostOpensANewSession()
    {
        startIpcExecutor();
        client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=1s");
        assertEquals(RuntimeStatus.SUCCESS, client.connect());
        executor.stopAnswering();
        assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
            client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));

        executor.resumeAnswering();
        assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
            client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null),
            "an ordinary call does not open a new session");
        assertEquals(RuntimeStatus.SUCCESS, client.call(Function.CUDA_DEVICE_RESET, 0, NO_ARGS, null, null, null));
        assertEquals(RuntimeStatus.SUCCESS,
            client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
        assertEquals(2, executor.events().stream().filter(event -> event.startsWith("connect ")).count(),
            executor.events().toString());
    }

    @Test
    void aCallWaitsAsLongAsTheExecutorSaysItIsAlive()
    {
        startIpcExecutor();
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=1s");
            assertEquals(RuntimeStatus.SUCCESS, client.connect());
            executor.slow(Function.CUDA_DEVICE_SYNCHRONIZE, 3_000, true);

            final long start = System.nanoTime();
            assertEquals(RuntimeStatus.SUCCESS,
                client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
            final long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertTrue(elapsedMs >= 3_000, "three times the timeout, kept alive by keep-alives: " + elapsedMs + " ms");
            assertEquals(RuntimeStatus.SUCCESS, client.call(Function.CUDA_GET_DEVICE_COUNT, 0, NO_ARGS, null, null,
                new long[1]), "the executor was never taken for lost");
            assertEquals(0, log.lines().size(), log.lines().toString());
        }
    }

    @Test
    void aCallDuringWhichTheExecutorFallsSilentLosesTheExecutorAfterTheTimeout()
    {
        startIpcExecutor();
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=1s");
            assertEquals(RuntimeStatus.SUCCESS, client.connect());
            executor.slow(Function.CUDA_DEVICE_SYNCHRONIZE, 3_000, false);

            final long start = System.nanoTime();
            assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
                client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
            final long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);

            assertTrue(elapsedMs >= 1_000 && elapsedMs < 2_500, elapsedMs + " ms");
            assertEquals(List.of("gpurelay: lost the executor on aeron:ipc (no reply to CUDA_DEVICE_SYNCHRONIZE " +
                "within 1000 ms); CUDA calls return cudaErrorDevicesUnavailable"), log.lines());
        }
    }

    @Test
    void aPipelinedFailureBelongsToTheContextItHappenedIn()
    {
        startIpcExecutor();
        client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=5s");
        final long[] address = new long[1];
        assertEquals(RuntimeStatus.SUCCESS, client.call(Function.CUDA_MALLOC, 0, new long[]{ 256 }, null, null,
            address));
        final long[] memset = { address[0], 1, 256, 0 };
        executor.fail(Function.CUDA_MEMSET_ASYNC, RuntimeStatus.ILLEGAL_ADDRESS, "illegal address in memset");

        assertEquals(RuntimeStatus.SUCCESS, client.callPipelined(Function.CUDA_MEMSET_ASYNC, 1, memset, null));
        assertEquals(RuntimeStatus.SUCCESS,
            client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null), "device 0 is healthy");
        assertEquals(RuntimeStatus.ILLEGAL_ADDRESS,
            client.callPipelined(Function.CUDA_MEMSET_ASYNC, 1, memset, null),
            "device 1's next call reports it, pipelined or not");
        assertEquals(RuntimeStatus.SUCCESS,
            client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 1, NO_ARGS, null, null, null), "once");
        assertEquals(1, executor.calls(Function.CUDA_MEMSET_ASYNC).size(),
            "the call that reported the failure was not sent");

        assertEquals(RuntimeStatus.SUCCESS, client.callPipelined(Function.CUDA_MEMSET_ASYNC, 1, memset, null));
        assertEquals(RuntimeStatus.SUCCESS,
            client.call(Function.CUDA_DEVICE_SYNCHRONIZE, 0, NO_ARGS, null, null, null));
        assertEquals(RuntimeStatus.SUCCESS, client.callEndingContext(Function.CUDA_DEVICE_RESET, 1, 1, NO_ARGS),
            "ending a context does not report what failed in it");
        executor.stopFailing();
        assertEquals(RuntimeStatus.SUCCESS, client.callPipelined(Function.CUDA_MEMSET_ASYNC, 1, memset, null),
            "and takes its failures with it");
    }

    @Test
    void aQuietSessionSendsKeepAlivesAndClosingEndsTheSession() throws InterruptedException
    {
        startIpcExecutor();
        client = client("executor=aeron:ipc,aeron.dir=" + directory.resolve("aeron") + ",timeout=5s");
        assertEquals(RuntimeStatus.SUCCESS, client.connect());

        Thread.sleep(InMemoryExecutor.KEEP_ALIVE_INTERVAL_MS * 4);
        assertTrue(executor.keepAlives() >= 2, "keep-alives: " + executor.keepAlives());

        client.close();
        final long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!executor.events().contains("close 1") && System.nanoTime() < deadline)
        {
            Thread.sleep(10);
        }
        assertTrue(executor.events().contains("close 1"), executor.events().toString());
        assertEquals(RuntimeStatus.DEVICES_UNAVAILABLE,
            client.call(Function.CUDA_GET_DEVICE_COUNT, 0, NO_ARGS, null, null, new long[1]));
    }

    private void startIpcExecutor()
    {
        executor = new InMemoryExecutor("aeron:ipc", directory.resolve("aeron"));
    }

    private static RelayClient client(final String agentArguments)
    {
        return new RelayClient(AgentConfig.resolve(agentArguments, new Properties(), Map.of()));
    }
}
