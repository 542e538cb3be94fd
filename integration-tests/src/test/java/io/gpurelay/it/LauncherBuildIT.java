package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ./gpurelay build}, which the demo and every other command run on first use, shows Maven's progress module by
 * module while Maven is still building, and on a failure shows the end of Maven's log. Maven itself is stood in for by
 * a script that prints what Maven prints and then waits to be let go, so the test can see each line arrive before the
 * build ends.
 */
class LauncherBuildIT
{
    private static final Path LAUNCHER = Path.of(System.getProperty("user.dir")).getParent().resolve("gpurelay");

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void eachModuleIsShownAsMavenStartsIt(@TempDir final Path work) throws Exception
    {
        final Path release = work.resolve("release");
        final Path maven = fakeMaven(work, release, 0);
        try (ForkedProcess build = start(maven))
        {
            build.awaitLine(Pattern.compile("^gpurelay: building gpurelay with Maven"), Duration.ofSeconds(60));
            build.awaitLine(Pattern.compile("^gpurelay: +\\[1/3\\] parent$"), Duration.ofSeconds(60));
            build.awaitLine(Pattern.compile("^gpurelay: +downloading dependencies"), Duration.ofSeconds(60));
            build.awaitLine(Pattern.compile("^gpurelay: +\\[2/3\\] wire protocol$"), Duration.ofSeconds(60));
            build.awaitLine(Pattern.compile("^gpurelay: +\\[3/3\\] remote executor$"), Duration.ofSeconds(60));
            assertTrue(build.isAlive(), "the progress came while Maven was still building:\n" + build.output());
            assertFalse(build.anyLine(line -> line.contains("Compiling")), "Maven's own lines stay in its log:\n" +
                build.output());
            Files.writeString(release, "go");
            assertEquals(0, build.awaitExit(Duration.ofSeconds(60)), build.output());
            assertTrue(build.anyLine(line -> line.equals("gpurelay: build done")), build.output());
        }
        finally
        {
            Files.writeString(release, "go");
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aFailedBuildShowsTheEndOfMavensLog(@TempDir final Path work) throws Exception
    {
        final Path release = work.resolve("release");
        Files.writeString(release, "go");
        try (ForkedProcess build = start(fakeMaven(work, release, 1)))
        {
            assertEquals(1, build.awaitExit(Duration.ofSeconds(60)), build.output());
            assertTrue(build.anyLine(line -> line.contains("[ERROR] COMPILATION ERROR in Broken.java")),
                build.output());
            assertTrue(build.anyLine(line -> line.startsWith("gpurelay: build failed; the full log is ")),
                build.output());
        }
    }

    private static ForkedProcess start(final Path maven) throws IOException
    {
        return new ForkedProcess("gpurelay build", List.of("bash", LAUNCHER.toString(), "build"),
            Map.of("GPURELAY_MVN", maven.toString()));
    }

    /**
     * A stand-in for Maven that prints the reactor's lines as Maven 3 does in batch mode, then waits (at most a minute)
     * for the release file, then exits with the given status.
     */
    private static Path fakeMaven(final Path work, final Path release, final int status) throws IOException
    {
        final Path script = work.resolve("mvn");
        Files.writeString(script, String.join("\n",
            "#!/usr/bin/env bash",
            "echo '[INFO] Scanning for projects...'",
            "echo '[INFO] Building gpurelay 0.1.0-SNAPSHOT                                  [1/3]'",
            "echo '[INFO] Downloading from central: https://repo.example/a.pom'",
            "echo '[INFO] Downloading from central: https://repo.example/b.pom'",
            "echo '[INFO] Building gpurelay wire protocol 0.1.0-SNAPSHOT                    [2/3]'",
            "echo '[INFO] Compiling 61 source files with javac'",
            "echo '[INFO] Building gpurelay remote executor 0.1.0-SNAPSHOT                  [3/3]'",
            status == 0 ? "" : "echo '[ERROR] COMPILATION ERROR in Broken.java'",
            "for i in $(seq 600); do [ -f '" + release + "' ] && break; sleep 0.1; done",
            "exit " + status,
            ""), StandardCharsets.UTF_8);
        assertTrue(script.toFile().setExecutable(true));
        return script;
    }
}
