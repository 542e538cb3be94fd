package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuMemAllocManaged;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static jcuda.jcublas.JCublas2.cublasCreate;
import static jcuda.jcublas.JCublas2.cublasDestroy;
import static jcuda.jcublas.JCublas2.cublasSaxpy;
import static jcuda.jcublas.JCublas2.cublasSgemm;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.util.Random;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUmemAttach_flags;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import jcuda.jcublas.JCublas2;
import jcuda.jcublas.cublasHandle;
import jcuda.jcublas.cublasOperation;
import jcuda.jcublas.cublasStatus;

/**
 * An unmodified JCuda program that keeps its cuBLAS operands in the driver API's managed memory with a host view
 * ({@code cuMemAllocManaged(..., CU_MEM_ATTACH_HOST)}, whose {@code CUdeviceptr} JCuda gives a buffer): it fills them
 * from Java, runs SAXPY and SGEMM on them, synchronises through the driver API and reads the results through the host
 * views, compared with a CPU reference written here (|result - reference| <= 1e-4 (1 + |reference|)). JCublas2's
 * natives need CUDA 12's libraries, so on a CUDA 13 host it runs through gpurelay only.
 */
public final class ManagedCublasProgram
{
    private static final Checks CHECKS = new Checks();
    private static final int N = 96;
    private static final float TOLERANCE = 1e-4f;

    private ManagedCublasProgram()
    {
    }

    public static void main(final String[] args)
    {
        JCudaDriver.setExceptionsEnabled(false);
        JCublas2.setExceptionsEnabled(false);
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext primary = new CUcontext();
        cuDevicePrimaryCtxRetain(primary, device);
        cuCtxSetCurrent(primary);
        final cublasHandle handle = new cublasHandle();
        CHECKS.equal("cublasCreate", cublasStatus.CUBLAS_STATUS_SUCCESS, cublasCreate(handle));
        final Random random = new Random(7);

        final CUdeviceptr x = new CUdeviceptr();
        final CUdeviceptr y = new CUdeviceptr();
        final FloatBuffer xs = managed(x, N);
        final FloatBuffer ys = managed(y, N);
        final float[] expectedY = new float[N];
        for (int i = 0; i < N; i++)
        {
            xs.put(i, random.nextFloat());
            ys.put(i, random.nextFloat());
            expectedY[i] = 2.5f * xs.get(i) + ys.get(i);
        }
        CHECKS.equal("cublasSaxpy on managed memory filled from Java", cublasStatus.CUBLAS_STATUS_SUCCESS,
            cublasSaxpy(handle, N, Pointer.to(new float[]{ 2.5f }), x, 1, y, 1));
        CHECKS.equal("cuCtxSynchronize", CUresult.CUDA_SUCCESS, cuCtxSynchronize());
        CHECKS.check("the host view shows SAXPY's result", matches(ys, expectedY), describe(ys, expectedY));

        final CUdeviceptr a = new CUdeviceptr();
        final CUdeviceptr b = new CUdeviceptr();
        final CUdeviceptr c = new CUdeviceptr();
        final FloatBuffer as = managed(a, N * N);
        final FloatBuffer bs = managed(b, N * N);
        final FloatBuffer cs = managed(c, N * N);
        for (int i = 0; i < N * N; i++)
        {
            as.put(i, random.nextFloat() - 0.5f);
            bs.put(i, random.nextFloat() - 0.5f);
            cs.put(i, random.nextFloat());
        }
        final float[] expectedC = new float[N * N];
        for (int column = 0; column < N; column++)
        {
            for (int row = 0; row < N; row++)
            {
                float sum = 0;
                for (int k = 0; k < N; k++)
                {
                    sum += as.get(k * N + row) * bs.get(column * N + k);
                }
                expectedC[column * N + row] = 1.5f * sum + 0.5f * cs.get(column * N + row);
            }
        }
        CHECKS.equal("cublasSgemm on managed memory filled from Java", cublasStatus.CUBLAS_STATUS_SUCCESS,
            cublasSgemm(handle, cublasOperation.CUBLAS_OP_N, cublasOperation.CUBLAS_OP_N, N, N, N,
                Pointer.to(new float[]{ 1.5f }), a, N, b, N, Pointer.to(new float[]{ 0.5f }), c, N));
        CHECKS.equal("cuStreamSynchronize of the default stream", CUresult.CUDA_SUCCESS, cuStreamSynchronize(null));
        CHECKS.check("the host view shows SGEMM's result", matches(cs, expectedC), describe(cs, expectedC));

        // The host changes one operand and cuBLAS sees it: the view went to the device before the call.
        for (int i = 0; i < N; i++)
        {
            xs.put(i, 1.0f);
            expectedY[i] = ys.get(i) + 1.0f;
        }
        cublasSaxpy(handle, N, Pointer.to(new float[]{ 1.0f }), x, 1, y, 1);
        cuCtxSynchronize();
        CHECKS.check("SAXPY read what the host changed", matches(ys, expectedY), describe(ys, expectedY));

        cublasDestroy(handle);
        for (final CUdeviceptr pointer : new CUdeviceptr[]{ x, y, a, b, c })
        {
            cuMemFree(pointer);
        }
        CHECKS.finish();
    }

    private static FloatBuffer managed(final CUdeviceptr pointer, final int count)
    {
        final long bytes = (long)count * Sizeof.FLOAT;
        final int status = cuMemAllocManaged(pointer, bytes, CUmemAttach_flags.CU_MEM_ATTACH_HOST);
        final ByteBuffer view = pointer.getByteBuffer(0, bytes);
        CHECKS.check("cuMemAllocManaged CU_MEM_ATTACH_HOST of " + count + " floats has a host view",
            status == CUresult.CUDA_SUCCESS && view != null, "status " + status);
        if (view == null)
        {
            CHECKS.finish();
        }
        return view.order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    private static boolean matches(final FloatBuffer actual, final float[] expected)
    {
        for (int i = 0; i < expected.length; i++)
        {
            if (!(Math.abs(actual.get(i) - expected[i]) <= TOLERANCE * (1 + Math.abs(expected[i]))))
            {
                return false;
            }
        }
        return true;
    }

    private static String describe(final FloatBuffer actual, final float[] expected)
    {
        for (int i = 0; i < expected.length; i++)
        {
            if (!(Math.abs(actual.get(i) - expected[i]) <= TOLERANCE * (1 + Math.abs(expected[i]))))
            {
                return "element " + i + " is " + actual.get(i) + ", not " + expected[i];
            }
        }
        return "";
    }
}
