package io.gpurelay.samples;

import static org.bytedeco.cuda.global.cublas.CUBLAS_OP_N;
import static org.bytedeco.cuda.global.cublas.cublasCreate_v2;
import static org.bytedeco.cuda.global.cublas.cublasDestroy_v2;
import static org.bytedeco.cuda.global.cublas.cublasSgemm_v2;
import static org.bytedeco.cuda.global.cudart.cuLaunchKernel;
import static org.bytedeco.cuda.global.cudart.cuModuleGetFunction;
import static org.bytedeco.cuda.global.cudart.cuModuleLoadData;
import static org.bytedeco.cuda.global.cudart.cuModuleUnload;
import static org.bytedeco.cuda.global.cudart.cudaDeviceSynchronize;
import static org.bytedeco.cuda.global.cudart.cudaFree;
import static org.bytedeco.cuda.global.cudart.cudaGetDeviceCount;
import static org.bytedeco.cuda.global.cudart.cudaMalloc;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;

import java.util.Locale;

import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.cuda.cudart.CUfunc_st;
import org.bytedeco.cuda.cudart.CUmod_st;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;

/**
 * SAXPY with a PTX kernel and a matrix product with cuBLAS, written with JavaCPP's CUDA presets instead of JCuda: the
 * runtime API allocates and copies ({@code cudaMalloc}, {@code cudaMemcpy} with {@code FloatPointer}s), the driver API
 * loads the bundled PTX and launches it with a {@code PointerPointer} of parameters, and {@code cublasSgemm_v2}
 * multiplies two matrices.
 * <p>
 * Usage: {@code JavaCppSaxpySgemm [n]}, n = the vectors' length (default 1048576). SAXPY is one fma.rn.f32 per element,
 * so it must equal {@link Math#fma} bit for bit; the 256 × 256 product of small integers is exact in float.
 */
public final class JavaCppSaxpySgemm
{
    private static final String USAGE = "JavaCppSaxpySgemm [n]   (n = vector length, default 1048576)";
    private static final int DEFAULT_LENGTH = 1 << 20;
    private static final int THREADS_PER_BLOCK = 256;
    private static final float ALPHA = 1.5f;
    private static final int M = 256;

    private JavaCppSaxpySgemm()
    {
    }

    public static void main(final String[] args)
    {
        final int n = SampleArguments.vectorLength(args, USAGE, DEFAULT_LENGTH);
        Verdict.printAndExit(() -> saxpy(n) & sgemm());
    }

    private static boolean saxpy(final int n)
    {
        final long bytes = (long)n * Float.BYTES;
        final float[] x = RandomFloats.uniform(n, 1);
        final float[] y = RandomFloats.uniform(n, 2);
        final int[] devices = new int[1];
        check(cudaGetDeviceCount(devices), "cudaGetDeviceCount");

        final PhaseTimes times = new PhaseTimes();
        final Pointer deviceX = new Pointer();
        final Pointer deviceY = new Pointer();
        check(cudaMalloc(deviceX, bytes), "cudaMalloc");
        check(cudaMalloc(deviceY, bytes), "cudaMalloc");
        final CUmod_st module = new CUmod_st();
        check(cuModuleLoadData(module, new BytePointer(BundledPtx.read("saxpy.ptx"))), "cuModuleLoadData");
        final CUfunc_st kernel = new CUfunc_st();
        check(cuModuleGetFunction(kernel, module, "saxpy"), "cuModuleGetFunction");
        times.lap("setup");

        check(cudaMemcpy(deviceX, new FloatPointer(x), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
        check(cudaMemcpy(deviceY, new FloatPointer(y), bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
        times.lap("upload");

        // One pointer per kernel parameter, in the order of saxpy(int n, float a, const float* x, float* y).
        final PointerPointer<Pointer> parameters = new PointerPointer<>(new IntPointer(new int[]{ n }),
            new FloatPointer(new float[]{ ALPHA }), new LongPointer(new long[]{ deviceX.address() }),
            new LongPointer(new long[]{ deviceY.address() }));
        check(cuLaunchKernel(kernel, (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK, 1, 1, THREADS_PER_BLOCK, 1, 1,
            0, null, parameters, null), "cuLaunchKernel");
        check(cudaDeviceSynchronize(), "cudaDeviceSynchronize");
        times.lap("kernel");

        final FloatPointer result = new FloatPointer(n);
        check(cudaMemcpy(result, deviceY, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
        times.lap("download");
        check(cuModuleUnload(module), "cuModuleUnload");
        check(cudaFree(deviceX), "cudaFree");
        check(cudaFree(deviceY), "cudaFree");

        System.out.printf(Locale.ROOT, "JavaCppSaxpySgemm: %d device(s), SAXPY n = %,d, a = %s%n", devices[0], n,
            ALPHA);
        System.out.println(times);
        int mismatches = 0;
        for (int i = 0; i < n; i++)
        {
            if (Float.floatToIntBits(result.get(i)) != Float.floatToIntBits(Math.fma(ALPHA, x[i], y[i])))
            {
                mismatches++;
            }
        }
        System.out.printf(Locale.ROOT, "SAXPY: checked all %,d elements against Math.fma: %,d differ%n", n,
            mismatches);
        return mismatches == 0;
    }

    private static boolean sgemm()
    {
        final long count = (long)M * M;
        final long bytes = count * Float.BYTES;
        final FloatPointer a = new FloatPointer(count);
        final FloatPointer b = new FloatPointer(count);
        for (long i = 0; i < count; i++)
        {
            a.put(i, (i % 7) - 3);
            b.put(i, (i % 5) - 2);
        }
        final FloatPointer deviceA = new FloatPointer();
        final FloatPointer deviceB = new FloatPointer();
        final FloatPointer deviceC = new FloatPointer();
        check(cudaMalloc(deviceA, bytes), "cudaMalloc");
        check(cudaMalloc(deviceB, bytes), "cudaMalloc");
        check(cudaMalloc(deviceC, bytes), "cudaMalloc");
        check(cudaMemcpy(deviceA, a, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
        check(cudaMemcpy(deviceB, b, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
        final cublasContext handle = new cublasContext();
        check(cublasCreate_v2(handle), "cublasCreate_v2");
        check(cublasSgemm_v2(handle, CUBLAS_OP_N, CUBLAS_OP_N, M, M, M, new FloatPointer(1f), deviceA, M, deviceB, M,
            new FloatPointer(0f), deviceC, M), "cublasSgemm_v2");
        final FloatPointer c = new FloatPointer(count);
        check(cudaMemcpy(c, deviceC, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
        check(cublasDestroy_v2(handle), "cublasDestroy_v2");
        for (final Pointer p : new Pointer[]{ deviceA, deviceB, deviceC })
        {
            check(cudaFree(p), "cudaFree");
        }
        int mismatches = 0;
        for (int row = 0; row < M; row++)
        {
            for (int column = 0; column < M; column++)
            {
                float expected = 0;
                for (int k = 0; k < M; k++)
                {
                    expected += a.get(row + (long)k * M) * b.get(k + (long)column * M);
                }
                if (c.get(row + (long)column * M) != expected)
                {
                    mismatches++;
                }
            }
        }
        System.out.printf(Locale.ROOT, "sgemm %d x %d: %,d elements differ from the exact product%n", M, M,
            mismatches);
        return mismatches == 0;
    }

    private static void check(final int status, final String function)
    {
        if (status != 0)
        {
            throw new IllegalStateException(function + " returned " + status);
        }
    }
}
