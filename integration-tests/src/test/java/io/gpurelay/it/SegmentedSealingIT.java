package io.gpurelay.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import io.gpurelay.it.programs.CopyLoopProgram;
import io.gpurelay.protocol.security.CryptoCrew;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A UDP session whose large messages (the copies' 1 MiB chunks, both ways) are sealed and opened in segments by
 * crypto threads at both ends: copies come back byte for byte, and both processes really ran the crew. The CI
 * machine is too small for the default crew, so the test asks for two threads.
 */
class SegmentedSealingIT
{
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOKEN = "it-token-segmented-7f31";

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void largeCopiesSealedInSegmentsByBothEndsComeBackByteForByte(@TempDir final Path work) throws Exception
    {
        final Map<String, String> environment = Map.of("GPURELAY_TOKEN", TOKEN,
            "JAVA_TOOL_OPTIONS", "-D" + CryptoCrew.THREADS_PROP_NAME + "=2");
        try (Executor executor = Executor.startWithEnvironment(Transport.UDP.newChannel(), work, environment,
            "--isolation", "thread"))
        {
            final Path stop = work.resolve("stop");
            final ForkedProcess client = Client.start(executor.agentOptions(""), environment, CopyLoopProgram.class,
                "4", stop.toString());
            try
            {
                client.awaitLine(Pattern.compile("^COPYING"), WAIT);
                awaitCryptoThreads(client.pid(), "the client");
                awaitCryptoThreads(executor.process().pid(), "the executor");
                Files.createFile(stop);
                client.awaitLine(Pattern.compile("^PASSED after [1-9]\\d* round trips"), WAIT);
                assertEquals(0, client.awaitExit(WAIT), client.output());
            }
            finally
            {
                client.close();
            }
            assertTrue(executor.process().isAlive(), executor.process().output());
        }
    }

    /**
     * Wait until the process has a thread of the crypto crew, which it starts at its first segmented message.
     */
    private static void awaitCryptoThreads(final long pid, final String who) throws IOException, InterruptedException
    {
        final long deadline = System.nanoTime() + WAIT.toNanos();
        while (!hasCryptoThread(pid))
        {
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError(who + " (pid " + pid + ") started no crypto thread within " + WAIT);
            }
            Thread.sleep(50);
        }
    }

    private static boolean hasCryptoThread(final long pid) throws IOException
    {
        final Path tasks = Path.of("/proc", Long.toString(pid), "task");
        if (!Files.isDirectory(tasks))
        {
            throw new AssertionError("no " + tasks + ": this test reads thread names from Linux's /proc");
        }
        try (Stream<Path> threads = Files.list(tasks))
        {
            // Linux keeps the first 15 characters of a thread's name.
            return threads.anyMatch(thread -> comm(thread).startsWith("gpurelay-crypto"));
        }
    }

    private static String comm(final Path thread)
    {
        try
        {
            return Files.readString(thread.resolve("comm")).trim();
        }
        catch (final IOException ex)
        {
            return "";
        }
    }
}
