package io.gpurelay.samples;

import static jcuda.jcublas.JCublas2.cublasCreate;
import static jcuda.jcublas.JCublas2.cublasDestroy;
import static jcuda.jcublas.JCublas2.cublasSetPointerMode;
import static jcuda.jcublas.JCublas2.cublasSgemm;
import static jcuda.jcublas.cublasOperation.CUBLAS_OP_N;
import static jcuda.jcublas.cublasPointerMode.CUBLAS_POINTER_MODE_HOST;
import static jcuda.runtime.JCuda.cudaDeviceSynchronize;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaGetDeviceProperties;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasHandle;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaDeviceProp;

/**
 * C = A·B with cuBLAS SGEMM through JCublas2 (C = alpha·A·B + beta·C with alpha = 1, beta = 0, neither matrix
 * transposed); matrices moved with cudaMemcpy.
 * <p>
 * cuBLAS is column-major, as Fortran's BLAS: element (row, col) of A, which has m rows, is {@code a[col * m + row]},
 * and each leading dimension passed to cublasSgemm is the matrix's number of rows (lda = m, ldb = k, ldc = m). The
 * Java arrays here are filled and checked in that layout. (Row-major data can stay as it is by computing
 * Cᵀ = Bᵀ·Aᵀ instead: swap the operands and m with n.)
 * <p>
 * Usage: {@code MatmulCublas [n]} for n × n matrices (default 256), or {@code MatmulCublas m n k} for A m × k,
 * B k × n and C m × n. The result is checked against the CPU with the relative tolerance that
 * {@link MatmulReference} explains.
 * <p>
 * JCublas2 12.6 needs CUDA 12's libcublas.so.12 to run locally.
 */
public final class MatmulCublas
{
    private static final String USAGE =
        "MatmulCublas [n | m n k]   (C m x n = A m x k times B k x n, default n = 256)";
    private static final int DEFAULT_SIZE = 256;

    private MatmulCublas()
    {
    }

    public static void main(final String[] args)
    {
        final MatrixShape shape = SampleArguments.matrixShape(args, USAGE, DEFAULT_SIZE);
        Verdict.printAndExit(() -> run(shape));
    }

    private static boolean run(final MatrixShape shape)
    {
        JCuda.setExceptionsEnabled(true);
        JCublas2.setExceptionsEnabled(true);
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
        final cudaDeviceProp properties = new cudaDeviceProp();
        cudaGetDeviceProperties(properties, 0);
        final cublasHandle handle = new cublasHandle();
        cublasCreate(handle);
        cublasSetPointerMode(handle, CUBLAS_POINTER_MODE_HOST);
        final Pointer deviceA = new Pointer();
        final Pointer deviceB = new Pointer();
        final Pointer deviceC = new Pointer();
        cudaMalloc(deviceA, bytesA);
        cudaMalloc(deviceB, bytesB);
        cudaMalloc(deviceC, bytesC);
        times.lap("setup");

        cudaMemcpy(deviceA, Pointer.to(a), bytesA, cudaMemcpyHostToDevice);
        cudaMemcpy(deviceB, Pointer.to(b), bytesB, cudaMemcpyHostToDevice);
        times.lap("upload");

        final Pointer alpha = Pointer.to(new float[]{ 1.0f });
        final Pointer beta = Pointer.to(new float[]{ 0.0f });
        cublasSgemm(handle, CUBLAS_OP_N, CUBLAS_OP_N, m, n, k, alpha, deviceA, m, deviceB, k, beta, deviceC, m);
        cudaDeviceSynchronize();
        final long kernelNanos = times.lap("kernel");

        cudaMemcpy(Pointer.to(c), deviceC, bytesC, cudaMemcpyDeviceToHost);
        times.lap("download");

        cudaFree(deviceA);
        cudaFree(deviceB);
        cudaFree(deviceC);
        cublasDestroy(handle);

        System.out.printf(Locale.ROOT, "MatmulCublas on %s: %s, column-major%n",
            new String(properties.name, StandardCharsets.US_ASCII).replace("\0", "").trim(), shape);
        System.out.printf(Locale.ROOT, "%s (kernel %.2f GFLOP/s)%n", times, shape.flops() / kernelNanos);
        return MatmulReference.check(shape, MatmulReference.Layout.COLUMN_MAJOR, a, b, c);
    }
}
