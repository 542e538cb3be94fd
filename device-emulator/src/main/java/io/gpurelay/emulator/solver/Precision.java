package io.gpurelay.emulator.solver;

/**
 * The element type a routine works in: S routines in single, D routines in double precision.
 */
enum Precision
{
    SINGLE(Float.BYTES, FloatSolverKernels.INSTANCE),
    DOUBLE(Double.BYTES, DoubleSolverKernels.INSTANCE);

    final int elementSize;
    /** The arithmetic in this element type. */
    final SolverKernels kernels;

    Precision(final int elementSize, final SolverKernels kernels)
    {
        this.elementSize = elementSize;
        this.kernels = kernels;
    }
}
