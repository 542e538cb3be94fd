package io.gpurelay.agent.programs;

import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaFreeHost;
import static jcuda.runtime.JCuda.cudaGetDeviceCount;
import static jcuda.runtime.JCuda.cudaGetDeviceProperties;
import static jcuda.runtime.JCuda.cudaGetLastError;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMallocHost;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaMemset;
import static jcuda.runtime.JCuda.cudaSetDevice;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDefault;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import jcuda.CudaException;
import jcuda.Pointer;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaDeviceProp;
import jcuda.runtime.cudaError;

/**
 * A JCuda runtime program run with the agent against an executor: queries, host arrays and buffers, offsets,
 * pinned memory, a refused copy, exceptions mode and a large round trip. Plain JCuda, no gpurelay classes.
 * Argument: MiB of the large round trip.
 */
public final class MemoryProgram
{
    private MemoryProgram()
    {
    }

    public static void main(final String[] args)
    {
        final Checks checks = new Checks();
        final int largeMiB = Integer.parseInt(args[0]);

        final int[] count = new int[1];
        checks.equal("cudaGetDeviceCount", 0, cudaGetDeviceCount(count));
        checks.check("devices", count[0] >= 1, "count " + count[0]);
        checks.equal("cudaSetDevice out of range", cudaError.cudaErrorInvalidDevice, cudaSetDevice(count[0]));
        cudaGetLastError();
        final cudaDeviceProp properties = new cudaDeviceProp();
        checks.equal("cudaGetDeviceProperties", 0, cudaGetDeviceProperties(properties, 0));
        final String name = new String(properties.name, StandardCharsets.US_ASCII).replace("\0", "");
        checks.check("device name", !name.isEmpty(), name);
        checks.equal("warp size", 32, properties.warpSize);

        final Random random = new Random(5);
        final float[] floats = new float[10_007];
        for (int i = 0; i < floats.length; i++)
        {
            floats[i] = random.nextFloat();
        }
        final float[] floatsBack = new float[floats.length];
        roundTrip(checks, "float[]", Pointer.to(floats), Pointer.to(floatsBack), floats.length * 4L);
        checks.check("float[] identical", Arrays.equals(floats, floatsBack));

        final DoubleBuffer doubles = ByteBuffer.allocateDirect(8 * 1000).order(ByteOrder.nativeOrder())
            .asDoubleBuffer();
        for (int i = 0; i < 1000; i++)
        {
            doubles.put(i, i * 0.5);
        }
        final long[] longsBack = new long[1000];
        roundTrip(checks, "direct DoubleBuffer to long[]", Pointer.to(doubles), Pointer.to(longsBack), 8000);
        checks.equal("bits survive", Double.doubleToRawLongBits(999 * 0.5), longsBack[999]);

        final int[] source = new int[100];
        Arrays.setAll(source, i -> i);
        final Pointer device = new Pointer();
        checks.equal("cudaMalloc", 0, cudaMalloc(device, 400));
        checks.equal("cudaMemset", 0, cudaMemset(device, 0, 400));
        checks.equal("offsets", 0, cudaMemcpy(device.withByteOffset(40), Pointer.to(source).withByteOffset(80), 40,
            cudaMemcpyHostToDevice));
        final int[] back = new int[100];
        checks.equal("back", 0, cudaMemcpy(Pointer.to(back), device, 400, cudaMemcpyDefault));
        checks.check("offsets applied", back[9] == 0 && back[10] == 20 && back[19] == 29 && back[20] == 0,
            Arrays.toString(back));
        checks.equal("host array too small", cudaError.cudaErrorInvalidValue,
            cudaMemcpy(Pointer.to(new byte[10]), device, 100, cudaMemcpyDeviceToHost));
        cudaGetLastError();

        final Pointer pinned = new Pointer();
        checks.equal("cudaMallocHost", 0, cudaMallocHost(pinned, 400));
        checks.equal("device to pinned", 0, cudaMemcpy(pinned, device, 400, cudaMemcpyDeviceToHost));
        checks.equal("pinned content", 20, pinned.getByteBuffer(0, 400).order(ByteOrder.nativeOrder()).getInt(40));
        checks.equal("cudaFreeHost", 0, cudaFreeHost(pinned));

        JCuda.setExceptionsEnabled(true);
        boolean thrown = false;
        try
        {
            cudaMemcpy(device, Pointer.to(new byte[800]), 800, cudaMemcpyHostToDevice);
        }
        catch (final CudaException ex)
        {
            thrown = ex.getMessage().contains("cudaErrorInvalidValue");
        }
        JCuda.setExceptionsEnabled(false);
        checks.check("exceptions mode", thrown);
        cudaGetLastError();
        checks.equal("cudaFree", 0, cudaFree(device));

        final byte[] large = new byte[largeMiB << 20];
        random.nextBytes(large);
        final byte[] largeBack = new byte[large.length];
        roundTrip(checks, largeMiB + " MiB", Pointer.to(large), Pointer.to(largeBack), large.length);
        checks.check(largeMiB + " MiB identical", Arrays.equals(large, largeBack));
        checks.finish();
    }

    private static void roundTrip(
        final Checks checks, final String what, final Pointer host, final Pointer hostBack, final long bytes)
    {
        final Pointer device = new Pointer();
        checks.equal(what + " cudaMalloc", 0, cudaMalloc(device, bytes));
        checks.equal(what + " host to device", 0, cudaMemcpy(device, host, bytes, cudaMemcpyHostToDevice));
        checks.equal(what + " device to host", 0, cudaMemcpy(hostBack, device, bytes, cudaMemcpyDeviceToHost));
        checks.equal(what + " cudaFree", 0, cudaFree(device));
    }
}
