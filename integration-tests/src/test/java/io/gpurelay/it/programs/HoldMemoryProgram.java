package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemset;

import jcuda.Pointer;
import jcuda.runtime.JCuda;

/**
 * Allocates device memory, says so, and waits to be killed. Argument: MiB to allocate, in 1 MiB blocks.
 */
public final class HoldMemoryProgram
{
    private HoldMemoryProgram()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        JCuda.setExceptionsEnabled(true);
        final int mebibytes = Integer.parseInt(args[0]);
        for (int i = 0; i < mebibytes; i++)
        {
            final Pointer block = new Pointer();
            cudaMalloc(block, 1 << 20);
            cudaMemset(block, 1, 1 << 20);
        }
        System.out.println("HOLDING " + ((long)mebibytes << 20) + " bytes in " + mebibytes + " allocations");
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
