package io.gpurelay.emulator.blas;

/**
 * The element type a routine works in: S routines in single, D routines in double precision.
 */
enum Precision
{
    SINGLE(Float.BYTES),
    DOUBLE(Double.BYTES);

    final int elementSize;

    Precision(final int elementSize)
    {
        this.elementSize = elementSize;
    }
}
