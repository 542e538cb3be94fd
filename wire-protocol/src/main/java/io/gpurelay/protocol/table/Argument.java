package io.gpurelay.protocol.table;

/**
 * One argument of a table function: its role, its name (as CUDA's header names it, for messages), and where it
 * travels.
 *
 * @param role        what the argument is.
 * @param name        its name.
 * @param wireIndex   its index in the call's {@code args}, or -1 for an output.
 * @param resultIndex its index in the reply's {@code values}, or -1 for an input.
 * @param extent      for a device address, the bytes from it the function touches; for a string output, the bytes
 *                    it may write, its NUL included; null for any other role.
 * @param kind        for a library object, its kind; else null.
 * @param nullable    for a device address, whether a null one is the function's own choice ({@code devptr?}: no
 *                    pivoting without {@code devIpiv}), which is then passed on unchecked.
 */
public record Argument(ArgumentRole role, String name, int wireIndex, int resultIndex, SizeExpression extent,
    ObjectKind kind, boolean nullable)
{
    public Argument(final ArgumentRole role, final String name, final int wireIndex, final int resultIndex)
    {
        this(role, name, wireIndex, resultIndex, null);
    }

    public Argument(final ArgumentRole role, final String name, final int wireIndex, final int resultIndex,
        final SizeExpression extent)
    {
        this(role, name, wireIndex, resultIndex, extent, null, false);
    }
}
