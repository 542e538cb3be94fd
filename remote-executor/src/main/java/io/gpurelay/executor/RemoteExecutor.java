package io.gpurelay.executor;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

import io.aeron.Aeron;
import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.aeron.Subscription;
import io.aeron.exceptions.ConcurrentConcludeException;
import io.aeron.exceptions.ConfigurationException;
import io.gpurelay.driver.DriverHandle;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.driver.MediaDrivers;
import io.gpurelay.executor.backend.Backend;
import io.gpurelay.executor.backend.emulated.EmulatedBackend;
import io.gpurelay.protocol.Protocol;
import org.agrona.CloseHelper;
import org.agrona.concurrent.AgentRunner;

/**
 * The remote executor: listens for clients on its channel's control stream and serves each one in a session of its
 * own against the backend (see {@link ExecutorConductor} and {@link ExecutorSession}). It uses the media driver
 * running in its Aeron directory, or launches an embedded one there so that clients on the host find it.
 * <pre>{@code
 * try (RemoteExecutor executor = RemoteExecutor.launch(new RemoteExecutor.Context().channel("aeron:ipc")))
 * {
 *     ...
 * }
 * }</pre>
 * Closing it closes every session (freeing what each holds), then the Aeron client, the embedded driver if it
 * launched one, and the backend.
 */
public final class RemoteExecutor implements AutoCloseable
{
    private final Context ctx;
    private DriverHandle driver;
    private Aeron aeron;
    private ExecutorCounters counters;
    private Subscription controlSubscription;
    private AgentRunner conductorRunner;

    private RemoteExecutor(final Context ctx)
    {
        this.ctx = ctx;
    }

    /**
     * Start an executor; it accepts sessions when this returns.
     */
    public static RemoteExecutor launch(final Context ctx)
    {
        ctx.conclude();
        final RemoteExecutor executor = new RemoteExecutor(ctx);
        try
        {
            executor.start();
            return executor;
        }
        catch (final RuntimeException ex)
        {
            executor.close();
            throw ex;
        }
    }

    private void start()
    {
        final ExecutorLog log = ctx.log();
        driver = MediaDrivers.useOrLaunch(ctx.aeronDirectoryName(), ctx.driverProfile(), log::info);
        if (driver.isEmbedded())
        {
            log.info("started an embedded media driver in " + driver.aeronDirectoryName() + " (profile " +
                ctx.driverProfile().cliName() + ")");
        }
        aeron = Aeron.connect(new Aeron.Context()
            .aeronDirectoryName(driver.aeronDirectoryName())
            .clientName("gpurelay executor")
            .errorHandler(ex -> log.error("Aeron client", ex)));
        counters = new ExecutorCounters(aeron);
        controlSubscription = aeron.addSubscription(ctx.channel(), Protocol.CONTROL_STREAM_ID);
        final ExecutorConductor conductor = new ExecutorConductor(ctx, aeron, counters, controlSubscription);
        conductorRunner = new AgentRunner(ctx.idleStrategyKind().newIdleStrategy(), ex ->
        {
            counters.errors.increment();
            log.error("executor conductor", ex);
        }, null, conductor);
        AgentRunner.startOnThread(conductorRunner);
    }

    public Context context()
    {
        return ctx;
    }

    public ExecutorCounters counters()
    {
        return counters;
    }

    /**
     * The directory of the media driver the executor uses; clients of an IPC executor use the same one.
     */
    public String aeronDirectoryName()
    {
        return driver.aeronDirectoryName();
    }

    public void close()
    {
        CloseHelper.closeAll(conductorRunner, controlSubscription, counters, aeron, driver, ctx.backend());
    }

    /**
     * Defaults of the executor's settings; the command line documents each.
     */
    public static final class Configuration
    {
        public static final String CHANNEL_DEFAULT = Protocol.DEFAULT_CHANNEL;
        public static final long DEVICE_MEMORY_DEFAULT = 4L * 1024 * 1024 * 1024;
        public static final int DEVICE_COUNT_DEFAULT = 1;
        public static final long KEEPALIVE_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(10);
        /** How long a new session waits for the client's reply channel to connect before giving up on it. */
        public static final long RESPONSE_CONNECT_TIMEOUT_DEFAULT_NS = TimeUnit.SECONDS.toNanos(5);
        public static final int MAX_SESSIONS_DEFAULT = 64;

        private Configuration()
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
         * The executor's own version (not the protocol's), as built.
         */
        public static String executorVersion()
        {
            try (InputStream in = RemoteExecutor.class.getResourceAsStream("version.properties"))
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

    /**
     * Everything an executor is configured with. Setters return the context; {@link #conclude()} checks it and fills
     * in defaults once, when the executor launches.
     */
    public static final class Context
    {
        private boolean concluded;
        private String channel = Configuration.CHANNEL_DEFAULT;
        private String aeronDirectoryName;
        private DriverProfile driverProfile = DriverProfile.SHARED;
        private Backend backend;
        private IdleStrategyKind idleStrategyKind = IdleStrategyKind.BACKOFF;
        private long keepAliveTimeoutNs = Configuration.KEEPALIVE_TIMEOUT_DEFAULT_NS;
        private long responseConnectTimeoutNs = Configuration.RESPONSE_CONNECT_TIMEOUT_DEFAULT_NS;
        private int maxSessions = Configuration.MAX_SESSIONS_DEFAULT;
        private String token;
        private ExecutorLog log;
        private String executorVersion;

        public Context conclude()
        {
            if (concluded)
            {
                throw new ConcurrentConcludeException();
            }
            concluded = true;

            try
            {
                Configuration.checkChannel(channel);
            }
            catch (final IllegalArgumentException ex)
            {
                throw new ConfigurationException(ex.getMessage());
            }
            if (keepAliveTimeoutNs < TimeUnit.MILLISECONDS.toNanos(4))
            {
                throw new ConfigurationException("keep-alive timeout must be at least 4 ms: " + keepAliveTimeoutNs +
                    " ns");
            }
            if (responseConnectTimeoutNs <= 0)
            {
                throw new ConfigurationException("response connect timeout must be positive");
            }
            if (maxSessions < 1)
            {
                throw new ConfigurationException("max sessions must be at least 1: " + maxSessions);
            }
            if (token != null && token.isEmpty())
            {
                token = null;
            }
            if (aeronDirectoryName == null)
            {
                aeronDirectoryName = MediaDrivers.defaultDirectory();
            }
            if (log == null)
            {
                log = new ExecutorLog(System.err, ExecutorLog.Level.INFO);
            }
            if (executorVersion == null)
            {
                executorVersion = Configuration.executorVersion();
            }
            if (backend == null)
            {
                backend = new EmulatedBackend(Configuration.DEVICE_COUNT_DEFAULT, Configuration.DEVICE_MEMORY_DEFAULT);
            }
            return this;
        }

        /**
         * Where clients reach the executor: {@code aeron:ipc} on this host, or {@code aeron:udp?endpoint=HOST:PORT}.
         * The control stream and every session's request stream use it.
         */
        public Context channel(final String channel)
        {
            this.channel = channel;
            return this;
        }

        public String channel()
        {
            return channel;
        }

        public Context aeronDirectoryName(final String aeronDirectoryName)
        {
            this.aeronDirectoryName = aeronDirectoryName;
            return this;
        }

        public String aeronDirectoryName()
        {
            return aeronDirectoryName;
        }

        /**
         * The tuning of the embedded media driver, when the executor launches one.
         */
        public Context driverProfile(final DriverProfile driverProfile)
        {
            this.driverProfile = driverProfile;
            return this;
        }

        public DriverProfile driverProfile()
        {
            return driverProfile;
        }

        /**
         * Where calls run; the executor closes it when it closes.
         */
        public Context backend(final Backend backend)
        {
            this.backend = backend;
            return this;
        }

        public Backend backend()
        {
            return backend;
        }

        public Context idleStrategyKind(final IdleStrategyKind idleStrategyKind)
        {
            this.idleStrategyKind = idleStrategyKind;
            return this;
        }

        public IdleStrategyKind idleStrategyKind()
        {
            return idleStrategyKind;
        }

        /**
         * A session that receives nothing for this long is closed; clients send keep-alives at a quarter of it.
         */
        public Context keepAliveTimeoutNs(final long keepAliveTimeoutNs)
        {
            this.keepAliveTimeoutNs = keepAliveTimeoutNs;
            return this;
        }

        public long keepAliveTimeoutNs()
        {
            return keepAliveTimeoutNs;
        }

        /**
         * How often a client sends keep-alives, and the executor to a client while one of its calls runs: a quarter
         * of the timeout, so that a keep-alive or two may be lost without a session being given up.
         */
        public long keepAliveIntervalNs()
        {
            return keepAliveTimeoutNs / 4;
        }

        public Context responseConnectTimeoutNs(final long responseConnectTimeoutNs)
        {
            this.responseConnectTimeoutNs = responseConnectTimeoutNs;
            return this;
        }

        public long responseConnectTimeoutNs()
        {
            return responseConnectTimeoutNs;
        }

        public Context maxSessions(final int maxSessions)
        {
            this.maxSessions = maxSessions;
            return this;
        }

        public int maxSessions()
        {
            return maxSessions;
        }

        /**
         * The secret a client's connect request must carry; null or empty to accept every client.
         */
        public Context token(final String token)
        {
            this.token = token;
            return this;
        }

        public String token()
        {
            return token;
        }

        public Context log(final ExecutorLog log)
        {
            this.log = log;
            return this;
        }

        public ExecutorLog log()
        {
            return log;
        }

        public Context executorVersion(final String executorVersion)
        {
            this.executorVersion = executorVersion;
            return this;
        }

        public String executorVersion()
        {
            return executorVersion;
        }
    }
}
