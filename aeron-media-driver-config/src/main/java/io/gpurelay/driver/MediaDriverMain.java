package io.gpurelay.driver;

import java.util.concurrent.Callable;

import org.agrona.concurrent.ShutdownSignalBarrier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code gpurelay media-driver}: a standalone driver that an executor and the clients on its host share through
 * {@code aeron.dir}. It runs as a subcommand of the executor jar's {@code gpurelay} command, whose main method owns
 * the process's exit status on a signal.
 */
@Command(
    name = "media-driver",
    mixinStandardHelpOptions = true,
    description = "Run a standalone Aeron media driver that the executor and clients on this host share.")
public final class MediaDriverMain implements Callable<Integer>
{
    @Option(names = "--profile", paramLabel = "auto|shared|balanced|throughput|low-latency", defaultValue = "${env:GPURELAY_PROFILE:-auto}",
        description = "auto (default: balanced on a host with 8 cores or more, else shared), shared (one backing-off " +
            "thread), balanced (dedicated threads that spin briefly, then back off), throughput or low-latency " +
            "(spinning threads). Env: GPURELAY_PROFILE.")
    String profile;

    @Option(names = "--aeron-dir", paramLabel = "DIR", defaultValue = "${env:GPURELAY_AERON_DIR}",
        description = "Aeron directory; default: Aeron's default (/dev/shm/aeron-$USER on Linux). Env: GPURELAY_AERON_DIR.")
    String aeronDir;

    public Integer call()
    {
        final DriverProfile requested = DriverProfile.fromCliName(profile);
        final DriverProfile driverProfile = requested.resolveForThisHost();
        final String dir = aeronDir != null ? aeronDir : MediaDrivers.defaultDirectory();
        if (MediaDrivers.isDriverActive(dir))
        {
            System.err.println("gpurelay media-driver: a media driver is already running in " + dir);
            return 2;
        }
        final ShutdownSignalBarrier barrier = new ShutdownSignalBarrier();
        try (DriverHandle ignored = MediaDrivers.launchHeld(dir, driverProfile))
        {
            System.out.println("gpurelay media driver ready in " + dir + " (profile " +
                driverProfile.describeChoice(requested) + ")");
            barrier.await();
            System.out.println("gpurelay media driver stopping");
        }
        return 0;
    }
}
