package io.gpurelay.samples;

import static jcuda.runtime.JCuda.cudaDeviceSynchronize;
import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaGetDeviceCount;
import static jcuda.runtime.JCuda.cudaGetDeviceProperties;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemGetInfo;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.JCuda.cudaMemset;
import static jcuda.runtime.JCuda.cudaSetDevice;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToDevice;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;

import jcuda.Pointer;
import jcuda.Sizeof;
import jcuda.runtime.JCuda;
import jcuda.runtime.cudaDeviceProp;

/**
 * A plain JCuda runtime program: list the devices, then for each size copy random floats host → device, device →
 * device and back, clear a buffer with cudaMemset, and check every byte. Prints PASSED or FAILED with timings.
 * <p>
 * Usage: {@code DeviceQueryAndCopy [floats ...]} (default 1024 1048576 16777216).
 */
public final class DeviceQueryAndCopy
{
    private DeviceQueryAndCopy()
    {
    }

    public static void main(final String[] args)
    {
        JCuda.setExceptionsEnabled(true);
        final int[] sizes = args.length == 0 ?
            new int[]{ 1024, 1 << 20, 1 << 24 } : Arrays.stream(args).mapToInt(Integer::parseInt).toArray();

        final int[] deviceCount = new int[1];
        cudaGetDeviceCount(deviceCount);
        for (int device = 0; device < deviceCount[0]; device++)
        {
            final cudaDeviceProp properties = new cudaDeviceProp();
            cudaGetDeviceProperties(properties, device);
            System.out.printf("device %d: %s, compute capability %d.%d, %d SMs, %d MiB%n", device,
                new String(properties.name, StandardCharsets.US_ASCII).trim().replace("\0", ""),
                properties.major, properties.minor, properties.multiProcessorCount,
                properties.totalGlobalMem >> 20);
        }
        cudaSetDevice(0);

        boolean passed = deviceCount[0] > 0;
        for (final int n : sizes)
        {
            passed &= roundTrip(n);
        }
        final long[] free = new long[1];
        final long[] total = new long[1];
        cudaMemGetInfo(free, total);
        System.out.printf("device memory: %d MiB free of %d MiB%n", free[0] >> 20, total[0] >> 20);
        System.out.println(passed ? "PASSED" : "FAILED");
        System.exit(passed ? 0 : 1);
    }

    private static boolean roundTrip(final int n)
    {
        final long bytes = (long)n * Sizeof.FLOAT;
        final float[] source = new float[n];
        final Random random = new Random(n);
        for (int i = 0; i < n; i++)
        {
            source[i] = random.nextFloat();
        }
        final float[] result = new float[n];

        final Pointer first = new Pointer();
        final Pointer second = new Pointer();
        cudaMalloc(first, bytes);
        cudaMalloc(second, bytes);
        final long start = System.nanoTime();
        cudaMemcpy(first, Pointer.to(source), bytes, cudaMemcpyHostToDevice);
        cudaMemcpy(second, first, bytes, cudaMemcpyDeviceToDevice);
        cudaMemcpy(Pointer.to(result), second, bytes, cudaMemcpyDeviceToHost);
        cudaDeviceSynchronize();
        final double millis = (System.nanoTime() - start) / 1e6;
        final boolean copied = Arrays.equals(source, result);

        cudaMemset(second, 0, bytes);
        cudaMemcpy(Pointer.to(result), second, bytes, cudaMemcpyDeviceToHost);
        boolean cleared = true;
        for (final float value : result)
        {
            cleared &= value == 0.0f;
        }
        cudaFree(first);
        cudaFree(second);

        System.out.printf("%,12d floats: round trip %s, memset %s, %.2f ms (%.2f GB/s each way)%n", n,
            copied ? "ok" : "MISMATCH", cleared ? "ok" : "MISMATCH", millis, 2.0 * bytes / (millis * 1e6));
        return copied && cleared;
    }
}
