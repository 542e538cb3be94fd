package io.gpurelay.emulator.solver;

/**
 * The cuBLAS tests' emulated device, with one session's cuSOLVER handle on it.
 */
final class DeviceFixture extends io.gpurelay.emulator.blas.DeviceFixture
{
    /** The session's cuSOLVER handle (hiding the cuBLAS one the base makes). */
    final CusolverDnHandle handle = CusolverDnHandle.create(memory, owner);
}
