package io.gpurelay.executor.config;

import java.util.Locale;

/**
 * How sessions are kept apart. CUDA's sticky errors (an illegal address, a launch timeout) poison every context of the
 * process that saw them, so only separate processes keep one client's fault from every other client.
 */
public enum Isolation
{
    /** Every session on a thread of the executor process: the fastest to start, but one fault affects all. */
    THREAD,
    /** Every session in a worker process of its own (or shared by a few, see sessions per worker). */
    PROCESS;

    public String cliName()
    {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Isolation fromCliName(final String name)
    {
        for (final Isolation isolation : values())
        {
            if (isolation.cliName().equals(name.trim()))
            {
                return isolation;
            }
        }
        throw new IllegalArgumentException("unknown isolation '" + name + "': expected process or thread");
    }
}
