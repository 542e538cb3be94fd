package io.gpurelay.bench.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import jcuda.runtime.JCuda;

/**
 * A JCuda program that makes one call as soon as it starts, for measuring how long a JVM takes from its start to its
 * first CUDA call: it prints the wall-clock time on entering main and when the first call has returned, each with the
 * CPU time the process has used by then (every thread's, from /proc/self/stat on Linux; -1 elsewhere), which a busy
 * machine does not inflate as it does the wall-clock times.
 */
public final class FirstCallProbe
{
    private FirstCallProbe()
    {
    }

    public static void main(final String[] args)
    {
        System.out.println("MAIN " + System.currentTimeMillis() + " cpu " + cpuMillis());
        try
        {
            final int[] devices = new int[1];
            final int status = JCuda.cudaGetDeviceCount(devices);
            final long nowMs = System.currentTimeMillis();
            System.out.println("FIRST_CALL " + nowMs + " cpu " + cpuMillis() + " status " + status + " devices " +
                devices[0]);
        }
        catch (final Throwable failure)
        {
            System.out.println("FIRST_CALL_FAILED " + System.currentTimeMillis() + " " + failure);
        }
    }

    /**
     * utime + stime of /proc/self/stat, in clock ticks of 10 ms (the kernel's USER_HZ on Linux is 100).
     */
    private static long cpuMillis()
    {
        try
        {
            final String stat = Files.readString(Path.of("/proc/self/stat"));
            final String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
        }
        catch (final IOException | RuntimeException ex)
        {
            return -1;
        }
    }
}
