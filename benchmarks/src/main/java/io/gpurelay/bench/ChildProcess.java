package io.gpurelay.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A JVM the harness starts: its combined output goes to a log file and is kept line by line, so the harness can wait
 * for a line with a deadline. Every wait is bounded and {@link #close()} always ends the process.
 */
final class ChildProcess implements AutoCloseable
{
    private static final Duration STOP_GRACE = Duration.ofSeconds(10);

    private final Process process;
    private final Path log;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    ChildProcess(final String name, final List<String> command, final Path log) throws IOException
    {
        this.log = log;
        Files.createDirectories(log.getParent());
        this.process = new ProcessBuilder(command).redirectErrorStream(true).start();
        this.reader = new Thread(this::copyOutput, "output-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    private void copyOutput()
    {
        try (BufferedReader in = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
             PrintWriter out = new PrintWriter(Files.newBufferedWriter(log, StandardCharsets.UTF_8), true))
        {
            String line;
            while ((line = in.readLine()) != null)
            {
                out.println(line);
                synchronized (lines)
                {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        }
        catch (final IOException ignored)
        {
            // the process ended, or the log cannot be written: what was read so far is kept
        }
        finally
        {
            synchronized (lines)
            {
                lines.notifyAll();
            }
        }
    }

    Path log()
    {
        return log;
    }

    /**
     * Wait for a line matching the pattern.
     *
     * @return the match, or empty if the process ended or the time ran out first.
     */
    Optional<Matcher> awaitLine(final Pattern pattern, final Duration timeout) throws InterruptedException
    {
        final long deadline = System.nanoTime() + timeout.toNanos();
        int seen = 0;
        synchronized (lines)
        {
            while (true)
            {
                for (; seen < lines.size(); seen++)
                {
                    final Matcher matcher = pattern.matcher(lines.get(seen));
                    if (matcher.find())
                    {
                        return Optional.of(matcher);
                    }
                }
                final long remaining = deadline - System.nanoTime();
                if (remaining <= 0 || (!process.isAlive() && !reader.isAlive()))
                {
                    return Optional.empty();
                }
                lines.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(Math.min(remaining, 100_000_000))));
            }
        }
    }

    /**
     * Wait for the process to end on its own; stop it if it does not in time.
     *
     * @return its exit status, or empty if it had to be stopped.
     */
    Optional<Integer> awaitExit(final Duration timeout) throws InterruptedException
    {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
        {
            close();
            return Optional.empty();
        }
        reader.join(5_000);
        return Optional.of(process.exitValue());
    }

    List<String> lines()
    {
        synchronized (lines)
        {
            return List.copyOf(lines);
        }
    }

    /**
     * The last lines of the output, to show why something failed.
     */
    String tail(final int count)
    {
        final List<String> all = lines();
        return String.join("\n", all.subList(Math.max(0, all.size() - count), all.size()));
    }

    /**
     * SIGTERM, then SIGKILL if it does not stop in time.
     */
    ProcessHandle handle()
    {
        return process.toHandle();
    }

    public void close() throws InterruptedException
    {
        if (process.isAlive())
        {
            process.destroy();
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS))
            {
                process.destroyForcibly();
                process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
            }
        }
        reader.join(5_000);
    }
}
