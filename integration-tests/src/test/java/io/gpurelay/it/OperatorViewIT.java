package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.HoldMemoryProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What an operator sees of an executor serving two clients that hold 3 MiB and 5 MiB of device memory:
 * {@code gpurelay stat --once} (table and JSON) lists both sessions with their client, pids and memory, and the
 * metrics endpoint serves valid Prometheus text with the sessions, calls, memory and call durations. When one client
 * is killed its session, and its memory, leave both views. With process isolation each session shows the worker
 * process that serves it, and the totals count each session and call once although the executor and every worker
 * have counters of their own.
 */
class OperatorViewIT
{
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final long MIB = 1L << 20;

    @ParameterizedTest
    @ValueSource(strings = {"thread", "process"})
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void statAndMetricsShowBothSessionsAndTheirMemory(final String isolation, @TempDir final Path work)
        throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", isolation, "--warm-workers", "2",
            "--metrics-port", "0", "--keepalive-timeout", "10s"))
        {
            final Matcher metrics = executor.process().awaitLine(
                Pattern.compile("serving metrics on (http://127\\.0\\.0\\.1:\\d+/metrics)"), WAIT);
            final URI metricsUri = URI.create(metrics.group(1));
            try (ForkedProcess first = holder(executor, "first-holder", 3);
                ForkedProcess second = holder(executor, "second-holder", 5))
            {
                final String json = stat(executor, "--json");
                final long firstWorker = assertSession(json, "first-holder", first.pid(), 3 * MIB);
                final long secondWorker = assertSession(json, "second-holder", second.pid(), 5 * MIB);
                final long executorPid = executor.process().pid();
                if (isolation.equals("process"))
                {
                    assertTrue(firstWorker != executorPid && secondWorker != executorPid && firstWorker != secondWorker,
                        "each session in a worker process of its own: " + json);
                }
                else
                {
                    assertEquals(List.of(executorPid, executorPid), List.of(firstWorker, secondWorker), json);
                }
                assertTrue(json.contains("\"devices\":[{\"device\":0,\"memoryHeldBytes\":" + 8 * MIB +
                    ",\"totalBytes\":" + 4096 * MIB + ",\"freeBytes\":"), json);
                assertTrue(json.contains("\"sessionsOpen\":2"), json);

                final String table = stat(executor);
                assertTableRow(table, "first-holder", first.pid(), firstWorker, "3.0 MiB");
                assertTableRow(table, "second-holder", second.pid(), secondWorker, "5.0 MiB");
                assertTrue(table.lines().anyMatch(line -> line.matches("0\\s+8\\.0 MiB\\s+\\d.*\\s+4\\.0 GiB")),
                    table);

                final PrometheusText scraped = PrometheusText.parse(scrape(metricsUri));
                assertEquals(2.0, scraped.value("gpurelay_sessions"), scraped.samples().toString());
                assertEquals("gauge", scraped.type("gpurelay_sessions"));
                assertEquals(2.0, scraped.value("gpurelay_sessions_opened_total"));
                assertEquals("counter", scraped.type("gpurelay_sessions_opened_total"));
                assertEquals(8.0 * MIB, scraped.value("gpurelay_device_memory_held_bytes{device=\"0\"}"));
                assertEquals(4096.0 * MIB, scraped.value("gpurelay_device_memory_total_bytes{device=\"0\"}"));
                assertTrue(scraped.value("gpurelay_device_memory_free_bytes{device=\"0\"}") <= 4096.0 * MIB,
                    scraped.samples().toString());
                assertEquals(List.of(3.0 * MIB), scraped.samples().entrySet().stream()
                    .filter(sample -> sample.getKey().matches("gpurelay_session_device_memory_held_bytes\\{" +
                        "client=\"first-holder\",host=\"local\",session=\"\\d+\",worker_pid=\"" + firstWorker +
                        "\"}"))
                    .map(Map.Entry::getValue).toList(), scraped.samples().toString());
                // Each holder mallocs and memsets each MiB: 16 runtime calls at least, all of them answered.
                final double runtimeCalls = scraped.value("gpurelay_calls_total{family=\"runtime\"}");
                assertTrue(runtimeCalls >= 16, scraped.samples().toString());
                assertEquals(0.0, scraped.value("gpurelay_calls_failed_total{family=\"runtime\"}"));
                assertEquals(0.0, scraped.value("gpurelay_errors_total{kind=\"internal\"}"));
                assertEquals(0.0, scraped.value("gpurelay_errors_total{kind=\"malformed_message\"}"));
                assertCallDurationHistogram(scraped, runtimeCalls);

                first.kill();
                final PrometheusText afterKill = awaitSessions(metricsUri, 1.0);
                assertEquals(5.0 * MIB, afterKill.value("gpurelay_device_memory_held_bytes{device=\"0\"}"));
                final String jsonAfterKill = stat(executor, "--json");
                assertTrue(!jsonAfterKill.contains("first-holder"), jsonAfterKill);
                assertSession(jsonAfterKill, "second-holder", second.pid(), 5 * MIB);
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void statWithoutAnExecutorSaysSoAndFails(@TempDir final Path work) throws Exception
    {
        try (ForkedProcess stat = statProcess(work.resolve("no-driver-here"), "--once"))
        {
            assertEquals(1, stat.awaitExit(WAIT), stat.output());
            assertTrue(stat.output().contains("no media driver in " + work.resolve("no-driver-here")), stat.output());
        }
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void remoteStatOverUdpProvesTheTokenAndShowsBothSessions(@TempDir final Path work) throws Exception
    {
        final Path tokenFile = secretFile(work.resolve("token"), "remote-stat-secret");
        final Path wrongToken = secretFile(work.resolve("wrong"), "not-the-secret");
        final String channel = Transport.UDP.newChannel();
        try (Executor executor = Executor.start(channel, work, "--isolation", "thread", "--token-file",
            tokenFile.toString(), "--keepalive-timeout", "10s");
            ForkedProcess first = holder(executor, "first-remote", 2, "token.file=" + tokenFile);
            ForkedProcess second = holder(executor, "second-remote", 4, "token.file=" + tokenFile))
        {
            final String json = remoteStat(channel, tokenFile, 0, "--json");
            assertSession(json, "first-remote", "[^\"]+", first.pid(), 2 * MIB);
            assertSession(json, "second-remote", "[^\"]+", second.pid(), 4 * MIB);
            assertTrue(json.contains("\"devices\":[{\"device\":0,\"memoryHeldBytes\":" + 6 * MIB +
                ",\"totalBytes\":" + 4096 * MIB + ",\"freeBytes\":"), json);
            assertTrue(json.contains("\"sessionsOpen\":2"), json);

            final String refused = remoteStat(channel, wrongToken, 1);
            assertTrue(refused.contains("the executor refused: authentication failed: the stat request does not " +
                "prove the executor's token"), refused);
            executor.process().awaitLine(Pattern.compile("stat request from .* rejected: authentication failed"),
                WAIT);
        }
    }

    private static Path secretFile(final Path file, final String secret) throws IOException
    {
        Files.writeString(file, secret + "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        return file;
    }

    private static String remoteStat(final String channel, final Path tokenFile, final int exitStatus,
        final String... options) throws Exception
    {
        final List<String> command = new ArrayList<>(List.of(Artifacts.java()));
        command.addAll(Artifacts.JVM_OPENS);
        command.addAll(List.of("-jar", Artifacts.executorJar().toString(), "stat", "--executor", channel,
            "--token-file", tokenFile.toString(), "--once", "--interval", "200", "--timeout", "20000"));
        command.addAll(List.of(options));
        try (ForkedProcess stat = new ForkedProcess("remote-stat", command))
        {
            assertEquals(exitStatus, stat.awaitExit(WAIT), stat.output());
            return stat.output();
        }
    }

    private static ForkedProcess holder(final Executor executor, final String name, final int mebibytes)
        throws IOException, InterruptedException
    {
        return holder(executor, name, mebibytes, "");
    }

    private static ForkedProcess holder(
        final Executor executor, final String name, final int mebibytes, final String options)
        throws IOException, InterruptedException
    {
        final ForkedProcess client = Client.start(
            executor.agentOptions("client.name=" + name + (options.isEmpty() ? "" : "," + options)),
            HoldMemoryProgram.class, Integer.toString(mebibytes));
        try
        {
            client.awaitLine(Pattern.compile("^HOLDING " + mebibytes * MIB + " bytes"), WAIT);
            return client;
        }
        catch (final AssertionError | InterruptedException ex)
        {
            client.close();
            throw ex;
        }
    }

    private static String stat(final Executor executor, final String... options) throws Exception
    {
        final List<String> arguments = new ArrayList<>(List.of("--once", "--interval", "200"));
        arguments.addAll(List.of(options));
        try (ForkedProcess stat = statProcess(executor.aeronDir(), arguments.toArray(String[]::new)))
        {
            assertEquals(0, stat.awaitExit(WAIT), stat.output());
            return stat.output();
        }
    }

    private static ForkedProcess statProcess(final Path aeronDir, final String... options) throws IOException
    {
        final List<String> command = new ArrayList<>(List.of(Artifacts.java()));
        command.addAll(Artifacts.JVM_OPENS);
        command.addAll(List.of("-jar", Artifacts.executorJar().toString(), "stat", "--aeron-dir", aeronDir.toString()));
        command.addAll(List.of(options));
        return new ForkedProcess("stat", command);
    }

    /**
     * @return the pid of the process that serves the session.
     */
    private static long assertSession(final String json, final String client, final long pid, final long bytes)
    {
        return assertSession(json, client, "local", pid, bytes);
    }

    private static long assertSession(
        final String json, final String client, final String hostPattern, final long pid, final long bytes)
    {
        final Matcher session = Pattern.compile("\\{\"sessionId\":\\d+,\"client\":\"" + client +
            "\",\"host\":\"" + hostPattern + "\",\"clientPid\":" + pid +
            ",\"workerPid\":(\\d+),\"deviceMemoryBytes\":(\\d+)").matcher(json);
        assertTrue(session.find(), "no session of " + client + " pid " + pid + " in " + json);
        assertEquals(bytes, Long.parseLong(session.group(2)), json);
        return Long.parseLong(session.group(1));
    }

    private static void assertTableRow(
        final String table, final String client, final long pid, final long workerPid, final String memory)
    {
        assertTrue(table.lines().anyMatch(line -> line.matches("\\s*\\d+\\s+" + client + "\\s+local\\s+" + pid +
            "\\s+" + workerPid + "\\s+" + Pattern.quote(memory) + "\\s.*")), "no row for " + client + " in\n" + table);
    }

    /**
     * Cumulative buckets that end in +Inf with the count, and every call counted: only runtime calls were made.
     */
    private static void assertCallDurationHistogram(final PrometheusText scraped, final double calls)
    {
        assertEquals("histogram", scraped.type("gpurelay_call_duration_seconds"));
        double previous = 0;
        int buckets = 0;
        for (final Map.Entry<String, Double> sample : scraped.samples().entrySet())
        {
            if (sample.getKey().startsWith("gpurelay_call_duration_seconds_bucket{"))
            {
                assertTrue(sample.getValue() >= previous, "buckets are cumulative: " + scraped.samples());
                previous = sample.getValue();
                buckets++;
            }
        }
        assertTrue(buckets > 2, scraped.samples().toString());
        assertEquals(calls, scraped.value("gpurelay_call_duration_seconds_bucket{le=\"+Inf\"}"));
        assertEquals(calls, scraped.value("gpurelay_call_duration_seconds_count"));
        assertNotNull(scraped.value("gpurelay_call_duration_seconds_sum"));
    }

    private static PrometheusText awaitSessions(final URI metricsUri, final double sessions) throws Exception
    {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (true)
        {
            final PrometheusText scraped = PrometheusText.parse(scrape(metricsUri));
            if (scraped.value("gpurelay_sessions") == sessions)
            {
                return scraped;
            }
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("sessions did not become " + sessions + " within " + WAIT + ": " +
                    scraped.samples());
            }
            Thread.sleep(100);
        }
    }

    private static String scrape(final URI uri) throws IOException, InterruptedException
    {
        final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        final HttpResponse<String> response = http.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
            HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"),
            response.headers().toString());
        return response.body();
    }
}
