package io.gpurelay.protocol.table;

/**
 * How a table function orders against its stream, and so whether the client waits for it.
 */
public enum StreamOrder
{
    /**
     * The function runs when the executor receives it and the client waits for its reply: queries, settings, and
     * whatever brings values back.
     */
    SYNC("sync"),
    /**
     * The function is enqueued on its stream argument and brings nothing back: the client sends it pipelined (the
     * executor replies only if it fails) and a failure comes back from a later call in the same context, as CUDA's
     * asynchronous errors do.
     */
    STREAM("stream");

    private final String token;

    StreamOrder(final String token)
    {
        this.token = token;
    }

    public String token()
    {
        return token;
    }

    static StreamOrder of(final String token)
    {
        for (final StreamOrder order : values())
        {
            if (order.token.equals(token))
            {
                return order;
            }
        }
        return null;
    }
}
