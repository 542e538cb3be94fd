package io.gpurelay.protocol.table;

import java.util.Locale;

/**
 * How a table function orders against its stream, and so whether the client waits for it. The table names each by
 * its name in lower case.
 */
public enum StreamOrder implements TableToken
{
    /**
     * The function runs when the executor receives it and the client waits for its reply: queries, settings, and
     * whatever brings values back.
     */
    SYNC,
    /**
     * The function is enqueued on its stream argument and brings nothing back: the client sends it pipelined (the
     * executor replies only if it fails) and a failure comes back from a later call in the same context, as CUDA's
     * asynchronous errors do.
     */
    STREAM;

    @Override
    public String token()
    {
        return name().toLowerCase(Locale.ROOT);
    }
}
