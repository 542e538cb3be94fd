package io.gpurelay.protocol;

import java.net.InetAddress;
import java.net.UnknownHostException;

import io.aeron.ChannelUri;
import io.aeron.CommonContext;

/**
 * The channels of a session's own publications (the client's requests, the executor's replies), which carry the
 * copies' payloads as well as the calls.
 * <p>
 * On a UDP endpoint of the loopback interface they send the largest datagrams Aeron has ({@value #LOOPBACK_MTU}
 * bytes; the loopback interface carries 64 KiB): a copy's 1 MiB chunk then goes out in 17 datagrams instead of 745 at
 * the default MTU, and what costs per datagram (system calls, flow control, reassembly) falls with it. A small call
 * still goes out in one datagram as small as it is. Across a network the MTU stays the media driver's
 * ({@code aeron.mtu.length}, which a profile may set), as a larger one than the path's would fragment every datagram
 * at the IP layer. A channel that names its own {@code mtu} keeps it.
 */
public final class SessionChannels
{
    /** Aeron's largest MTU: the largest UDP payload, rounded down to its frame alignment. */
    public static final int LOOPBACK_MTU = 65504;

    private SessionChannels()
    {
    }

    /**
     * @param channel the channel a session publication goes to (the executor's, or the client's response channel).
     * @return the channel to publish on: with the loopback MTU where it applies, else unchanged.
     */
    public static String forSessionPublication(final String channel)
    {
        final ChannelUri uri = ChannelUri.parse(channel);
        if (!CommonContext.UDP_MEDIA.equals(uri.media()) || uri.containsKey(CommonContext.MTU_LENGTH_PARAM_NAME) ||
            !isLoopback(uri.get(CommonContext.ENDPOINT_PARAM_NAME)))
        {
            return channel;
        }
        uri.put(CommonContext.MTU_LENGTH_PARAM_NAME, Integer.toString(LOOPBACK_MTU));
        return uri.toString();
    }

    /**
     * @param endpoint {@code host:port} or {@code [v6 address]:port}, or null.
     */
    static boolean isLoopback(final String endpoint)
    {
        if (endpoint == null)
        {
            return false;
        }
        final int colon = endpoint.lastIndexOf(':');
        String host = colon > 0 ? endpoint.substring(0, colon) : endpoint;
        if (host.startsWith("[") && host.endsWith("]"))
        {
            host = host.substring(1, host.length() - 1);
        }
        try
        {
            return !host.isEmpty() && InetAddress.getByName(host).isLoopbackAddress();
        }
        catch (final UnknownHostException | SecurityException ex)
        {
            return false;
        }
    }
}
