package io.gpurelay.executor;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

import io.gpurelay.executor.log.ExecutorLog;

/**
 * An executor log that tests can search, still echoed to stderr for whoever reads the test output.
 */
public final class CapturedLog
{
    private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
    private final ExecutorLog log;

    public CapturedLog(final ExecutorLog.Level level)
    {
        final OutputStream tee = new OutputStream()
        {
            public void write(final int b)
            {
                synchronized (captured)
                {
                    captured.write(b);
                }
                System.err.write(b);
            }

            public void write(final byte[] bytes, final int offset, final int length)
            {
                synchronized (captured)
                {
                    captured.write(bytes, offset, length);
                }
                System.err.write(bytes, offset, length);
            }
        };
        log = new ExecutorLog(new PrintStream(tee, true, StandardCharsets.UTF_8), level);
    }

    public ExecutorLog log()
    {
        return log;
    }

    public String text()
    {
        synchronized (captured)
        {
            return captured.toString(StandardCharsets.UTF_8);
        }
    }

    /**
     * Wait (bounded) for a line matching the regular expression, and return it.
     */
    public String awaitLine(final String regex)
    {
        return awaitLine(regex, TimeUnit.SECONDS.toNanos(10));
    }

    /**
     * Wait up to {@code timeoutNs} for a line matching the regular expression, and return it.
     */
    public String awaitLine(final String regex, final long timeoutNs)
    {
        final Pattern pattern = Pattern.compile(regex);
        final long deadline = System.nanoTime() + timeoutNs;
        while (true)
        {
            for (final String line : text().split("\n"))
            {
                if (pattern.matcher(line).find())
                {
                    return line;
                }
            }
            if (System.nanoTime() - deadline > 0)
            {
                throw new AssertionError("no log line matches " + regex + " in:\n" + text());
            }
            sleep(10);
        }
    }

    static void sleep(final long millis)
    {
        try
        {
            Thread.sleep(millis);
        }
        catch (final InterruptedException ex)
        {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", ex);
        }
    }
}
