package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuLaunchKernel;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemsetD32;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;

/**
 * The roles of the fault isolation scenario, plain JCuda driver API:
 * <ul>
 * <li>{@code loop SECONDS FLOATS KERNELS_DIR}: copy FLOATS floats to the device, run saxpy on them, copy them back and
 * check them, over and over for SECONDS; prints {@code LOOPING} once started and {@code ITERATIONS total=N failed=M}
 * at the end.</li>
 * <li>{@code poke KERNELS_DIR}: launch saxpy with its output at device address 0x10, then synchronise; prints
 * {@code POKE status=...} and {@code POKE sticky=...} (the next call's status).</li>
 * <li>{@code fresh}: create a context and use it; prints {@code FRESH status=...}.</li>
 * <li>{@code connect}: time the first call, which opens the session; prints {@code CONNECT_MS=...}.</li>
 * <li>{@code wait}: create a context, print {@code READY}, then synchronise every 20 ms until a call fails; prints
 * {@code FAILED status=... after=MS} with the time from the first failing call's start to its end.</li>
 * </ul>
 */
public final class FaultIsolationProgram
{
    private FaultIsolationProgram()
    {
    }

    public static void main(final String[] args) throws InterruptedException
    {
        switch (args[0])
        {
            case "loop" -> loop(Long.parseLong(args[1]), Integer.parseInt(args[2]), Path.of(args[3]));
            case "poke" -> poke(Path.of(args[1]));
            case "fresh" -> System.out.println("FRESH status=" + CUresult.stringFor(fresh()));
            case "wait" -> waitForFailure();
            case "connect" -> connect();
            case "spin" -> spin();
            default -> throw new IllegalArgumentException("unknown role " + args[0]);
        }
        System.out.flush();
    }

    private static void loop(final long seconds, final int floats, final Path kernels)
    {
        context();
        final CUfunction saxpy = saxpy(kernels);
        final CUdeviceptr x = new CUdeviceptr();
        final CUdeviceptr y = new CUdeviceptr();
        cuMemAlloc(x, (long)floats * Sizeof.FLOAT);
        cuMemAlloc(y, (long)floats * Sizeof.FLOAT);
        final float[] input = new float[floats];
        final float[] output = new float[floats];
        for (int i = 0; i < floats; i++)
        {
            input[i] = i % 1000;
        }
        System.out.println("LOOPING");
        System.out.flush();
        long total = 0;
        long failed = 0;
        final long end = System.nanoTime() + seconds * 1_000_000_000L;
        while (System.nanoTime() - end < 0)
        {
            total++;
            int status = cuMemcpyHtoD(x, Pointer.to(input), (long)floats * Sizeof.FLOAT);
            status |= cuMemsetD32(y, 0, floats);
            status |= cuLaunchKernel(saxpy, (floats + 255) / 256, 1, 1, 256, 1, 1, 0, null,
                Pointer.to(Pointer.to(new int[]{ floats }), Pointer.to(new float[]{ 2.0f }), Pointer.to(x),
                    Pointer.to(y)), null);
            status |= cuMemcpyDtoH(Pointer.to(output), y, (long)floats * Sizeof.FLOAT);
            if (status != CUresult.CUDA_SUCCESS || output[floats - 1] != 2.0f * input[floats - 1])
            {
                failed++;
            }
        }
        System.out.println("ITERATIONS total=" + total + " failed=" + failed);
    }

    private static void poke(final Path kernels)
    {
        context();
        final CUfunction saxpy = saxpy(kernels);
        final CUdeviceptr x = new CUdeviceptr();
        cuMemAlloc(x, 256 * Sizeof.FLOAT);
        final CUdeviceptr wild = new CUdeviceptr().withByteOffset(0x10);
        cuLaunchKernel(saxpy, 1, 1, 1, 256, 1, 1, 0, null, Pointer.to(Pointer.to(new int[]{ 256 }),
            Pointer.to(new float[]{ 1.0f }), Pointer.to(x), Pointer.to(wild)), null);
        System.out.println("POKE status=" + CUresult.stringFor(cuCtxSynchronize()));
        System.out.println("POKE sticky=" + CUresult.stringFor(cuMemsetD32(x, 0, 16)));
    }

    private static int fresh()
    {
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext context = new CUcontext();
        int status = cuCtxCreate(context, 0, device);
        final CUdeviceptr memory = new CUdeviceptr();
        status |= cuMemAlloc(memory, 1 << 20);
        status |= cuMemsetD32(memory, 7, 1 << 18);
        final int[] back = new int[1];
        status |= cuMemcpyDtoH(Pointer.to(back), memory, Sizeof.INT);
        return status == CUresult.CUDA_SUCCESS && back[0] == 7 ? CUresult.CUDA_SUCCESS : status;
    }

    /** A kernel that never ends: what a bug in a loop condition does. */
    private static final String SPIN_FOREVER_PTX = String.join("\n",
        ".version 9.0", ".target sm_90", ".address_size 64",
        ".visible .entry spin_forever()", "{", ".reg .b32 %r<2>;", "mov.u32 %r1, 0;", "$L__spin:",
        "add.s32 %r1, %r1, 1;", "bra.uni $L__spin;", "}", "");

    private static void spin()
    {
        context();
        final CUmodule module = new CUmodule();
        cuModuleLoadData(module, SPIN_FOREVER_PTX.getBytes(StandardCharsets.US_ASCII));
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, module, "spin_forever");
        System.out.println("SPINNING");
        System.out.flush();
        final long start = System.nanoTime();
        int status = cuLaunchKernel(function, 1, 1, 1, 1, 1, 1, 0, null, null, null);
        if (status == CUresult.CUDA_SUCCESS)
        {
            status = cuCtxSynchronize();
        }
        System.out.printf("SPIN status=%s after_ms=%.0f%n", CUresult.stringFor(status),
            (System.nanoTime() - start) / 1e6);
    }

    private static void connect()
    {
        final long start = System.nanoTime();
        final int status = cuInit(0);
        final double millis = (System.nanoTime() - start) / 1e6;
        System.out.println(status == CUresult.CUDA_SUCCESS ? String.format("CONNECT_MS=%.2f", millis) :
            "CONNECT_FAILED status=" + CUresult.stringFor(status));
    }

    private static void waitForFailure() throws InterruptedException
    {
        context();
        System.out.println("READY");
        System.out.flush();
        while (true)
        {
            final long start = System.nanoTime();
            final int status = cuCtxSynchronize();
            if (status != CUresult.CUDA_SUCCESS)
            {
                System.out.println("FAILED status=" + CUresult.stringFor(status) + " after=" +
                    (System.nanoTime() - start) / 1_000_000);
                return;
            }
            Thread.sleep(20);
        }
    }

    private static void context()
    {
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        cuCtxCreate(new CUcontext(), 0, device);
    }

    private static CUfunction saxpy(final Path kernels)
    {
        final CUmodule module = new CUmodule();
        cuModuleLoad(module, kernels.resolve("saxpy.ptx").toString());
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, module, "saxpy");
        return function;
    }
}
