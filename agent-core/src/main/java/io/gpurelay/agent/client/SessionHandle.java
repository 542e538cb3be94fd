package io.gpurelay.agent.client;

/**
 * A handle an executor gave, with the session it was given in (null without one), as the key of what this process
 * keeps for it: the executors of one device list ({@code executor=A;B}) each choose their own handles, and two of
 * them can give the same one. The session is compared by identity, as {@link SessionEnds} names it.
 */
public record SessionHandle(Object session, long handle)
{
    @Override
    public boolean equals(final Object other)
    {
        return other instanceof SessionHandle key && key.session == session && key.handle == handle;
    }

    @Override
    public int hashCode()
    {
        return 31 * System.identityHashCode(session) + Long.hashCode(handle);
    }
}
