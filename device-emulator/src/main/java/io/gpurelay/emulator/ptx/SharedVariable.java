package io.gpurelay.emulator.ptx;

/**
 * A {@code .shared} variable. Each declaration is its own variable (compared by identity); where it sits in a block's
 * shared memory is decided per kernel, since a kernel only lays out the variables it uses.
 * A dynamic one ({@code .extern .shared ... name[]}) starts where the kernel's static shared memory ends.
 */
final class SharedVariable
{
    final String name;
    final long size;
    final int alignment;
    final boolean dynamic;

    SharedVariable(final String name, final long size, final int alignment, final boolean dynamic)
    {
        this.name = name;
        this.size = size;
        this.alignment = alignment;
        this.dynamic = dynamic;
    }

    public String toString()
    {
        return name;
    }
}
