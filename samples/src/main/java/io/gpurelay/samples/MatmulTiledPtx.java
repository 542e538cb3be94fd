package io.gpurelay.samples;

import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;

import java.util.Locale;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.JCudaDriver;

/**
 * C = A·B with a tiled shared-memory PTX kernel through JCuda's driver API: each 16 × 16 thread block computes one
 * 16 × 16 tile of C from tiles of A and B staged in shared memory ({@code src/main/cuda/matmul_tiled.cu}). All three
 * matrices are row-major, as Java and C lay out arrays.
 * <p>
 * Usage: {@code MatmulTiledPtx [n]} for n × n matrices (default 256), or {@code MatmulTiledPtx m n k} for A m × k,
 * B k × n and C m × n; sizes need not be multiples of 16. The result is checked against the CPU with the relative
 * tolerance that {@link MatmulReference} explains.
 */
public final class MatmulTiledPtx
{
    private static final String USAGE =
        "MatmulTiledPtx [n | m n k]   (C m x n = A m x k times B k x n, default n = 256)";
    private static final int DEFAULT_SIZE = 256;
    private static final int TILE = 16;

    private MatmulTiledPtx()
    {
    }

    public static void main(final String[] args)
    {
        final MatrixShape shape = SampleArguments.matrixShape(args, USAGE, DEFAULT_SIZE);
        Verdict.printAndExit(() -> run(shape));
    }

    private static boolean run(final MatrixShape shape)
    {
        JCudaDriver.setExceptionsEnabled(true);
        final int m = shape.m();
        final int n = shape.n();
        final int k = shape.k();
        final float[] a = RandomFloats.uniform(m * k, 1);
        final float[] b = RandomFloats.uniform(k * n, 2);
        final float[] c = new float[m * n];
        final long bytesA = (long)a.length * Sizeof.FLOAT;
        final long bytesB = (long)b.length * Sizeof.FLOAT;
        final long bytesC = (long)c.length * Sizeof.FLOAT;

        final PhaseTimes times = new PhaseTimes();
        final PtxKernel kernel = PtxKernel.load("matmul_tiled.ptx", "matmul_tiled");
        final CUdeviceptr deviceA = new CUdeviceptr();
        final CUdeviceptr deviceB = new CUdeviceptr();
        final CUdeviceptr deviceC = new CUdeviceptr();
        cuMemAlloc(deviceA, bytesA);
        cuMemAlloc(deviceB, bytesB);
        cuMemAlloc(deviceC, bytesC);
        times.lap("setup");

        cuMemcpyHtoD(deviceA, Pointer.to(a), bytesA);
        cuMemcpyHtoD(deviceB, Pointer.to(b), bytesB);
        times.lap("upload");

        // One pointer per kernel parameter, in the order of matmul_tiled(int m, int n, int k, a, b, c).
        final Pointer parameters = Pointer.to(Pointer.to(new int[]{ m }), Pointer.to(new int[]{ n }),
            Pointer.to(new int[]{ k }), Pointer.to(deviceA), Pointer.to(deviceB), Pointer.to(deviceC));
        // The grid's x runs along C's columns and y along its rows, one block per 16 × 16 tile.
        cuLaunchKernel(kernel.function, (n + TILE - 1) / TILE, (m + TILE - 1) / TILE, 1, TILE, TILE, 1, 0, null,
            parameters, null);
        cuCtxSynchronize();
        final long kernelNanos = times.lap("kernel");

        cuMemcpyDtoH(Pointer.to(c), deviceC, bytesC);
        times.lap("download");

        cuMemFree(deviceA);
        cuMemFree(deviceB);
        cuMemFree(deviceC);
        kernel.unload();

        System.out.printf(Locale.ROOT, "MatmulTiledPtx on %s: %s, row-major%n", kernel.deviceName, shape);
        System.out.printf(Locale.ROOT, "%s (kernel %.2f GFLOP/s)%n", times, shape.flops() / kernelNanos);
        return MatmulReference.check(shape, MatmulReference.Layout.ROW_MAJOR, a, b, c);
    }
}
