package io.gpurelay.agent.instrumentation;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A not-supported report handler that records its messages, as a binding with per-thread error state records its
 * failures. Public because the rewritten class calls it.
 */
public final class RecordingReports
{
    static final List<String> MESSAGES = new CopyOnWriteArrayList<>();

    private RecordingReports()
    {
    }

    public static void report(final String message)
    {
        MESSAGES.add(message);
    }
}
