package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxGetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSetCurrent;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceComputeCapability;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceGetName;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventDestroy;
import static jcuda.driver.JCudaDriver.cuEventElapsedTime;
import static jcuda.driver.JCudaDriver.cuEventRecord;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuMemsetD32;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleGetGlobal;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamQuery;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Random;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;

/**
 * An ordinary JCuda driver-API program: modules from a file and from bytes, kernels launched with
 * {@code Pointer.to(Pointer.to(...), ...)} parameters (vector add, SAXPY, tiled matmul, shared-memory reduction),
 * constant memory through cuModuleGetGlobal, two streams with events, and the refused launches.
 * Argument: the folder with the kernels' PTX files.
 */
public final class DriverKernelsProgram
{
    private static final Checks CHECKS = new Checks();

    private DriverKernelsProgram()
    {
    }

    public static void main(final String[] args) throws IOException
    {
        final Path kernels = Path.of(args[0]);
        final boolean gpu = args.length > 1 && "--gpu".equals(args[1]);
        CHECKS.equal("cuInit", 0, cuInit(0));
        final int[] count = new int[1];
        CHECKS.equal("cuDeviceGetCount", 0, cuDeviceGetCount(count));
        CHECKS.check("a device", count[0] >= 1);
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, cuDeviceGet(device, 0));
        final byte[] name = new byte[256];
        CHECKS.equal("cuDeviceGetName", 0, cuDeviceGetName(name, name.length, device));
        final int[] major = new int[1];
        final int[] minor = new int[1];
        CHECKS.equal("cuDeviceComputeCapability", 0, cuDeviceComputeCapability(major, minor, device));
        final long[] total = new long[1];
        CHECKS.equal("cuDeviceTotalMem", 0, cuDeviceTotalMem(total, device));
        System.out.println("device: " + new String(name, StandardCharsets.US_ASCII).trim().replace("\0", "") +
            " cc " + major[0] + "." + minor[0] + ", " + (total[0] >> 20) + " MiB");

        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", 0, cuCtxCreate(context, 0, device));
        final CUcontext current = new CUcontext();
        CHECKS.equal("cuCtxGetCurrent", 0, cuCtxGetCurrent(current));
        CHECKS.check("the new context is current", current.equals(context), current + " vs " + context);

        vectorAdd(kernels);
        saxpy(kernels);
        tiledMatmul(kernels, 96);
        reduction(kernels, 1 << 18);
        constantMemory(kernels);
        twoStreamsWithEvents(kernels);
        refusedLaunches(kernels, gpu);

        CHECKS.equal("cuCtxDestroy", 0, cuCtxDestroy(context));
        CHECKS.finish();
    }

    private static void vectorAdd(final Path kernels)
    {
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoad from a file", 0, cuModuleLoad(module, kernels.resolve("vector_add.ptx").toString()));
        final CUfunction function = new CUfunction();
        CHECKS.equal("cuModuleGetFunction vector_add", 0, cuModuleGetFunction(function, module, "vector_add"));

        final int n = 100_003;
        final float[] a = randomFloats(n, 1);
        final float[] b = randomFloats(n, 2);
        final CUdeviceptr da = upload(a);
        final CUdeviceptr db = upload(b);
        final CUdeviceptr dc = new CUdeviceptr();
        cuMemAlloc(dc, (long)n * Sizeof.FLOAT);
        final Pointer parameters = Pointer.to(Pointer.to(da), Pointer.to(db), Pointer.to(dc), Pointer.to(new int[]{ n }));
        CHECKS.equal("launch vector_add", 0, cuLaunchKernel(function, 64, 1, 1, 256, 1, 1, 0, null, parameters, null));
        CHECKS.equal("cuCtxSynchronize after vector_add", 0, cuCtxSynchronize());
        final float[] c = download(dc, n);
        boolean exact = true;
        for (int i = 0; i < n; i++)
        {
            exact &= c[i] == a[i] + b[i];
        }
        CHECKS.check("vector_add exact", exact);
        cuMemFree(da);
        cuMemFree(db);
        cuMemFree(dc);
        CHECKS.equal("cuModuleUnload", 0, cuModuleUnload(module));
    }

    private static void saxpy(final Path kernels) throws IOException
    {
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoadData from bytes", 0, cuModuleLoadData(module, readNulTerminated(kernels, "saxpy.ptx")));
        final CUfunction function = new CUfunction();
        CHECKS.equal("cuModuleGetFunction saxpy", 0, cuModuleGetFunction(function, module, "saxpy"));
        final int n = 1 << 16;
        final float alpha = 2.5f;
        final float[] x = randomFloats(n, 3);
        final float[] y = randomFloats(n, 4);
        final CUdeviceptr dx = upload(x);
        final CUdeviceptr dy = upload(y);
        final Pointer parameters = Pointer.to(Pointer.to(new int[]{ n }), Pointer.to(new float[]{ alpha }),
            Pointer.to(dx), Pointer.to(dy));
        CHECKS.equal("launch saxpy", 0, cuLaunchKernel(function, (n + 255) / 256, 1, 1, 256, 1, 1, 0, null,
            parameters, null));
        final float[] result = download(dy, n);
        boolean exact = true;
        for (int i = 0; i < n; i++)
        {
            exact &= result[i] == Math.fma(alpha, x[i], y[i]) || result[i] == alpha * x[i] + y[i];
        }
        CHECKS.check("saxpy matches a*x+y", exact);
        cuMemFree(dx);
        cuMemFree(dy);
        cuModuleUnload(module);
    }

    private static void tiledMatmul(final Path kernels, final int n)
    {
        final CUmodule module = new CUmodule();
        CHECKS.equal("load matmul_tiled", 0, cuModuleLoad(module, kernels.resolve("matmul_tiled.ptx").toString()));
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, module, "matmul_tiled");
        final float[] a = randomFloats(n * n, 5);
        final float[] b = randomFloats(n * n, 6);
        final CUdeviceptr da = upload(a);
        final CUdeviceptr db = upload(b);
        final CUdeviceptr dc = new CUdeviceptr();
        cuMemAlloc(dc, (long)n * n * Sizeof.FLOAT);
        final Pointer parameters = Pointer.to(Pointer.to(da), Pointer.to(db), Pointer.to(dc), Pointer.to(new int[]{ n }));
        final int tiles = (n + 15) / 16;
        CHECKS.equal("launch matmul_tiled", 0,
            cuLaunchKernel(function, tiles, tiles, 1, 16, 16, 1, 0, null, parameters, null));
        final float[] c = download(dc, n * n);
        double worst = 0;
        for (int row = 0; row < n; row++)
        {
            for (int col = 0; col < n; col++)
            {
                double expected = 0;
                for (int k = 0; k < n; k++)
                {
                    expected += (double)a[row * n + k] * b[k * n + col];
                }
                worst = Math.max(worst, Math.abs(expected - c[row * n + col]) / Math.max(1.0, Math.abs(expected)));
            }
        }
        CHECKS.check("tiled matmul within 1e-5 relative", worst < 1e-5, "worst relative error " + worst);
        cuMemFree(da);
        cuMemFree(db);
        cuMemFree(dc);
        cuModuleUnload(module);
    }

    private static void reduction(final Path kernels, final int n)
    {
        final CUmodule module = new CUmodule();
        cuModuleLoad(module, kernels.resolve("reduce_shared.ptx").toString());
        final CUfunction function = new CUfunction();
        CHECKS.equal("cuModuleGetFunction reduce_shared", 0, cuModuleGetFunction(function, module, "reduce_shared"));
        final float[] input = new float[n];
        for (int i = 0; i < n; i++)
        {
            input[i] = (i % 17) * 0.5f;
        }
        final int blocks = (n + 511) / 512;
        final CUdeviceptr din = upload(input);
        final CUdeviceptr dpartial = new CUdeviceptr();
        cuMemAlloc(dpartial, (long)blocks * Sizeof.FLOAT);
        CHECKS.equal("launch reduce_shared", 0, cuLaunchKernel(function, blocks, 1, 1, 256, 1, 1, 0, null,
            Pointer.to(Pointer.to(din), Pointer.to(dpartial), Pointer.to(new int[]{ n })), null));
        final float[] partial = download(dpartial, blocks);
        double sum = 0;
        for (final float value : partial)
        {
            sum += value;
        }
        double expected = 0;
        for (final float value : input)
        {
            expected += value;
        }
        CHECKS.check("reduction sum exact", sum == expected, sum + " vs " + expected);
        cuMemFree(din);
        cuMemFree(dpartial);
        cuModuleUnload(module);
    }

    private static void constantMemory(final Path kernels)
    {
        final CUmodule module = new CUmodule();
        cuModuleLoad(module, kernels.resolve("constant_scale.ptx").toString());
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, module, "constant_scale");
        final CUdeviceptr coefficients = new CUdeviceptr();
        final long[] size = new long[1];
        CHECKS.equal("cuModuleGetGlobal coeffs", 0, cuModuleGetGlobal(coefficients, size, module, "coeffs"));
        CHECKS.equal("size of coeffs", 16, size[0]);
        final float[] coeffs = { 3.0f, -2.0f, 0.25f, 10.0f };
        CHECKS.equal("write constant memory", 0, cuMemcpyHtoD(coefficients, Pointer.to(coeffs), 16));
        final CUdeviceptr offset = new CUdeviceptr();
        CHECKS.equal("cuModuleGetGlobal offset", 0, cuModuleGetGlobal(offset, size, module, "offset"));
        cuMemcpyHtoD(offset, Pointer.to(new float[]{ 100.0f }), 4);
        final CUdeviceptr launches = new CUdeviceptr();
        CHECKS.equal("cuModuleGetGlobal launchCount", 0, cuModuleGetGlobal(launches, size, module, "launchCount"));
        final int[] launchCount = new int[1];
        cuMemcpyDtoH(Pointer.to(launchCount), launches, 4);
        CHECKS.equal("initialised __device__ variable", 7, launchCount[0]);

        final int n = 1000;
        final float[] input = randomFloats(n, 7);
        final CUdeviceptr din = upload(input);
        final CUdeviceptr dout = new CUdeviceptr();
        cuMemAlloc(dout, (long)n * Sizeof.FLOAT);
        CHECKS.equal("launch constant_scale", 0, cuLaunchKernel(function, (n + 127) / 128, 1, 1, 128, 1, 1, 0, null,
            Pointer.to(Pointer.to(din), Pointer.to(dout), Pointer.to(new int[]{ n })), null));
        final float[] out = download(dout, n);
        boolean exact = true;
        for (int i = 0; i < n; i++)
        {
            final float expected = coeffs[i & 3] * input[i] + 100.0f + ((i & 7) + 1);
            final float fused = Math.fma(coeffs[i & 3], input[i], 100.0f) + ((i & 7) + 1);
            exact &= out[i] == expected || out[i] == fused;
        }
        CHECKS.check("constant memory used by the kernel", exact);
        cuMemcpyDtoH(Pointer.to(launchCount), launches, 4);
        CHECKS.equal("kernel updated the __device__ variable", 8, launchCount[0]);
        cuMemFree(din);
        cuMemFree(dout);
        cuModuleUnload(module);
    }

    private static void twoStreamsWithEvents(final Path kernels)
    {
        final CUmodule module = new CUmodule();
        cuModuleLoad(module, kernels.resolve("saxpy.ptx").toString());
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, module, "saxpy");
        final CUstream first = new CUstream();
        final CUstream second = new CUstream();
        CHECKS.equal("cuStreamCreate", 0, cuStreamCreate(first, 0));
        CHECKS.equal("cuStreamCreate second", 0, cuStreamCreate(second, 0));
        final CUevent start = new CUevent();
        final CUevent stop = new CUevent();
        CHECKS.equal("cuEventCreate", 0, cuEventCreate(start, 0));
        CHECKS.equal("cuEventCreate stop", 0, cuEventCreate(stop, 0));

        final int n = 1 << 15;
        final float[] x = randomFloats(n, 8);
        final float[] y1 = randomFloats(n, 9);
        final float[] y2 = randomFloats(n, 10);
        final CUdeviceptr dx = new CUdeviceptr();
        final CUdeviceptr dy1 = new CUdeviceptr();
        final CUdeviceptr dy2 = new CUdeviceptr();
        cuMemAlloc(dx, (long)n * 4);
        cuMemAlloc(dy1, (long)n * 4);
        cuMemAlloc(dy2, (long)n * 4);

        CHECKS.equal("cuEventRecord start", 0, cuEventRecord(start, first));
        CHECKS.equal("async copy x", 0, cuMemcpyHtoDAsync(dx, Pointer.to(x), (long)n * 4, first));
        CHECKS.equal("async copy y1", 0, cuMemcpyHtoDAsync(dy1, Pointer.to(y1), (long)n * 4, first));
        cuStreamSynchronize(first);
        CHECKS.equal("async copy y2 on the second stream", 0, cuMemcpyHtoDAsync(dy2, Pointer.to(y2), (long)n * 4, second));
        cuLaunchKernel(function, n / 256, 1, 1, 256, 1, 1, 0, first,
            Pointer.to(Pointer.to(new int[]{ n }), Pointer.to(new float[]{ 1.0f }), Pointer.to(dx), Pointer.to(dy1)), null);
        cuLaunchKernel(function, n / 256, 1, 1, 256, 1, 1, 0, second,
            Pointer.to(Pointer.to(new int[]{ n }), Pointer.to(new float[]{ -1.0f }), Pointer.to(dx), Pointer.to(dy2)), null);
        CHECKS.equal("cuEventRecord stop", 0, cuEventRecord(stop, first));
        final float[] r1 = new float[n];
        final float[] r2 = new float[n];
        CHECKS.equal("async copy back on the first stream", 0, cuMemcpyDtoHAsync(Pointer.to(r1), dy1, (long)n * 4, first));
        CHECKS.equal("async copy back on the second stream", 0,
            cuMemcpyDtoHAsync(Pointer.to(r2), dy2, (long)n * 4, second));
        CHECKS.equal("cuStreamSynchronize first", 0, cuStreamSynchronize(first));
        CHECKS.equal("cuStreamSynchronize second", 0, cuStreamSynchronize(second));
        CHECKS.equal("cuStreamQuery after synchronize", 0, cuStreamQuery(first));
        CHECKS.equal("cuEventSynchronize", 0, cuEventSynchronize(stop));
        final float[] millis = new float[1];
        CHECKS.equal("cuEventElapsedTime", 0, cuEventElapsedTime(millis, start, stop));
        CHECKS.check("elapsed time positive", millis[0] > 0, millis[0] + " ms");
        boolean exact = true;
        for (int i = 0; i < n; i++)
        {
            exact &= r1[i] == x[i] + y1[i] && r2[i] == -x[i] + y2[i];
        }
        CHECKS.check("each stream's result", exact);
        cuEventDestroy(start);
        cuEventDestroy(stop);
        CHECKS.equal("cuStreamDestroy", 0, cuStreamDestroy(first));
        cuStreamDestroy(second);
        cuMemFree(dx);
        cuMemFree(dy1);
        cuMemFree(dy2);
        cuModuleUnload(module);
    }

    private static void refusedLaunches(final Path kernels, final boolean gpu)
    {
        final CUmodule module = new CUmodule();
        cuModuleLoad(module, kernels.resolve("saxpy.ptx").toString());
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, module, "saxpy");
        final CUdeviceptr buffer = new CUdeviceptr();
        cuMemAlloc(buffer, 1024);
        CHECKS.equal("launch with a parameter missing", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, null,
                Pointer.to(Pointer.to(new int[]{ 32 }), Pointer.to(buffer), Pointer.to(buffer)), null));
        CHECKS.equal("launch with a parameter of the wrong size", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuLaunchKernel(function, 1, 1, 1, 32, 1, 1, 0, null, Pointer.to(Pointer.to(new long[]{ 32 }),
                Pointer.to(new float[]{ 1.0f }), Pointer.to(buffer), Pointer.to(buffer)), null));
        CHECKS.equal("context still healthy after refused launches", 0, cuCtxSynchronize());
        cuMemFree(buffer);
        cuModuleUnload(module);

        // An out-of-bounds store, in a context of its own: the fault is sticky for that context. On the emulator it stays
        // there; on a GPU CUDA fails every context of the process with it (the executor's documented limit).
        final CUcontext previous = new CUcontext();
        cuCtxGetCurrent(previous);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext faulty = new CUcontext();
        CHECKS.equal("cuCtxCreate for the fault", 0, cuCtxCreate(faulty, 0, device));
        final CUmodule faultModule = new CUmodule();
        cuModuleLoad(faultModule, kernels.resolve("saxpy.ptx").toString());
        final CUfunction faultFunction = new CUfunction();
        cuModuleGetFunction(faultFunction, faultModule, "saxpy");
        final CUdeviceptr x = new CUdeviceptr();
        cuMemAlloc(x, 256 * 4);
        final CUdeviceptr wild = new CUdeviceptr().withByteOffset(64);
        cuLaunchKernel(faultFunction, 1, 1, 1, 256, 1, 1, 0, null, Pointer.to(Pointer.to(new int[]{ 256 }),
            Pointer.to(new float[]{ 1.0f }), Pointer.to(x), Pointer.to(wild)), null);
        CHECKS.equal("illegal address reported at synchronisation", CUresult.CUDA_ERROR_ILLEGAL_ADDRESS,
            cuCtxSynchronize());
        CHECKS.equal("illegal address is sticky", CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, cuMemsetD32(x, 0, 16));
        CHECKS.equal("cuCtxDestroy of the faulted context", 0, cuCtxDestroy(faulty));
        CHECKS.equal("back to the first context", 0, cuCtxSetCurrent(previous));
        if (gpu)
        {
            CHECKS.equal("on a GPU the fault reaches the first context too (CUDA's faults are process-wide)",
                CUresult.CUDA_ERROR_ILLEGAL_ADDRESS, cuCtxSynchronize());
        }
        else
        {
            CHECKS.equal("the first context is unaffected", 0, cuCtxSynchronize());
        }
    }

    private static CUdeviceptr upload(final float[] values)
    {
        final CUdeviceptr pointer = new CUdeviceptr();
        cuMemAlloc(pointer, (long)values.length * Sizeof.FLOAT);
        cuMemcpyHtoD(pointer, Pointer.to(values), (long)values.length * Sizeof.FLOAT);
        return pointer;
    }

    private static float[] download(final CUdeviceptr pointer, final int count)
    {
        final float[] values = new float[count];
        CHECKS.equal("cuMemcpyDtoH", 0, cuMemcpyDtoH(Pointer.to(values), pointer, (long)count * Sizeof.FLOAT));
        return values;
    }

    private static float[] randomFloats(final int count, final long seed)
    {
        final Random random = new Random(seed);
        final float[] values = new float[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = random.nextFloat() * 2 - 1;
        }
        return values;
    }

    private static byte[] readNulTerminated(final Path kernels, final String name) throws IOException
    {
        try (InputStream in = java.nio.file.Files.newInputStream(kernels.resolve(name)))
        {
            final byte[] text = in.readAllBytes();
            return Arrays.copyOf(text, text.length + 1);
        }
    }
}
