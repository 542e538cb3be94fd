package io.gpurelay.agent.instrumentation;

/**
 * The remote implementation of {@link FakeBinding}: one native matched, one expected native that the binding lacks.
 */
public final class FakeRemote
{
    private FakeRemote()
    {
    }

    public static int addNative(final int a, final int b)
    {
        return a + b;
    }

    public static int removedFunctionNative(final int value)
    {
        return value;
    }
}
