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
 * SAXPY, y = a·x + y, with a PTX kernel through JCuda's driver API: the kernel ({@code src/main/cuda/saxpy.cu}) is
 * loaded from the PTX in this jar and launched with one thread per element.
 * <p>
 * Usage: {@code SaxpyPtx [n]}, n = the vectors' length (default 1048576). Each element is one fma.rn.f32 on the
 * device, a single IEEE rounding of a·x + y, so the result must equal {@link Math#fma} bit for bit.
 */
public final class SaxpyPtx
{
    private static final String USAGE = "SaxpyPtx [n]   (n = vector length, default 1048576)";
    private static final int DEFAULT_LENGTH = 1 << 20;
    private static final int THREADS_PER_BLOCK = 256;
    private static final float ALPHA = 1.5f;

    private SaxpyPtx()
    {
    }

    public static void main(final String[] args)
    {
        final int n = SampleArguments.vectorLength(args, USAGE, DEFAULT_LENGTH);
        Verdict.printAndExit(() -> run(n));
    }

    private static boolean run(final int n)
    {
        JCudaDriver.setExceptionsEnabled(true);
        final long bytes = (long)n * Sizeof.FLOAT;
        final float[] x = RandomFloats.uniform(n, 1);
        final float[] y = RandomFloats.uniform(n, 2);
        final float[] result = new float[n];

        final PhaseTimes times = new PhaseTimes();
        final PtxKernel kernel = PtxKernel.load("saxpy.ptx", "saxpy");
        final CUdeviceptr deviceX = new CUdeviceptr();
        final CUdeviceptr deviceY = new CUdeviceptr();
        cuMemAlloc(deviceX, bytes);
        cuMemAlloc(deviceY, bytes);
        times.lap("setup");

        cuMemcpyHtoD(deviceX, Pointer.to(x), bytes);
        cuMemcpyHtoD(deviceY, Pointer.to(y), bytes);
        times.lap("upload");

        // One pointer per kernel parameter, in the order of saxpy(int n, float a, const float* x, float* y).
        final Pointer parameters = Pointer.to(
            Pointer.to(new int[]{ n }), Pointer.to(new float[]{ ALPHA }), Pointer.to(deviceX), Pointer.to(deviceY));
        final int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
        cuLaunchKernel(kernel.function, blocks, 1, 1, THREADS_PER_BLOCK, 1, 1, 0, null, parameters, null);
        cuCtxSynchronize();
        times.lap("kernel");

        cuMemcpyDtoH(Pointer.to(result), deviceY, bytes);
        times.lap("download");

        cuMemFree(deviceX);
        cuMemFree(deviceY);
        kernel.unload();

        System.out.printf(Locale.ROOT, "SaxpyPtx on %s: n = %,d, a = %s%n", kernel.deviceName, n, ALPHA);
        System.out.println(times);
        return checkExact(x, y, result);
    }

    private static boolean checkExact(final float[] x, final float[] y, final float[] result)
    {
        int mismatches = 0;
        int first = -1;
        for (int i = 0; i < result.length; i++)
        {
            if (Float.floatToIntBits(result[i]) != Float.floatToIntBits(Math.fma(ALPHA, x[i], y[i])))
            {
                mismatches++;
                first = first < 0 ? i : first;
            }
        }
        System.out.printf(Locale.ROOT, "checked all %,d elements against Math.fma: %,d differ%s%n", result.length,
            mismatches, first < 0 ? "" : String.format(Locale.ROOT, ", the first at %d: %s instead of %s", first,
            result[first], Math.fma(ALPHA, x[first], y[first])));
        return mismatches == 0;
    }
}
