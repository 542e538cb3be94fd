package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaFreeHost;
import static jcuda.runtime.JCuda.cudaGetLastError;
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
import java.util.Arrays;
import java.util.Random;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUresult;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaStream_t;

/**
 * Large copies of an unmodified JCuda program, which on an IPC session move through the shared-memory transfer
 * region.
 * <ul>
 *     <li>{@code copies MIB}: a MIB MiB copy to the device and back, synchronous; the same through
 *     {@code cudaMemcpyAsync} on a stream and through the driver API (64 MiB each); pinned memory used after
 *     {@code cudaFreeHost}.</li>
 *     <li>{@code endless MIB}: copies MIB MiB to the device and back until killed; prints {@code COPYING} when the
 *     first copy to the device is under way.</li>
 * </ul>
 */
public final class SharedMemoryProgram
{
    private static final int MIB = 1 << 20;
    private static final Checks CHECKS = new Checks();

    private SharedMemoryProgram()
    {
    }

    public static void main(final String[] args)
    {
        final int mebibytes = Integer.parseInt(args[1]);
        if (args[0].equals("endless"))
        {
            endless(mebibytes);
            return;
        }
        largeRoundTrip(mebibytes);
        asynchronousRoundTrip(64);
        driverRoundTrip(64);
        pinnedMemoryAfterFree();
        CHECKS.finish();
    }

    private static void largeRoundTrip(final int mebibytes)
    {
        final long length = (long)mebibytes * MIB;
        final byte[] data = randomBytes((int)length, mebibytes);
        final byte[] back = new byte[(int)length];
        final Pointer device = new Pointer();
        CHECKS.equal(mebibytes + " MiB cudaMalloc", 0, cudaMalloc(device, length));
        final long toDeviceStart = System.nanoTime();
        CHECKS.equal(mebibytes + " MiB to the device", 0,
            cudaMemcpy(device, Pointer.to(data), length, cudaMemcpyHostToDevice));
        final long toHostStart = System.nanoTime();
        CHECKS.equal(mebibytes + " MiB to the host", 0, cudaMemcpy(Pointer.to(back), device, length,
            cudaMemcpyDeviceToHost));
        final long end = System.nanoTime();
        CHECKS.check(mebibytes + " MiB round trip byte-identical", Arrays.equals(data, back));
        System.out.printf("%d MiB to the device %.2f GB/s, to the host %.2f GB/s%n", mebibytes,
            length / ((toHostStart - toDeviceStart) / 1e9) / 1e9, length / ((end - toHostStart) / 1e9) / 1e9);
        cudaFree(device);
    }

    private static void asynchronousRoundTrip(final int mebibytes)
    {
        final int length = mebibytes * MIB;
        final byte[] data = randomBytes(length, 7);
        final ByteBuffer back = ByteBuffer.allocateDirect(length);
        final Pointer device = new Pointer();
        final cudaStream_t stream = new cudaStream_t();
        cudaMalloc(device, length);
        cudaStreamCreate(stream);
        CHECKS.equal("cudaMemcpyAsync to the device", 0,
            cudaMemcpyAsync(device, Pointer.to(data), length, cudaMemcpyHostToDevice, stream));
        CHECKS.equal("cudaMemcpyAsync to a direct buffer", 0,
            cudaMemcpyAsync(Pointer.to(back), device, length, cudaMemcpyDeviceToHost, stream));
        CHECKS.equal("cudaStreamSynchronize", 0, cudaStreamSynchronize(stream));
        final byte[] backBytes = new byte[length];
        back.get(backBytes);
        CHECKS.check("asynchronous round trip byte-identical", Arrays.equals(data, backBytes));
        cudaStreamDestroy(stream);
        cudaFree(device);
    }

    private static void driverRoundTrip(final int mebibytes)
    {
        final int length = mebibytes * MIB;
        final byte[] data = randomBytes(length, 11);
        final byte[] back = new byte[length];
        cuInit(0);
        final CUdevice device = new CUdevice();
        cuDeviceGet(device, 0);
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", CUresult.CUDA_SUCCESS, cuCtxCreate(context, 0, device));
        final CUdeviceptr memory = new CUdeviceptr();
        cuMemAlloc(memory, length);
        CHECKS.equal("cuMemcpyHtoD", CUresult.CUDA_SUCCESS, cuMemcpyHtoD(memory, Pointer.to(data), length));
        CHECKS.equal("cuMemcpyDtoH", CUresult.CUDA_SUCCESS, cuMemcpyDtoH(Pointer.to(back), memory, length));
        CHECKS.check("driver API round trip byte-identical", Arrays.equals(data, back));
        cuMemFree(memory);
        cuCtxDestroy(context);
    }

    /**
     * Memory from cudaMallocHost used after cudaFreeHost: the copies get CUDA's invalid-value error, and the
     * application's view of the memory stays readable (no crash).
     */
    private static void pinnedMemoryAfterFree()
    {
        final int length = 4 * MIB;
        final Pointer pinned = new Pointer();
        CHECKS.equal("cudaMallocHost", 0, cudaMallocHost(pinned, length));
        final ByteBuffer view = pinned.getByteBuffer(0, length);
        view.put(0, (byte)42);
        final Pointer device = new Pointer();
        cudaMalloc(device, length);
        CHECKS.equal("pinned to device before the free", 0,
            cudaMemcpy(device, pinned, length, cudaMemcpyHostToDevice));
        CHECKS.equal("cudaFreeHost", 0, cudaFreeHost(pinned));
        CHECKS.equal("freed pinned memory to the device", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(device, pinned, length, cudaMemcpyHostToDevice));
        CHECKS.equal("device to freed pinned memory", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(pinned, device, length, cudaMemcpyDeviceToHost));
        CHECKS.equal("a view of freed pinned memory to the device", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(device, Pointer.to(view), length, cudaMemcpyHostToDevice));
        CHECKS.equal("cudaFreeHost twice", cudaError.cudaErrorInvalidValue, cudaFreeHost(pinned));
        CHECKS.equal("the view still reads", 42, view.get(0));
        cudaGetLastError();
        cudaFree(device);
    }

    private static void endless(final int mebibytes)
    {
        final int length = mebibytes * MIB;
        final byte[] data = randomBytes(length, 3);
        final Pointer device = new Pointer();
        if (cudaMalloc(device, length) != 0)
        {
            System.out.println("cudaMalloc failed");
            System.exit(1);
        }
        final Thread announcer = new Thread(() ->
        {
            try
            {
                Thread.sleep(20);
            }
            catch (final InterruptedException ex)
            {
                Thread.currentThread().interrupt();
            }
            System.out.println("COPYING");
            System.out.flush();
        });
        announcer.setDaemon(true);
        announcer.start();
        while (true)
        {
            cudaMemcpy(device, Pointer.to(data), length, cudaMemcpyHostToDevice);
            cudaMemcpy(Pointer.to(data), device, length, cudaMemcpyDeviceToHost);
        }
    }

    private static byte[] randomBytes(final int length, final long seed)
    {
        final byte[] bytes = new byte[length];
        new Random(seed).nextBytes(bytes);
        return bytes;
    }
}
