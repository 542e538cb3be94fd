package io.gpurelay.bench.workload;

import static org.bytedeco.cuda.global.cublas.CUBLAS_OP_N;
import static org.bytedeco.cuda.global.cublas.CUBLAS_STATUS_SUCCESS;
import static org.bytedeco.cuda.global.cublas.cublasCreate_v2;
import static org.bytedeco.cuda.global.cublas.cublasDestroy_v2;
import static org.bytedeco.cuda.global.cublas.cublasSgemm_v2;
import static org.bytedeco.cuda.global.cudart.cudaFree;
import static org.bytedeco.cuda.global.cudart.cudaGetErrorString;
import static org.bytedeco.cuda.global.cudart.cudaMalloc;
import static org.bytedeco.cuda.global.cudart.cudaMemcpy;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyDeviceToHost;
import static org.bytedeco.cuda.global.cudart.cudaMemcpyHostToDevice;
import static org.bytedeco.cuda.global.cudart.cudaSuccess;

import org.bytedeco.cuda.cublas.cublasContext;
import org.bytedeco.javacpp.FloatPointer;

/**
 * sgemm end to end through JavaCPP's CUDA presets, for the local figure: on a CUDA 13 host JCublas2 12.6 cannot load
 * (it needs libcublas.so.12), so this is what "cuBLAS locally from Java" means there. The Java arrays go through a
 * native staging buffer each way, as JavaCPP applications do.
 */
final class JavaCppSgemm
{
    private JavaCppSgemm()
    {
    }

    static long medianNanos(final int n, final int repeats)
    {
        final long elements = (long)n * n;
        final long bytes = elements * Float.BYTES;
        final float[] a = Workload.filled(n * n, 1);
        final float[] b = Workload.filled(n * n, 2);
        final float[] c = new float[n * n];
        final cublasContext handle = new cublasContext();
        checkCublas(cublasCreate_v2(handle), "cublasCreate");
        final FloatPointer deviceA = new FloatPointer();
        final FloatPointer deviceB = new FloatPointer();
        final FloatPointer deviceC = new FloatPointer();
        try (FloatPointer host = new FloatPointer(elements);
             FloatPointer alpha = new FloatPointer(1.0f);
             FloatPointer beta = new FloatPointer(0.0f))
        {
            check(cudaMalloc(deviceA, bytes), "cudaMalloc");
            check(cudaMalloc(deviceB, bytes), "cudaMalloc");
            check(cudaMalloc(deviceC, bytes), "cudaMalloc");
            return Timing.medianNanos(2, repeats, () ->
            {
                host.put(a);
                check(cudaMemcpy(deviceA, host, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
                host.put(b);
                check(cudaMemcpy(deviceB, host, bytes, cudaMemcpyHostToDevice), "cudaMemcpy");
                checkCublas(cublasSgemm_v2(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, deviceA, n, deviceB, n,
                    beta, deviceC, n), "cublasSgemm");
                check(cudaMemcpy(host, deviceC, bytes, cudaMemcpyDeviceToHost), "cudaMemcpy");
                host.get(c);
            });
        }
        finally
        {
            cudaFree(deviceA);
            cudaFree(deviceB);
            cudaFree(deviceC);
            cublasDestroy_v2(handle);
        }
    }

    private static void check(final int status, final String call)
    {
        if (status != cudaSuccess)
        {
            throw new IllegalStateException(call + " failed: " + cudaGetErrorString(status).getString());
        }
    }

    private static void checkCublas(final int status, final String call)
    {
        if (status != CUBLAS_STATUS_SUCCESS)
        {
            throw new IllegalStateException(call + " failed with cuBLAS status " + status);
        }
    }
}
