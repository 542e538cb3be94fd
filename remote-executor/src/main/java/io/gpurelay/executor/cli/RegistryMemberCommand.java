package io.gpurelay.executor.cli;

import java.io.File;
import java.time.Duration;
import java.util.concurrent.Callable;

import io.aeron.CommonContext;
import io.gpurelay.registry.RegistryEndpoints;
import io.gpurelay.registry.server.RegistryMember;
import org.agrona.concurrent.ShutdownSignalBarrier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpurelay registry}: one member of a pool registry, an Aeron Cluster that executors report to and clients
 * are placed by. Three members survive the loss of one, five the loss of two; one is enough on a laptop.
 */
@Command(
    name = "registry",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = "Run one member of a gpurelay pool registry (Aeron Cluster): executors register with it, " +
        "clients are placed on their devices by it.",
    footer = {
        "",
        "Each member uses " + RegistryMember.PORTS_PER_MEMBER + " consecutive UDP ports from the one in its " +
            "endpoint: client ingress, consensus, log, catch-up, archive.",
        "Clients and executors name the registry by the same endpoints: registry=HOST:PORT;HOST:PORT;... and " +
            "--registry HOST:PORT;...",
        "Exit status: 0 after a clean stop (SIGTERM or SIGINT), 1 if the member failed, 2 for invalid options."
    })
final class RegistryMemberCommand implements Callable<Integer>
{
    @Option(names = "--members", paramLabel = "HOST:PORT;...", required = true,
        converter = ExecutorMain.RegistryEndpointsConverter.class,
        description = "Every member's endpoint, member 0 first, separated by ';' (the same on every member).")
    RegistryEndpoints members;

    @Option(names = "--member-id", paramLabel = "N", defaultValue = "0",
        description = "Which of --members this member is. Default: ${DEFAULT-VALUE}.")
    int memberId;

    @Option(names = "--dir", paramLabel = "DIR",
        description = "Where the member keeps its log and snapshots across restarts. Default: " +
            "./gpurelay-registry-<member id>.")
    File directory;

    @Option(names = "--aeron-dir", paramLabel = "DIR",
        description = "The member's own media driver directory. Default: Aeron's default with " +
            "-registry-<member id> appended.")
    String aeronDir;

    @Option(names = "--executor-timeout", paramLabel = "DURATION", defaultValue = "10s",
        converter = ExecutorMain.DurationConverter.class,
        description = "An executor that does not report for this long leaves the pool. Default: ${DEFAULT-VALUE}.")
    Duration executorTimeout;

    @Option(names = "--leader-timeout", paramLabel = "DURATION", defaultValue = "3s",
        converter = ExecutorMain.DurationConverter.class,
        description = "Followers that do not hear from the leader for this long elect another. " +
            "Default: ${DEFAULT-VALUE}.")
    Duration leaderTimeout;

    @Option(names = "--snapshot-interval", paramLabel = "DURATION", defaultValue = "10m",
        converter = ExecutorMain.OptionalDurationConverter.class,
        description = "The leader has every member take a snapshot this often; each member then deletes the part of " +
            "its log before the oldest of the members' latest snapshots. 0 takes none (an operator's snapshots " +
            "still let the log be purged). Default: ${DEFAULT-VALUE}.")
    Duration snapshotInterval;

    public Integer call()
    {
        final File dir = directory != null ? directory : new File("gpurelay-registry-" + memberId);
        final String driverDir = aeronDir != null ? aeronDir :
            CommonContext.getAeronDirectoryName() + "-registry-" + memberId;
        final ShutdownSignalBarrier barrier = new ShutdownSignalBarrier();
        final RegistryMember.Settings settings = new RegistryMember.Settings(memberId, members, dir, driverDir,
            executorTimeout.toNanos(), leaderTimeout.toNanos(), snapshotInterval.toNanos(),
            RegistryMember.LOG_TERM_LENGTH_DEFAULT);
        try (RegistryMember member = RegistryMember.launch(settings, RegistryMemberCommand::say,
            RegistryMemberCommand::reportError))
        {
            say("registry member " + memberId + " ready on " + members.endpoints().get(memberId) + " (" +
                members.endpoints().size() + " members, executor timeout " + executorTimeout.toMillis() + " ms, " +
                (snapshotInterval.isZero() ? "no snapshots of its own" :
                    "a snapshot every " + snapshotInterval.toMillis() + " ms") + ")");
            barrier.await();
            say("registry member " + memberId + " stopping");
        }
        catch (final RuntimeException ex)
        {
            System.err.println("gpurelay registry: the member failed: " + ex.getMessage());
            return 1;
        }
        return 0;
    }

    /**
     * The cluster's errors, with their causes: the outermost one seldom says what went wrong.
     */
    private static void reportError(final Throwable error)
    {
        final StringBuilder text = new StringBuilder("gpurelay registry: ").append(error);
        for (Throwable cause = error.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause())
        {
            text.append("\n  caused by: ").append(cause);
        }
        System.err.println(text);
    }

    private static void say(final String line)
    {
        System.out.println("gpurelay registry: " + line);
        System.out.flush();
    }
}
