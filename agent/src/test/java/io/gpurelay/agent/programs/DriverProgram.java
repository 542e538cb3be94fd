package io.gpurelay.agent.programs;

import static jcuda.driver.JCudaDriver.CU_LAUNCH_PARAM_BUFFER_POINTER;
import static jcuda.driver.JCudaDriver.CU_LAUNCH_PARAM_BUFFER_SIZE;
import static jcuda.driver.JCudaDriver.CU_LAUNCH_PARAM_END;
import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxGetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuProfilerStart;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemsetD32Async;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;

/**
 * A JCuda driver-API program run with the agent against the agent tests' stand-in executor, which runs no kernels:
 * a context, a module from PTX text, launches written both ways (kernelParams, and extra with JCudaDriver's own
 * CU_LAUNCH_PARAM constants), a refused launch in both error modes, an asynchronous failure reported by the next
 * synchronisation, and a function gpurelay does not support. Plain JCuda, no gpurelay classes.
 */
public final class DriverProgram
{
    private static final String SAXPY_PTX = String.join("\n",
        ".version 8.5",
        ".target sm_90",
        ".address_size 64",
        ".visible .entry saxpy(",
        "    .param .u32 saxpy_param_0,",
        "    .param .f32 saxpy_param_1,",
        "    .param .u64 saxpy_param_2,",
        "    .param .u64 saxpy_param_3",
        ")",
        "{",
        "    ret;",
        "}",
        "");

    private DriverProgram()
    {
    }

    public static void main(final String[] args)
    {
        final Checks checks = new Checks();
        checks.equal("cuInit", 0, cuInit(0));
        final int[] count = new int[1];
        checks.equal("cuDeviceGetCount", 0, cuDeviceGetCount(count));
        final CUdevice device = new CUdevice();
        checks.equal("cuDeviceGet", 0, cuDeviceGet(device, count[0] - 1));
        final byte[] name = new byte[64];
        checks.equal("cuDeviceGetName", 0, cuDeviceGetName(name, name.length, device));
        checks.check("device name", new String(name, StandardCharsets.US_ASCII).startsWith("In-Memory Device "));
        final CUcontext context = new CUcontext();
        checks.equal("cuCtxCreate", 0, cuCtxCreate(context, 0, device));
        final CUcontext current = new CUcontext();
        checks.equal("cuCtxGetCurrent", 0, cuCtxGetCurrent(current));
        checks.check("the new context is current", current.equals(context));

        final CUmodule module = new CUmodule();
        checks.equal("cuModuleLoadData from a String", 0, cuModuleLoadData(module, SAXPY_PTX));
        final CUfunction saxpy = new CUfunction();
        checks.equal("cuModuleGetFunction", 0, cuModuleGetFunction(saxpy, module, "saxpy"));
        final CUdeviceptr x = new CUdeviceptr();
        final CUdeviceptr y = new CUdeviceptr();
        checks.equal("cuMemAlloc", 0, cuMemAlloc(x, 1024));
        checks.equal("cuMemAlloc", 0, cuMemAlloc(y, 1024));
        checks.equal("cuMemcpyHtoD", 0, cuMemcpyHtoD(x, Pointer.to(new float[256]), 1024));

        checks.equal("launch with kernelParams", 0, cuLaunchKernel(saxpy, 1, 1, 1, 256, 1, 1, 0, null,
            Pointer.to(Pointer.to(new int[]{ 256 }), Pointer.to(new float[]{ 2.0f }), Pointer.to(x), Pointer.to(y)),
            null));
        final ByteBuffer buffer = ByteBuffer.allocate(24).order(ByteOrder.nativeOrder());
        buffer.putInt(0, 256).putFloat(4, 2.0f).putLong(8, pointerValue(x)).putLong(16, pointerValue(y));
        checks.equal("launch with extra", 0, cuLaunchKernel(saxpy, 1, 1, 1, 256, 1, 1, 0, null, null,
            Pointer.to(CU_LAUNCH_PARAM_BUFFER_POINTER, Pointer.to(buffer), CU_LAUNCH_PARAM_BUFFER_SIZE,
                Pointer.to(new long[]{ 24 }), CU_LAUNCH_PARAM_END)));
        checks.equal("cuCtxSynchronize", 0, cuCtxSynchronize());

        final Pointer missingParameter = Pointer.to(Pointer.to(new int[]{ 256 }), Pointer.to(x), Pointer.to(y));
        checks.equal("a launch with a parameter missing", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuLaunchKernel(saxpy, 1, 1, 1, 256, 1, 1, 0, null, missingParameter, null));
        JCudaDriver.setExceptionsEnabled(true);
        String message = "nothing thrown";
        try
        {
            cuLaunchKernel(saxpy, 1, 1, 1, 256, 1, 1, 0, null, missingParameter, null);
        }
        catch (final CudaException ex)
        {
            message = ex.getMessage();
        }
        JCudaDriver.setExceptionsEnabled(false);
        checks.check("exceptions mode throws JCuda's exception", "CUDA_ERROR_INVALID_VALUE".equals(message), message);

        final CUdeviceptr nowhere = new CUdeviceptr().withByteOffset(0x40);
        checks.equal("an asynchronous memset to nowhere is sent", 0, cuMemsetD32Async(nowhere, 0, 4, null));
        checks.equal("its failure comes from the next synchronisation", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuCtxSynchronize());
        checks.equal("once", 0, cuCtxSynchronize());
        final float[] back = new float[256];
        checks.equal("cuMemcpyDtoH", 0, cuMemcpyDtoH(Pointer.to(back), x, 1024));

        checks.equal("an unsupported function", CUresult.CUDA_ERROR_NOT_SUPPORTED,
            cuProfilerStart());
        checks.equal("cuMemFree", 0, cuMemFree(x));
        checks.equal("cuMemFree", 0, cuMemFree(y));
        checks.equal("cuModuleUnload", 0, cuModuleUnload(module));
        checks.equal("cuCtxDestroy", 0, cuCtxDestroy(context));
        checks.finish();
    }

    /**
     * A device pointer's value as a kernel reads it, from its printed form: a JCuda program has no other way to it.
     */
    private static long pointerValue(final CUdeviceptr pointer)
    {
        final String text = pointer.toString();
        final int start = text.indexOf("0x") + 2;
        int end = start;
        while (end < text.length() && Character.digit(text.charAt(end), 16) >= 0)
        {
            end++;
        }
        return Long.parseUnsignedLong(text.substring(start, end), 16);
    }
}
