package io.gpurelay.emulator.rand;

/**
 * What a generation call produces: the element written to device memory, and whether it comes from a Box-Muller
 * transform, which yields its values in pairs.
 */
enum OutputKind
{
    BITS(Integer.BYTES, false),
    UNIFORM(Float.BYTES, false),
    UNIFORM_DOUBLE(Double.BYTES, false),
    NORMAL(Float.BYTES, true),
    NORMAL_DOUBLE(Double.BYTES, true),
    LOG_NORMAL(Float.BYTES, true),
    LOG_NORMAL_DOUBLE(Double.BYTES, true),
    POISSON(Integer.BYTES, false);

    final int elementSize;
    final boolean pairs;

    OutputKind(final int elementSize, final boolean pairs)
    {
        this.elementSize = elementSize;
        this.pairs = pairs;
    }
}
