package io.gpurelay.agent.programs;

import java.nio.ByteBuffer;

import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUresult;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaChannelFormatDesc;
import jcuda.runtime.cudaError;

/**
 * A JCuda program run with the agent, no JCuda natives and no executor. Plain JCuda, no gpurelay classes.
 * Argument: the agent's timeout in milliseconds.
 */
public final class NoExecutorProgram
{
    private NoExecutorProgram()
    {
    }

    public static void main(final String[] args)
    {
        final Checks checks = new Checks();
        final long timeoutMs = Long.parseLong(args[0]);

        final long start = System.nanoTime();
        final int[] count = { -1 };
        checks.equal("cudaGetDeviceCount", cudaError.cudaErrorDevicesUnavailable, JCuda.cudaGetDeviceCount(count));
        final long firstMs = (System.nanoTime() - start) / 1_000_000;
        checks.check("first call within the timeout", firstMs <= timeoutMs + 3_000, firstMs + " ms");
        checks.equal("no devices counted", 0, count[0]);

        final long second = System.nanoTime();
        checks.equal("cudaMalloc", cudaError.cudaErrorDevicesUnavailable, JCuda.cudaMalloc(new Pointer(), 16));
        checks.check("later call at once", (System.nanoTime() - second) / 1_000_000 < 1_000);
        checks.equal("last error", cudaError.cudaErrorDevicesUnavailable, JCuda.cudaGetLastError());

        checks.equal("unsupported call", cudaError.cudaErrorNotSupported, JCuda.cudaProfilerStart());
        checks.equal("unsupported call again", cudaError.cudaErrorNotSupported,
            JCuda.cudaProfilerStart());
        checks.equal("unsupported call is the last error", cudaError.cudaErrorNotSupported, JCuda.cudaGetLastError());
        final cudaChannelFormatDesc channel = JCuda.cudaCreateChannelDesc(8, 0, 0, 0, 1);
        checks.check("cudaCreateChannelDesc needs no executor", channel != null && channel.x == 8 && channel.f == 1);

        final Pointer pinned = new Pointer();
        checks.equal("cudaMallocHost needs no executor", 0, JCuda.cudaMallocHost(pinned, 4096));
        final ByteBuffer view = pinned.getByteBuffer(0, 4096);
        checks.check("pinned memory usable", view != null && view.capacity() == 4096);
        checks.equal("cudaFreeHost", 0, JCuda.cudaFreeHost(pinned));
        checks.check("error string", "CUDA-capable device(s) is/are busy or unavailable".equals(
            JCuda.cudaGetErrorString(cudaError.cudaErrorDevicesUnavailable)));

        checks.equal("cuInit", CUresult.CUDA_ERROR_DEVICE_UNAVAILABLE, JCudaDriver.cuInit(0));
        checks.equal("cuDeviceGetCount", CUresult.CUDA_ERROR_DEVICE_UNAVAILABLE, JCudaDriver.cuDeviceGetCount(count));
        checks.equal("cuDeviceGet", CUresult.CUDA_ERROR_DEVICE_UNAVAILABLE, JCudaDriver.cuDeviceGet(new CUdevice(), 0));
        checks.equal("cuCtxGetCurrent", CUresult.CUDA_ERROR_DEVICE_UNAVAILABLE,
            JCudaDriver.cuCtxGetCurrent(new CUcontext()));
        checks.equal("cuMemAlloc", CUresult.CUDA_ERROR_DEVICE_UNAVAILABLE, JCudaDriver.cuMemAlloc(new CUdeviceptr(), 16));
        checks.equal("unsupported driver call", CUresult.CUDA_ERROR_NOT_SUPPORTED,
            JCudaDriver.cuProfilerStart());
        checks.equal("unsupported driver call again", CUresult.CUDA_ERROR_NOT_SUPPORTED,
            JCudaDriver.cuProfilerStart());

        JCuda.setExceptionsEnabled(true);
        String message = "nothing thrown";
        try
        {
            JCuda.cudaDeviceSynchronize();
        }
        catch (final CudaException ex)
        {
            message = ex.getMessage();
        }
        checks.check("exceptions mode throws JCuda's exception", "cudaErrorDevicesUnavailable".equals(message),
            message);
        checks.finish();
    }
}
