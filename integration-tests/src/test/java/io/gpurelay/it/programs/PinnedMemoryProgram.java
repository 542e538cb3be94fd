package io.gpurelay.it.programs;

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
import static jcuda.driver.JCudaDriver.cuMemHostAlloc;
import static jcuda.driver.JCudaDriver.cuMemHostGetDevicePointer;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoHAsync;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoDAsync;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamDestroy;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaFreeHost;
import static jcuda.runtime.JCuda.cudaGetLastError;
import static jcuda.runtime.JCuda.cudaHostAlloc;
import static jcuda.runtime.JCuda.cudaHostGetDevicePointer;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMallocHost;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaMemcpyAsync;
import static jcuda.runtime.JCuda.cudaStreamCreate;
import static jcuda.runtime.JCuda.cudaStreamDestroy;
import static jcuda.runtime.JCuda.cudaStreamSynchronize;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.IntBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.JCudaDriver;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaStream_t;

/**
 * Pinned host memory of an unmodified JCuda program, which over an IPC session lives in shared memory that the
 * executor page-locks, so copies from and to it name the allocation instead of carrying its bytes.
 * <ul>
 *     <li>{@code copies MIB}: MIB MiB from pinned memory to the device and back into other pinned memory,
 *     synchronously and with {@code cudaMemcpyAsync}, through the runtime and the driver API, at offsets; an
 *     asynchronous copy to a bad address fails at the stream's synchronisation; pinned memory used after
 *     {@code cudaFreeHost} gets {@code cudaErrorInvalidValue}.</li>
 *     <li>{@code mapped}: memory of {@code cuMemHostAlloc(CU_MEMHOSTALLOC_DEVICEMAP)} that a kernel reads and
 *     writes through {@code cuMemHostGetDevicePointer}, and {@code cudaHostGetDevicePointer}.</li>
 *     <li>{@code quota MIB}: with an executor limited to MIB MiB of pinned memory, an allocation past the limit
 *     fails with {@code cudaErrorMemoryAllocation} until memory is freed.</li>
 *     <li>{@code endless MIB}: copies MIB MiB of pinned memory to the device and back until killed; prints
 *     {@code COPYING} once under way.</li>
 * </ul>
 */
public final class PinnedMemoryProgram
{
    private static final int MIB = 1 << 20;
    private static final Checks CHECKS = new Checks();

    /** {@code add_one(int* data, unsigned n)}: data[i] += 1 for every i below n. */
    static final String ADD_ONE_PTX = String.join("\n",
        ".version 9.0", ".target sm_90", ".address_size 64",
        ".visible .entry add_one(.param .u64 data, .param .u32 n)", "{",
        ".reg .pred %p<2>;", ".reg .b32 %r<8>;", ".reg .b64 %rd<5>;",
        "ld.param.u64 %rd1, [data];", "ld.param.u32 %r1, [n];",
        "mov.u32 %r2, %ctaid.x;", "mov.u32 %r3, %ntid.x;", "mov.u32 %r4, %tid.x;",
        "mad.lo.s32 %r5, %r2, %r3, %r4;", "setp.ge.u32 %p1, %r5, %r1;", "@%p1 bra $L__done;",
        "cvta.to.global.u64 %rd2, %rd1;", "mul.wide.u32 %rd3, %r5, 4;", "add.s64 %rd4, %rd2, %rd3;",
        "ld.global.u32 %r6, [%rd4];", "add.s32 %r7, %r6, 1;", "st.global.u32 [%rd4], %r7;",
        "$L__done:", "ret;", "}", "");

    private PinnedMemoryProgram()
    {
    }

    public static void main(final String[] args)
    {
        switch (args[0])
        {
            case "copies" ->
            {
                final int mebibytes = Integer.parseInt(args[1]);
                runtimeCopies(mebibytes);
                driverCopies(mebibytes);
                asynchronousFailure();
                afterFree();
            }
            case "mapped" -> mapped();
            case "quota" -> quota(Integer.parseInt(args[1]));
            case "endless" -> endless(Integer.parseInt(args[1]));
            default -> throw new IllegalArgumentException(args[0]);
        }
        CHECKS.finish();
    }

    private static void runtimeCopies(final int mebibytes)
    {
        final long length = (long)mebibytes * MIB;
        final Pointer source = new Pointer();
        final Pointer back = new Pointer();
        final Pointer device = new Pointer();
        CHECKS.equal("cudaMallocHost source", 0, cudaMallocHost(source, length));
        CHECKS.equal("cudaHostAlloc back", 0, cudaHostAlloc(back, length, 0));
        CHECKS.equal("cudaMalloc", 0, cudaMalloc(device, length));
        final ByteBuffer sourceBytes = source.getByteBuffer(0, length);
        final ByteBuffer backBytes = back.getByteBuffer(0, length);
        fillRandom(sourceBytes, mebibytes);

        final long toDeviceStart = System.nanoTime();
        CHECKS.equal("pinned to the device", 0, cudaMemcpy(device, source, length, cudaMemcpyHostToDevice));
        final long toHostStart = System.nanoTime();
        CHECKS.equal("the device to pinned", 0, cudaMemcpy(back, device, length, cudaMemcpyDeviceToHost));
        final long end = System.nanoTime();
        CHECKS.check(mebibytes + " MiB pinned round trip byte-identical", sourceBytes.equals(backBytes));
        System.out.printf("%d MiB pinned to the device %.2f GB/s, to the host %.2f GB/s%n", mebibytes,
            length / ((toHostStart - toDeviceStart) / 1e9) / 1e9, length / ((end - toHostStart) / 1e9) / 1e9);

        zero(backBytes);
        fillRandom(sourceBytes, mebibytes + 1);
        final cudaStream_t stream = new cudaStream_t();
        cudaStreamCreate(stream);
        CHECKS.equal("cudaMemcpyAsync pinned to the device", 0,
            cudaMemcpyAsync(device, source, length, cudaMemcpyHostToDevice, stream));
        CHECKS.equal("cudaMemcpyAsync the device to pinned", 0,
            cudaMemcpyAsync(back, device, length, cudaMemcpyDeviceToHost, stream));
        CHECKS.equal("cudaStreamSynchronize", 0, cudaStreamSynchronize(stream));
        CHECKS.check(mebibytes + " MiB pinned asynchronous round trip byte-identical",
            sourceBytes.equals(backBytes));

        // A range inside the allocations, through a pointer with a byte offset.
        final long offset = 4096 + 12;
        final long part = length / 2;
        zero(backBytes);
        CHECKS.equal("pinned at an offset to the device", 0,
            cudaMemcpy(device, source.withByteOffset(offset), part, cudaMemcpyHostToDevice));
        CHECKS.equal("the device to pinned at an offset", 0,
            cudaMemcpyAsync(back.withByteOffset(offset), device, part, cudaMemcpyDeviceToHost, stream));
        cudaStreamSynchronize(stream);
        CHECKS.check("pinned range at an offset byte-identical",
            sourceBytes.slice((int)offset, (int)part).equals(backBytes.slice((int)offset, (int)part)) &&
            backBytes.get(0) == 0);

        cudaStreamDestroy(stream);
        CHECKS.equal("cudaFreeHost source", 0, cudaFreeHost(source));
        CHECKS.equal("cudaFreeHost back", 0, cudaFreeHost(back));
        cudaFree(device);
    }

    private static void driverCopies(final int mebibytes)
    {
        final long length = (long)mebibytes * MIB;
        final CUcontext context = createContext();
        final Pointer source = new Pointer();
        final Pointer back = new Pointer();
        final CUdeviceptr device = new CUdeviceptr();
        CHECKS.equal("cuMemAllocHost", CUresult.CUDA_SUCCESS, cuMemAllocHost(source, length));
        CHECKS.equal("cuMemHostAlloc", CUresult.CUDA_SUCCESS, cuMemHostAlloc(back, length, 0));
        cuMemAlloc(device, length);
        final ByteBuffer sourceBytes = source.getByteBuffer(0, length);
        final ByteBuffer backBytes = back.getByteBuffer(0, length);
        fillRandom(sourceBytes, 17);
        CHECKS.equal("cuMemcpyHtoD from pinned", CUresult.CUDA_SUCCESS, cuMemcpyHtoD(device, source, length));
        CHECKS.equal("cuMemcpyDtoH to pinned", CUresult.CUDA_SUCCESS, cuMemcpyDtoH(back, device, length));
        CHECKS.check("driver API pinned round trip byte-identical", sourceBytes.equals(backBytes));

        zero(backBytes);
        fillRandom(sourceBytes, 19);
        final CUstream stream = new CUstream();
        cuStreamCreate(stream, 0);
        CHECKS.equal("cuMemcpyHtoDAsync from pinned", CUresult.CUDA_SUCCESS,
            cuMemcpyHtoDAsync(device, source, length, stream));
        CHECKS.equal("cuMemcpyDtoHAsync to pinned", CUresult.CUDA_SUCCESS,
            cuMemcpyDtoHAsync(back, device, length, stream));
        CHECKS.equal("cuStreamSynchronize", CUresult.CUDA_SUCCESS, cuStreamSynchronize(stream));
        CHECKS.check("driver API pinned asynchronous round trip byte-identical", sourceBytes.equals(backBytes));
        cuStreamDestroy(stream);
        CHECKS.equal("cuMemFreeHost", CUresult.CUDA_SUCCESS, cuMemFreeHost(source));
        cuMemFreeHost(back);
        cuMemFree(device);
        cuCtxDestroy(context);
    }

    /**
     * An asynchronous copy is not waited for: a copy to memory the session does not have fails at the stream's
     * synchronisation, as CUDA reports asynchronous errors.
     */
    private static void asynchronousFailure()
    {
        final Pointer pinned = new Pointer();
        final Pointer device = new Pointer();
        cudaMallocHost(pinned, MIB);
        cudaMalloc(device, MIB);
        final cudaStream_t stream = new cudaStream_t();
        cudaStreamCreate(stream);
        CHECKS.equal("cudaMemcpyAsync past the allocation is queued", 0,
            cudaMemcpyAsync(device.withByteOffset(MIB / 2), pinned, MIB, cudaMemcpyHostToDevice, stream));
        CHECKS.equal("the stream's synchronisation reports it", cudaError.cudaErrorInvalidValue,
            cudaStreamSynchronize(stream));
        CHECKS.equal("and the next call does not", 0, cudaStreamSynchronize(stream));
        cudaGetLastError();
        cudaStreamDestroy(stream);
        cudaFreeHost(pinned);
        cudaFree(device);
    }

    /**
     * Pinned memory used after cudaFreeHost: the copies get CUDA's invalid-value error, the executor has forgotten
     * the allocation, and the application's view stays readable and writable (no crash).
     */
    private static void afterFree()
    {
        final int length = 4 * MIB;
        final Pointer pinned = new Pointer();
        CHECKS.equal("cudaMallocHost", 0, cudaMallocHost(pinned, length));
        final ByteBuffer view = pinned.getByteBuffer(0, length);
        view.put(0, (byte)42);
        final Pointer device = new Pointer();
        cudaMalloc(device, length);
        CHECKS.equal("cudaFreeHost", 0, cudaFreeHost(pinned));
        CHECKS.equal("freed pinned memory to the device", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(device, pinned, length, cudaMemcpyHostToDevice));
        CHECKS.equal("the device to freed pinned memory", cudaError.cudaErrorInvalidValue,
            cudaMemcpyAsync(pinned, device, length, cudaMemcpyDeviceToHost, null));
        CHECKS.equal("a view of freed pinned memory to the device", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(device, Pointer.to(view), length, cudaMemcpyHostToDevice));
        CHECKS.equal("cudaFreeHost twice", cudaError.cudaErrorInvalidValue, cudaFreeHost(pinned));
        view.put(1, (byte)43);
        CHECKS.check("the freed view still reads and writes", view.get(0) == 42 && view.get(1) == 43);
        cudaGetLastError();
        cudaFree(device);
    }

    /**
     * A kernel reads and writes mapped pinned memory through its device pointer; the program sees the result in its
     * own memory after synchronising.
     */
    private static void mapped()
    {
        final int count = 100_000;
        final CUcontext context = createContext();
        final Pointer host = new Pointer();
        CHECKS.equal("cuMemHostAlloc DEVICEMAP", CUresult.CUDA_SUCCESS,
            cuMemHostAlloc(host, (long)count * Integer.BYTES, JCudaDriver.CU_MEMHOSTALLOC_DEVICEMAP));
        final IntBuffer values = host.getByteBuffer(0, (long)count * Integer.BYTES)
            .order(ByteOrder.nativeOrder()).asIntBuffer();
        for (int i = 0; i < count; i++)
        {
            values.put(i, i * 3);
        }
        final CUdeviceptr devicePointer = new CUdeviceptr();
        CHECKS.equal("cuMemHostGetDevicePointer", CUresult.CUDA_SUCCESS,
            cuMemHostGetDevicePointer(devicePointer, host, 0));
        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoadData", CUresult.CUDA_SUCCESS,
            cuModuleLoadData(module, ADD_ONE_PTX.getBytes(StandardCharsets.US_ASCII)));
        final CUfunction function = new CUfunction();
        cuModuleGetFunction(function, module, "add_one");
        final Pointer parameters = Pointer.to(Pointer.to(devicePointer), Pointer.to(new int[]{ count }));
        CHECKS.equal("cuLaunchKernel on mapped memory", CUresult.CUDA_SUCCESS,
            cuLaunchKernel(function, (count + 255) / 256, 1, 1, 256, 1, 1, 0, null, parameters, null));
        CHECKS.equal("cuCtxSynchronize", CUresult.CUDA_SUCCESS, cuCtxSynchronize());
        boolean allIncremented = true;
        for (int i = 0; i < count && allIncremented; i++)
        {
            allIncremented = values.get(i) == i * 3 + 1;
        }
        CHECKS.check("the kernel read and wrote the program's mapped memory", allIncremented);

        final Pointer notMapped = new Pointer();
        cuMemAllocHost(notMapped, 4096);
        CHECKS.equal("cuMemHostGetDevicePointer of memory not mapped", CUresult.CUDA_ERROR_INVALID_VALUE,
            cuMemHostGetDevicePointer(new CUdeviceptr(), notMapped, 0));
        cuMemFreeHost(notMapped);
        CHECKS.equal("cuMemFreeHost of mapped memory", CUresult.CUDA_SUCCESS, cuMemFreeHost(host));
        cuCtxDestroy(context);

        final Pointer runtimeHost = new Pointer();
        CHECKS.equal("cudaHostAlloc cudaHostAllocMapped", 0,
            cudaHostAlloc(runtimeHost, 4096, jcuda.runtime.JCuda.cudaHostAllocMapped));
        final Pointer runtimeDevice = new Pointer();
        CHECKS.equal("cudaHostGetDevicePointer", 0, cudaHostGetDevicePointer(runtimeDevice, runtimeHost, 0));
        CHECKS.check("cudaHostGetDevicePointer gives an address",
            !runtimeDevice.toString().equals(new Pointer().toString()), runtimeDevice.toString());
        CHECKS.equal("cudaFreeHost of mapped memory", 0, cudaFreeHost(runtimeHost));
    }

    /**
     * The executor runs with --pinned-memory MIB: what the session's pinned memory holds together stays below it.
     */
    private static void quota(final int mebibytes)
    {
        final long limit = (long)mebibytes * MIB;
        final Pointer first = new Pointer();
        final Pointer second = new Pointer();
        CHECKS.equal("three quarters of the limit", 0, cudaMallocHost(first, limit / 4 * 3));
        CHECKS.equal("half of the limit more is refused", cudaError.cudaErrorMemoryAllocation,
            cudaMallocHost(second, limit / 2));
        cudaGetLastError();
        CHECKS.equal("freeing", 0, cudaFreeHost(first));
        CHECKS.equal("then half of the limit fits", 0, cudaMallocHost(second, limit / 2));
        CHECKS.equal("cudaFreeHost", 0, cudaFreeHost(second));
    }

    private static void endless(final int mebibytes)
    {
        final long length = (long)mebibytes * MIB;
        final Pointer pinned = new Pointer();
        final Pointer device = new Pointer();
        if (cudaMallocHost(pinned, length) != 0 || cudaMalloc(device, length) != 0)
        {
            System.out.println("allocation failed");
            System.exit(1);
        }
        fillRandom(pinned.getByteBuffer(0, length), 3);
        System.out.println("COPYING");
        System.out.flush();
        while (true)
        {
            cudaMemcpy(device, pinned, length, cudaMemcpyHostToDevice);
            cudaMemcpy(pinned, device, length, cudaMemcpyDeviceToHost);
        }
    }

    private static CUcontext createContext()
    {
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", CUresult.CUDA_SUCCESS, cuCtxCreate(context, 0, device));
        return context;
    }

    private static void fillRandom(final ByteBuffer buffer, final long seed)
    {
        final Random random = new Random(seed);
        final byte[] chunk = new byte[MIB];
        for (int offset = 0; offset < buffer.capacity(); offset += chunk.length)
        {
            random.nextBytes(chunk);
            buffer.put(offset, chunk, 0, Math.min(chunk.length, buffer.capacity() - offset));
        }
    }

    private static void zero(final ByteBuffer buffer)
    {
        final byte[] zeros = new byte[MIB];
        for (int offset = 0; offset < buffer.capacity(); offset += zeros.length)
        {
            buffer.put(offset, zeros, 0, Math.min(zeros.length, buffer.capacity() - offset));
        }
    }
}
