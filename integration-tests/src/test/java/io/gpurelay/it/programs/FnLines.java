package io.gpurelay.it.programs;

import java.util.Locale;

import jcuda.NativePointerObject;

/**
 * The {@code FN function/case status=... values} lines the programs print, which the tests compare between a run with
 * JCuda's own natives and one through gpurelay, or against literal lines. Two shapes, each kept exactly as its
 * programs' tests read it. Plain Java and JCuda, no gpurelay classes.
 */
final class FnLines
{
    private static final String NATIVE_POINTER = "nativePointer=0x";

    private FnLines()
    {
    }

    /**
     * {@code FN function/variant status=s values}, the variant left out with its slash when empty, floats in hex
     * ({@code %a}) so that they compare exactly.
     */
    static void line(final String function, final String variant, final int status, final Object... values)
    {
        final StringBuilder text = new StringBuilder("FN ").append(function).append(variant.isEmpty() ? "" : "/" +
            variant.replace(' ', '-')).append(" status=").append(status);
        for (final Object value : values)
        {
            text.append(' ').append(value instanceof Float f ? String.format(Locale.ROOT, "%a", f) : value);
        }
        System.out.println(text);
    }

    /**
     * {@code FN function/case status=s values}, the slash there even for an empty case, values as Java prints them.
     */
    static void caseLine(final String function, final String what, final int status, final Object... values)
    {
        final StringBuilder line = new StringBuilder("FN ").append(function).append('/').append(what.replace(' ', '-'))
            .append(" status=").append(status);
        for (final Object value : values)
        {
            line.append(' ').append(value);
        }
        System.out.println(line);
    }

    /**
     * The native pointer of a JCuda object, from its {@code toString} ({@code <Class>[nativePointer=0x...]}, plus a
     * byte offset for pointers): JCuda has no public getter for it. 0 for null.
     */
    static long address(final NativePointerObject object)
    {
        if (object == null)
        {
            return 0;
        }
        final String text = object.toString();
        final int start = text.indexOf(NATIVE_POINTER);
        if (start < 0)
        {
            throw new IllegalStateException("no native pointer in " + text);
        }
        int end = start + NATIVE_POINTER.length();
        while (end < text.length() && Character.digit(text.charAt(end), 16) >= 0)
        {
            end++;
        }
        return Long.parseUnsignedLong(text.substring(start + NATIVE_POINTER.length(), end), 16);
    }
}
