package io.gpurelay.agent.instrumentation;

/**
 * Shaped like a JCuda binding class: public wrappers around private static native methods, no library to load.
 */
public final class FakeBinding
{
    private FakeBinding()
    {
    }

    public static int add(final int a, final int b)
    {
        return addNative(a, b);
    }

    public static int createGraph()
    {
        return createGraphNative();
    }

    public static String describe()
    {
        return describeNative();
    }

    public static long size()
    {
        return sizeNative();
    }

    public static boolean ready()
    {
        return readyNative();
    }

    public static void reset()
    {
        resetNative();
    }

    private static native int addNative(int a, int b);

    private static native int createGraphNative();

    private static native String describeNative();

    private static native long sizeNative();

    private static native boolean readyNative();

    private static native void resetNative();
}
