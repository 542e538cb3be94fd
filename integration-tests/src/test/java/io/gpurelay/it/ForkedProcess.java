package io.gpurelay.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A child JVM whose combined output is collected line by line, so tests can wait for a line with a deadline.
 * Every wait is bounded; {@link #close()} always ends the process.
 */
final class ForkedProcess implements AutoCloseable
{
    private final String name;
    private final Process process;
    private final List<String> lines = new ArrayList<>();
    private final Thread reader;

    ForkedProcess(final String name, final List<String> command) throws IOException
    {
        this(name, command, Map.of());
    }

    /**
     * @param environment variables to set in the process's environment, on top of this JVM's.
     */
    ForkedProcess(final String name, final List<String> command, final Map<String, String> environment)
        throws IOException
    {
        this.name = name;
        final ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        this.process = builder.start();
        this.reader = new Thread(this::readOutput, "output-" + name);
        reader.setDaemon(true);
        reader.start();
    }

    private void readOutput()
    {
        try (BufferedReader in = new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8)))
        {
            String line;
            while ((line = in.readLine()) != null)
            {
                synchronized (lines)
                {
                    lines.add(line);
                    lines.notifyAll();
                }
            }
        }
        catch (final IOException ignored)
        {
            // the process ended
        }
        finally
        {
            synchronized (lines)
            {
                lines.notifyAll();
            }
        }
    }

    long pid()
    {
        return process.pid();
    }

    boolean isAlive()
    {
        return process.isAlive();
    }

    /**
     * Wait for a line matching the pattern; fails the test with the output so far if none comes in time.
     */
    Matcher awaitLine(final Pattern pattern, final Duration timeout) throws InterruptedException
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
                        return matcher;
                    }
                }
                final long remaining = deadline - System.nanoTime();
                if (remaining <= 0 || (!process.isAlive() && !reader.isAlive()))
                {
                    throw new AssertionError(name + ": no line matching '" + pattern + "' within " + timeout +
                        (process.isAlive() ? "" : " (process exited " + process.exitValue() + ")") + "; output:\n" +
                        output());
                }
                lines.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(Math.min(remaining, 100_000_000))));
            }
        }
    }

    boolean anyLine(final Predicate<String> predicate)
    {
        synchronized (lines)
        {
            return lines.stream().anyMatch(predicate);
        }
    }

    long countLines(final Predicate<String> predicate)
    {
        synchronized (lines)
        {
            return lines.stream().filter(predicate).count();
        }
    }

    String output()
    {
        synchronized (lines)
        {
            return String.join("\n", lines);
        }
    }

    /**
     * Wait for the process to exit on its own.
     */
    int awaitExit(final Duration timeout) throws InterruptedException
    {
        if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS))
        {
            process.destroyForcibly();
            throw new AssertionError(name + " did not exit within " + timeout + "; output:\n" + output());
        }
        reader.join(5_000);
        return process.exitValue();
    }

    /**
     * SIGTERM, then SIGKILL if it does not stop in time.
     */
    int terminate(final Duration grace) throws InterruptedException
    {
        process.destroy();
        if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS))
        {
            process.destroyForcibly();
            // a busy host may take its time to reap even a killed process
            if (!process.waitFor(60, TimeUnit.SECONDS))
            {
                throw new AssertionError(name + " pid " + process.pid() + " did not end within 60 s of SIGKILL");
            }
        }
        reader.join(5_000);
        return process.exitValue();
    }

    void kill() throws InterruptedException
    {
        process.destroyForcibly();
        process.waitFor(10, TimeUnit.SECONDS);
    }

    public void close() throws InterruptedException
    {
        if (process.isAlive())
        {
            terminate(Duration.ofSeconds(10));
        }
    }
}
