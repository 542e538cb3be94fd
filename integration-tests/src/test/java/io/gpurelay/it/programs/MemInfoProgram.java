package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaMemGetInfo;

/**
 * Prints the device's free memory as {@code FREE <bytes> TOTAL <bytes>}, so a test can compare it before and after
 * another client's session.
 */
public final class MemInfoProgram
{
    private MemInfoProgram()
    {
    }

    public static void main(final String[] args)
    {
        final long[] free = new long[1];
        final long[] total = new long[1];
        final int status = cudaMemGetInfo(free, total);
        System.out.println("FREE " + free[0] + " TOTAL " + total[0]);
        System.exit(status);
    }
}
