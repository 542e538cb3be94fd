package io.gpurelay.bench.workload;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemAllocHost;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemFreeHost;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.util.concurrent.TimeUnit;
import java.util.function.IntSupplier;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.JCuda;
import org.HdrHistogram.Histogram;

/**
 * The end-to-end benchmark workload: a plain JCuda program, with nothing of gpurelay in it, that the harness runs once
 * with JCuda's native libraries (local) and once per transport with the agent. Each figure goes to standard output
 * as a {@link ResultLines} line; a benchmark that cannot run says so and the others go on.
 * <p>
 * Usage: {@code Workload key=value ...}, the keys of {@link WorkloadOptions}. Exits 0 when it got through the list,
 * whatever each benchmark found.
 */
public final class Workload
{
    public static final String CALL_LATENCY_NAME = "call-latency";
    public static final String KERNEL_LAUNCH_NAME = "kernel-launch";
    public static final String COPY_HOST_TO_DEVICE_NAME = "copy-h2d";
    private static final int COPY_WARMUP_BYTES = 4096;
    public static final String COPY_DEVICE_TO_HOST_NAME = "copy-d2h";
    public static final String PINNED_HOST_TO_DEVICE_NAME = "copy-h2d-pinned";
    public static final String PINNED_DEVICE_TO_HOST_NAME = "copy-d2h-pinned";
    public static final String PINNED_HOST_TO_DEVICE_ASYNC_NAME = "copy-h2d-pinned-async";
    public static final String PINNED_DEVICE_TO_HOST_ASYNC_NAME = "copy-d2h-pinned-async";
    public static final String COPY_COMPUTE_OVERLAP_NAME = "copy-compute-overlap";
    public static final String SAXPY_PTX_NAME = "saxpy-ptx";
    public static final String MATMUL_PTX_NAME = "matmul-ptx";
    public static final String SGEMM_CUBLAS_NAME = "sgemm-cublas";

    private static final int TINY_THREADS = 32;
    private static final int SAXPY_THREADS_PER_BLOCK = 256;
    private static final int MATMUL_TILE = 16;
    private static final float SAXPY_ALPHA = 1.5f;
    private static final int WARMUPS = 2;
    private static final int MIN_COPY_REPEATS = 3;
    private static final int MAX_COPY_REPEATS = 1000;
    private static final long HISTOGRAM_MAX_NS = TimeUnit.MINUTES.toNanos(1);
    /** The overlap case copies the largest copy size up to this while a SAXPY runs. */
    private static final long MAX_OVERLAP_COPY_BYTES = 16L << 20;

    private final WorkloadOptions options;
    private final ResultLines results;
    private CUfunction tiny;
    private CUfunction saxpy;
    private CUfunction matmul;

    private Workload(final WorkloadOptions options, final ResultLines results)
    {
        this.options = options;
        this.results = results;
    }

    public static void main(final String[] args)
    {
        final WorkloadOptions options = WorkloadOptions.parse(args);
        final ResultLines results = new ResultLines(System.out);
        new Workload(options, results).run();
        System.out.println("workload done");
        System.exit(0);
    }

    private void run()
    {
        final CUcontext context = new CUcontext();
        final CUmodule[] modules = new CUmodule[3];
        try
        {
            JCudaDriver.setExceptionsEnabled(true);
            JCuda.setExceptionsEnabled(true);
            cuInit(0);
            final CUdevice device = new CUdevice();
            cuDeviceGet(device, 0);
            cuCtxCreate(context, 0, device);
            tiny = function(modules, 0, Ptx.TINY, "tiny");
            saxpy = function(modules, 1, Ptx.SAXPY, "saxpy");
            matmul = function(modules, 2, Ptx.MATMUL_TILED, "matmul_tiled");
        }
        catch (final Throwable ex)
        {
            results.notAvailable("setup", "cuCtxCreate", ex);
            return;
        }

        callLatency();
        kernelLaunches();
        copies();
        pinnedCopies();
        copyComputeOverlap();
        for (final long n : options.saxpySizes())
        {
            guarded(SAXPY_PTX_NAME, n, () -> saxpy((int)n));
        }
        for (final long n : options.matmulSizes())
        {
            guarded(MATMUL_PTX_NAME, n, () -> matmul((int)n));
        }

        for (final CUmodule module : modules)
        {
            cuModuleUnload(module);
        }
        cuCtxDestroy(context);
        sgemm();
    }

    private static CUfunction function(
        final CUmodule[] modules, final int index, final String resource, final String name)
    {
        modules[index] = new CUmodule();
        cuModuleLoadData(modules[index], Ptx.read(resource));
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, modules[index], name);
        return function;
    }

    private void guarded(final String benchmark, final long parameter, final Runnable body)
    {
        try
        {
            body.run();
        }
        catch (final Throwable ex)
        {
            results.notAvailable(benchmark, Long.toString(parameter), ex);
        }
    }

    /**
     * (a) Synchronous small calls: cudaGetDevice (which gpurelay's agent answers from the thread's own state),
     * cudaGetDeviceCount and cuCtxSynchronize on an idle context (each a round trip to the executor).
     */
    private void callLatency()
    {
        final int[] value = new int[1];
        latency("cudaGetDevice", () -> JCuda.cudaGetDevice(value));
        latency("cudaGetDeviceCount", () -> JCuda.cudaGetDeviceCount(value));
        latency("cuCtxSynchronize", JCudaDriver::cuCtxSynchronize);
    }

    private void latency(final String call, final IntSupplier operation)
    {
        try
        {
            for (int i = 0; i < options.latencyWarmup(); i++)
            {
                operation.getAsInt();
            }
            final Histogram histogram = new Histogram(HISTOGRAM_MAX_NS, 3);
            for (int i = 0; i < options.latencyIterations(); i++)
            {
                final long start = System.nanoTime();
                operation.getAsInt();
                histogram.recordValue(System.nanoTime() - start);
            }
            results.figure(CALL_LATENCY_NAME, call, "p50", histogram.getValueAtPercentile(50) / 1e3, "us");
            results.figure(CALL_LATENCY_NAME, call, "p99", histogram.getValueAtPercentile(99) / 1e3, "us");
            results.figure(CALL_LATENCY_NAME, call, "p99.9", histogram.getValueAtPercentile(99.9) / 1e3, "us");
            results.figure(CALL_LATENCY_NAME, call, "mean", histogram.getMean() / 1e3, "us");
        }
        catch (final Throwable ex)
        {
            results.notAvailable(CALL_LATENCY_NAME, call, ex);
        }
    }

    /**
     * (b) A loop of launches of a one-block kernel, synchronised once at the end.
     */
    private void kernelLaunches()
    {
        final String parameter = "1x" + TINY_THREADS;
        final CUdeviceptr out = new CUdeviceptr();
        try
        {
            cuMemAlloc(out, (long)TINY_THREADS * Sizeof.FLOAT);
            final Pointer parameters = Pointer.to(Pointer.to(out));
            final Runnable launch = () ->
                cuLaunchKernel(tiny, 1, 1, 1, TINY_THREADS, 1, 1, 0, null, parameters, null);
            for (int i = 0; i < Math.max(1, options.launches() / 10); i++)
            {
                launch.run();
            }
            cuCtxSynchronize();
            final long start = System.nanoTime();
            for (int i = 0; i < options.launches(); i++)
            {
                launch.run();
            }
            cuCtxSynchronize();
            final double seconds = (System.nanoTime() - start) / 1e9;
            results.figure(KERNEL_LAUNCH_NAME, parameter, "rate", options.launches() / seconds, "launches/s");
            results.figure(KERNEL_LAUNCH_NAME, parameter, "per-launch", seconds * 1e6 / options.launches(), "us");
        }
        catch (final Throwable ex)
        {
            results.notAvailable(KERNEL_LAUNCH_NAME, parameter, ex);
        }
        finally
        {
            freeQuietly(out);
        }
    }

    /**
     * (c) Host to device and device to host copies from and to a Java float[] (pageable memory, as an application
     * has it), timed one by one; the figure is size / median time.
     */
    private void copies()
    {
        warmCopyPath();
        for (final long bytes : options.copySizes())
        {
            final CUdeviceptr buffer = new CUdeviceptr();
            try
            {
                final float[] host = new float[(int)(bytes / Sizeof.FLOAT)];
                cuMemAlloc(buffer, bytes);
                final int repeats = (int)Math.max(MIN_COPY_REPEATS,
                    Math.min(MAX_COPY_REPEATS, options.copyBudget() / bytes));
                final Pointer hostPointer = Pointer.to(host);
                guarded(COPY_HOST_TO_DEVICE_NAME, bytes, () -> bandwidth(COPY_HOST_TO_DEVICE_NAME, bytes,
                    Timing.medianNanos(1, repeats, () -> cuMemcpyHtoD(buffer, hostPointer, bytes))));
                guarded(COPY_DEVICE_TO_HOST_NAME, bytes, () -> bandwidth(COPY_DEVICE_TO_HOST_NAME, bytes,
                    Timing.medianNanos(1, repeats, () -> cuMemcpyDtoH(hostPointer, buffer, bytes))));
            }
            catch (final Throwable ex)
            {
                results.notAvailable(COPY_HOST_TO_DEVICE_NAME, Long.toString(bytes), ex);
                results.notAvailable(COPY_DEVICE_TO_HOST_NAME, Long.toString(bytes), ex);
            }
            finally
            {
                freeQuietly(buffer);
            }
        }
    }

    /**
     * Run the copy path's code (the agent's, the transport's and the executor's) until the JIT has compiled it, as
     * the call-latency warm-up does for calls without payload: the first few thousand copies of a process run
     * interpreted code and would otherwise be what the smallest sizes measure.
     */
    private void warmCopyPath()
    {
        final CUdeviceptr buffer = new CUdeviceptr();
        try
        {
            final float[] host = new float[COPY_WARMUP_BYTES / Sizeof.FLOAT];
            cuMemAlloc(buffer, COPY_WARMUP_BYTES);
            final Pointer hostPointer = Pointer.to(host);
            for (int i = 0; i < options.latencyWarmup(); i++)
            {
                cuMemcpyHtoD(buffer, hostPointer, COPY_WARMUP_BYTES);
                cuMemcpyDtoH(hostPointer, buffer, COPY_WARMUP_BYTES);
            }
        }
        finally
        {
            cuMemFree(buffer);
        }
    }

    /**
     * Run the pinned copies' own code (the agent's handling of a shared allocation, the executor's DMA from it, the
     * stream synchronisation) until the JIT has compiled it, as {@link #warmCopyPath} does for pageable copies: the
     * pageable warm-up does not reach it, and without this the first size measured its first thousand copies.
     */
    private void warmPinnedCopyPath()
    {
        final CUdeviceptr buffer = new CUdeviceptr();
        final Pointer host = new Pointer();
        final CUstream stream = new CUstream();
        try
        {
            cuMemAlloc(buffer, COPY_WARMUP_BYTES);
            cuMemAllocHost(host, COPY_WARMUP_BYTES);
            cuStreamCreate(stream, 0);
            for (int i = 0; i < options.latencyWarmup(); i++)
            {
                cuMemcpyHtoD(buffer, host, COPY_WARMUP_BYTES);
                cuMemcpyDtoH(host, buffer, COPY_WARMUP_BYTES);
                cuMemcpyHtoDAsync(buffer, host, COPY_WARMUP_BYTES, stream);
                cuMemcpyDtoHAsync(host, buffer, COPY_WARMUP_BYTES, stream);
                cuStreamSynchronize(stream);
            }
        }
        catch (final Throwable ex)
        {
            results.notAvailable(PINNED_HOST_TO_DEVICE_NAME, "warm-up", ex);
        }
        finally
        {
            destroyQuietly(stream);
            freeHostQuietly(host);
            freeQuietly(buffer);
        }
    }

    /**
     * (c) Copies from and to page-locked host memory (cuMemAllocHost): synchronous, and asynchronous on a stream,
     * each copy timed with its stream's synchronisation.
     */
    private void pinnedCopies()
    {
        if (options.copySizes().length > 0)
        {
            warmPinnedCopyPath();
        }
        for (final long bytes : options.copySizes())
        {
            final CUdeviceptr buffer = new CUdeviceptr();
            final Pointer host = new Pointer();
            final CUstream stream = new CUstream();
            try
            {
                cuMemAlloc(buffer, bytes);
                cuMemAllocHost(host, bytes);
                cuStreamCreate(stream, 0);
                final int repeats = (int)Math.max(MIN_COPY_REPEATS,
                    Math.min(MAX_COPY_REPEATS, options.copyBudget() / bytes));
                guarded(PINNED_HOST_TO_DEVICE_NAME, bytes, () -> bandwidth(PINNED_HOST_TO_DEVICE_NAME, bytes,
                    Timing.medianNanos(1, repeats, () -> cuMemcpyHtoD(buffer, host, bytes))));
                guarded(PINNED_DEVICE_TO_HOST_NAME, bytes, () -> bandwidth(PINNED_DEVICE_TO_HOST_NAME, bytes,
                    Timing.medianNanos(1, repeats, () -> cuMemcpyDtoH(host, buffer, bytes))));
                guarded(PINNED_HOST_TO_DEVICE_ASYNC_NAME, bytes, () -> bandwidth(PINNED_HOST_TO_DEVICE_ASYNC_NAME,
                    bytes, Timing.medianNanos(1, repeats, () ->
                    {
                        cuMemcpyHtoDAsync(buffer, host, bytes, stream);
                        cuStreamSynchronize(stream);
                    })));
                guarded(PINNED_DEVICE_TO_HOST_ASYNC_NAME, bytes, () -> bandwidth(PINNED_DEVICE_TO_HOST_ASYNC_NAME,
                    bytes, Timing.medianNanos(1, repeats, () ->
                    {
                        cuMemcpyDtoHAsync(host, buffer, bytes, stream);
                        cuStreamSynchronize(stream);
                    })));
            }
            catch (final Throwable ex)
            {
                results.notAvailable(PINNED_HOST_TO_DEVICE_NAME, Long.toString(bytes), ex);
            }
            finally
            {
                destroyQuietly(stream);
                freeHostQuietly(host);
                freeQuietly(buffer);
            }
        }
    }

    /**
     * (c) A copy from pinned memory on one stream while a SAXPY runs on another, against the same two on one stream:
     * what a GPU overlaps (copy engine and SMs at once) shows as the overlapped time falling below the serial one.
     */
    private void copyComputeOverlap()
    {
        long bytes = 0;
        for (final long size : options.copySizes())
        {
            if (size <= MAX_OVERLAP_COPY_BYTES)
            {
                bytes = Math.max(bytes, size);
            }
        }
        int n = 0;
        for (final long size : options.saxpySizes())
        {
            n = (int)Math.max(n, size);
        }
        final String parameter = bytes + "+saxpy" + n;
        final long copyBytes = bytes;
        final long vectorBytes = (long)n * Sizeof.FLOAT;
        final CUdeviceptr copyTarget = new CUdeviceptr();
        final CUdeviceptr deviceX = new CUdeviceptr();
        final CUdeviceptr deviceY = new CUdeviceptr();
        final Pointer host = new Pointer();
        final CUstream copyStream = new CUstream();
        final CUstream computeStream = new CUstream();
        try
        {
            cuMemAlloc(copyTarget, copyBytes);
            cuMemAlloc(deviceX, vectorBytes);
            cuMemAlloc(deviceY, vectorBytes);
            cuMemAllocHost(host, copyBytes);
            cuStreamCreate(copyStream, 0);
            cuStreamCreate(computeStream, 0);
            final Pointer parameters = Pointer.to(Pointer.to(new int[]{ n }), Pointer.to(new float[]{ SAXPY_ALPHA }),
                Pointer.to(deviceX), Pointer.to(deviceY));
            final int blocks = (n + SAXPY_THREADS_PER_BLOCK - 1) / SAXPY_THREADS_PER_BLOCK;
            final long overlapped = Timing.medianNanos(WARMUPS, options.repeats(), () ->
            {
                cuMemcpyHtoDAsync(copyTarget, host, copyBytes, copyStream);
                cuLaunchKernel(saxpy, blocks, 1, 1, SAXPY_THREADS_PER_BLOCK, 1, 1, 0, computeStream, parameters,
                    null);
                cuStreamSynchronize(copyStream);
                cuStreamSynchronize(computeStream);
            });
            final long serial = Timing.medianNanos(WARMUPS, options.repeats(), () ->
            {
                cuMemcpyHtoDAsync(copyTarget, host, copyBytes, copyStream);
                cuLaunchKernel(saxpy, blocks, 1, 1, SAXPY_THREADS_PER_BLOCK, 1, 1, 0, copyStream, parameters, null);
                cuStreamSynchronize(copyStream);
            });
            results.figure(COPY_COMPUTE_OVERLAP_NAME, parameter, "two-streams", overlapped / 1e6, "ms");
            results.figure(COPY_COMPUTE_OVERLAP_NAME, parameter, "one-stream", serial / 1e6, "ms");
        }
        catch (final Throwable ex)
        {
            results.notAvailable(COPY_COMPUTE_OVERLAP_NAME, parameter, ex);
        }
        finally
        {
            destroyQuietly(copyStream);
            destroyQuietly(computeStream);
            freeHostQuietly(host);
            freeQuietly(copyTarget);
            freeQuietly(deviceX);
            freeQuietly(deviceY);
        }
    }

    private void bandwidth(final String benchmark, final long bytes, final long nanos)
    {
        results.figure(benchmark, Long.toString(bytes), "bandwidth", (double)bytes / nanos, "GB/s");
    }

    /**
     * (d) SAXPY end to end: x and y in, the PTX kernel, y out.
     */
    private void saxpy(final int n)
    {
        final long bytes = (long)n * Sizeof.FLOAT;
        final float[] x = filled(n, 1);
        final float[] y = filled(n, 2);
        final CUdeviceptr deviceX = new CUdeviceptr();
        final CUdeviceptr deviceY = new CUdeviceptr();
        try
        {
            cuMemAlloc(deviceX, bytes);
            cuMemAlloc(deviceY, bytes);
            final Pointer parameters = Pointer.to(Pointer.to(new int[]{ n }), Pointer.to(new float[]{ SAXPY_ALPHA }),
                Pointer.to(deviceX), Pointer.to(deviceY));
            final int blocks = (n + SAXPY_THREADS_PER_BLOCK - 1) / SAXPY_THREADS_PER_BLOCK;
            final long nanos = Timing.medianNanos(WARMUPS, options.repeats(), () ->
            {
                cuMemcpyHtoD(deviceX, Pointer.to(x), bytes);
                cuMemcpyHtoD(deviceY, Pointer.to(y), bytes);
                cuLaunchKernel(saxpy, blocks, 1, 1, SAXPY_THREADS_PER_BLOCK, 1, 1, 0, null, parameters, null);
                cuMemcpyDtoH(Pointer.to(y), deviceY, bytes);
            });
            results.figure(SAXPY_PTX_NAME, Integer.toString(n), "time", nanos / 1e6, "ms");
        }
        finally
        {
            freeQuietly(deviceX);
            freeQuietly(deviceY);
        }
    }

    /**
     * (d) n × n matrix product end to end: A and B in, the tiled PTX kernel, C out.
     */
    private void matmul(final int n)
    {
        final long bytes = (long)n * n * Sizeof.FLOAT;
        final float[] a = filled(n * n, 1);
        final float[] b = filled(n * n, 2);
        final float[] c = new float[n * n];
        final CUdeviceptr deviceA = new CUdeviceptr();
        final CUdeviceptr deviceB = new CUdeviceptr();
        final CUdeviceptr deviceC = new CUdeviceptr();
        try
        {
            cuMemAlloc(deviceA, bytes);
            cuMemAlloc(deviceB, bytes);
            cuMemAlloc(deviceC, bytes);
            final Pointer parameters = Pointer.to(Pointer.to(new int[]{ n }), Pointer.to(new int[]{ n }),
                Pointer.to(new int[]{ n }), Pointer.to(deviceA), Pointer.to(deviceB), Pointer.to(deviceC));
            final int grid = (n + MATMUL_TILE - 1) / MATMUL_TILE;
            final long nanos = Timing.medianNanos(WARMUPS, options.repeats(), () ->
            {
                cuMemcpyHtoD(deviceA, Pointer.to(a), bytes);
                cuMemcpyHtoD(deviceB, Pointer.to(b), bytes);
                cuLaunchKernel(matmul, grid, grid, 1, MATMUL_TILE, MATMUL_TILE, 1, 0, null, parameters, null);
                cuMemcpyDtoH(Pointer.to(c), deviceC, bytes);
            });
            results.figure(MATMUL_PTX_NAME, Integer.toString(n), "time", nanos / 1e6, "ms");
            results.figure(MATMUL_PTX_NAME, Integer.toString(n), "gflops", 2.0 * n * n * n / nanos, "GFLOP/s");
        }
        finally
        {
            freeQuietly(deviceA);
            freeQuietly(deviceB);
            freeQuietly(deviceC);
        }
    }

    /**
     * (d) n × n cuBLAS sgemm end to end: A and B in, sgemm, C out; with JCublas2, or JavaCPP's cuBLAS for the local
     * figure.
     */
    private void sgemm()
    {
        for (final long n : options.sgemmSizes())
        {
            try
            {
                final double nanos = WorkloadOptions.JAVACPP.equals(options.cublas()) ?
                    JavaCppSgemm.medianNanos((int)n, options.repeats()) :
                    JCublasSgemm.medianNanos((int)n, options.repeats());
                results.figure(SGEMM_CUBLAS_NAME, Long.toString(n), "time", nanos / 1e6, "ms");
                results.figure(SGEMM_CUBLAS_NAME, Long.toString(n), "gflops", 2.0 * n * n * n / nanos, "GFLOP/s");
            }
            catch (final Throwable ex)
            {
                results.notAvailable(SGEMM_CUBLAS_NAME, Long.toString(n), ex);
            }
        }
    }

    static float[] filled(final int length, final int seed)
    {
        final float[] values = new float[length];
        for (int i = 0; i < length; i++)
        {
            values[i] = ((i * 31 + seed * 17) % 1000) / 1000.0f;
        }
        return values;
    }

    private static void freeHostQuietly(final Pointer pointer)
    {
        if (!pointer.equals(new Pointer()))
        {
            try
            {
                cuMemFreeHost(pointer);
            }
            catch (final Throwable ignored)
            {
                // the benchmark's own failure has been reported
            }
        }
    }

    private static void destroyQuietly(final CUstream stream)
    {
        if (!stream.equals(new CUstream()))
        {
            try
            {
                cuStreamDestroy(stream);
            }
            catch (final Throwable ignored)
            {
                // the benchmark's own failure has been reported
            }
        }
    }

    private static void freeQuietly(final CUdeviceptr pointer)
    {
        if (!pointer.equals(new CUdeviceptr()))
        {
            try
            {
                cuMemFree(pointer);
            }
            catch (final Throwable ignored)
            {
                // the benchmark's own failure has been reported
            }
        }
    }
}
