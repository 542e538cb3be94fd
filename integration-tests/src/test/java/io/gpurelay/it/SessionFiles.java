package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The files an executor keeps in its Aeron directory for a session's copies (its shared-memory transfer region, a
 * client's pinned host memory), which must not outlive the session.
 */
final class SessionFiles
{
    private static final Duration WAIT = Duration.ofSeconds(60);

    private SessionFiles()
    {
    }

    /**
     * Waits for the executor to log that the session of the client with this process id closed.
     */
    static void awaitSessionClosed(final Executor executor, final long clientPid) throws InterruptedException
    {
        executor.process().awaitLine(Pattern.compile("session \\S+ \\(client .*pid " + clientPid + "\\) closed: "),
            WAIT);
    }

    /**
     * The files of the Aeron directory whose names start with the prefix.
     */
    static List<Path> named(final Path aeronDir, final String prefix) throws IOException
    {
        try (Stream<Path> files = Files.list(aeronDir))
        {
            return files.filter(file -> file.getFileName().toString().startsWith(prefix)).toList();
        }
    }

    /**
     * Runs the program's endless 64 MiB copies with the isolation, kills the client in the middle of one once its
     * output matched {@code used}, and checks that its session closes, that no file named with the prefix is left
     * and that the executor lives on.
     */
    static void killedMidCopyLeavesNoFile(final String isolation, final Path work, final Class<?> program,
        final Pattern used, final String prefix) throws Exception
    {
        try (Executor executor = Executor.start("aeron:ipc", work, "--isolation", isolation))
        {
            final ForkedProcess client = Client.start(executor.agentOptions("log=debug"), program, "endless", "64");
            client.awaitLine(Pattern.compile("^COPYING"), WAIT);
            assertTrue(used.matcher(client.output()).find(), client.output());
            Thread.sleep(300);
            client.kill();
            awaitSessionClosed(executor, client.pid());
            assertEquals(List.of(), named(executor.aeronDir(), prefix));
            assertTrue(executor.process().isAlive(), executor.process().output());
        }
    }
}
