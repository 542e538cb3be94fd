package io.gpurelay.agent.instrumentation;

/**
 * Shaped like a JCuda binding class whose natives check their arguments for null: one remoted, two not supported,
 * one with a wide primitive before the checked argument.
 */
public final class FakeCheckedBinding
{
    private FakeCheckedBinding()
    {
    }

    public static int copy(final Object dst, final long count, final Object src)
    {
        return copyNative(dst, count, src);
    }

    public static int version(final int[] version)
    {
        return versionNative(version);
    }

    public static String describe(final double scale, final String name)
    {
        return describeNative(scale, name);
    }

    private static native int copyNative(Object dst, long count, Object src);

    private static native int versionNative(int[] version);

    private static native String describeNative(double scale, String name);
}
