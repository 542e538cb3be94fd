package io.gpurelay.bench;

import io.gpurelay.bench.workload.WorkloadOptions;

/**
 * How much a run measures. {@code full} is sized for a GPU host (copies up to 256 MiB, matrices up to 4096);
 * {@code quick} keeps the device emulator's PTX interpreter to a few seconds per transport; {@code tiny} is for
 * tests.
 */
public enum BenchPlan
{
    FULL(new WorkloadOptions(WorkloadOptions.JCUBLAS, 20_000, 100_000, 100_000,
        new long[]{ 4L << 10, 16L << 10, 64L << 10, 256L << 10, 1L << 20, 4L << 20, 16L << 20, 64L << 20, 256L << 20 },
        512L << 20,
        new long[]{ 1 << 16, 1 << 20, 1 << 22, 1 << 24, 1 << 26 },
        new long[]{ 256, 512, 1024, 2048, 4096 },
        new long[]{ 256, 512, 1024, 2048, 4096 },
        5), "3g"),
    QUICK(new WorkloadOptions(WorkloadOptions.JCUBLAS, 5_000, 20_000, 5_000,
        new long[]{ 4L << 10, 64L << 10, 1L << 20, 16L << 20, 64L << 20 },
        256L << 20,
        new long[]{ 1 << 14, 1 << 16, 1 << 18 },
        new long[]{ 64, 128, 256 },
        new long[]{ 64, 128, 256 },
        5), "1g"),
    TINY(new WorkloadOptions(WorkloadOptions.JCUBLAS, 50, 200, 50,
        new long[]{ 4L << 10, 64L << 10 },
        256L << 10,
        new long[]{ 1 << 10 },
        new long[]{ 32 },
        new long[]{ 32 },
        1), "256m");

    private final WorkloadOptions workload;
    private final String maxHeap;

    BenchPlan(final WorkloadOptions workload, final String maxHeap)
    {
        this.workload = workload;
        this.maxHeap = maxHeap;
    }

    public WorkloadOptions workload()
    {
        return workload;
    }

    /** The workload JVM's -Xmx: room for the biggest copy's array. */
    public String maxHeap()
    {
        return maxHeap;
    }
}
