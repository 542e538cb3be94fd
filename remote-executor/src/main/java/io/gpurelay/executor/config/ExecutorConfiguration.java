package io.gpurelay.executor.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.gpurelay.protocol.Protocol;
import io.gpurelay.protocol.TransferRegion;

/**
 * Defaults of the executor's settings; the command line documents each.
 */
public final class ExecutorConfiguration
{
    public static final String CHANNEL_DEFAULT = Protocol.DEFAULT_CHANNEL;
    public static final long DEVICE_MEMORY_DEFAULT = 4L * 1024 * 1024 * 1024;
    public static final int DEVICE_COUNT_DEFAULT = 1;
    public static final long KEEPALIVE_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(10);
    /** How long a new session waits for the client's reply channel to connect before giving up on it. */
    public static final long RESPONSE_CONNECT_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(5);
    public static final int MAX_SESSIONS_DEFAULT = 64;
    public static final int WARM_WORKERS_DEFAULT = 2;
    public static final int SESSIONS_PER_WORKER_DEFAULT = 1;
    /** How long a worker process may take to start and initialise its backend before it is killed. */
    public static final long WORKER_START_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(60);
    /** Device memory one session may hold: unlimited unless {@code --session-memory} says otherwise. */
    public static final long SESSION_MEMORY_DEFAULT = Long.MAX_VALUE;
    /** {@link ExecutorContext#metricsPort} of an executor that serves no metrics. */
    public static final int METRICS_OFF = -1;
    /** Metrics are for the host's own monitoring agent unless the operator says otherwise. */
    public static final String METRICS_ADDRESS_DEFAULT = "127.0.0.1";
    /** No limit on how long a kernel may run. */
    public static final long KERNEL_TIMEOUT_DEFAULT_NS = 0;
    public static final long RECEIVE_BUFFER_BYTES_DEFAULT = 512L * 1024 * 1024;
    /** The shared-memory transfer region each IPC session is offered (two slots of almost 8 MiB); 0: none. */
    public static final long TRANSFER_REGION_BYTES_DEFAULT = 16L * 1024 * 1024;
    public static final int TRANSFER_CHUNK_BYTES_DEFAULT = TransferRegion.DEFAULT_SLOT_BYTES;
    /** Pinned host memory each IPC session may hold in shared memory; 0: none offered. */
    public static final long PINNED_MEMORY_BYTES_DEFAULT = 4L * 1024 * 1024 * 1024;

    private ExecutorConfiguration()
    {
    }

    /**
     * Refuse a channel the executor cannot serve on: it listens, so it needs IPC or a UDP endpoint to bind.
     */
    public static void checkChannel(final String channel)
    {
        final ChannelUri uri;
        try
        {
            uri = ChannelUri.parse(channel);
        }
        catch (final RuntimeException ex)
        {
            throw new IllegalArgumentException("invalid channel '" + channel + "': " + ex.getMessage(), ex);
        }
        if (uri.isUdp() ? uri.get(CommonContext.ENDPOINT_PARAM_NAME) == null : !uri.isIpc())
        {
            throw new IllegalArgumentException("the executor's channel must be aeron:ipc or " +
                "aeron:udp?endpoint=HOST:PORT, not '" + channel + "'");
        }
    }

    /**
     * Whether only this host can reach an executor on this channel: IPC, or UDP on a loopback address.
     */
    public static boolean isHostLocal(final String channel)
    {
        final ChannelUri uri = ChannelUri.parse(channel);
        if (uri.isIpc())
        {
            return true;
        }
        final String endpoint = uri.get(CommonContext.ENDPOINT_PARAM_NAME);
        final int colon = endpoint.lastIndexOf(':');
        final String host = (colon < 0 ? endpoint : endpoint.substring(0, colon)).replace("[", "").replace("]", "");
        try
        {
            return InetAddress.getByName(host).isLoopbackAddress();
        }
        catch (final UnknownHostException ex)
        {
            return false;
        }
    }

    /**
     * The executor's own version (not the protocol's), as built.
     */
    public static String executorVersion()
    {
        try (InputStream in = ExecutorConfiguration.class.getResourceAsStream("/io/gpurelay/executor/version.properties"))
        {
            if (in == null)
            {
                return "unknown";
            }
            final Properties properties = new Properties();
            properties.load(in);
            return properties.getProperty("version", "unknown");
        }
        catch (final IOException ex)
        {
            throw new UncheckedIOException(ex);
        }
    }
}
