package io.gpurelay.emulator.ptx;

/**
 * Runs blocks of a launch, one at a time, on the thread that owns it. Warps take turns: each runs until all its
 * lanes wait at a barrier, finish, or spend a time slice (so a warp spinning on a flag another warp sets still lets
 * that warp run). A barrier opens when every warp is stuck, which is when all threads that have not exited have
 * arrived; a barrier with an explicit thread count also opens as soon as that many threads have arrived.
 */
final class BlockExecutor
{
    static final int RED_POPC = 0;
    static final int RED_AND = 1;
    static final int RED_OR = 2;

    private static final int BARRIERS = 16;
    private static final int TIME_SLICE = 1 << 14;

    final LaunchContext launch;
    final int worker;
    final byte[] sharedMemory;
    final int sharedBytes;
    private final Warp[] warps;
    int blockX;
    int blockY;
    int blockZ;

    private final int[] arrived = new int[BARRIERS];
    private final int[] reductionKind = new int[BARRIERS];
    private final long[] trueCount = new long[BARRIERS];
    private final boolean[] allTrue = new boolean[BARRIERS];
    private int readyBarriers;

    BlockExecutor(final LaunchContext launch, final int worker)
    {
        this.launch = launch;
        this.worker = worker;
        this.sharedBytes = launch.sharedBytes();
        this.sharedMemory = new byte[sharedBytes];
        final int threads = launch.threadsPerBlock();
        this.warps = new Warp[(threads + Warp.LANES - 1) / Warp.LANES];
        for (int i = 0; i < warps.length; i++)
        {
            warps[i] = new Warp(this, i);
        }
    }

    long executedInstructions()
    {
        long total = 0;
        for (final Warp warp : warps)
        {
            total += warp.executedInstructions();
        }
        return total;
    }

    void run(final long blockIndex)
    {
        blockX = (int)(blockIndex % launch.gridX);
        blockY = (int)(blockIndex / launch.gridX % launch.gridY);
        blockZ = (int)(blockIndex / ((long)launch.gridX * launch.gridY));
        for (int id = 0; id < BARRIERS; id++)
        {
            resetBarrier(id);
        }
        readyBarriers = 0;
        for (final Warp warp : warps)
        {
            warp.start();
        }
        while (true)
        {
            boolean progress = false;
            boolean finished = true;
            for (final Warp warp : warps)
            {
                if (warp.finished())
                {
                    continue;
                }
                if (warp.run(TIME_SLICE) > 0)
                {
                    progress = true;
                }
                if (readyBarriers != 0)
                {
                    releaseReadyBarriers();
                    progress = true;
                }
                finished &= warp.finished();
            }
            if (finished)
            {
                return;
            }
            launch.kernelStop.check(launch.linked.kernel.name(), launch.deadlineNs);
            if (!progress)
            {
                releaseAllBarriers();
            }
        }
    }

    /**
     * Count the lanes of a warp arriving at the barrier an instruction names.
     *
     * @param trueLanes for {@code bar.red}, the arriving lanes whose predicate is true.
     * @return the barrier id.
     */
    int arrive(final Warp warp, final Instruction in, final int lanes, final int trueLanes)
    {
        final int lane = Integer.numberOfTrailingZeros(lanes);
        final long id = warp.registers[in.a + lane] & 0xFFFF_FFFFL;
        if (id >= BARRIERS)
        {
            throw warp.fault(KernelFaultException.Kind.ILLEGAL_INSTRUCTION, "barrier " + id + " out of range", in,
                lane);
        }
        final int barrier = (int)id;
        arrived[barrier] += Integer.bitCount(lanes);
        if (in.opcode == Opcode.BAR_RED)
        {
            reductionKind[barrier] = in.variant;
            trueCount[barrier] += Integer.bitCount(trueLanes);
            allTrue[barrier] &= trueLanes == lanes;
        }
        if (in.b != Instruction.NONE)
        {
            final long expected = warp.registers[in.b + lane] & 0xFFFF_FFFFL;
            if (arrived[barrier] >= expected)
            {
                readyBarriers |= 1 << barrier;
            }
        }
        return barrier;
    }

    private void releaseReadyBarriers()
    {
        final int ready = readyBarriers;
        readyBarriers = 0;
        for (int m = ready; m != 0; m &= m - 1)
        {
            release(Integer.numberOfTrailingZeros(m));
        }
    }

    private void releaseAllBarriers()
    {
        boolean released = false;
        for (int id = 0; id < BARRIERS; id++)
        {
            if (arrived[id] > 0)
            {
                release(id);
                released = true;
            }
        }
        if (!released)
        {
            throw new IllegalStateException("block (" + blockX + "," + blockY + "," + blockZ + ") of kernel '" +
                launch.linked.kernel.name() + "' can make no progress and waits at no barrier");
        }
    }

    private void release(final int id)
    {
        final long reduction = switch (reductionKind[id])
        {
            case RED_POPC -> trueCount[id];
            case RED_AND -> allTrue[id] ? 1 : 0;
            default -> trueCount[id] > 0 ? 1 : 0;
        };
        resetBarrier(id);
        for (final Warp warp : warps)
        {
            warp.releaseBarrier(id, reduction);
        }
    }

    private void resetBarrier(final int id)
    {
        arrived[id] = 0;
        reductionKind[id] = RED_POPC;
        trueCount[id] = 0;
        allTrue[id] = true;
    }
}
