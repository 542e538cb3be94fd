package io.gpurelay.emulator.ptx;

/**
 * One parameter of a kernel as its {@code .entry} declares it.
 *
 * @param name      the PTX parameter name, e.g. {@code saxpy_param_0}.
 * @param size      bytes the parameter takes in the parameter buffer.
 * @param alignment alignment of its offset in the parameter buffer.
 * @param ptxType   the declared type without its dot, e.g. {@code u64}, or {@code b8} for a by-value struct.
 */
public record KernelParameter(String name, int size, int alignment, String ptxType)
{
}
