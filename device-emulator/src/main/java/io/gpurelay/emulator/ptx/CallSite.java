package io.gpurelay.emulator.ptx;

/**
 * What a {@code call} copies: each argument from the caller's frame into the callee's parameter, and when the callee
 * returns, each of its return values back into the caller's frame. Offsets are frame-relative, sizes in bytes.
 */
record CallSite(FunctionCode callee, int[] argumentOffsets, int[] parameterOffsets, int[] argumentSizes,
    int[] resultOffsets, int[] returnOffsets, int[] resultSizes)
{
}
