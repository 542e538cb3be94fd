package io.gpurelay.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.bench.workload.FirstCallProbe;
import io.gpurelay.protocol.FreePorts;
import org.agrona.IoUtil;

/**
 * How long a JVM takes from its start to its first CUDA call, without the agent and with it: over IPC to an executor
 * whose media driver it shares, and over UDP with a media driver of its own that the agent starts (embedded). Each
 * run is a fresh JVM of {@link FirstCallProbe}; the cases take turns so that a busy machine affects them alike.
 * <pre>
 * java -cp gpurelay-benchmarks.jar io.gpurelay.bench.AgentStartTime [runs [backend [agent jar]]]
 * </pre>
 * Without a GPU the run without the agent reaches main only: JCuda's natives cannot load.
 */
public final class AgentStartTime
{
    private static final Pattern MAIN = Pattern.compile("^MAIN (\\d+) cpu (-?\\d+)");
    private static final Pattern FIRST_CALL = Pattern.compile("^FIRST_CALL (\\d+) cpu (-?\\d+) status 0");
    private static final Duration RUN_TIMEOUT = Duration.ofSeconds(60);

    private AgentStartTime()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        final int runs = args.length > 0 ? Integer.parseInt(args[0]) : 10;
        final String backend = args.length > 1 ? args[1] : "auto";
        final BenchArtifacts artifacts = new BenchArtifacts(null, args.length > 2 ? Path.of(args[2]) : null);
        final String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        final Path work = Files.createTempDirectory("gpurelay-start-time");
        final String udpChannel = "aeron:udp?endpoint=localhost:" + FreePorts.udp();
        try (ExecutorProcess ipc = ExecutorProcess.start(java, artifacts.executorClasspath(), "aeron:ipc", backend,
                work.resolve("aeron-ipc"), List.of(), work.resolve("executor-ipc.log"));
            ExecutorProcess udp = ExecutorProcess.start(java, artifacts.executorClasspath(), udpChannel, backend,
                work.resolve("aeron-udp"), List.of(), work.resolve("executor-udp.log")))
        {
            final Map<String, List<String>> cases = new LinkedHashMap<>();
            cases.put("no agent (JCuda natives)", List.of("-cp", artifacts.localWorkloadClasspath()));
            cases.put("agent, IPC, executor's media driver", List.of(
                "-javaagent:" + artifacts.agentJar() + "=aeron.dir=" + work.resolve("aeron-ipc"),
                "-cp", artifacts.remoteWorkloadClasspath()));
            cases.put("agent, IPC, connect=eager", List.of(
                "-javaagent:" + artifacts.agentJar() + "=aeron.dir=" + work.resolve("aeron-ipc") + ",connect=eager",
                "-cp", artifacts.remoteWorkloadClasspath()));
            final Map<String, long[][]> results = new LinkedHashMap<>();
            cases.keySet().forEach(name -> results.put(name, new long[4][runs]));
            results.put("agent, UDP, embedded media driver", new long[4][runs]);
            for (int run = 0; run < runs; run++)
            {
                for (final Map.Entry<String, List<String>> probe : cases.entrySet())
                {
                    measure(java, probe.getValue(), work.resolve("probe.log"), results.get(probe.getKey()), run);
                }
                final Path clientDir = work.resolve("aeron-client-" + run);
                measure(java, List.of("-javaagent:" + artifacts.agentJar() + "=executor=" + udpChannel + ",aeron.dir=" +
                    clientDir, "-cp", artifacts.remoteWorkloadClasspath()), work.resolve("probe.log"),
                    results.get("agent, UDP, embedded media driver"), run);
                IoUtil.delete(clientDir.toFile(), true);
            }
            System.out.printf(Locale.ROOT, "JVM start to main and to the first CUDA call (cudaGetDeviceCount), " +
                "%d runs each, executor backend %s, %s %s on %d cores%n", runs, ipc.backend(),
                System.getProperty("java.vm.name"), System.getProperty("java.version"),
                Runtime.getRuntime().availableProcessors());
            System.out.println("medians (min) in ms; CPU = user + system time of the whole JVM up to that point");
            System.out.printf(Locale.ROOT, "%-38s %14s %14s %18s %18s%n", "case", "main, wall", "main, CPU",
                "first call, wall", "first call, CPU");
            results.forEach((name, times) -> System.out.printf(Locale.ROOT, "%-38s %14s %14s %18s %18s%n", name,
                summary(times[0]), summary(times[1]), summary(times[2]), summary(times[3])));
        }
        finally
        {
            IoUtil.delete(work.toFile(), true);
        }
    }

    /**
     * One JVM: milliseconds from just before it was started to main, and to the first call's return (-1 if none).
     */
    private static void measure(
        final String java, final List<String> options, final Path log, final long[][] times, final int run)
        throws IOException, InterruptedException
    {
        final List<String> command = new ArrayList<>();
        command.add(java);
        command.addAll(options);
        command.add(FirstCallProbe.class.getName());
        final long startedMs = System.currentTimeMillis();
        try (ChildProcess probe = new ChildProcess("probe", command, log))
        {
            probe.awaitExit(RUN_TIMEOUT);
            for (final long[] time : times)
            {
                time[run] = -1;
            }
            for (final String line : probe.lines())
            {
                final Matcher main = MAIN.matcher(line);
                final Matcher firstCall = FIRST_CALL.matcher(line);
                if (main.find())
                {
                    times[0][run] = Long.parseLong(main.group(1)) - startedMs;
                    times[1][run] = Long.parseLong(main.group(2));
                }
                else if (firstCall.find())
                {
                    times[2][run] = Long.parseLong(firstCall.group(1)) - startedMs;
                    times[3][run] = Long.parseLong(firstCall.group(2));
                }
            }
        }
    }

    /**
     * Median and minimum; n/a when a run did not get that far.
     */
    private static String summary(final long[] values)
    {
        final long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[0] < 0 ? "n/a" : sorted[sorted.length / 2] + " (" + sorted[0] + ")";
    }
}
