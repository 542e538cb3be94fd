package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.gpurelay.executor.cli.ExecutorMain;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.yaml.snakeyaml.Yaml;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The deployment units in deploy/ against the distribution tarball they run: the programs they start are in it and
 * executable, every setting they give is an option of the executor, and the Kubernetes manifests are YAML of the
 * shape a GPU node needs. With systemd-analyze on the PATH, the unit also passes {@code systemd-analyze verify}.
 */
class DeploymentUnitsIT
{
    private static final String INSTALL_PREFIX = "/opt/gpurelay/";
    private static final Duration TOOL_TIMEOUT = Duration.ofSeconds(60);

    private static Path tarball;
    private static Path deploy;
    private static String baseDirectory;
    /** The tarball's entries, by path below its base directory, with their permissions as tar lists them. */
    private static final Map<String, String> ENTRIES = new HashMap<>();

    @BeforeAll
    static void listTarball() throws Exception
    {
        tarball = Path.of(System.getProperty("gpurelay.distribution.tarball"));
        deploy = Path.of(System.getProperty("gpurelay.deploy.dir"));
        baseDirectory = "gpurelay-executor-" + System.getProperty("gpurelay.version") + "/";
        assertTrue(Files.isRegularFile(tarball), tarball + " is built by the executor-distribution module");
        final String listing = run(List.of("tar", "-tvzf", tarball.toString()));
        for (final String line : listing.lines().toList())
        {
            final String[] fields = line.trim().split("\\s+");
            final String path = fields[fields.length - 1];
            if (path.startsWith(baseDirectory))
            {
                ENTRIES.put(path.substring(baseDirectory.length()), fields[0]);
            }
        }
        assertTrue(ENTRIES.containsKey("lib/gpurelay-executor.jar"), listing);
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void systemdUnitStartsTheDistributionsLauncherWithTheConfigFile() throws IOException
    {
        final Map<String, List<String>> unit = unitDirectives(deploy.resolve("systemd/gpurelay-executor.service"));
        final String execStart = unit.get("ExecStart").get(0);
        assertEquals(INSTALL_PREFIX + "bin/gpurelay-executor --config /etc/gpurelay/executor.properties", execStart);
        assertExecutableInTarball(execStart.split(" ")[0]);
        assertEquals(List.of("on-failure"), unit.get("Restart"));
        assertTrue(ENTRIES.containsKey("deploy/systemd/gpurelay-executor.service"), "the tarball carries the unit");

        final Properties settings = new Properties();
        try (Reader in = Files.newBufferedReader(deploy.resolve("systemd/executor.properties")))
        {
            settings.load(in);
        }
        assertAllExecutorOptions(settings.stringPropertyNames(), "executor.properties");
        assertExecutableInTarball(INSTALL_PREFIX + "bin/gpurelay-stat");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void systemdAnalyzeVerifiesTheUnit(@TempDir final Path work) throws Exception
    {
        assumeTrue(onPath("systemd-analyze"), "systemd-analyze is not installed: the unit's syntax is not verified");
        run(List.of("tar", "-xzf", tarball.toString(), "-C", work.toString(), baseDirectory + "bin"));
        // systemd-analyze checks that ExecStart is executable: point the unit at the unpacked tarball.
        final String unit = Files.readString(deploy.resolve("systemd/gpurelay-executor.service"))
            .replace(INSTALL_PREFIX, work.resolve(baseDirectory) + "/");
        final Path copy = Files.writeString(work.resolve("gpurelay-executor.service"), unit);
        final String output = run(List.of("systemd-analyze", "verify", copy.toString()));
        assertEquals("", output.strip(), "systemd-analyze verify says:\n" + output);
    }

    @Test
    void containerImageRunsTheTarballsLauncherWithExecutorSettings() throws IOException
    {
        final String recipe = Files.readString(deploy.resolve("container/Containerfile"));
        final Matcher entrypoint = Pattern.compile("(?m)^ENTRYPOINT \\[\"([^\"]+)\"").matcher(recipe);
        assertTrue(entrypoint.find(), recipe);
        assertExecutableInTarball(entrypoint.group(1));
        final Matcher version = Pattern.compile("(?m)^ARG GPURELAY_VERSION=(\\S+)$").matcher(recipe);
        assertTrue(version.find(), recipe);
        assertEquals(System.getProperty("gpurelay.version"), version.group(1));
        assertTrue(recipe.contains("ADD gpurelay-executor-${GPURELAY_VERSION}.tar.gz /opt/"), recipe);
        final List<String> settings = new ArrayList<>();
        final Matcher environment = Pattern.compile("\\bGPURELAY_([A-Z_]+)=").matcher(recipe);
        while (environment.find())
        {
            if (!environment.group(1).equals("JAVA_OPTS") && !environment.group(1).equals("VERSION"))
            {
                settings.add(environment.group(1).toLowerCase().replace('_', '-'));
            }
        }
        assertTrue(settings.contains("metrics-port"), settings.toString());
        assertAllExecutorOptions(settings, "Containerfile environment");
    }

    @Test
    @SuppressWarnings("unchecked")
    void kubernetesDaemonSetGivesTheExecutorAGpuItsUdpPortAndItsSettings() throws IOException
    {
        final Map<String, Map<String, Object>> byKind = new HashMap<>();
        for (final Object document : new Yaml().loadAll(Files.readString(
            deploy.resolve("kubernetes/gpurelay-executor.yaml"))))
        {
            final Map<String, Object> object = (Map<String, Object>)document;
            assertNotNull(object.get("apiVersion"), object.toString());
            byKind.put((String)object.get("kind"), object);
        }
        final Map<String, Object> daemonSet = byKind.get("DaemonSet");
        assertEquals("apps/v1", daemonSet.get("apiVersion"));
        final Map<String, Object> podSpec = map(map(map(daemonSet, "spec"), "template"), "spec");
        final Map<String, Object> executor = ((List<Map<String, Object>>)podSpec.get("containers")).get(0);
        assertEquals("1", String.valueOf(map(map(executor, "resources"), "limits").get("nvidia.com/gpu")));

        final Properties settings = new Properties();
        settings.load(new StringReader((String)map(byKind.get("ConfigMap"), "data").get("executor.properties")));
        assertAllExecutorOptions(settings.stringPropertyNames(), "the ConfigMap's executor.properties");
        final Matcher port = Pattern.compile("endpoint=0\\.0\\.0\\.0:(\\d+)").matcher(settings.getProperty("channel"));
        assertTrue(port.find(), settings.toString());
        final List<Map<String, Object>> ports = (List<Map<String, Object>>)executor.get("ports");
        assertTrue(ports.stream().anyMatch(p -> "UDP".equals(p.get("protocol")) &&
            port.group(1).equals(String.valueOf(p.get("containerPort")))), ports.toString());
        assertTrue(ports.stream().anyMatch(p -> settings.getProperty("metrics-port")
            .equals(String.valueOf(p.get("containerPort")))), ports.toString());

        final List<String> args = (List<String>)executor.get("args");
        assertEquals("--config", args.get(0));
        final List<Map<String, Object>> mounts = (List<Map<String, Object>>)executor.get("volumeMounts");
        final List<String> volumes = ((List<Map<String, Object>>)podSpec.get("volumes")).stream()
            .map(volume -> (String)volume.get("name")).toList();
        for (final Map<String, Object> mount : mounts)
        {
            assertTrue(volumes.contains((String)mount.get("name")), "volume " + mount + " of " + volumes);
        }
        assertTrue(mounts.stream().anyMatch(mount -> args.get(1).startsWith(mount.get("mountPath") + "/")),
            "the --config file is in a mounted volume: " + mounts);
        assertTrue(mounts.stream().anyMatch(mount -> settings.getProperty("aeron-dir").equals(mount.get("mountPath"))),
            "the Aeron directory is a volume client pods can share: " + mounts);
    }

    @Test
    @SuppressWarnings("unchecked")
    void kubernetesStatefulSetRunsThreeRegistryMembersWithTheirPortsAndLogs() throws IOException
    {
        final Map<String, Map<String, Object>> byKind = new HashMap<>();
        for (final Object document : new Yaml().loadAll(Files.readString(
            deploy.resolve("kubernetes/gpurelay-registry.yaml"))))
        {
            final Map<String, Object> object = (Map<String, Object>)document;
            byKind.put((String)object.get("kind"), object);
        }
        final Map<String, Object> statefulSet = byKind.get("StatefulSet");
        assertEquals("apps/v1", statefulSet.get("apiVersion"));
        assertEquals(3, map(statefulSet, "spec").get("replicas"));
        assertEquals("None", map(byKind.get("Service"), "spec").get("clusterIP"), "a headless Service names members");
        final Map<String, Object> member = ((List<Map<String, Object>>)map(map(map(statefulSet, "spec"), "template"),
            "spec").get("containers")).get(0);
        final String script = String.join(" ", (List<String>)member.get("args"));
        final Matcher launcher = Pattern.compile("exec (\\S+)").matcher(script);
        assertTrue(launcher.find(), script);
        assertExecutableInTarball(launcher.group(1));
        assertExecutableInTarball(INSTALL_PREFIX + "bin/gpurelay-pool");
        final Matcher members = Pattern.compile("--members \"([^\"]+)\"").matcher(script);
        assertTrue(members.find(), script);
        final String[] endpoints = members.group(1).split(";");
        assertEquals(3, endpoints.length, script);
        final int ingress = Integer.parseInt(endpoints[0].substring(endpoints[0].lastIndexOf(':') + 1));
        final List<Integer> ports = ((List<Map<String, Object>>)member.get("ports")).stream()
            .filter(port -> "UDP".equals(port.get("protocol"))).map(port -> (Integer)port.get("containerPort"))
            .toList();
        assertEquals(List.of(ingress, ingress + 1, ingress + 2, ingress + 3, ingress + 4), ports,
            "a member's five consecutive UDP ports");
        final Matcher dir = Pattern.compile("--dir (\\S+)").matcher(script);
        assertTrue(dir.find(), script);
        assertTrue(((List<Map<String, Object>>)member.get("volumeMounts")).stream()
            .anyMatch(mount -> dir.group(1).equals(mount.get("mountPath"))), "the log lives on a volume");
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> map(final Map<String, Object> parent, final String key)
    {
        final Object child = parent.get(key);
        assertTrue(child instanceof Map, key + " in " + parent);
        return (Map<String, Object>)child;
    }

    private static void assertExecutableInTarball(final String installedPath)
    {
        assertTrue(installedPath.startsWith(INSTALL_PREFIX), installedPath);
        final String path = installedPath.substring(INSTALL_PREFIX.length());
        final String mode = ENTRIES.get(path);
        assertNotNull(mode, path + " is not in " + tarball);
        assertTrue(mode.matches("-rwx.*"), path + " is not executable in the tarball: " + mode);
    }

    private static void assertAllExecutorOptions(final Iterable<String> keys, final String where)
    {
        final CommandSpec executor = ExecutorMain.commandLine(name -> null).getSubcommands().get("executor")
            .getCommandSpec();
        for (final String key : keys)
        {
            assertNotNull(executor.findOption("--" + key), where + ": '" + key + "' is not an executor option");
        }
    }

    /**
     * The directives of a unit file, by name; a directive given twice has both values.
     */
    private static Map<String, List<String>> unitDirectives(final Path unit) throws IOException
    {
        final Map<String, List<String>> directives = new HashMap<>();
        for (final String line : Files.readAllLines(unit))
        {
            final int equals = line.indexOf('=');
            if (!line.startsWith("#") && !line.startsWith("[") && equals > 0)
            {
                directives.computeIfAbsent(line.substring(0, equals), name -> new ArrayList<>())
                    .add(line.substring(equals + 1));
            }
        }
        return directives;
    }

    private static boolean onPath(final String program)
    {
        for (final String directory : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
        {
            if (!directory.isEmpty() && Files.isExecutable(Path.of(directory, program)))
            {
                return true;
            }
        }
        return false;
    }

    private static String run(final List<String> command) throws IOException, InterruptedException
    {
        try (ForkedProcess process = new ForkedProcess(command.get(0), command))
        {
            assertEquals(0, process.awaitExit(TOOL_TIMEOUT), String.join(" ", command) + ":\n" + process.output());
            return process.output();
        }
    }
}
