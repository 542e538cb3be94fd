package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.gpurelay.it.programs.MemInfoProgram;
import io.gpurelay.it.programs.TwoDeviceProgram;
import io.gpurelay.protocol.FreePorts;
import io.gpurelay.registry.RegistryEndpoints;
import io.gpurelay.registry.server.RegistryMember;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pool on loopback UDP: a three-member registry (Aeron Cluster), two emulated executors that report to it (1 GiB
 * and 2 GiB devices, so each device says which executor serves it), clients placed by it. A two-device program gets
 * one device on each executor; with the registry's leader killed, the survivors elect another and placement goes on;
 * with an executor killed, it leaves the pool after the registry's executor timeout and new clients go to the other.
 */
class PoolIT
{
    private static final long GIB = 1L << 30;
    private static final long MIB = 1L << 20;
    private static final int MEMBERS = 3;
    private static final String EXECUTOR_TIMEOUT = "5s";
    private static final Duration BOUND = Duration.ofSeconds(60);
    private static final Pattern LEADER = Pattern.compile("registry member (\\d) is now LEADER");
    private static final Pattern READY = Pattern.compile("registry member \\d ready on");
    /** Members take snapshots of their own every 2 s (--snapshot-interval). */
    private static final Pattern SNAPSHOT = Pattern.compile("registry member \\d has a snapshot at log position \\d+");

    @Test
    @Timeout(value = 400, unit = TimeUnit.SECONDS)
    void clientsArePlacedAcrossExecutorsAndThePoolSurvivesLosses(@TempDir final Path work) throws Exception
    {
        final String members = freeMemberEndpoints();
        final List<ForkedProcess> registry = new ArrayList<>();
        Executor small = null;
        Executor large = null;
        try
        {
            for (int member = 0; member < MEMBERS; member++)
            {
                registry.add(startMember(members, member, work));
            }
            for (final ForkedProcess member : registry)
            {
                member.awaitLine(READY, BOUND);
            }
            final int leader = awaitLeader(registry, -1);

            small = Executor.start(Transport.UDP.newChannel(), work.resolve("small"), "--device-memory", "1g",
                "--registry", members, "--registry-refresh", "500ms");
            large = Executor.start(Transport.UDP.newChannel(), work.resolve("large"), "--device-memory", "2g",
                "--registry", members, "--registry-refresh", "500ms");
            final String smallChannel = small.channel();
            final String largeChannel = large.channel();
            awaitPool(members, output -> output.contains(smallChannel) && output.contains(largeChannel) &&
                output.contains("1024/1024") && output.contains("2048/2048"),
                "both executors in the pool, with their devices' free and total memory");

            final ForkedProcess twoDevices = Client.start("registry=" + members + ",registry.devices=2,timeout=10s",
                TwoDeviceProgram.class, Artifacts.kernelsDir().toString(), "2", "4");
            final String twoDevicesOutput = Client.assertPassed(twoDevices, Duration.ofSeconds(180));
            assertEquals(Set.of(GIB, 2 * GIB), Set.of(total(twoDevicesOutput, 0), total(twoDevicesOutput, 1)),
                "one device on each executor:\n" + twoDevicesOutput);
            final String pool = awaitPool(members, output -> output.contains(largeChannel), "the pool");
            assertTrue(pool.contains("pool: 2 executors, 2 devices"), pool);

            for (final ForkedProcess member : registry)
            {
                member.awaitLine(SNAPSHOT, BOUND);
            }

            final long leaderKilledNs = System.nanoTime();
            registry.get(leader).kill();
            final int newLeader = awaitLeader(registry, leader);
            final long failoverMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - leaderKilledNs);
            System.out.println("registry failover: member " + leader + " killed, member " + newLeader +
                " leads after " + failoverMs + " ms");
            assertEquals(0, placedClient(members).awaitExit(Duration.ofSeconds(60)),
                "placement with the leader gone");

            final long executorKilledNs = System.nanoTime();
            large.process().kill();
            awaitPool(members, output -> output.contains(smallChannel) && !output.contains(largeChannel),
                "the killed executor out of the pool");
            System.out.println("killed executor left the pool after " +
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - executorKilledNs) + " ms (timeout " +
                EXECUTOR_TIMEOUT + ")");
            for (int client = 0; client < 2; client++)
            {
                final ForkedProcess placed = placedClient(members);
                assertEquals(0, placed.awaitExit(Duration.ofSeconds(60)), placed.output());
                assertTrue(placed.output().contains("TOTAL " + GIB), "placed on the executor left:\n" +
                    placed.output());
            }
            final ForkedProcess tooLarge = Client.start("registry=" + members +
                ",registry.devices=1,registry.min.free=1536m,timeout=10s", MemInfoProgram.class);
            assertTrue(tooLarge.awaitExit(Duration.ofSeconds(60)) != 0, tooLarge.output());
            assertTrue(tooLarge.output().contains("did not place this client on 1 devices with " + 1536 * MIB +
                " bytes free"), "the executor left has 1 GiB free, less than asked:\n" + tooLarge.output());
        }
        finally
        {
            if (small != null)
            {
                small.close();
            }
            if (large != null)
            {
                large.close();
            }
            for (final ForkedProcess member : registry)
            {
                member.close();
            }
        }
    }

    private static ForkedProcess placedClient(final String members) throws IOException
    {
        return Client.start("registry=" + members + ",registry.devices=1,registry.min.free=512m,timeout=10s",
            MemInfoProgram.class);
    }

    private static long total(final String output, final int device)
    {
        final Matcher matcher = Pattern.compile("\nDEVICE " + device + " TOTAL (\\d+)").matcher(output);
        assertTrue(matcher.find(), output);
        return Long.parseLong(matcher.group(1));
    }

    /**
     * @param previous a leader that is gone, or -1.
     * @return the member that says it leads, other than {@code previous}.
     */
    private static int awaitLeader(final List<ForkedProcess> registry, final int previous)
        throws InterruptedException
    {
        final long deadline = System.nanoTime() + BOUND.toNanos();
        while (System.nanoTime() - deadline < 0)
        {
            for (int member = 0; member < registry.size(); member++)
            {
                final String prefix = "registry member " + member + " is now ";
                final ForkedProcess process = registry.get(member);
                if (member != previous && process.isAlive() && lastRole(process, prefix).equals("LEADER"))
                {
                    return member;
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no registry member leads within " + BOUND);
    }

    private static String lastRole(final ForkedProcess process, final String prefix)
    {
        String role = "";
        for (final String line : process.output().split("\n"))
        {
            final int at = line.indexOf(prefix);
            if (at >= 0)
            {
                role = line.substring(at + prefix.length()).trim();
            }
        }
        return role;
    }

    /**
     * Run {@code gpurelay pool} until its output satisfies the condition.
     */
    private static String awaitPool(
        final String members, final Predicate<String> condition, final String what)
        throws IOException, InterruptedException
    {
        final long deadline = System.nanoTime() + BOUND.toNanos();
        String output = "";
        while (System.nanoTime() - deadline < 0)
        {
            final ForkedProcess pool = new ForkedProcess("pool", List.of(Artifacts.java(), "-Xmx256m", "-jar",
                Artifacts.executorJar().toString(), "pool", "--registry", members, "--timeout", "5s"));
            final int exit = pool.awaitExit(Duration.ofSeconds(60));
            output = pool.output();
            if (exit == 0 && condition.test(output))
            {
                return output;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no " + what + " within " + BOUND + "; last pool output:\n" + output);
    }

    private static ForkedProcess startMember(final String members, final int member, final Path work)
        throws IOException
    {
        final List<String> command = new ArrayList<>();
        command.add(Artifacts.java());
        command.add("-Xmx256m");
        command.addAll(Artifacts.JVM_OPENS);
        command.addAll(List.of("-jar", Artifacts.executorJar().toString(), "registry", "--members", members,
            "--member-id", Integer.toString(member), "--dir", work.resolve("registry-" + member).toString(),
            "--aeron-dir", work.resolve("aeron-registry-" + member).toString(),
            "--executor-timeout", EXECUTOR_TIMEOUT, "--leader-timeout", "2s", "--snapshot-interval", "2s"));
        return new ForkedProcess("registry-" + member, command);
    }

    /**
     * Three members' endpoints, each the first of {@link RegistryMember#PORTS_PER_MEMBER} consecutive loopback UDP
     * ports that are free now ({@link FreePorts}), apart from each other's.
     */
    private static String freeMemberEndpoints()
    {
        return Arrays.stream(FreePorts.udpRanges(MEMBERS, RegistryMember.PORTS_PER_MEMBER))
            .mapToObj(base -> "localhost:" + base)
            .collect(Collectors.joining(RegistryEndpoints.SEPARATOR));
    }
}
