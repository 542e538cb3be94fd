package io.gpurelay.driver;

import java.io.IOException;
import java.net.StandardSocketOptions;
import java.nio.channels.DatagramChannel;
import java.util.Properties;

/**
 * Keeps a profile's UDP receiver window within what the host's socket buffers hold.
 * <p>
 * A receiver lets the sender run ahead by its window ({@code aeron.rcv.initial.window.length}); the datagrams of that
 * window wait in the receiving socket's buffer until the receiver thread takes them. A window larger than the buffer
 * the kernel really grants ({@code aeron.socket.so_rcvbuf}, capped by {@code net.core.rmem_max}) lets a burst overflow
 * it whenever the receiver thread is late (a busy host): the kernel drops datagrams, and every loss costs a NAK and a
 * retransmission, which is how a copy crawls. So the window a profile asks for is cut to the buffer the host gives;
 * raising {@code net.core.rmem_max} gives the full window back (see docs/configuration.md, UDP tuning).
 */
final class SocketBuffers
{
    static final String RCVBUF_PROP_NAME = "aeron.socket.so_rcvbuf";
    static final String WINDOW_PROP_NAME = "aeron.rcv.initial.window.length";
    /** The smallest window worth having: a loopback datagram and then some. */
    static final int MIN_WINDOW = 128 * 1024;

    private static volatile int hostMaxReceiveBuffer;

    private SocketBuffers()
    {
    }

    /**
     * Cut the window among {@code profile}'s properties to the receive buffer it will really get: the profile's (or
     * the user's, where set) {@code so_rcvbuf} as far as the host grants it.
     *
     * @param userSet the properties already set, which win over the profile's.
     */
    static void fitWindow(final Properties profile, final Properties userSet)
    {
        final String window = profile.getProperty(WINDOW_PROP_NAME);
        if (window == null || userSet.getProperty(WINDOW_PROP_NAME) != null)
        {
            return;
        }
        final String rcvbuf = userSet.getProperty(RCVBUF_PROP_NAME, profile.getProperty(RCVBUF_PROP_NAME));
        final long requestedBuffer = rcvbuf == null ? Long.MAX_VALUE : Long.parseLong(rcvbuf.trim());
        final long fitted = fittedWindow(Long.parseLong(window.trim()), requestedBuffer, hostMaxReceiveBuffer());
        profile.setProperty(WINDOW_PROP_NAME, Long.toString(fitted));
    }

    /**
     * @return the window, cut to the receive buffer the socket gets, but no smaller than {@link #MIN_WINDOW} (nor
     *         larger than asked).
     */
    static long fittedWindow(final long window, final long requestedBuffer, final long hostMaxBuffer)
    {
        final long granted = Math.min(requestedBuffer, hostMaxBuffer);
        return Math.min(window, Math.max(MIN_WINDOW, granted));
    }

    /**
     * The largest receive buffer a UDP socket gets here, asked of the kernel once (on Linux, {@code net.core.rmem_max}
     * as the socket reports it).
     */
    static int hostMaxReceiveBuffer()
    {
        int max = hostMaxReceiveBuffer;
        if (max == 0)
        {
            try (DatagramChannel probe = DatagramChannel.open())
            {
                probe.setOption(StandardSocketOptions.SO_RCVBUF, Integer.MAX_VALUE);
                max = probe.getOption(StandardSocketOptions.SO_RCVBUF);
            }
            catch (final IOException | RuntimeException ex)
            {
                max = Integer.MAX_VALUE;
            }
            hostMaxReceiveBuffer = max;
        }
        return max;
    }
}
