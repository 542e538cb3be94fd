package io.gpurelay.agent.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.driver.DriverProfile;
import io.gpurelay.protocol.ClientName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentConfigTest
{
    private static final Properties NO_PROPERTIES = new Properties();

    @Test
    void defaultsWithNothingConfigured()
    {
        final AgentConfig config = AgentConfig.resolve(null, NO_PROPERTIES, Map.of());

        assertEquals("aeron:ipc", config.executorChannel());
        assertEquals(10_000, config.timeoutMs());
        assertEquals(AgentLog.Level.WARN, config.logLevel());
        assertEquals("", config.token());
        assertNull(config.responseChannel());
        assertTrue(config.problems().isEmpty(), config.problems().toString());
        assertTrue(!config.clientName().isEmpty());
        assertTrue(ClientName.isSanitised(config.clientName()), config.clientName());
    }

    @Test
    void aClientNameTooLongIsShortenedWithOneProblemNeverRefused()
    {
        final String longName = "n".repeat(300);
        final AgentConfig config = AgentConfig.resolve("client.name=" + longName, NO_PROPERTIES, Map.of());

        assertEquals("n".repeat(ClientName.MAX_LENGTH - 3) + "...", config.clientName());
        assertEquals(1, config.problems().size(), config.problems().toString());
        assertTrue(config.problems().get(0).contains("client.name of 300 characters shortened"),
            config.problems().toString());
    }

    @Test
    void aClientNameWithControlCharactersIsMadePrintable()
    {
        final Properties properties = new Properties();
        properties.setProperty("gpurelay.client.name", "job\n42\u0007x");
        final AgentConfig config = AgentConfig.resolve(null, properties, Map.of());

        assertEquals("job 42?x", config.clientName());
        assertEquals(1, config.problems().size(), config.problems().toString());
    }

    @Test
    void agentArgumentsWinOverSystemPropertiesWhichWinOverEnvironment()
    {
        final Properties properties = new Properties();
        properties.setProperty("gpurelay.timeout", "2s");
        properties.setProperty("gpurelay.token", "from-property");
        properties.setProperty("gpurelay.client.name", "property-name");
        final Map<String, String> environment = Map.of(
            "GPURELAY_TIMEOUT", "3s",
            "GPURELAY_TOKEN", "from-environment",
            "GPURELAY_LOG", "debug",
            "GPURELAY_AERON_DIR", "/tmp/from-environment",
            "GPURELAY_CLIENT_NAME", "environment-name");

        final AgentConfig config = AgentConfig.resolve(
            "timeout=500ms,executor=aeron:udp?endpoint=10.1.2.3:40123", properties, environment);

        assertEquals(500, config.timeoutMs());
        assertEquals("aeron:udp?endpoint=10.1.2.3:40123", config.executorChannel());
        assertEquals("from-property", config.token());
        assertEquals("property-name", config.clientName());
        assertEquals(AgentLog.Level.DEBUG, config.logLevel());
        assertEquals("/tmp/from-environment", config.aeronDirectoryName());
        assertEquals(List.of("the token is given as an agent argument or system property, which every user of this " +
            "host sees in the process list; prefer GPURELAY_TOKEN or token.file"), config.problems());
    }

    @Test
    void aTokenFromTheEnvironmentOrAFileIsNotWarnedAbout(@TempDir final Path directory) throws IOException
    {
        final AgentConfig fromEnvironment =
            AgentConfig.resolve(null, NO_PROPERTIES, Map.of("GPURELAY_TOKEN", "from-environment"));
        assertEquals("from-environment", fromEnvironment.token());
        assertTrue(fromEnvironment.problems().isEmpty(), fromEnvironment.problems().toString());

        final Path file = directory.resolve("token");
        Files.writeString(file, "  from-file \nsecond line\n");
        final AgentConfig fromFile = AgentConfig.resolve("token.file=" + file, NO_PROPERTIES, Map.of());
        assertEquals("from-file", fromFile.token());
        assertTrue(fromFile.problems().isEmpty(), fromFile.problems().toString());
        assertEquals("from-file", AgentConfig.resolve(
            null, NO_PROPERTIES, Map.of("GPURELAY_TOKEN_FILE", file.toString())).token());
    }

    @Test
    void anUnreadableTokenFileIsAProblemNotACrash(@TempDir final Path directory)
    {
        final Path missing = directory.resolve("missing");
        final AgentConfig config = AgentConfig.resolve("token.file=" + missing, NO_PROPERTIES, Map.of());
        assertEquals("", config.token());
        assertEquals(1, config.problems().size(), config.problems().toString());
        assertTrue(config.problems().get(0).startsWith("cannot read token.file " + missing),
            config.problems().get(0));
    }

    @Test
    void environmentNamesAreUpperCaseWithUnderscores()
    {
        assertEquals("GPURELAY_AERON_DIR", AgentConfig.environmentName("aeron.dir"));
        assertEquals("GPURELAY_RESPONSE_CHANNEL", AgentConfig.environmentName("response.channel"));
        final AgentConfig config = AgentConfig.resolve(null, NO_PROPERTIES,
            Map.of("GPURELAY_RESPONSE_CHANNEL", "aeron:udp?endpoint=192.168.0.7:0"));
        assertEquals("aeron:udp?endpoint=192.168.0.7:0", config.responseChannel());
    }

    @ParameterizedTest
    @CsvSource({ "500ms,500", "10s,10000", "2m,120000", "750,750", " 3 s ,3000", "1S,1000" })
    void durations(final String text, final long millis)
    {
        assertEquals(millis, AgentConfig.parseDurationMs(text));
    }

    @ParameterizedTest
    @CsvSource({ "0", "-5s", "ten seconds", "5h", "''", "1.5s" })
    void unusableDurations(final String text)
    {
        assertThrows(IllegalArgumentException.class, () -> AgentConfig.parseDurationMs(text));
    }

    @Test
    void badValuesAreNamedAndReplacedByDefaults()
    {
        final Properties properties = new Properties();
        properties.setProperty("gpurelay.log", "loud");
        final AgentConfig config = AgentConfig.resolve(
            "timeout=soon,executor=tcp://somewhere,response.channel=aeron:udp", properties,
            Map.of("GPURELAY_AERON_DIR", "  "));

        assertEquals(AgentConfig.TIMEOUT_DEFAULT_MS, config.timeoutMs());
        assertEquals("aeron:ipc", config.executorChannel());
        assertEquals(AgentLog.Level.WARN, config.logLevel());
        assertNull(config.responseChannel());
        assertEquals(5, config.problems().size(), config.problems().toString());
        assertContains(config, "agent argument timeout='soon'", "using 10000 ms");
        assertContains(config, "agent argument executor='tcp://somewhere'", "using aeron:ipc");
        assertContains(config, "agent argument response.channel='aeron:udp'", "using the default");
        assertContains(config, "system property gpurelay.log='loud'", "using warn");
        assertContains(config, "environment variable GPURELAY_AERON_DIR", "using the default");
    }

    @Test
    void unknownKeysAndMalformedPairsAreReported()
    {
        final AgentConfig config = AgentConfig.resolve("timeout=1s,colour=blue,verbose", NO_PROPERTIES, Map.of());

        assertEquals(1000, config.timeoutMs());
        assertEquals(2, config.problems().size(), config.problems().toString());
        assertContains(config, "unknown agent argument key 'colour'", "known keys are executor");
        assertContains(config, "agent argument 'verbose'", "expected key=value");
    }

    @Test
    void profileSelectsTheEmbeddedDriverAndReplyWaits()
    {
        final DriverProfile forThisHost = DriverProfile.forHost(Runtime.getRuntime().availableProcessors());
        final AgentConfig byDefault = AgentConfig.resolve("", NO_PROPERTIES, Map.of());
        assertEquals(forThisHost, byDefault.profile());
        assertEquals(forThisHost.cliName() + " (auto: " + Runtime.getRuntime().availableProcessors() + " cores)",
            byDefault.describeProfile());
        assertEquals(forThisHost, AgentConfig.resolve("profile=auto", NO_PROPERTIES, Map.of()).profile());
        assertEquals(DriverProfile.LOW_LATENCY,
            AgentConfig.resolve("profile=low-latency", NO_PROPERTIES, Map.of()).profile());
        assertEquals("low-latency",
            AgentConfig.resolve("profile=low-latency", NO_PROPERTIES, Map.of()).describeProfile());
        assertEquals(DriverProfile.THROUGHPUT,
            AgentConfig.resolve("", NO_PROPERTIES, Map.of("GPURELAY_PROFILE", "throughput")).profile());

        final AgentConfig config = AgentConfig.resolve("profile=fastest", NO_PROPERTIES, Map.of());
        assertEquals(forThisHost, config.profile());
        assertContains(config, "agent argument profile='fastest'", "using auto");
    }

    @Test
    void anExplicitProfileOverridesTheHostsChoiceInTheUsualOrderOfPrecedence()
    {
        final Properties properties = new Properties();
        properties.setProperty("gpurelay.profile", "throughput");
        final Map<String, String> environment = Map.of("GPURELAY_PROFILE", "low-latency");

        assertEquals(DriverProfile.SHARED,
            AgentConfig.resolve("profile=shared", properties, environment).profile());
        assertEquals(DriverProfile.THROUGHPUT, AgentConfig.resolve("", properties, environment).profile());
        assertEquals(DriverProfile.LOW_LATENCY, AgentConfig.resolve("", NO_PROPERTIES, environment).profile());
        assertEquals(DriverProfile.BALANCED,
            AgentConfig.resolve("profile=balanced", properties, environment).profile());
    }

    @Test
    void connectIsLazyUnlessEagerIsAskedFor()
    {
        assertFalse(AgentConfig.resolve("", NO_PROPERTIES, Map.of()).eagerConnect());
        assertTrue(AgentConfig.resolve("connect=eager", NO_PROPERTIES, Map.of()).eagerConnect());
        assertTrue(AgentConfig.resolve("", NO_PROPERTIES, Map.of("GPURELAY_CONNECT", "EAGER")).eagerConnect());

        final AgentConfig config = AgentConfig.resolve("connect=soon", NO_PROPERTIES, Map.of());
        assertFalse(config.eagerConnect());
        assertContains(config, "agent argument connect='soon'", "using lazy");
    }

    @Test
    void executorChannelMayCarryAeronParameters()
    {
        final AgentConfig config = AgentConfig.resolve(
            "executor=aeron:udp?endpoint=gpu-host:40123|mtu=8k|term-length=64m", NO_PROPERTIES, Map.of());

        assertEquals("aeron:udp?endpoint=gpu-host:40123|mtu=8k|term-length=64m", config.executorChannel());
        assertTrue(config.problems().isEmpty(), config.problems().toString());
    }

    @Test
    void severalExecutorsAreSeparatedBySemicolons()
    {
        final AgentConfig config = AgentConfig.resolve(
            "executor=aeron:udp?endpoint=gpu-a:40123|mtu=8k; aeron:udp?endpoint=gpu-b:40123", NO_PROPERTIES, Map.of());

        assertEquals(List.of("aeron:udp?endpoint=gpu-a:40123|mtu=8k", "aeron:udp?endpoint=gpu-b:40123"),
            config.executorChannels());
        assertEquals("aeron:udp?endpoint=gpu-a:40123|mtu=8k", config.executorChannel());
        assertEquals(List.of("aeron:udp?endpoint=gpu-b:40123"),
            config.forExecutor("aeron:udp?endpoint=gpu-b:40123").executorChannels());
        assertTrue(config.problems().isEmpty(), config.problems().toString());
    }

    @Test
    void aRegistryPlacesTheClientInsteadOfItsExecutors()
    {
        final AgentConfig config = AgentConfig.resolve(
            "registry=reg-a:9010;reg-b:9010,registry.devices=2,registry.min.free=3g,executor=aeron:ipc", NO_PROPERTIES,
            Map.of());

        assertEquals("0=reg-a:9010,1=reg-b:9010", config.registry().ingressEndpoints());
        assertEquals(2, config.registryDevices());
        assertEquals(3L << 30, config.registryMinFreeBytes());
        assertContains(config, "both executor and registry are set");
    }

    @Test
    void badRegistrySettingsFallBackToTheDefaults()
    {
        final AgentConfig config = AgentConfig.resolve(
            "registry=reg-a,registry.devices=0,registry.min.free=lots", NO_PROPERTIES, Map.of());

        assertEquals(null, config.registry());
        assertEquals(AgentConfig.REGISTRY_DEVICES_DEFAULT, config.registryDevices());
        assertEquals(0, config.registryMinFreeBytes());
        assertContains(config, "agent argument registry='reg-a'", "host:port");
        assertContains(config, "agent argument registry.devices='0'", "using 1");
        assertContains(config, "agent argument registry.min.free='lots'", "using 0");
    }

    @Test
    void aListWithABadChannelIsRefusedWhole()
    {
        final AgentConfig config = AgentConfig.resolve(
            "executor=aeron:udp?endpoint=gpu-a:40123;;aeron:ipc", NO_PROPERTIES, Map.of());

        assertEquals(List.of("aeron:ipc"), config.executorChannels());
        assertContains(config, "agent argument executor=", "separated by ;", "using aeron:ipc");
    }

    private static void assertContains(final AgentConfig config, final String... fragments)
    {
        assertTrue(config.problems().stream().anyMatch(problem ->
        {
            for (final String fragment : fragments)
            {
                if (!problem.contains(fragment))
                {
                    return false;
                }
            }
            return true;
        }), "no problem mentions " + String.join(" and ", fragments) + ": " + config.problems());
    }
}
