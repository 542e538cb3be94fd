package io.gpurelay.it;

import io.gpurelay.protocol.FreePorts;

/**
 * The two ways a client reaches an executor in these tests.
 */
enum Transport
{
    IPC,
    UDP;

    /**
     * A fresh channel URI: for UDP a free loopback port ({@link FreePorts}).
     */
    String newChannel()
    {
        if (this == IPC)
        {
            return "aeron:ipc";
        }
        return "aeron:udp?endpoint=localhost:" + FreePorts.udp();
    }
}
