package io.gpurelay.agent.config;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import io.aeron.ChannelUri;
import io.aeron.CommonContext;
import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.protocol.ClientName;
import io.gpurelay.registry.RegistryEndpoints;

/**
 * The agent's settings. Each key is looked up in the agent argument string ({@code key=value,key=value}), then in
 * the system property {@code gpurelay.<key>}, then in the environment variable {@code GPURELAY_<KEY>} (upper case,
 * dots as underscores); the first place that has it wins. A value that cannot be used is reported in
 * {@link #problems()} and the default is used instead, so a typo never stops the application.
 */
public final class AgentConfig
{
    /**
     * Channel URI of the executor: {@code aeron:ipc} on the same host, {@code aeron:udp?endpoint=host:port} else; or
     * several, separated by {@code ;}, whose devices the application sees as one list, in that order.
     */
    public static final String EXECUTOR = "executor";
    public static final String EXECUTOR_DEFAULT = "aeron:ipc";
    /** Separates the channels of several executors ({@code ;} appears in no Aeron channel URI). */
    public static final String EXECUTOR_SEPARATOR = ";";
    /** Device lists name at most this many executors; the agent tells their contexts apart by it. */
    public static final int MAX_EXECUTORS = 64;

    /**
     * A pool registry's members ({@code host:port;host:port;...}): the agent asks it for devices instead of naming
     * executors, then talks to the executors it was placed on.
     */
    public static final String REGISTRY = "registry";

    /** How many devices to ask the registry for. */
    public static final String REGISTRY_DEVICES = "registry.devices";
    public static final int REGISTRY_DEVICES_DEFAULT = 1;

    /** How much free memory each device must have, in bytes or with k, m, g or t. */
    public static final String REGISTRY_MIN_FREE = "registry.min.free";

    /** Aeron directory of the media driver to use; default: Aeron's own default directory. */
    public static final String AERON_DIR = "aeron.dir";

    /** How long to wait for the executor to answer a connect request or a call. */
    public static final String TIMEOUT = "timeout";
    public static final long TIMEOUT_DEFAULT_MS = 10_000;

    /** error, warn, info or debug. */
    public static final String LOG = "log";

    /**
     * The token the executor requires; empty by default. The client proves it holds it, the token itself never
     * crosses the wire. Prefer {@code GPURELAY_TOKEN} or {@link #TOKEN_FILE}: agent arguments and system properties
     * show in the process list.
     */
    public static final String TOKEN = "token";

    /** A file whose first line is the token. */
    public static final String TOKEN_FILE = "token.file";

    /** How the executor names this client in its logs; default: the main class or jar. */
    public static final String CLIENT_NAME = "client.name";

    /**
     * Channel the executor sends replies to. Default: {@code aeron:ipc} for an IPC executor, else UDP on the local
     * address that routes to the executor's host, on a port the system picks.
     */
    public static final String RESPONSE_CHANNEL = "response.channel";

    /**
     * Tuning of the media driver the agent starts when none runs in its Aeron directory, and of how its threads wait
     * for replies: {@code auto} (default: {@code balanced} on a host with
     * {@link DriverProfile#DEDICATED_THREADS_MIN_CORES} cores or more, else {@code shared}), {@code shared} (backs off, for small machines), {@code balanced} (dedicated
     * driver threads that spin briefly before they back off), {@code throughput} or {@code low-latency}
     * (busy-spinning driver threads and reply waits, for hosts with cores to spare).
     */
    public static final String PROFILE = "profile";

    /**
     * When the session opens: {@code lazy} (default) at the first remoted call; {@code eager} as the JVM starts, on a
     * thread of its own, so that connecting overlaps the application's own start-up and its first call does not wait
     * for it. Eager opens a session (with process isolation, a worker) for every JVM started with the agent.
     */
    public static final String CONNECT = "connect";

    /**
     * How many threads copy a large transfer's bytes between the application's memory and the shared-memory transfer
     * region of an IPC session, the calling thread included: {@code auto} (default: {@link #COPY_THREADS_AUTO_MANY} on
     * a host with {@link DriverProfile#DEDICATED_THREADS_MIN_CORES} cores or more, else 1) or 1 to
     * {@link #MAX_COPY_THREADS}. One thread's memory copy is what limits such a copy.
     */
    public static final String COPY_THREADS = "copy.threads";
    public static final int MAX_COPY_THREADS = 16;
    static final int COPY_THREADS_AUTO_MANY = 4;
    private static final int COPY_THREADS_AUTO = 0;

    static final List<String> KEYS = List.of(EXECUTOR, AERON_DIR, TIMEOUT, LOG, TOKEN, TOKEN_FILE, CLIENT_NAME,
        RESPONSE_CHANNEL, PROFILE, CONNECT, REGISTRY, REGISTRY_DEVICES, REGISTRY_MIN_FREE, COPY_THREADS);

    private static final Pattern DURATION = Pattern.compile("(\\d{1,12})\\s*(ms|s|m)?");
    private static final Pattern SIZE = Pattern.compile("(\\d{1,15})\\s*([kmgt]?)");

    private final List<String> executorChannels;
    private final RegistryEndpoints registry;
    private final int registryDevices;
    private final long registryMinFreeBytes;
    private final String aeronDirectoryName;
    private final long timeoutMs;
    private final AgentLog.Level logLevel;
    private final String token;
    private final String clientName;
    private final String responseChannel;
    private final DriverProfile requestedProfile;
    private final DriverProfile profile;
    private final boolean eagerConnect;
    private final int copyThreads;
    private final List<String> problems;

    private AgentConfig(final Sources sources)
    {
        logLevel = sources.value(LOG, AgentLog.DEFAULT_LEVEL, AgentConfig::parseLevel, "error, warn, info or debug");
        executorChannels = sources.value(EXECUTOR, List.of(EXECUTOR_DEFAULT), AgentConfig::parseChannels,
            "an Aeron channel URI such as aeron:ipc or aeron:udp?endpoint=host:port, or at most " + MAX_EXECUTORS +
            " of them separated by " + EXECUTOR_SEPARATOR);
        registry = sources.value(REGISTRY, null, RegistryEndpoints::parse,
            "the registry members' host:port, separated by " + RegistryEndpoints.SEPARATOR);
        registryDevices = sources.value(REGISTRY_DEVICES, REGISTRY_DEVICES_DEFAULT, AgentConfig::parseDeviceCount,
            "a number of devices from 1 to " + MAX_EXECUTORS);
        registryMinFreeBytes = sources.value(REGISTRY_MIN_FREE, 0L, AgentConfig::parseSize,
            "bytes, or a whole number followed by k, m, g or t");
        if (registry != null && sources.isSet(EXECUTOR))
        {
            sources.problems.add("both " + EXECUTOR + " and " + REGISTRY + " are set; the registry places this " +
                "client and " + EXECUTOR + " is not used");
        }
        aeronDirectoryName = sources.value(AERON_DIR, null, AgentConfig::parseNonEmpty, "a directory");
        timeoutMs = sources.value(TIMEOUT, TIMEOUT_DEFAULT_MS, AgentConfig::parseDurationMs,
            "a positive duration such as 500ms, 10s, 2m or plain milliseconds");
        token = token(sources);
        clientName = clientName(sources);
        responseChannel = sources.value(RESPONSE_CHANNEL, null, AgentConfig::parseChannel,
            "an Aeron channel URI such as aeron:ipc or aeron:udp?endpoint=host:0");
        requestedProfile = sources.value(PROFILE, DriverProfile.AUTO, DriverProfile::fromCliName,
            "auto, shared, balanced, throughput or low-latency");
        profile = requestedProfile.resolveForThisHost();
        eagerConnect = sources.value(CONNECT, "lazy", AgentConfig::parseConnect, "lazy or eager").equals("eager");
        final int requestedCopyThreads = sources.value(COPY_THREADS, COPY_THREADS_AUTO,
            AgentConfig::parseCopyThreads, "auto or a number of threads from 1 to " + MAX_COPY_THREADS);
        copyThreads = requestedCopyThreads == COPY_THREADS_AUTO ?
            autoCopyThreads(Runtime.getRuntime().availableProcessors()) : requestedCopyThreads;
        problems = Collections.unmodifiableList(sources.problems);
    }

    private AgentConfig(final AgentConfig settings, final List<String> executorChannels)
    {
        this.executorChannels = List.copyOf(executorChannels);
        this.registry = null;
        this.registryDevices = settings.registryDevices;
        this.registryMinFreeBytes = settings.registryMinFreeBytes;
        this.aeronDirectoryName = settings.aeronDirectoryName;
        this.timeoutMs = settings.timeoutMs;
        this.logLevel = settings.logLevel;
        this.token = settings.token;
        this.clientName = settings.clientName;
        this.responseChannel = settings.responseChannel;
        this.requestedProfile = settings.requestedProfile;
        this.profile = settings.profile;
        this.eagerConnect = settings.eagerConnect;
        this.copyThreads = settings.copyThreads;
        this.problems = settings.problems;
    }

    /**
     * Read the configuration from the agent argument string, system properties and environment.
     */
    public static AgentConfig resolve(
        final String agentArguments, final Properties systemProperties, final Map<String, String> environment)
    {
        return new AgentConfig(new Sources(agentArguments, systemProperties, environment));
    }

    /**
     * The configuration of this JVM: its system properties and environment, no agent arguments.
     */
    public static AgentConfig fromSystem(final String agentArguments)
    {
        return resolve(agentArguments, System.getProperties(), System.getenv());
    }

    /**
     * @return the first (usually the only) executor's channel.
     */
    public String executorChannel()
    {
        return executorChannels.get(0);
    }

    /**
     * @return every configured executor's channel, in the order their devices are numbered.
     */
    public List<String> executorChannels()
    {
        return executorChannels;
    }

    /**
     * @return the registry that places this client, or null when it names its executors.
     */
    public RegistryEndpoints registry()
    {
        return registry;
    }

    public int registryDevices()
    {
        return registryDevices;
    }

    public long registryMinFreeBytes()
    {
        return registryMinFreeBytes;
    }

    /**
     * @return these settings for a session with one executor of a device list.
     */
    public AgentConfig forExecutor(final String channel)
    {
        return new AgentConfig(this, List.of(channel));
    }

    /**
     * @return the configured Aeron directory, or Aeron's default one.
     */
    public String aeronDirectoryName()
    {
        return aeronDirectoryName != null ? aeronDirectoryName : CommonContext.getAeronDirectoryName();
    }

    public long timeoutMs()
    {
        return timeoutMs;
    }

    public AgentLog.Level logLevel()
    {
        return logLevel;
    }

    public String token()
    {
        return token;
    }

    public String clientName()
    {
        return clientName;
    }

    /**
     * @return the configured response channel, or null to derive one from the executor channel.
     */
    public String responseChannel()
    {
        return responseChannel;
    }

    /**
     * @return whether the session opens as the JVM starts ({@code connect=eager}) rather than at the first call.
     */
    public boolean eagerConnect()
    {
        return eagerConnect;
    }

    /**
     * @return how many threads copy a large transfer through the shared-memory region, the caller included: 1 or more.
     */
    public int copyThreads()
    {
        return copyThreads;
    }

    static int autoCopyThreads(final int cores)
    {
        return cores >= DriverProfile.DEDICATED_THREADS_MIN_CORES ? COPY_THREADS_AUTO_MANY : 1;
    }

    static int parseCopyThreads(final String text)
    {
        final String value = text.trim().toLowerCase(Locale.ROOT);
        if (value.equals("auto"))
        {
            return COPY_THREADS_AUTO;
        }
        final int threads = Integer.parseInt(value);
        if (threads < 1 || threads > MAX_COPY_THREADS)
        {
            throw new IllegalArgumentException();
        }
        return threads;
    }

    /**
     * @return the profile of an embedded media driver and of reply waits: the one given, or for {@code auto} (the
     *         default) the one chosen for this host; never {@link DriverProfile#AUTO}.
     */
    public DriverProfile profile()
    {
        return profile;
    }

    /**
     * @return the profile and how it was chosen, e.g. {@code balanced (auto: 16 cores)}.
     */
    public String describeProfile()
    {
        return profile.describeChoice(requestedProfile);
    }

    /**
     * One line per unusable key or value, saying which default was used instead.
     */
    public List<String> problems()
    {
        return problems;
    }

    public String toString()
    {
        return (registry != null ? REGISTRY + "=" + registry + ", " + REGISTRY_DEVICES + "=" + registryDevices +
            ", " + REGISTRY_MIN_FREE + "=" + registryMinFreeBytes :
            EXECUTOR + "=" + String.join(EXECUTOR_SEPARATOR, executorChannels)) + ", " + AERON_DIR + "=" + aeronDirectoryName() + ", " +
            TIMEOUT + "=" + timeoutMs + "ms, " + LOG + "=" + logLevel.lowerCaseName() + ", " +
            CLIENT_NAME + "=" + clientName + ", " + RESPONSE_CHANNEL + "=" +
            (responseChannel != null ? responseChannel : "(derived)") + ", " + PROFILE + "=" + describeProfile() +
            ", " + CONNECT + "=" + (eagerConnect ? "eager" : "lazy") + ", " + COPY_THREADS + "=" + copyThreads +
            ", " + TOKEN + "=" +
            (token.isEmpty() ? "(none)" : "(set)");
    }

    static String environmentName(final String key)
    {
        return "GPURELAY_" + key.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    static long parseDurationMs(final String text)
    {
        final Matcher matcher = DURATION.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new IllegalArgumentException();
        }
        final long amount = Long.parseLong(matcher.group(1));
        final String unit = matcher.group(2);
        final long millis = unit == null || unit.equals("ms") ? amount : unit.equals("s") ? amount * 1000 :
            amount * 60_000;
        if (millis <= 0)
        {
            throw new IllegalArgumentException();
        }
        return millis;
    }

    /**
     * The token from {@link #TOKEN_FILE}, else from {@link #TOKEN}; one given where the process list shows it is
     * reported as a problem, and so is a file that cannot be read (the agent then has no token, and an executor that
     * requires one refuses it, saying so).
     */
    private static String token(final Sources sources)
    {
        final String inline = sources.value(TOKEN, "", value -> value, "");
        final String file = sources.value(TOKEN_FILE, null, AgentConfig::parseNonEmpty, "a file");
        if (file != null)
        {
            if (!inline.isEmpty())
            {
                sources.problems.add("both " + TOKEN + " and " + TOKEN_FILE + " are set; using " + TOKEN_FILE);
            }
            try
            {
                final String content = Files.readString(Path.of(file), StandardCharsets.UTF_8);
                final int lineEnd = content.indexOf('\n');
                final String token = (lineEnd < 0 ? content : content.substring(0, lineEnd)).strip();
                if (token.isEmpty())
                {
                    sources.problems.add(TOKEN_FILE + " " + file + " holds no token on its first line");
                }
                return token;
            }
            catch (final IOException | RuntimeException ex)
            {
                sources.problems.add("cannot read " + TOKEN_FILE + " " + file + " (" + ex + "); connecting without " +
                    "a token");
                return "";
            }
        }
        if (!inline.isEmpty() && sources.onCommandLine(TOKEN))
        {
            sources.problems.add("the " + TOKEN + " is given as an agent argument or system property, which every " +
                "user of this host sees in the process list; prefer " + environmentName(TOKEN) + " or " + TOKEN_FILE);
        }
        return inline;
    }

    private static String parseConnect(final String text)
    {
        final String value = text.trim().toLowerCase(Locale.ROOT);
        if (!value.equals("lazy") && !value.equals("eager"))
        {
            throw new IllegalArgumentException(text);
        }
        return value;
    }

    private static AgentLog.Level parseLevel(final String text)
    {
        final AgentLog.Level level = AgentLog.Level.parse(text);
        if (level == null)
        {
            throw new IllegalArgumentException();
        }
        return level;
    }

    private static String parseChannel(final String text)
    {
        final String channel = text.trim();
        final ChannelUri uri = ChannelUri.parse(channel);
        if (uri.isIpc())
        {
            return channel;
        }
        if (uri.isUdp() && uri.get(CommonContext.ENDPOINT_PARAM_NAME) != null)
        {
            return channel;
        }
        throw new IllegalArgumentException();
    }

    private static int parseDeviceCount(final String text)
    {
        final int count = Integer.parseInt(text.trim());
        if (count < 1 || count > MAX_EXECUTORS)
        {
            throw new IllegalArgumentException();
        }
        return count;
    }

    static long parseSize(final String text)
    {
        final Matcher matcher = SIZE.matcher(text.trim().toLowerCase(Locale.ROOT));
        if (!matcher.matches())
        {
            throw new IllegalArgumentException();
        }
        final int shift = switch (matcher.group(2))
        {
            case "k" -> 10;
            case "m" -> 20;
            case "g" -> 30;
            case "t" -> 40;
            default -> 0;
        };
        final long amount = Long.parseLong(matcher.group(1));
        if (amount > Long.MAX_VALUE >> shift)
        {
            throw new IllegalArgumentException();
        }
        return amount << shift;
    }

    private static List<String> parseChannels(final String text)
    {
        final List<String> channels = new ArrayList<>();
        for (final String channel : text.split(EXECUTOR_SEPARATOR, -1))
        {
            channels.add(parseChannel(channel));
        }
        if (channels.size() > MAX_EXECUTORS)
        {
            throw new IllegalArgumentException();
        }
        return List.copyOf(channels);
    }

    private static String parseNonEmpty(final String text)
    {
        if (text.isBlank())
        {
            throw new IllegalArgumentException();
        }
        return text.trim();
    }

    /**
     * The name set by the user, made usable (with a warning when that changed it), or the launch's jar or main class.
     */
    private static String clientName(final Sources sources)
    {
        final String configured = sources.value(CLIENT_NAME, null, AgentConfig::parseNonEmpty, "a name");
        if (configured == null)
        {
            return ClientName.fromJavaCommand(
                System.getProperty("sun.java.command"), ManagementFactory.getRuntimeMXBean().getName());
        }
        final String name = ClientName.sanitise(configured);
        if (!name.equals(configured))
        {
            sources.problems.add(CLIENT_NAME + " of " + configured.length() + " characters shortened to '" + name +
                "' (at most " + ClientName.MAX_LENGTH + " printable characters)");
        }
        return name;
    }

    @FunctionalInterface
    private interface Parser<T>
    {
        T parse(String text);
    }

    /**
     * The three places a value can come from, in precedence order, and the problems found reading them.
     */
    private static final class Sources
    {
        private final Map<String, String> arguments = new LinkedHashMap<>();
        private final Properties systemProperties;
        private final Map<String, String> environment;
        private final List<String> problems = new ArrayList<>();

        Sources(final String agentArguments, final Properties systemProperties, final Map<String, String> environment)
        {
            this.systemProperties = systemProperties;
            this.environment = environment;
            parseArguments(agentArguments);
        }

        private void parseArguments(final String agentArguments)
        {
            if (agentArguments == null || agentArguments.isBlank())
            {
                return;
            }
            for (final String pair : agentArguments.split(","))
            {
                if (pair.isBlank())
                {
                    continue;
                }
                final int separator = pair.indexOf('=');
                final String key = separator > 0 ? pair.substring(0, separator).trim() : pair.trim();
                if (separator <= 0)
                {
                    problems.add("ignoring agent argument '" + pair.trim() + "': expected key=value");
                }
                else if (!KEYS.contains(key))
                {
                    problems.add("ignoring unknown agent argument key '" + key + "': known keys are " +
                        String.join(", ", KEYS));
                }
                else
                {
                    arguments.put(key, pair.substring(separator + 1));
                }
            }
        }

        boolean isSet(final String key)
        {
            return arguments.containsKey(key) || systemProperties.getProperty("gpurelay." + key) != null ||
                environment.get(environmentName(key)) != null;
        }

        /**
         * Whether the key's value comes from the agent argument or a system property, both of which are part of the
         * JVM's command line.
         */
        boolean onCommandLine(final String key)
        {
            return arguments.containsKey(key) || systemProperties.getProperty("gpurelay." + key) != null;
        }

        <T> T value(final String key, final T defaultValue, final Parser<T> parser, final String expected)
        {
            final String where;
            final String text;
            final String property = "gpurelay." + key;
            final String variable = environmentName(key);
            if (arguments.containsKey(key))
            {
                where = "agent argument " + key;
                text = arguments.get(key);
            }
            else if (systemProperties.getProperty(property) != null)
            {
                where = "system property " + property;
                text = systemProperties.getProperty(property);
            }
            else if (environment.get(variable) != null)
            {
                where = "environment variable " + variable;
                text = environment.get(variable);
            }
            else
            {
                return defaultValue;
            }
            try
            {
                return parser.parse(text);
            }
            catch (final RuntimeException ex)
            {
                problems.add("ignoring " + where + "='" + text + "': expected " + expected + "; using " +
                    describeDefault(key, defaultValue));
                return defaultValue;
            }
        }

        private static String describeDefault(final String key, final Object defaultValue)
        {
            if (defaultValue == null)
            {
                return "the default";
            }
            if (TIMEOUT.equals(key))
            {
                return defaultValue + " ms";
            }
            if (COPY_THREADS.equals(key))
            {
                return "auto";
            }
            if (defaultValue instanceof AgentLog.Level)
            {
                return ((AgentLog.Level)defaultValue).lowerCaseName();
            }
            if (defaultValue instanceof DriverProfile)
            {
                return ((DriverProfile)defaultValue).cliName();
            }
            if (defaultValue instanceof List<?> list)
            {
                return list.stream().map(Object::toString).collect(Collectors.joining(EXECUTOR_SEPARATOR));
            }
            return defaultValue.toString();
        }
    }
}
