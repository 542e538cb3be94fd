package io.gpurelay.emulator.ptx;

import java.util.List;

/**
 * A kernel bound to one module instance: the values of every constant slot of every function it can reach, with the
 * addresses of module variables (known only once the instance has allocated them) and of shared variables (known
 * once the kernel's shared memory is laid out) filled in.
 */
final class LinkedKernel
{
    final PtxKernel kernel;
    /** The largest number of memory instructions of a reachable function: the size of a warp's allocation cache. */
    final int cacheSlots;
    private final long[][] constantsByFunction;

    LinkedKernel(final PtxKernel kernel, final int functionCount, final long[] variableAddresses)
    {
        this.kernel = kernel;
        this.constantsByFunction = new long[functionCount][];
        int slots = 0;
        for (final FunctionCode function : kernel.reachableFunctions())
        {
            slots = Math.max(slots, function.cacheSlots);
            final List<FunctionCode.ConstantSlot> constants = function.constants;
            final long[] values = new long[constants.size()];
            for (int i = 0; i < values.length; i++)
            {
                final FunctionCode.ConstantSlot constant = constants.get(i);
                if (constant.shared() != null)
                {
                    values[i] = kernel.sharedOffset(constant.shared()) + constant.value();
                }
                else if (constant.variableIndex() != Instruction.NONE)
                {
                    values[i] = variableAddresses[constant.variableIndex()] + constant.value();
                }
                else
                {
                    values[i] = constant.value();
                }
            }
            constantsByFunction[function.index] = values;
        }
        this.cacheSlots = slots;
    }

    long[] constants(final FunctionCode function)
    {
        return constantsByFunction[function.index];
    }
}
