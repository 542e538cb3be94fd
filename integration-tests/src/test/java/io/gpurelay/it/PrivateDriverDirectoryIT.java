package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import io.gpurelay.it.programs.HoldMemoryProgram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A UDP client with no media driver on its host starts one of its own in a private directory of
 * {@code java.io.tmpdir}. One killed with SIGKILL cannot delete it: the next client to start reclaims it, and leaves
 * the directory of a client still running alone.
 */
class PrivateDriverDirectoryIT
{
    private static final Duration START = Duration.ofSeconds(60);
    private static final Pattern HOLDING = Pattern.compile("^HOLDING");

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aKilledClientsDirectoryIsReclaimedByTheNextClientAndALiveClientsIsKept(@TempDir final Path work)
        throws Exception
    {
        final Path tmp = Files.createDirectories(work.resolve("client-tmp"));
        final Map<String, String> environment = Map.of("JAVA_TOOL_OPTIONS", "-Djava.io.tmpdir=" + tmp);
        try (Executor executor = Executor.start(Transport.UDP.newChannel(), work))
        {
            // No driver runs in the configured directory: each client starts its own.
            final String agentOptions = "executor=" + executor.channel() + ",aeron.dir=" + work.resolve("no-driver") +
                ",timeout=10s";
            final ForkedProcess killed = Client.start(agentOptions, environment, HoldMemoryProgram.class, "1");
            final Path killedDirectory;
            try
            {
                killed.awaitLine(HOLDING, START);
                killedDirectory = single(privateDirectories(tmp));
                final long kib = diskUsageKib(killedDirectory);
                System.out.println("a UDP client's private media driver directory: " + kib + " KiB on disk");
                // Its CnC file with the counters and error log at Aeron's least: 11 MiB (46 MiB at Aeron's defaults).
                assertTrue(kib < 16 * 1024, () -> kib + " KiB");
            }
            finally
            {
                killed.kill();
            }
            assertFalse(killed.isAlive(), "SIGKILL ends the client");
            assertTrue(Files.isDirectory(killedDirectory), "a client killed with SIGKILL cannot delete its own");

            final ForkedProcess live = Client.start(agentOptions, environment, HoldMemoryProgram.class, "1");
            final ForkedProcess next;
            try
            {
                live.awaitLine(HOLDING, START);
                assertFalse(Files.exists(killedDirectory), "the next client reclaimed " + killedDirectory);
                final Path liveDirectory = single(privateDirectories(tmp));

                next = Client.start(agentOptions, environment, HoldMemoryProgram.class, "1");
                try
                {
                    next.awaitLine(HOLDING, START);
                    final Set<Path> directories = privateDirectories(tmp);
                    assertEquals(2, directories.size(), directories::toString);
                    assertTrue(directories.contains(liveDirectory), "a running client's directory is kept");
                }
                finally
                {
                    next.close();
                }
            }
            finally
            {
                live.close();
            }
        }
    }

    private static Set<Path> privateDirectories(final Path tmp) throws IOException
    {
        try (Stream<Path> entries = Files.list(tmp))
        {
            return entries.filter(entry -> entry.getFileName().toString().startsWith("gpurelay-aeron-"))
                .collect(Collectors.toCollection(HashSet::new));
        }
    }

    private static Path single(final Set<Path> directories)
    {
        assertEquals(1, directories.size(), directories::toString);
        return directories.iterator().next();
    }

    /**
     * What {@code du -sk} says: the kibibytes the directory's files hold, sparse log buffers counted as written.
     */
    private static long diskUsageKib(final Path directory) throws IOException, InterruptedException
    {
        final Process du = new ProcessBuilder(List.of("du", "-sk", directory.toString()))
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
        final String output = new String(du.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertTrue(du.waitFor(10, TimeUnit.SECONDS), "du ends");
        return Long.parseLong(output.split("\\s+")[0]);
    }
}
