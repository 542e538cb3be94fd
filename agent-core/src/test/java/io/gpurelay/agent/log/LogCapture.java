package io.gpurelay.agent.log;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Sends the agent's log to memory for the duration of a test.
 */
public final class LogCapture implements AutoCloseable
{
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    public LogCapture(final AgentLog.Level level)
    {
        AgentLog.configure(level, new PrintStream(bytes, true, StandardCharsets.UTF_8));
    }

    public synchronized List<String> lines()
    {
        final String text = bytes.toString(StandardCharsets.UTF_8);
        return text.isEmpty() ? List.of() : Arrays.asList(text.split("\n"));
    }

    public long count(final String fragment)
    {
        return lines().stream().filter(line -> line.contains(fragment)).count();
    }

    public void close()
    {
        AgentLog.configure(AgentLog.DEFAULT_LEVEL, null);
    }
}
