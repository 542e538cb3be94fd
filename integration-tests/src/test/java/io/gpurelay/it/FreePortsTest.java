package io.gpurelay.it;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

class FreePortsTest
{
    @Test
    void portsComeFromBelowTheEphemeralRangeAndCanBeBound() throws Exception
    {
        final Path range = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
        final int ephemeralLow = Files.isReadable(range) ?
            Integer.parseInt(Files.readAllLines(range).get(0).trim().split("\\s+")[0]) : 32_768;
        final int base = FreePorts.udpRange(5);
        if (ephemeralLow > 10_005)
        {
            assertTrue(base >= 10_000 && base + 5 <= ephemeralLow, base + " against " + ephemeralLow);
        }
        for (int port = base; port < base + 5; port++)
        {
            try (DatagramSocket socket = new DatagramSocket(null))
            {
                socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
                assertTrue(socket.isBound());
            }
        }
    }
}
