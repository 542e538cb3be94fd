package io.gpurelay.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.DatagramSocket;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the registry's members take clients' messages: {@code host:port} per member, separated by {@code ;} (the
 * form agents, executors and operators write), in member id order; and the egress channel on which this host hears
 * the cluster's answers.
 */
public final class RegistryEndpoints
{
    /** Separates the members' endpoints. */
    public static final String SEPARATOR = ";";
    /** Members a registry has at most. */
    public static final int MAX_MEMBERS = 9;

    private final List<String> endpoints;

    private RegistryEndpoints(final List<String> endpoints)
    {
        this.endpoints = List.copyOf(endpoints);
    }

    /**
     * @param text {@code host:port;host:port;...}, member 0 first.
     * @throws IllegalArgumentException naming what is wrong.
     */
    public static RegistryEndpoints parse(final String text)
    {
        if (text == null || text.isBlank())
        {
            throw new IllegalArgumentException("no registry endpoints: expected host:port, one per member " +
                "separated by " + SEPARATOR);
        }
        final List<String> endpoints = new ArrayList<>();
        for (final String part : text.split(SEPARATOR, -1))
        {
            final String endpoint = part.trim();
            final int colon = endpoint.lastIndexOf(':');
            if (colon <= 0 || colon == endpoint.length() - 1)
            {
                throw new IllegalArgumentException("registry endpoint '" + endpoint + "' is not host:port");
            }
            final int port;
            try
            {
                port = Integer.parseInt(endpoint.substring(colon + 1));
            }
            catch (final NumberFormatException ex)
            {
                throw new IllegalArgumentException("registry endpoint '" + endpoint + "' has no port number");
            }
            if (port < 1 || port > 65535)
            {
                throw new IllegalArgumentException("registry endpoint '" + endpoint + "': port out of range");
            }
            endpoints.add(endpoint);
        }
        if (endpoints.size() > MAX_MEMBERS)
        {
            throw new IllegalArgumentException("a registry has at most " + MAX_MEMBERS + " members, got " +
                endpoints.size());
        }
        return new RegistryEndpoints(endpoints);
    }

    public List<String> endpoints()
    {
        return endpoints;
    }

    /**
     * @return Aeron Cluster's form: {@code 0=host:port,1=host:port,...}.
     */
    public String ingressEndpoints()
    {
        final StringBuilder text = new StringBuilder();
        for (int member = 0; member < endpoints.size(); member++)
        {
            text.append(member == 0 ? "" : ",").append(member).append('=').append(endpoints.get(member));
        }
        return text.toString();
    }

    /**
     * A UDP channel on the local address that routes to the first member, on a port the system picks: where the
     * cluster's answers reach this host.
     */
    public String egressChannel()
    {
        final String first = endpoints.get(0);
        final int colon = first.lastIndexOf(':');
        final String host = first.substring(0, colon);
        final int port = Integer.parseInt(first.substring(colon + 1));
        try (DatagramSocket probe = new DatagramSocket())
        {
            probe.connect(new InetSocketAddress(host, port));
            final String local = probe.getLocalAddress().getHostAddress();
            final String address = local.contains(":") ? "[" + local + "]" : local;
            return "aeron:udp?endpoint=" + address + ":0";
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException("no local address routes to the registry member " + first, ex);
        }
    }

    public String toString()
    {
        return String.join(SEPARATOR, endpoints);
    }
}
