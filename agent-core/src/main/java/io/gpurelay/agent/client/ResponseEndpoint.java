package io.gpurelay.agent.client;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.ThreadLocalRandom;

import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.gpurelay.protocol.Protocol;

/**
 * Where the executor sends this client's replies: a channel and a stream id.
 * <ul>
 *     <li>IPC executor: {@code aeron:ipc}, which every client on the host shares, so the stream id is picked at
 *     random to keep clients from seeing each other's replies.</li>
 *     <li>UDP executor: UDP on the local address that routes to the executor's host, on a port the system picks
 *     (resolved once the subscription is bound); the port is this client's alone, so the default stream id
 *     serves.</li>
 *     <li>A channel the user configured may be shared: random stream id; port 0 is resolved as above.</li>
 * </ul>
 */
record ResponseEndpoint(String channel, int streamId)
{
    /** Stream ids picked at random come from here: clear of the fixed ids and the executor's session streams. */
    private static final int RANDOM_STREAM_ID_FROM = 0x1000_0000;
    private static final int RANDOM_STREAM_ID_TO = Protocol.SESSION_STREAM_ID_BASE;

    static ResponseEndpoint forExecutor(final String executorChannel, final String configuredResponseChannel)
    {
        if (configuredResponseChannel != null)
        {
            return new ResponseEndpoint(configuredResponseChannel, randomStreamId());
        }
        final ChannelUri executor = ChannelUri.parse(executorChannel);
        if (executor.isIpc())
        {
            return new ResponseEndpoint(CommonContext.IPC_CHANNEL, randomStreamId());
        }
        final String endpoint = executor.get(CommonContext.ENDPOINT_PARAM_NAME);
        final InetAddress local = localAddressTowards(host(endpoint), port(endpoint));
        return new ResponseEndpoint(
            "aeron:udp?endpoint=" + hostLiteral(local) + ":0", Protocol.DEFAULT_RESPONSE_STREAM_ID);
    }

    /**
     * Whether the channel is UDP on port 0, so the port the system picked must be resolved before it is advertised.
     */
    boolean needsPortResolution()
    {
        final ChannelUri uri = ChannelUri.parse(channel);
        final String endpoint = uri.get(CommonContext.ENDPOINT_PARAM_NAME);
        return uri.isUdp() && endpoint != null && port(endpoint) == 0;
    }

    static String host(final String endpoint)
    {
        final int colon = endpoint.lastIndexOf(':');
        final String host = colon > 0 ? endpoint.substring(0, colon) : endpoint;
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    static int port(final String endpoint)
    {
        final int colon = endpoint.lastIndexOf(':');
        if (colon < 0 || endpoint.endsWith("]"))
        {
            throw new IllegalArgumentException("endpoint '" + endpoint + "' has no port");
        }
        return Integer.parseInt(endpoint.substring(colon + 1));
    }

    /**
     * The address this host sends from to reach {@code host}: connecting a UDP socket picks the route without
     * sending anything.
     */
    static InetAddress localAddressTowards(final String host, final int port)
    {
        try (DatagramSocket socket = new DatagramSocket())
        {
            socket.connect(new InetSocketAddress(host, port));
            final InetAddress local = socket.getLocalAddress();
            if (local == null || local.isAnyLocalAddress())
            {
                throw new IllegalStateException("no local address routes to " + host +
                    "; set response.channel to aeron:udp?endpoint=<this host's address>:0");
            }
            return local;
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("cannot find the local address that routes to " + host, ex);
        }
    }

    private static String hostLiteral(final InetAddress address)
    {
        final String text = address.getHostAddress();
        if (address instanceof Inet6Address)
        {
            final int scope = text.indexOf('%');
            return "[" + (scope >= 0 ? text.substring(0, scope) : text) + "]";
        }
        return text;
    }

    private static int randomStreamId()
    {
        return ThreadLocalRandom.current().nextInt(RANDOM_STREAM_ID_FROM, RANDOM_STREAM_ID_TO);
    }
}
