package io.gpurelay.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

class FreePortsTest
{
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

    @Test
    void aRangeComesFromBelowTheEphemeralRangeAndCanBeBound() throws Exception
    {
        final int ephemeralLow = hostEphemeralLow();
        final int base = FreePorts.udpRange(5);
        if (ephemeralLow > FreePorts.LOWEST + 5)
        {
            assertTrue(base >= FreePorts.LOWEST && base + 5 <= ephemeralLow, base + " against " + ephemeralLow);
        }
        for (int port = base; port < base + 5; port++)
        {
            assertBindable(InetAddress.getLoopbackAddress(), port);
        }
    }

    @Test
    void aSinglePortComesFromBelowTheEphemeralRangeAndCanBeBound() throws Exception
    {
        final int ephemeralLow = hostEphemeralLow();
        final int port = FreePorts.udp();
        if (ephemeralLow > FreePorts.LOWEST + 1)
        {
            assertTrue(port >= FreePorts.LOWEST && port < ephemeralLow, port + " against " + ephemeralLow);
        }
        assertBindable(InetAddress.getLoopbackAddress(), port);
    }

    @Test
    void aPortOnAGivenAddressIsFreeThere() throws Exception
    {
        final InetAddress address = InetAddress.getByName("127.0.0.1");
        final int port = FreePorts.udp(address);
        assertBindable(address, port);
    }

    @Test
    void aPortTakenNowIsNotPicked() throws Exception
    {
        final InetAddress loopback = InetAddress.getLoopbackAddress();
        final int taken = FreePorts.udp();
        try (DatagramSocket holder = new DatagramSocket(new InetSocketAddress(loopback, taken)))
        {
            assertEquals(0, FreePorts.pick(loopback, 1, taken, taken), "the held port alone");
            assertEquals(0, FreePorts.pick(loopback, 3, taken - 2, taken), "every run of 3 holds it");
        }
        assertEquals(taken, FreePorts.pick(loopback, 1, taken, taken), "free again once let go");
    }

    @Test
    void separateRangesDoNotOverlapAndCanAllBeBound() throws Exception
    {
        final int[] bases = FreePorts.udpRanges(3, 5);
        assertEquals(3, bases.length);
        for (int i = 0; i < bases.length; i++)
        {
            for (int j = i + 1; j < bases.length; j++)
            {
                assertTrue(Math.abs(bases[i] - bases[j]) >= 5, bases[i] + " overlaps " + bases[j]);
            }
            for (int port = bases[i]; port < bases[i] + 5; port++)
            {
                assertBindable(InetAddress.getLoopbackAddress(), port);
            }
        }
    }

    @Test
    void theEphemeralRangeIsReadFromItsLowBound() throws Exception
    {
        assertEquals(32768, FreePorts.ephemeralLow(List.of("32768\t60999")));
        assertEquals(49152, FreePorts.ephemeralLow(List.of("  49152 65535  ")));
        assertEquals(hostEphemeralLow(), FreePorts.ephemeralLow());
    }

    @Test
    void anUnreadableEphemeralRangeIsRefusedClearly()
    {
        assertThrows(IllegalArgumentException.class, () -> FreePorts.ephemeralLow(List.of()));
        assertThrows(IllegalArgumentException.class, () -> FreePorts.ephemeralLow(List.of("low high")));
        assertThrows(IllegalArgumentException.class, () -> FreePorts.ephemeralLow(List.of("0 60999")));
    }

    @Test
    void aCountBelowOneIsRefused()
    {
        assertThrows(IllegalArgumentException.class, () -> FreePorts.udpRange(0));
        assertThrows(IllegalArgumentException.class, () -> FreePorts.udpRanges(0, 5));
        assertThrows(IllegalArgumentException.class, () -> FreePorts.udpRanges(3, -1));
    }

    /**
     * The low bound read here independently of the class under test: the first number in the /proc file, or Linux's
     * default where there is none.
     */
    private static int hostEphemeralLow() throws Exception
    {
        return Files.isReadable(EPHEMERAL_RANGE) ?
            Integer.parseInt(Files.readAllLines(EPHEMERAL_RANGE).get(0).trim().split("\\s+")[0]) : 32_768;
    }

    private static void assertBindable(final InetAddress address, final int port) throws SocketException
    {
        try (DatagramSocket socket = new DatagramSocket(null))
        {
            socket.bind(new InetSocketAddress(address, port));
            assertTrue(socket.isBound());
        }
    }
}
