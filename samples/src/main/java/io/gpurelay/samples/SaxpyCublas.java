package io.gpurelay.samples;

import static jcuda.jcublas.JCublas2.cublasCreate;
import static jcuda.jcublas.JCublas2.cublasDestroy;
import static jcuda.jcublas.JCublas2.cublasGetVector;
import static jcuda.jcublas.JCublas2.cublasSaxpy;
import static jcuda.jcublas.JCublas2.cublasSetPointerMode;
import static jcuda.jcublas.JCublas2.cublasSetVector;
import static jcuda.jcublas.cublasPointerMode.CUBLAS_POINTER_MODE_HOST;
import static jcuda.runtime.JCuda.cudaDeviceSynchronize;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaGetDeviceProperties;
import static jcuda.runtime.JCuda.cudaMalloc;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasHandle;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaDeviceProp;

/**
 * SAXPY, y = a·x + y, with cuBLAS through JCublas2: vectors moved with cublasSetVector/cublasGetVector, a passed
 * from the host (CUBLAS_POINTER_MODE_HOST).
 * <p>
 * Usage: {@code SaxpyCublas [n]}, n = the vectors' length (default 1048576). Each element must be a·x + y rounded
 * the IEEE way, either as one fused multiply-add ({@link Math#fma}, as a GPU kernel may compute it) or as a rounded
 * product then a rounded sum (as a reference BLAS does); nothing else passes.
 * <p>
 * JCublas2 12.6 needs CUDA 12's libcublas.so.12 to run locally.
 */
public final class SaxpyCublas
{
    private static final String USAGE = "SaxpyCublas [n]   (n = vector length, default 1048576)";
    private static final int DEFAULT_LENGTH = 1 << 20;
    private static final float ALPHA = 1.5f;

    private SaxpyCublas()
    {
    }

    public static void main(final String[] args)
    {
        final int n = SampleArguments.vectorLength(args, USAGE, DEFAULT_LENGTH);
        Verdict.printAndExit(() -> run(n));
    }

    private static boolean run(final int n)
    {
        JCuda.setExceptionsEnabled(true);
        JCublas2.setExceptionsEnabled(true);
        final long bytes = (long)n * Sizeof.FLOAT;
        final float[] x = RandomFloats.uniform(n, 1);
        final float[] y = RandomFloats.uniform(n, 2);
        final float[] result = new float[n];

        final PhaseTimes times = new PhaseTimes();
        final cudaDeviceProp properties = new cudaDeviceProp();
        cudaGetDeviceProperties(properties, 0);
        final cublasHandle handle = new cublasHandle();
        cublasCreate(handle);
        cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
        final Pointer deviceX = new Pointer();
        final Pointer deviceY = new Pointer();
        cudaMalloc(deviceX, bytes);
        cudaMalloc(deviceY, bytes);
        times.lap("setup");

        cublasSetVector(n, Sizeof.FLOAT, Pointer.to(x), 1, deviceX, 1);
        cublasSetVector(n, Sizeof.FLOAT, Pointer.to(y), 1, deviceY, 1);
        times.lap("upload");

        cublasSaxpy(handle, n, Pointer.to(new float[]{ ALPHA }), deviceX, 1, deviceY, 1);
        cudaDeviceSynchronize();
        times.lap("kernel");

        cublasGetVector(n, Sizeof.FLOAT, deviceY, 1, Pointer.to(result), 1);
        times.lap("download");

        cudaFree(deviceX);
        cudaFree(deviceY);
        cublasDestroy(handle);

        System.out.printf(Locale.ROOT, "SaxpyCublas on %s: n = %,d, a = %s%n",
            new String(properties.name, StandardCharsets.US_ASCII).replace("\0", "").trim(), n, ALPHA);
        System.out.println(times);
        return checkCorrectlyRounded(x, y, result);
    }

    private static boolean checkCorrectlyRounded(final float[] x, final float[] y, final float[] result)
    {
        int fused = 0;
        int unfused = 0;
        int wrong = 0;
        int firstWrong = -1;
        for (int i = 0; i < result.length; i++)
        {
            final int bits = Float.floatToIntBits(result[i]);
            final boolean isFused = bits == Float.floatToIntBits(Math.fma(ALPHA, x[i], y[i]));
            final boolean isUnfused = bits == Float.floatToIntBits(ALPHA * x[i] + y[i]);
            fused += isFused ? 1 : 0;
            unfused += isUnfused ? 1 : 0;
            if (!isFused && !isUnfused)
            {
                wrong++;
                firstWrong = firstWrong < 0 ? i : firstWrong;
            }
        }
        System.out.printf(Locale.ROOT, "checked all %,d elements: %,d equal Math.fma, %,d the product-then-sum " +
            "rounding, %,d neither%s%n", result.length, fused, unfused, wrong, firstWrong < 0 ? "" :
            String.format(Locale.ROOT, ", the first at %d: %s instead of %s", firstWrong, result[firstWrong],
            Math.fma(ALPHA, x[firstWrong], y[firstWrong])));
        return wrong == 0;
    }
}
