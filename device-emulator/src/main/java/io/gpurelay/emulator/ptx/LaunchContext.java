package io.gpurelay.emulator.ptx;

import io.gpurelay.emulator.memory.DeviceMemory;

/**
 * Everything about one launch that all its blocks share: the linked kernel, the grid and block shape, the parameter
 * buffer and the memory the kernel may touch.
 */
final class LaunchContext
{
    static final int MAX_THREADS_PER_BLOCK = 1024;
    /** 227 KiB, the most shared memory a block can have on sm_90. */
    static final int MAX_SHARED_BYTES_PER_BLOCK = 227 * 1024;
    /**
     * Registers and local memory of one block's threads, as the interpreter holds them: a GPU's register file is
     * 256 KiB per multiprocessor, so this only refuses what no GPU could run, before it is allocated.
     */
    static final long MAX_BLOCK_STATE_BYTES = 64L * 1024 * 1024;

    private static final long EPOCH_NANOS = System.currentTimeMillis() * 1_000_000L;
    private static final long NANO_ORIGIN = System.nanoTime();

    final LinkedKernel linked;
    final DeviceMemory memory;
    final Object owner;
    final DeviceSystemCalls systemCalls;
    final byte[] parameters;
    final int gridX;
    final int gridY;
    final int gridZ;
    final int blockX;
    final int blockY;
    final int blockZ;
    final int dynamicSharedBytes;
    final int workers;
    final long gridId;
    final KernelStop kernelStop;
    final long deadlineNs;

    LaunchContext(final LinkedKernel linked, final DeviceMemory memory, final Object owner,
        final DeviceSystemCalls systemCalls, final byte[] parameters,
        final int[] grid, final int[] block, final int dynamicSharedBytes, final int workers, final long gridId,
        final KernelStop kernelStop)
    {
        this.kernelStop = kernelStop;
        this.deadlineNs = kernelStop.deadlineFrom(System.nanoTime());
        this.linked = linked;
        this.memory = memory;
        this.owner = owner;
        this.systemCalls = systemCalls;
        this.parameters = parameters;
        this.gridX = grid[0];
        this.gridY = grid[1];
        this.gridZ = grid[2];
        this.blockX = block[0];
        this.blockY = block[1];
        this.blockZ = block[2];
        this.dynamicSharedBytes = dynamicSharedBytes;
        this.workers = workers;
        this.gridId = gridId;
    }

    int threadsPerBlock()
    {
        return blockX * blockY * blockZ;
    }

    long blocks()
    {
        return (long)gridX * gridY * gridZ;
    }

    /**
     * Static shared memory plus the dynamic shared memory of this launch, which starts at an aligned offset after it,
     * plus the reserved region for kernels that use one.
     */
    int sharedBytes()
    {
        return sharedBytes(linked.kernel, dynamicSharedBytes);
    }

    static int sharedBytes(final PtxKernel kernel, final int dynamicSharedBytes)
    {
        final long user = dynamicSharedBytes == 0 && !kernel.usesReservedShared() ? kernel.staticSharedBytes() :
            kernel.dynamicSharedOffset() + (long)dynamicSharedBytes;
        return (int)Math.min(Integer.MAX_VALUE,
            user + (kernel.usesReservedShared() ? reservedSharedPadding(user) + PtxKernel.RESERVED_SHARED_BYTES : 0));
    }

    /**
     * Where the reserved shared region starts: after static and dynamic shared memory, 16-byte aligned.
     */
    int reservedSharedOffset()
    {
        final long user = linked.kernel.dynamicSharedOffset() + (long)dynamicSharedBytes;
        return (int)(user + reservedSharedPadding(user));
    }

    private static long reservedSharedPadding(final long user)
    {
        return -user & 15;
    }

    /**
     * Nanoseconds since the Unix epoch, like {@code %globaltimer}.
     */
    static long globalTimer()
    {
        return EPOCH_NANOS + (System.nanoTime() - NANO_ORIGIN);
    }
}
