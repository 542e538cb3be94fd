package io.gpurelay.protocol;

import java.io.IOException;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;

/**
 * UDP ports that are free now, for a socket that something else binds a moment later: an executor or registry member
 * in a process started from here, or the media driver of this process. A port the kernel hands out for
 * {@code bind(0)} comes from its ephemeral range, from which it also hands ports to every socket bound without one
 * (Aeron's control and response endpoints among them, in any process on the host): between the probe socket closing
 * and the port's real owner binding it, another process could take it, and the owner then fails with "Address already
 * in use". So the ports here are picked at random below the ephemeral range, where only an explicit bind can take
 * them, and checked free by binding them; only a host whose ephemeral range leaves no room below falls back to the
 * kernel's choice.
 */
public final class FreePorts
{
    /** The lowest port picked: clear of the well-known and most registered services' ports. */
    static final int LOWEST = 10_000;
    /** Linux's default low bound of the ephemeral range, for a host whose range cannot be read. */
    static final int DEFAULT_EPHEMERAL_LOW = 32_768;
    private static final int ATTEMPTS = 1_000;
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    private FreePorts()
    {
    }

    /**
     * @return a loopback UDP port that is free now.
     */
    public static int udp()
    {
        return udp(InetAddress.getLoopbackAddress());
    }

    /**
     * @param address a local address of this host, which the port is bound on.
     * @return a UDP port that is free on {@code address} now.
     */
    public static int udp(final InetAddress address)
    {
        Objects.requireNonNull(address, "address");
        final int base = pick(address, 1);
        if (base > 0)
        {
            return base;
        }
        try (DatagramSocket socket = new DatagramSocket(0, address))
        {
            return socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new IllegalStateException("no free UDP port on " + address.getHostAddress(), ex);
        }
    }

    /**
     * @param count how many ports, at least one.
     * @return the first of {@code count} consecutive loopback UDP ports that are free now.
     */
    public static int udpRange(final int count)
    {
        requirePositive("count", count);
        if (count == 1)
        {
            return udp();
        }
        final int base = pick(InetAddress.getLoopbackAddress(), count);
        if (base > 0)
        {
            return base;
        }
        throw new IllegalStateException("no " + count + " consecutive free loopback UDP ports between " + LOWEST +
            " and the ephemeral range, which starts at " + ephemeralLow());
    }

    /**
     * Ranges for processes that each bind a run of ports, such as the members of a registry, so that no two runs
     * overlap: {@link #udpRange} alone may pick the same free ports twice, as nothing holds them between calls.
     *
     * @param ranges how many runs, at least one.
     * @param count  how many consecutive ports in each run, at least one.
     * @return the first ports of {@code ranges} runs of {@code count} consecutive loopback UDP ports that are free
     * now and apart from each other.
     */
    public static int[] udpRanges(final int ranges, final int count)
    {
        requirePositive("ranges", ranges);
        requirePositive("count", count);
        final int[] bases = new int[ranges];
        int picked = 0;
        for (int attempt = 0; picked < ranges; attempt++)
        {
            if (attempt == ATTEMPTS)
            {
                throw new IllegalStateException("no " + ranges + " separate runs of " + count +
                    " consecutive free loopback UDP ports");
            }
            final int base = udpRange(count);
            if (!overlaps(bases, picked, base, count))
            {
                bases[picked++] = base;
            }
        }
        return bases;
    }

    /**
     * @param rangeLines the lines of {@code /proc/sys/net/ipv4/ip_local_port_range}: the low and the high bound,
     *                   separated by white space.
     * @return the low bound of the ephemeral range.
     * @throws IllegalArgumentException when the lines do not start with a port number.
     */
    static int ephemeralLow(final List<String> rangeLines)
    {
        final String line = rangeLines.isEmpty() ? "" : rangeLines.get(0).trim();
        try
        {
            final int low = Integer.parseInt(line.split("\\s+")[0]);
            if (low < 1 || low > 65_535)
            {
                throw new IllegalArgumentException("the ephemeral port range starts outside 1..65535: " + line);
            }
            return low;
        }
        catch (final NumberFormatException ex)
        {
            throw new IllegalArgumentException("the ephemeral port range is not two port numbers: '" + line + "'",
                ex);
        }
    }

    /**
     * @return the low bound of this host's ephemeral range, or {@link #DEFAULT_EPHEMERAL_LOW} where it cannot be
     * read.
     */
    static int ephemeralLow()
    {
        try
        {
            // Read by lines: a /proc file reports a size of 0, which Files.readString takes at its word.
            return ephemeralLow(Files.readAllLines(EPHEMERAL_RANGE));
        }
        catch (final IOException | RuntimeException ex)
        {
            return DEFAULT_EPHEMERAL_LOW;
        }
    }

    /**
     * @return the first of {@code count} consecutive ports free on {@code address}, below the ephemeral range; or 0
     * when the range leaves no room below or none was found.
     */
    private static int pick(final InetAddress address, final int count)
    {
        return pick(address, count, LOWEST, ephemeralLow() - count);
    }

    /**
     * @return the first of {@code count} consecutive ports free on {@code address}, picked at random from
     * {@code lowest} to {@code highest}; or 0 when that leaves no room or none was found.
     */
    static int pick(final InetAddress address, final int count, final int lowest, final int highest)
    {
        if (highest < lowest)
        {
            return 0;
        }
        for (int attempt = 0; attempt < ATTEMPTS; attempt++)
        {
            final int base = ThreadLocalRandom.current().nextInt(lowest, highest + 1);
            if (allFree(address, base, count))
            {
                return base;
            }
        }
        return 0;
    }

    private static boolean allFree(final InetAddress address, final int base, final int count)
    {
        for (int port = base; port < base + count; port++)
        {
            try (DatagramSocket socket = new DatagramSocket(null))
            {
                socket.bind(new InetSocketAddress(address, port));
            }
            catch (final SocketException ex)
            {
                return false;
            }
        }
        return true;
    }

    private static boolean overlaps(final int[] bases, final int picked, final int base, final int count)
    {
        for (int i = 0; i < picked; i++)
        {
            if (Math.abs(bases[i] - base) < count)
            {
                return true;
            }
        }
        return false;
    }

    private static void requirePositive(final String name, final int value)
    {
        if (value < 1)
        {
            throw new IllegalArgumentException(name + " must be at least 1: " + value);
        }
    }
}
