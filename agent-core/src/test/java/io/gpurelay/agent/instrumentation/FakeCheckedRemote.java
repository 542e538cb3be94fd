package io.gpurelay.agent.instrumentation;

/**
 * The remote implementation of {@link FakeCheckedBinding}: only its copy.
 */
public final class FakeCheckedRemote
{
    private FakeCheckedRemote()
    {
    }

    public static int copyNative(final Object dst, final long count, final Object src)
    {
        return (int)count;
    }
}
