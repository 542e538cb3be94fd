package io.gpurelay.it.programs;

import static io.gpurelay.it.programs.FnLines.caseLine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUDA_KERNEL_NODE_PARAMS;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;

/**
 * What {@link CaptureProgram} and {@link GraphsProgram} share: a context on device 0 with {@code saxpy.ptx} loaded,
 * saxpy kernel nodes, device buffers, and reading them back. Each driver call of the start and of an allocation prints its
 * {@link FnLines#caseLine} line.
 */
final class GraphPrograms
{
    private GraphPrograms()
    {
    }

    /**
     * The context a program runs in and the saxpy kernel loaded into it.
     */
    record Saxpy(CUcontext context, CUfunction function)
    {
    }

    /**
     * cuInit, a context on device 0, and {@code saxpy.ptx} of the kernels folder loaded as a NUL-terminated image.
     */
    static Saxpy start(final Path kernels) throws IOException
    {
        caseLine("cuInit", "", JCudaDriver.cuInit(0));
        final CUdevice device = new CUdevice();
        caseLine("cuDeviceGet", "", JCudaDriver.cuDeviceGet(device, 0));
        final CUcontext context = new CUcontext();
        caseLine("cuCtxCreate", "", JCudaDriver.cuCtxCreate(context, 0, device));
        final CUmodule module = new CUmodule();
        final byte[] ptx = Files.readAllBytes(kernels.resolve("saxpy.ptx"));
        final byte[] image = new byte[ptx.length + 1];
        System.arraycopy(ptx, 0, image, 0, ptx.length);
        caseLine("cuModuleLoadData", "", JCudaDriver.cuModuleLoadData(module, image));
        final CUfunction saxpy = new CUfunction();
        caseLine("cuModuleGetFunction", "", JCudaDriver.cuModuleGetFunction(saxpy, module, "saxpy"));
        return new Saxpy(context, saxpy);
    }

    /**
     * A kernel node's parameters for {@code saxpy(n, a, x, y)}: y = a * x + y over n floats, in blocks of 128.
     */
    static CUDA_KERNEL_NODE_PARAMS saxpyNode(final CUfunction function, final int n, final float a,
        final CUdeviceptr x, final CUdeviceptr y)
    {
        final CUDA_KERNEL_NODE_PARAMS params = new CUDA_KERNEL_NODE_PARAMS();
        params.func = function;
        params.gridDimX = (n + 127) / 128;
        params.gridDimY = 1;
        params.gridDimZ = 1;
        params.blockDimX = 128;
        params.blockDimY = 1;
        params.blockDimZ = 1;
        params.sharedMemBytes = 0;
        params.kernelParams = Pointer.to(Pointer.to(new int[]{ n }), Pointer.to(new float[]{ a }), Pointer.to(x),
            Pointer.to(y));
        return params;
    }

    static CUdeviceptr alloc(final long bytes)
    {
        final CUdeviceptr pointer = new CUdeviceptr();
        caseLine("cuMemAlloc", "" + bytes, JCudaDriver.cuMemAlloc(pointer, bytes));
        return pointer;
    }

    static float[] read(final CUdeviceptr source, final int count)
    {
        final float[] values = new float[count];
        JCudaDriver.cuMemcpyDtoH(Pointer.to(values), source, (long)count * Sizeof.FLOAT);
        return values;
    }

    static boolean allEqual(final float[] values, final float expected)
    {
        for (final float value : values)
        {
            if (value != expected)
            {
                return false;
            }
        }
        return true;
    }

    static boolean allEqual(final int[] values, final int expected)
    {
        for (final int value : values)
        {
            if (value != expected)
            {
                return false;
            }
        }
        return true;
    }
}
