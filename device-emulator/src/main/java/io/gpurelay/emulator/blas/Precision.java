package io.gpurelay.emulator.blas;

/**
 * The element type a routine works in: S routines in single, D routines in double precision.
 */
enum Precision
{
    SINGLE(Float.BYTES, FloatKernels.INSTANCE),
    DOUBLE(Double.BYTES, DoubleKernels.INSTANCE);

    final int elementSize;
    /** The arithmetic in this element type. */
    final Kernels kernels;

    Precision(final int elementSize, final Kernels kernels)
    {
        this.elementSize = elementSize;
        this.kernels = kernels;
    }
}
