package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaGetErrorName;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemGetInfo;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.runtime.cudaError;

/**
 * An ordinary JCuda runtime-API program against an executor that limits each session's device memory: it allocates
 * up to the limit it is given, sees the next allocation refused with cudaErrorMemoryAllocation, frees, and allocates
 * again. Argument: the session's limit in MiB.
 */
public final class SessionMemoryProgram
{
    private static final long MIB = 1024 * 1024;
    private static final Checks CHECKS = new Checks();

    private SessionMemoryProgram()
    {
    }

    public static void main(final String[] args)
    {
        final long limit = Long.parseLong(args[0]) * MIB;
        final long[] free = new long[1];
        final long[] total = new long[1];
        CHECKS.equal("cudaMemGetInfo", cudaError.cudaSuccess, cudaMemGetInfo(free, total));
        CHECKS.equal("total is the session's limit", limit, total[0]);

        final Pointer first = new Pointer();
        CHECKS.equal("cudaMalloc of three quarters", cudaError.cudaSuccess, cudaMalloc(first, limit / 4 * 3));
        final Pointer refused = new Pointer();
        final int status = cudaMalloc(refused, limit / 2);
        CHECKS.check("cudaMalloc past the limit is refused", status == cudaError.cudaErrorMemoryAllocation,
            cudaGetErrorName(status));
        System.out.println("refused with " + cudaGetErrorName(status));

        CHECKS.equal("cudaFree", cudaError.cudaSuccess, cudaFree(first));
        final Pointer again = new Pointer();
        CHECKS.equal("cudaMalloc after the free", cudaError.cudaSuccess, cudaMalloc(again, limit / 2));
        CHECKS.equal("cudaFree again", cudaError.cudaSuccess, cudaFree(again));
        CHECKS.finish();
    }
}
