package io.gpurelay.it.programs;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;
import jcuda.driver.CUuuid;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaDeviceProp;
import jcuda.runtime.cudaEvent_t;
import jcuda.runtime.cudaStream_t;
import static io.gpurelay.it.programs.FnLines.line;

/**
 * Calls the runtime and driver functions gpurelay remotes by hand-written code through JCuda's public API, in a fixed
 * sequence that makes each succeed and, where CUDA defines the failure, fail, and prints one line per call:
 * {@code FN <function> <case> status=<status> <what it wrote>}. Run once with JCuda's own natives on a GPU and once
 * through gpurelay on the same GPU, the two outputs must agree ({@code HandWrittenFunctionsGpuIT}). What differs by
 * nature between two processes is printed as a property (addresses and handles as set or not, free memory as at most
 * the total, elapsed times as non-negative). Argument: the folder with the kernels' PTX files.
 */
public final class HandWrittenFunctionsProgram
{
    private static final int N = 4096;

    private HandWrittenFunctionsProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCudaDriver.setExceptionsEnabled(false);
        JCuda.setExceptionsEnabled(false);
        final Path kernels = Path.of(args[0]);
        runtime();
        driver(kernels);
        System.out.println("DONE");
    }

    private static void runtime()
    {
        final int[] value = new int[1];
        line("cudaGetDeviceCount", "", JCuda.cudaGetDeviceCount(value), value[0] > 0);
        line("cudaSetDevice", "0", JCuda.cudaSetDevice(0));
        line("cudaSetDevice", "invalid", JCuda.cudaSetDevice(9999));
        line("cudaGetLastError", "after invalid device", JCuda.cudaGetLastError());
        line("cudaGetLastError", "again", JCuda.cudaGetLastError());
        line("cudaGetDevice", "", JCuda.cudaGetDevice(value), value[0]);
        final cudaDeviceProp prop = new cudaDeviceProp();
        line("cudaGetDeviceProperties", "", JCuda.cudaGetDeviceProperties(prop, 0), prop.getName(), prop.major,
            prop.minor, prop.totalGlobalMem, prop.multiProcessorCount, prop.warpSize, prop.maxThreadsPerBlock,
            Arrays.toString(prop.maxGridSize), prop.sharedMemPerBlock, prop.regsPerBlock, prop.l2CacheSize,
            prop.pciBusID, prop.managedMemory, prop.concurrentKernels, prop.unifiedAddressing);
        line("cudaGetDeviceProperties", "invalid device", JCuda.cudaGetDeviceProperties(prop, 9999));
        for (final int attribute : new int[]{ 1, 2, 8, 10, 16, 75, 76, 81 })
        {
            line("cudaDeviceGetAttribute", Integer.toString(attribute),
                JCuda.cudaDeviceGetAttribute(value, attribute, 0), value[0]);
        }
        line("cudaDeviceGetAttribute", "invalid device", JCuda.cudaDeviceGetAttribute(value, 1, 9999));
        line("cudaDriverGetVersion", "", JCuda.cudaDriverGetVersion(value), value[0] > 0);
        final long[] free = new long[1];
        final long[] total = new long[1];
        line("cudaMemGetInfo", "", JCuda.cudaMemGetInfo(free, total), free[0] <= total[0], total[0]);

        final Pointer device = new Pointer();
        line("cudaMalloc", "", JCuda.cudaMalloc(device, (long)N * Sizeof.FLOAT), isSet(device));
        line("cudaMemset", "", JCuda.cudaMemset(device, 0x3F, (long)N * Sizeof.FLOAT));
        final float[] host = new float[N];
        line("cudaMemcpy", "device to host", JCuda.cudaMemcpy(Pointer.to(host), device, (long)N * Sizeof.FLOAT, 2),
            host[0], host[N - 1]);
        for (int i = 0; i < N; i++)
        {
            host[i] = i * 0.25f;
        }
        line("cudaMemcpy", "host to device", JCuda.cudaMemcpy(device, Pointer.to(host), (long)N * Sizeof.FLOAT, 1));
        final Pointer second = new Pointer();
        line("cudaMalloc", "second", JCuda.cudaMalloc(second, (long)N * Sizeof.FLOAT), isSet(second));
        line("cudaMemcpy", "device to device", JCuda.cudaMemcpy(second, device, (long)N * Sizeof.FLOAT, 3));
        final float[] back = new float[N];
        line("cudaMemcpy", "default kind", JCuda.cudaMemcpy(Pointer.to(back), second, (long)N * Sizeof.FLOAT, 4),
            back[1], back[N - 1]);
        line("cudaMemcpy", "invalid kind", JCuda.cudaMemcpy(Pointer.to(back), second, 4, 7));
        line("cudaPeekAtLastError", "", JCuda.cudaPeekAtLastError());
        line("cudaGetLastError", "", JCuda.cudaGetLastError());
        line("cudaGetErrorName", "1", 0, JCuda.cudaGetErrorName(1));
        line("cudaGetErrorString", "2", 0, JCuda.cudaGetErrorString(2));

        final cudaStream_t stream = new cudaStream_t();
        line("cudaStreamCreate", "", JCuda.cudaStreamCreate(stream));
        final cudaStream_t flagged = new cudaStream_t();
        line("cudaStreamCreateWithFlags", "non-blocking", JCuda.cudaStreamCreateWithFlags(flagged, 1));
        line("cudaMemsetAsync", "", JCuda.cudaMemsetAsync(second, 0, (long)N * Sizeof.FLOAT, stream));
        line("cudaMemcpyAsync", "device to host",
            JCuda.cudaMemcpyAsync(Pointer.to(back), second, (long)N * Sizeof.FLOAT, 2, stream));
        final cudaEvent_t start = new cudaEvent_t();
        final cudaEvent_t end = new cudaEvent_t();
        line("cudaEventCreate", "", JCuda.cudaEventCreate(start));
        line("cudaEventCreateWithFlags", "default", JCuda.cudaEventCreateWithFlags(end, 0));
        line("cudaEventRecord", "start", JCuda.cudaEventRecord(start, stream));
        line("cudaMemcpyAsync", "host to device",
            JCuda.cudaMemcpyAsync(second, Pointer.to(host), (long)N * Sizeof.FLOAT, 1, stream));
        line("cudaEventRecord", "end", JCuda.cudaEventRecord(end, stream));
        line("cudaStreamWaitEvent", "", JCuda.cudaStreamWaitEvent(flagged, end, 0));
        line("cudaEventSynchronize", "", JCuda.cudaEventSynchronize(end));
        line("cudaEventQuery", "", JCuda.cudaEventQuery(end));
        final float[] ms = new float[1];
        line("cudaEventElapsedTime", "", JCuda.cudaEventElapsedTime(ms, start, end), ms[0] >= 0);
        line("cudaStreamSynchronize", "", JCuda.cudaStreamSynchronize(stream));
        line("cudaStreamQuery", "", JCuda.cudaStreamQuery(stream));
        line("cudaEventDestroy", "", JCuda.cudaEventDestroy(start));
        line("cudaEventDestroy", "end", JCuda.cudaEventDestroy(end));
        line("cudaStreamDestroy", "", JCuda.cudaStreamDestroy(stream));
        line("cudaStreamDestroy", "flagged", JCuda.cudaStreamDestroy(flagged));

        final Pointer pinned = new Pointer();
        line("cudaMallocHost", "", JCuda.cudaMallocHost(pinned, (long)N * Sizeof.FLOAT));
        line("cudaMemcpy", "to pinned", JCuda.cudaMemcpy(pinned, second, (long)N * Sizeof.FLOAT, 2),
            pinned.getByteBuffer(0, (long)N * Sizeof.FLOAT).order(java.nio.ByteOrder.nativeOrder()).asFloatBuffer()
                .get(N - 1));
        line("cudaFreeHost", "", JCuda.cudaFreeHost(pinned));
        final Pointer allocated = new Pointer();
        line("cudaHostAlloc", "portable", JCuda.cudaHostAlloc(allocated, 4096, 1));
        line("cudaFreeHost", "portable", JCuda.cudaFreeHost(allocated));
        line("cudaDeviceCanAccessPeer", "self", JCuda.cudaDeviceCanAccessPeer(value, 0, 0), value[0]);
        line("cudaDeviceSynchronize", "", JCuda.cudaDeviceSynchronize());
        line("cudaFree", "", JCuda.cudaFree(device));
        line("cudaFree", "second", JCuda.cudaFree(second));
        line("cudaFree", "null", JCuda.cudaFree(new Pointer()));
    }

    private static void driver(final Path kernels) throws Exception
    {
        final int[] value = new int[1];
        final int[] other = new int[1];
        line("cuInit", "", JCudaDriver.cuInit(0));
        line("cuDriverGetVersion", "", JCudaDriver.cuDriverGetVersion(value), value[0] > 0);
        line("cuDeviceGetCount", "", JCudaDriver.cuDeviceGetCount(value), value[0] > 0);
        final CUdevice device = new CUdevice();
        line("cuDeviceGet", "0", JCudaDriver.cuDeviceGet(device, 0));
        line("cuDeviceGet", "invalid", JCudaDriver.cuDeviceGet(new CUdevice(), 9999));
        final byte[] name = new byte[256];
        line("cuDeviceGetName", "", JCudaDriver.cuDeviceGetName(name, name.length, device),
            new String(name, StandardCharsets.US_ASCII).replace("\0", "").trim());
        for (final int attribute : new int[]{ 1, 2, 8, 16, 75, 76 })
        {
            line("cuDeviceGetAttribute", Integer.toString(attribute),
                JCudaDriver.cuDeviceGetAttribute(value, attribute, device), value[0]);
        }
        line("cuDeviceComputeCapability", "", JCudaDriver.cuDeviceComputeCapability(value, other, device), value[0],
            other[0]);
        final CUuuid uuid = new CUuuid();
        line("cuDeviceGetUuid", "", JCudaDriver.cuDeviceGetUuid(uuid, device), Arrays.toString(uuid.bytes));
        final CUcontext context = new CUcontext();
        line("cuCtxCreate", "", JCudaDriver.cuCtxCreate(context, 0, device));
        final CUcontext current = new CUcontext();
        line("cuCtxGetCurrent", "", JCudaDriver.cuCtxGetCurrent(current), current.equals(context));
        final CUdevice contextDevice = new CUdevice();
        line("cuCtxGetDevice", "", JCudaDriver.cuCtxGetDevice(contextDevice), contextDevice.equals(device));
        final CUcontext popped = new CUcontext();
        line("cuCtxPopCurrent", "", JCudaDriver.cuCtxPopCurrent(popped), popped.equals(context));
        line("cuCtxPushCurrent", "", JCudaDriver.cuCtxPushCurrent(context));
        line("cuCtxSetCurrent", "", JCudaDriver.cuCtxSetCurrent(context));
        line("cuCtxSynchronize", "", JCudaDriver.cuCtxSynchronize());
        final CUcontext primary = new CUcontext();
        line("cuDevicePrimaryCtxRetain", "", JCudaDriver.cuDevicePrimaryCtxRetain(primary, device));
        line("cuDevicePrimaryCtxGetState", "", JCudaDriver.cuDevicePrimaryCtxGetState(device, value, other),
            other[0]);
        line("cuDevicePrimaryCtxRelease", "", JCudaDriver.cuDevicePrimaryCtxRelease(device));
        final long[] free = new long[1];
        final long[] total = new long[1];
        line("cuMemGetInfo", "", JCudaDriver.cuMemGetInfo(free, total), free[0] <= total[0], total[0]);

        final byte[] ptx = Files.readAllBytes(kernels.resolve("saxpy.ptx"));
        final CUmodule module = new CUmodule();
        line("cuModuleLoadData", "", JCudaDriver.cuModuleLoadData(module, Arrays.copyOf(ptx, ptx.length + 1)));
        line("cuModuleLoadData", "not ptx", JCudaDriver.cuModuleLoadData(new CUmodule(),
            "this is not PTX\0".getBytes(StandardCharsets.US_ASCII)));
        final CUfunction function = new CUfunction();
        line("cuModuleGetFunction", "", JCudaDriver.cuModuleGetFunction(function, module, "saxpy"));
        line("cuModuleGetFunction", "unknown", JCudaDriver.cuModuleGetFunction(new CUfunction(), module, "nothing"));
        final CUdeviceptr x = new CUdeviceptr();
        final CUdeviceptr y = new CUdeviceptr();
        line("cuMemAlloc", "", JCudaDriver.cuMemAlloc(x, (long)N * Sizeof.FLOAT));
        line("cuMemAlloc", "y", JCudaDriver.cuMemAlloc(y, (long)N * Sizeof.FLOAT));
        final float[] host = new float[N];
        for (int i = 0; i < N; i++)
        {
            host[i] = i;
        }
        line("cuMemcpyHtoD", "", JCudaDriver.cuMemcpyHtoD(x, Pointer.to(host), (long)N * Sizeof.FLOAT));
        line("cuMemsetD32", "", JCudaDriver.cuMemsetD32(y, Float.floatToIntBits(1f), N));
        line("cuMemsetD8", "", JCudaDriver.cuMemsetD8(y, (byte)0, 0));
        line("cuMemsetD16", "", JCudaDriver.cuMemsetD16(y, (short)0, 0));
        final Pointer parameters = Pointer.to(Pointer.to(new int[]{ N }), Pointer.to(new float[]{ 2f }),
            Pointer.to(x), Pointer.to(y));
        line("cuLaunchKernel", "", JCudaDriver.cuLaunchKernel(function, N / 256, 1, 1, 256, 1, 1, 0, null,
            parameters, null));
        line("cuLaunchKernel", "wrong parameter count", JCudaDriver.cuLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0,
            null, Pointer.to(Pointer.to(new int[]{ 1 })), null));
        final float[] result = new float[N];
        line("cuMemcpyDtoH", "", JCudaDriver.cuMemcpyDtoH(Pointer.to(result), y, (long)N * Sizeof.FLOAT),
            result[0], result[N - 1]);
        line("cuMemcpyDtoD", "", JCudaDriver.cuMemcpyDtoD(y, x, (long)N * Sizeof.FLOAT));
        final CUstream stream = new CUstream();
        line("cuStreamCreate", "", JCudaDriver.cuStreamCreate(stream, 0));
        final CUevent event = new CUevent();
        line("cuEventCreate", "", JCudaDriver.cuEventCreate(event, 0));
        line("cuMemcpyHtoDAsync", "", JCudaDriver.cuMemcpyHtoDAsync(y, Pointer.to(host), (long)N * Sizeof.FLOAT,
            stream));
        line("cuEventRecord", "", JCudaDriver.cuEventRecord(event, stream));
        line("cuStreamWaitEvent", "", JCudaDriver.cuStreamWaitEvent(stream, event, 0));
        line("cuMemcpyDtoHAsync", "", JCudaDriver.cuMemcpyDtoHAsync(Pointer.to(result), y, (long)N * Sizeof.FLOAT,
            stream));
        line("cuStreamSynchronize", "", JCudaDriver.cuStreamSynchronize(stream), result[N - 1]);
        line("cuStreamQuery", "", JCudaDriver.cuStreamQuery(stream));
        line("cuEventSynchronize", "", JCudaDriver.cuEventSynchronize(event));
        line("cuEventQuery", "", JCudaDriver.cuEventQuery(event));
        line("cuEventDestroy", "", JCudaDriver.cuEventDestroy(event));
        line("cuStreamDestroy", "", JCudaDriver.cuStreamDestroy(stream));
        final Pointer pinned = new Pointer();
        line("cuMemAllocHost", "", JCudaDriver.cuMemAllocHost(pinned, 4096));
        line("cuMemFreeHost", "", JCudaDriver.cuMemFreeHost(pinned));
        line("cuModuleUnload", "", JCudaDriver.cuModuleUnload(module));
        line("cuMemFree", "", JCudaDriver.cuMemFree(x));
        line("cuMemFree", "y", JCudaDriver.cuMemFree(y));
        final String[] text = new String[1];
        line("cuGetErrorName", "1", JCudaDriver.cuGetErrorName(1, text), text[0]);
        line("cuGetErrorString", "2", JCudaDriver.cuGetErrorString(2, text), text[0]);
        line("cuCtxDestroy", "", JCudaDriver.cuCtxDestroy(context));
        line("cuCtxSynchronize", "after destroy", JCudaDriver.cuCtxSynchronize());
    }

    private static boolean isSet(final Pointer pointer)
    {
        return !pointer.equals(new Pointer());
    }

}
