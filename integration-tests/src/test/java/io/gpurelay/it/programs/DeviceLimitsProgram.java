package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxGetLimit;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSetLimit;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRelease;
import static jcuda.driver.JCudaDriver.cuDevicePrimaryCtxRetain;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuModuleUnload;
import static jcuda.runtime.JCuda.cudaDeviceGetLimit;
import static jcuda.runtime.JCuda.cudaDeviceReset;
import static jcuda.runtime.JCuda.cudaDeviceSetLimit;
import static jcuda.runtime.JCuda.cudaSetDevice;

import java.nio.file.Path;

import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.JCuda;

/**
 * An ordinary JCuda program that reads and sets the context limits ({@code cudaDeviceGetLimit}/{@code SetLimit},
 * {@code cuCtxGetLimit}/{@code SetLimit}) of device 0's primary context: every limit's value, sizes CUDA raises or
 * rounds, values and limits it refuses, a malloc heap made larger than a kernel's 12 MiB block needs (the default
 * 8 MiB would give NULL), the heap and the printf FIFO refused once a kernel used them, and every limit back to its
 * default after {@code cudaDeviceReset}. Each call prints {@code FN <function>/<case> status=<status> value=<value>},
 * so that a run through gpurelay can be compared with a local one; the program ends with {@code DONE}. Argument: the
 * folder with device_heap.ptx and device_printf.ptx.
 */
public final class DeviceLimitsProgram
{
    private static final String[] LIMITS = { "stack", "printfFifo", "mallocHeap", "devRuntimeSyncDepth",
        "devRuntimePendingLaunchCount", "maxL2FetchGranularity", "persistingL2CacheSize", "shmemSize", "cigEnabled",
        "cigShmemFallbackEnabled" };
    private static final int STACK = 0;
    private static final int PRINTF_FIFO = 1;
    private static final int MALLOC_HEAP = 2;
    private static final int SYNC_DEPTH = 3;
    private static final int PERSISTING_L2 = 6;
    private static final long MIB = 1L << 20;

    private DeviceLimitsProgram()
    {
    }

    public static void main(final String[] args)
    {
        JCuda.setExceptionsEnabled(false);
        JCudaDriver.setExceptionsEnabled(false);
        final Path kernels = Path.of(args[0]);
        fn("cuInit", "", cuInit(0), 0);
        final CUdevice device = new CUdevice();
        fn("cuDeviceGet", "", cuDeviceGet(device, 0), 0);
        final CUcontext primary = new CUcontext();
        fn("cuDevicePrimaryCtxRetain", "", cuDevicePrimaryCtxRetain(primary, device), 0);
        fn("cuCtxSetCurrent", "", cuCtxSetCurrent(primary), 0);
        fn("cudaSetDevice", "", cudaSetDevice(0), 0);

        getAll("fresh");
        set("stack 1000", STACK, 1000);
        set("stack 2^40", STACK, 1L << 40);
        set("printf 1000", PRINTF_FIFO, 1000);
        set("printf 2 MiB", PRINTF_FIFO, 2 * MIB);
        set("heap 0", MALLOC_HEAP, 0);
        set("heap 32 MiB", MALLOC_HEAP, 32 * MIB);
        set("heap 2^50", MALLOC_HEAP, 1L << 50);
        set("sync depth 4", SYNC_DEPTH, 4);
        set("pending launches 4096", 4, 4096);
        set("L2 fetch 32", 5, 32);
        set("persisting L2 0", PERSISTING_L2, 0);
        set("shmem 1", 7, 1);
        set("cig 1", 8, 1);
        set("cig shmem fallback 1", 9, 1);
        set("limit 99", 99, 1);

        final CUmodule heapModule = new CUmodule();
        fn("cuModuleLoad", "heap", cuModuleLoad(heapModule, kernels.resolve("device_heap.ptx").toString()), 0);
        final CUfunction heap = new CUfunction();
        fn("cuModuleGetFunction", "heap", cuModuleGetFunction(heap, heapModule, "device_heap"), 0);
        final CUdeviceptr ok = new CUdeviceptr();
        fn("cuMemAlloc", "ok", cuMemAlloc(ok, 4), 0);
        fn("cuLaunchKernel", "heap 12 MiB", cuLaunchKernel(heap, 1, 1, 1, 1, 1, 1, 0, null,
            Pointer.to(Pointer.to(new long[]{ 12 * MIB }), Pointer.to(ok)), null), 0);
        fn("cuCtxSynchronize", "heap", cuCtxSynchronize(), 0);
        final int[] had = new int[1];
        fn("cuMemcpyDtoH", "heap block had", cuMemcpyDtoH(Pointer.to(had), ok, 4), had[0]);
        set("heap after a kernel allocated", MALLOC_HEAP, 64 * MIB);
        set("printf before a kernel printed", PRINTF_FIFO, 3 * MIB);

        final CUmodule printfModule = new CUmodule();
        fn("cuModuleLoad", "printf", cuModuleLoad(printfModule, kernels.resolve("device_printf.ptx").toString()), 0);
        final CUfunction printf = new CUfunction();
        fn("cuModuleGetFunction", "printf", cuModuleGetFunction(printf, printfModule, "device_printf"), 0);
        fn("cuLaunchKernel", "printf", cuLaunchKernel(printf, 1, 1, 1, 1, 1, 1, 0, null,
            Pointer.to(Pointer.to(new int[]{ 7 })), null), 0);
        fn("cuCtxSynchronize", "printf", cuCtxSynchronize(), 0);
        set("printf after a kernel printed", PRINTF_FIFO, 4 * MIB);
        set("stack after kernels ran", STACK, 2048);

        final long[] value = new long[1];
        fn("cuCtxGetLimit", "heap", cuCtxGetLimit(value, MALLOC_HEAP), value[0]);
        fn("cuCtxSetLimit", "stack 4096", cuCtxSetLimit(STACK, 4096), 0);
        fn("cuCtxGetLimit", "stack", cuCtxGetLimit(value, STACK), value[0]);
        fn("cuMemFree", "ok", cuMemFree(ok), 0);
        fn("cuModuleUnload", "heap", cuModuleUnload(heapModule), 0);
        fn("cuModuleUnload", "printf", cuModuleUnload(printfModule), 0);

        fn("cudaDeviceReset", "", cudaDeviceReset(), 0);
        getAll("after reset");
        set("heap after reset", MALLOC_HEAP, 16 * MIB);
        set("printf after reset", PRINTF_FIFO, 2 * MIB);
        fn("cudaDeviceReset", "again", cudaDeviceReset(), 0);
        fn("cuDevicePrimaryCtxRelease", "", cuDevicePrimaryCtxRelease(device), 0);
        System.out.println("DONE");
    }

    private static void getAll(final String when)
    {
        for (int limit = 0; limit < LIMITS.length; limit++)
        {
            final long[] value = { -1 };
            final int status = cudaDeviceGetLimit(value, limit);
            fn("cudaDeviceGetLimit", when + " " + LIMITS[limit], status, status == 0 ? value[0] : -1);
        }
        final long[] value = { -1 };
        final int status = cudaDeviceGetLimit(value, 99);
        fn("cudaDeviceGetLimit", when + " limit 99", status, status == 0 ? value[0] : -1);
    }

    /**
     * Set the limit, then print the status and what the limit reads afterwards.
     */
    private static void set(final String what, final int limit, final long value)
    {
        final int status = cudaDeviceSetLimit(limit, value);
        final long[] now = { -1 };
        final int read = cudaDeviceGetLimit(now, limit);
        fn("cudaDeviceSetLimit", what, status, read == 0 ? now[0] : -1);
    }

    private static void fn(final String function, final String what, final int status, final long value)
    {
        System.out.println("FN " + function + "/" + what.replace(' ', '_') + " status=" + status + " value=" + value);
    }
}
