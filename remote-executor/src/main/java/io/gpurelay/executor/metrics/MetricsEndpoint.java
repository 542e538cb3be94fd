package io.gpurelay.executor.metrics;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import io.prometheus.metrics.exporter.httpserver.HTTPServer;
import io.prometheus.metrics.model.registry.PrometheusRegistry;
import org.agrona.concurrent.status.CountersReader;

/**
 * The executor's {@code /metrics} endpoint in Prometheus text format, served by the Prometheus Java client's HTTP
 * server on one daemon thread: scrapes are rare and cheap, and must never keep the executor from stopping.
 */
public final class MetricsEndpoint implements AutoCloseable
{
    private final HTTPServer server;
    private final String address;

    private MetricsEndpoint(final HTTPServer server, final String address)
    {
        this.server = server;
        this.address = address;
    }

    /**
     * Serve the gpurelay counters of a CnC file.
     *
     * @param port 0 for any free port ({@link #port()} says which).
     * @throws UncheckedIOException when the address cannot be bound.
     */
    public static MetricsEndpoint start(final String address, final int port, final CountersReader counters)
    {
        final PrometheusRegistry registry = new PrometheusRegistry();
        registry.register(new ExecutorMetrics(counters));
        final ExecutorService thread = Executors.newSingleThreadExecutor(runnable ->
        {
            final Thread scrapes = new Thread(runnable, "gpurelay-metrics");
            scrapes.setDaemon(true);
            return scrapes;
        });
        try
        {
            return new MetricsEndpoint(HTTPServer.builder().hostname(address).port(port).registry(registry)
                .executorService(thread).buildAndStart(), address);
        }
        catch (final IOException ex)
        {
            thread.shutdownNow();
            throw new UncheckedIOException("cannot serve metrics on " + address + ":" + port + ": " + ex, ex);
        }
    }

    public int port()
    {
        return server.getPort();
    }

    /**
     * Where Prometheus scrapes.
     */
    public String url()
    {
        final String host = address.indexOf(':') >= 0 ? "[" + address + "]" : address;
        return "http://" + host + ":" + port() + "/metrics";
    }

    public void close()
    {
        server.close();
    }
}
