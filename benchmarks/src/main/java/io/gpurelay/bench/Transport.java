package io.gpurelay.bench;

import java.util.Locale;

/**
 * How the workload reaches the device: directly with JCuda's native libraries, or through the agent and an executor
 * over Aeron IPC or UDP on loopback; {@code udp-sealed} is UDP with a token, so every message is sealed (AES-GCM):
 * beside {@code udp}, it shows what the encryption costs.
 */
public enum Transport
{
    LOCAL,
    IPC,
    UDP,
    UDP_SEALED;

    public String label()
    {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public static Transport fromLabel(final String label)
    {
        for (final Transport transport : values())
        {
            if (transport.label().equalsIgnoreCase(label.trim()))
            {
                return transport;
            }
        }
        throw new IllegalArgumentException("unknown transport '" + label + "': expected local, ipc, udp or udp-sealed");
    }
}
