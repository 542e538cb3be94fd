package io.gpurelay.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetAddress;

/**
 * The two ways a client reaches an executor in these tests.
 */
enum Transport
{
    IPC,
    UDP;

    /**
     * A fresh channel URI: for UDP a free loopback port.
     */
    String newChannel()
    {
        if (this == IPC)
        {
            return "aeron:ipc";
        }
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress()))
        {
            return "aeron:udp?endpoint=localhost:" + socket.getLocalPort();
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
