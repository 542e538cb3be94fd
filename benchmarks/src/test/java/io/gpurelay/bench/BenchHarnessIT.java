package io.gpurelay.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The harness end to end on the emulator: it starts an executor per transport, runs the workload through the agent
 * over IPC and UDP, says why there is no local run, and writes a CSV with every figure positive, the table and the
 * charts.
 */
class BenchHarnessIT
{
    private static final List<String> LATENCY_CALLS = List.of("cudaGetDevice", "cudaGetDeviceCount", "cuCtxSynchronize");
    private static final List<String> PERCENTILES = List.of("p50", "p99", "p99.9", "mean");

    @TempDir
    Path results;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void tinyRunOverIpcUdpAndSealedUdpWritesEveryFigure() throws IOException
    {
        final ByteArrayOutputStream output = new ByteArrayOutputStream();
        final int exitCode = Bench.commandLine(new Bench(new PrintStream(output, true, StandardCharsets.UTF_8)))
            .execute("--plan", "tiny", "--backend", "emulated", "--transports", "local,ipc,udp,udp-sealed",
                "--idle-cpu", "PT1S",
                "--results", results.toString(),
                "--agent-jar", System.getProperty("gpurelay.agent.jar"),
                "--lib", System.getProperty("gpurelay.bench.lib"));
        final String printed = output.toString(StandardCharsets.UTF_8);
        assertEquals(0, exitCode, printed);

        final List<String> csv = Files.readAllLines(results.resolve("results.csv"));
        assertEquals(ResultSet.CSV_HEADER, csv.get(0));
        for (final String transport : List.of("ipc", "udp", "udp-sealed"))
        {
            for (final String call : LATENCY_CALLS)
            {
                for (final String percentile : PERCENTILES)
                {
                    assertPositive(csv, transport, "call-latency", call, percentile, printed);
                }
            }
            assertPositive(csv, transport, "kernel-launch", "1x32", "rate", printed);
            // A JVM whose threads wait for work still wakes them now and then: some CPU, never a core per thread.
            assertPositive(csv, transport, Bench.IDLE_CPU_NAME, "1000ms", "cpu", printed);
            assertTrue(value(rows(csv, transport, Bench.IDLE_CPU_NAME, "1000ms").get(0)) <
                100.0 * Runtime.getRuntime().availableProcessors(), printed);
            for (final String bytes : List.of("4096", "65536"))
            {
                assertPositive(csv, transport, "copy-h2d", bytes, "bandwidth", printed);
                assertPositive(csv, transport, "copy-d2h", bytes, "bandwidth", printed);
                assertPositive(csv, transport, "copy-h2d-pinned", bytes, "bandwidth", printed);
                assertPositive(csv, transport, "copy-d2h-pinned-async", bytes, "bandwidth", printed);
            }
            // The pinned copies' warm-up ran without an error of its own (it writes a row only when it fails).
            assertTrue(rows(csv, transport, "copy-h2d-pinned", "warm-up").isEmpty(), printed);
            assertPositive(csv, transport, "saxpy-ptx", "1024", "time", printed);
            assertPositive(csv, transport, "matmul-ptx", "32", "time", printed);
            // cuBLAS through the agent: a figure where it is remoted, else a row that says why not.
            final List<String> sgemm = rows(csv, transport, "sgemm-cublas", "32");
            assertTrue(!sgemm.isEmpty() && sgemm.stream().allMatch(row ->
                row.endsWith("\"") && row.contains(",\"n/a (error ") || value(row) > 0),
                "sgemm rows over " + transport + ": " + sgemm);
        }

        final String summary = Files.readString(results.resolve("summary.txt"));
        assertTrue(summary.contains("udp/ipc") && summary.contains("udp-sealed/ipc"), summary);
        assertTrue(summary.contains("local: not run"), summary);
        for (final String chart : List.of("latency-p50.png", "launch-rate.png", "bandwidth.png", "saxpy.png",
            "matmul.png"))
        {
            assertTrue(Files.size(results.resolve(chart)) > 1000, chart);
        }
    }

    private static void assertPositive(
        final List<String> csv, final String transport, final String benchmark, final String parameter,
        final String metric, final String printed)
    {
        final List<String> matching = new ArrayList<>();
        for (final String row : rows(csv, transport, benchmark, parameter))
        {
            if (row.split(",", -1)[3].equals(metric))
            {
                matching.add(row);
            }
        }
        assertEquals(1, matching.size(), transport + " " + benchmark + " " + parameter + " " + metric + ":\n" +
            String.join("\n", csv) + "\n" + printed);
        assertTrue(value(matching.get(0)) > 0, matching.get(0));
    }

    private static List<String> rows(
        final List<String> csv, final String transport, final String benchmark, final String parameter)
    {
        return csv.stream().filter(row -> row.startsWith(transport + "," + benchmark + "," + parameter + ","))
            .toList();
    }

    private static double value(final String row)
    {
        final String field = row.split(",", -1)[4];
        return field.isEmpty() ? Double.NaN : Double.parseDouble(field);
    }
}
