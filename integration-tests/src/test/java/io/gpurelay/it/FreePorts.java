package io.gpurelay.it;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Loopback UDP ports for executors and registry members that a test starts in another process. A port the kernel
 * hands out for {@code bind(0)} comes from its ephemeral range, from which it also hands ports to every socket bound
 * without one (Aeron's control and response endpoints among them): between the test closing its probe socket and the
 * forked executor binding the port, another process could take it, and the executor then fails with "Address already
 * in use". So the ports here are picked at random below the ephemeral range, where only an explicit bind can take
 * them, and checked free; only a host whose ephemeral range leaves no room below falls back to the kernel's choice.
 */
final class FreePorts
{
    private static final int LOWEST = 10_000;
    private static final int ATTEMPTS = 1_000;
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    private FreePorts()
    {
    }

    /**
     * @return a loopback UDP port that is free now.
     */
    static int udp()
    {
        return udpRange(1);
    }

    /**
     * @return the first of {@code count} consecutive loopback UDP ports that are free now.
     */
    static int udpRange(final int count)
    {
        final int highest = ephemeralLow() - count;
        if (highest > LOWEST)
        {
            for (int attempt = 0; attempt < ATTEMPTS; attempt++)
            {
                final int base = ThreadLocalRandom.current().nextInt(LOWEST, highest);
                if (allFree(base, count))
                {
                    return base;
                }
            }
        }
        if (count == 1)
        {
            try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
            {
                return socket.getLocalPort();
            }
            catch (final IOException ex)
            {
                throw new IllegalStateException("no free loopback UDP port", ex);
            }
        }
        throw new IllegalStateException("no " + count + " consecutive free loopback UDP ports below " + highest);
    }

    private static int ephemeralLow()
    {
        try
        {
            // Read by lines: a /proc file reports a size of 0, which Files.readString takes at its word.
            return Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]);
        }
        catch (final IOException | RuntimeException ex)
        {
            return 32_768; // Linux's default when the range cannot be read
        }
    }

    private static boolean allFree(final int base, final int count)
    {
        for (int port = base; port < base + count; port++)
        {
            try (DatagramSocket socket = new DatagramSocket(null))
            {
                socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
            }
            catch (final SocketException ex)
            {
                return false;
            }
        }
        return true;
    }
}
