package io.gpurelay.it.programs;

import static jcuda.runtime.JCuda.cudaFree;
import static jcuda.runtime.JCuda.cudaMalloc;
import static jcuda.runtime.JCuda.cudaMemcpy;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyDeviceToHost;
import static jcuda.runtime.cudaMemcpyKind.cudaMemcpyHostToDevice;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

import jcuda.Pointer;
import jcuda.runtime.JCuda;

/**
 * Copies a buffer of the size in its first argument (MiB) to the device and back, again and again, checking every
 * round trip, until the file named by its second argument appears (or a few minutes pass); says {@code COPYING} before
 * the first copy, then {@code PASSED} with the count of round trips, or {@code FAILED} at the first difference. With
 * exceptions enabled, a call that fails (a lost executor) ends it with an exception and a non-zero status.
 */
public final class CopyLoopProgram
{
    private static final long MAX_RUN_NS = 240_000_000_000L;

    private CopyLoopProgram()
    {
    }

    public static void main(final String[] args) throws Exception
    {
        JCuda.setExceptionsEnabled(true);
        final int bytes = Integer.parseInt(args[0]) << 20;
        final Path stop = Path.of(args[1]);
        final byte[] data = new byte[bytes];
        for (int i = 0; i < bytes; i++)
        {
            data[i] = (byte)(i * 31 + (i >>> 16));
        }
        final byte[] back = new byte[bytes];
        final Pointer device = new Pointer();
        cudaMalloc(device, bytes);
        System.out.println("COPYING");
        System.out.flush();
        final long deadline = System.nanoTime() + MAX_RUN_NS;
        int roundTrips = 0;
        while (!Files.exists(stop) && System.nanoTime() - deadline < 0)
        {
            data[roundTrips % bytes]++;
            cudaMemcpy(device, Pointer.to(data), bytes, cudaMemcpyHostToDevice);
            Arrays.fill(back, (byte)0);
            cudaMemcpy(Pointer.to(back), device, bytes, cudaMemcpyDeviceToHost);
            if (!Arrays.equals(data, back))
            {
                System.out.println("FAILED: round trip " + roundTrips + " came back different");
                return;
            }
            roundTrips++;
        }
        cudaFree(device);
        System.out.println("PASSED after " + roundTrips + " round trips");
    }
}
