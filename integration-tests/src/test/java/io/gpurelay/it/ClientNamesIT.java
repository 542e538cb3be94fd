package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.regex.Pattern;

import io.gpurelay.it.programs.MemInfoProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A client's name never stops it from reaching the executor: an application launched with {@code -jar} from a long
 * path is named after the jar's file, and a name the user sets that is too long is shortened with a warning.
 */
class ClientNamesIT
{
    private static final Pattern FREE = Pattern.compile("^FREE \\d+ TOTAL [1-9]\\d*");

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void applicationLaunchedFromALongJarPathIsNamedAfterTheJar(@TempDir final Path work) throws Exception
    {
        final Path jar = programJar(deepDirectory(work, 220).resolve("ml-pipeline-service-1.4.2-all.jar"));
        assertTrue(jar.toString().length() > 200, jar.toString());
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            final List<String> command = new ArrayList<>();
            command.add(Artifacts.java());
            command.add("-javaagent:" + Artifacts.agentJar() + "=" + executor.agentOptions(""));
            command.add("-jar");
            command.add(jar.toString());
            final ForkedProcess client = new ForkedProcess("long-jar-path", command);
            try
            {
                assertEquals(0, client.awaitExit(Duration.ofSeconds(60)), client.output());
                assertTrue(client.anyLine(line -> FREE.matcher(line).find()), client.output());
                executor.process().awaitLine(Pattern.compile(
                    "session \\S+ opened for client 'ml-pipeline-service-1\\.4\\.2-all\\.jar' pid " + client.pid()),
                    Duration.ofSeconds(30));
            }
            finally
            {
                client.close();
            }
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aNameOf300CharactersIsShortenedWithOneWarning(@TempDir final Path work) throws Exception
    {
        final String longName = "nightly-feature-extraction-".repeat(12).substring(0, 300);
        try (Executor executor = Executor.start("aeron:ipc", work))
        {
            final ForkedProcess client = Client.start(
                executor.agentOptions("client.name=" + longName), MemInfoProgram.class);
            try
            {
                assertEquals(0, client.awaitExit(Duration.ofSeconds(60)), client.output());
                assertTrue(client.anyLine(line -> FREE.matcher(line).find()), client.output());
                assertEquals(1, client.countLines(line -> line.contains("client.name of 300 characters shortened")),
                    client.output());
                final String shown = longName.substring(0, 61) + "...";
                executor.process().awaitLine(Pattern.compile(
                    "session \\S+ opened for client '" + Pattern.quote(shown) + "' pid " + client.pid()),
                    Duration.ofSeconds(30));
            }
            finally
            {
                client.close();
            }
        }
    }

    /**
     * A directory under {@code root} whose path is at least {@code length} characters, named like a deployment.
     */
    private static Path deepDirectory(final Path root, final int length) throws IOException
    {
        Path directory = root.resolve("opt").resolve("deployments").resolve("ml-pipeline-service");
        for (int build = 4471; directory.toString().length() < length; build++)
        {
            directory = directory.resolve("releases-2026-11-20-build-" + build);
        }
        return Files.createDirectories(directory.resolve("lib"));
    }

    /**
     * An executable jar that runs {@link MemInfoProgram} with the test programs and JCuda on its manifest class path,
     * as a deployed application's jar would name its libraries.
     */
    private static Path programJar(final Path jar) throws IOException
    {
        final Manifest manifest = new Manifest();
        final Attributes attributes = manifest.getMainAttributes();
        attributes.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        attributes.put(Attributes.Name.MAIN_CLASS, MemInfoProgram.class.getName());
        final StringBuilder classPath = new StringBuilder();
        for (final String entry : Artifacts.programClasspath().split(File.pathSeparator))
        {
            classPath.append(classPath.length() == 0 ? "" : " ").append(Path.of(entry).toUri());
        }
        attributes.put(Attributes.Name.CLASS_PATH, classPath.toString());
        try (OutputStream out = Files.newOutputStream(jar); JarOutputStream ignored = new JarOutputStream(out, manifest))
        {
            return jar;
        }
    }
}
