package io.gpurelay.bench.workload;

import static jcuda.jcublas.JCublas2.cublasCreate;
import static jcuda.jcublas.JCublas2.cublasDestroy;
import static jcuda.jcublas.JCublas2.cublasSgemm;
import static jcuda.jcublas.cublasOperation.CUBLAS_OP_N;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasHandle;

/**
 * sgemm end to end through JCublas2 and the runtime API, as a JCuda application calls cuBLAS.
 */
final class JCublasSgemm
{
    private JCublasSgemm()
    {
    }

    static long medianNanos(final int n, final int repeats)
    {
        JCublas2.setExceptionsEnabled(true);
        final long bytes = (long)n * n * Sizeof.FLOAT;
        final float[] a = Workload.filled(n * n, 1);
        final float[] b = Workload.filled(n * n, 2);
        final float[] c = new float[n * n];
        final cublasHandle handle = new cublasHandle();
        cublasCreate(handle);
        final Pointer deviceA = new Pointer();
        final Pointer deviceB = new Pointer();
        final Pointer deviceC = new Pointer();
        try
        {
            cudaMalloc(deviceA, bytes);
            cudaMalloc(deviceB, bytes);
            cudaMalloc(deviceC, bytes);
            final Pointer alpha = Pointer.to(new float[]{ 1.0f });
            final Pointer beta = Pointer.to(new float[]{ 0.0f });
            return Timing.medianNanos(2, repeats, () ->
            {
                cudaMemcpy(deviceA, Pointer.to(a), bytes, cudaMemcpyHostToDevice);
                cudaMemcpy(deviceB, Pointer.to(b), bytes, cudaMemcpyHostToDevice);
                cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, alpha, deviceA, n, deviceB, n, beta, deviceC, n);
                cudaMemcpy(Pointer.to(c), deviceC, bytes, cudaMemcpyDeviceToHost);
            });
        }
        finally
        {
            cudaFree(deviceA);
            cudaFree(deviceB);
            cudaFree(deviceC);
            cublasDestroy(handle);
        }
    }
}
