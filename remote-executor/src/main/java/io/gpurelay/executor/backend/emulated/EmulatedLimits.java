package io.gpurelay.executor.backend.emulated;

import io.gpurelay.emulator.ptx.DeviceSystemCalls;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;

/**
 * The context limits ({@code cuCtxGetLimit}/{@code cuCtxSetLimit}, {@code cudaDeviceGetLimit}/{@code SetLimit}) of
 * the emulated devices, for one session: kept per device, as the emulator keeps one printf buffer and one device heap
 * per session and device ({@link DeviceSystemCalls}), and back to their defaults when the device's primary context is
 * reset. Each limit answers what CUDA 13 answers on an H100 (measured; see docs/benchmarks/h100-2026-11-25-limits):
 * <ul>
 *     <li>the stack size (1 KiB by default) is rounded up to 16 bytes, at most the 512 KiB of local memory the
 *     emulator gives a thread;</li>
 *     <li>the printf FIFO and the malloc heap take effect in the buffer and heap kernels use; a smaller size is
 *     raised to CUDA's least, and neither changes once a kernel has printed (or allocated), which CUDA refuses with
 *     an invalid value too; the printf FIFO is at most 64 MiB here, as it is the executor's own memory;</li>
 *     <li>the pending launch count and the L2 fetch granularity are kept as set (the emulator queues no device-side
 *     launches and has no L2);</li>
 *     <li>the device runtime's synchronisation depth and the CIG shared memory fallback are unsupported limits, as
 *     on the H100;</li>
 *     <li>the persisting L2 size is clamped to the device's {@code persistingL2CacheMaxSize}, which is 0 for the
 *     emulated device, so it stays 0; the shared memory size reads the device's opt-in maximum and, as CIG's
 *     enabling, which reads 0, is not permitted to be set.</li>
 * </ul>
 */
final class EmulatedLimits
{
    static final int STACK_SIZE = 0;
    static final int PRINTF_FIFO_SIZE = 1;
    static final int MALLOC_HEAP_SIZE = 2;
    static final int DEV_RUNTIME_SYNC_DEPTH = 3;
    static final int DEV_RUNTIME_PENDING_LAUNCH_COUNT = 4;
    static final int MAX_L2_FETCH_GRANULARITY = 5;
    static final int PERSISTING_L2_CACHE_SIZE = 6;
    static final int SHMEM_SIZE = 7;
    static final int CIG_ENABLED = 8;
    static final int CIG_SHMEM_FALLBACK_ENABLED = 9;

    static final long DEFAULT_STACK = 1024;
    static final long MAX_STACK = 512 * 1024;
    static final long DEFAULT_PENDING_LAUNCHES = 2048;
    static final long DEFAULT_L2_FETCH_GRANULARITY = 64;
    static final long MAX_PRINTF_FIFO = 64L * 1024 * 1024;

    private final DeviceSystemCalls[] systemCalls;
    private final long[] deviceMemory;
    private final long sharedMemoryOptin;
    private final long[] stack;
    private final long[] pendingLaunches;
    private final long[] l2FetchGranularity;

    /**
     * @param deviceMemory each device's memory in bytes, which a malloc heap cannot exceed.
     */
    EmulatedLimits(final DeviceSystemCalls[] systemCalls, final long[] deviceMemory, final long sharedMemoryOptin)
    {
        this.systemCalls = systemCalls;
        this.deviceMemory = deviceMemory;
        this.sharedMemoryOptin = sharedMemoryOptin;
        this.stack = new long[systemCalls.length];
        this.pendingLaunches = new long[systemCalls.length];
        this.l2FetchGranularity = new long[systemCalls.length];
        for (int device = 0; device < systemCalls.length; device++)
        {
            defaults(device);
        }
    }

    /**
     * The limit's value on the device, or the error CUDA gives.
     */
    void get(final int device, final long limit, final CallResult result, final String name)
    {
        final DeviceSystemCalls calls = systemCalls[device];
        switch ((int)Math.max(-1, Math.min(limit, Integer.MAX_VALUE)))
        {
            case STACK_SIZE -> result.value(stack[device]);
            case PRINTF_FIFO_SIZE -> result.value(calls.printfBuffer().capacity());
            case MALLOC_HEAP_SIZE -> result.value(calls.heap().capacity());
            case DEV_RUNTIME_SYNC_DEPTH, CIG_SHMEM_FALLBACK_ENABLED -> unsupported(limit, result, name);
            case DEV_RUNTIME_PENDING_LAUNCH_COUNT -> result.value(pendingLaunches[device]);
            case MAX_L2_FETCH_GRANULARITY -> result.value(l2FetchGranularity[device]);
            case PERSISTING_L2_CACHE_SIZE, CIG_ENABLED -> result.value(0);
            case SHMEM_SIZE -> result.value(sharedMemoryOptin);
            default -> result.fail(CudaError.INVALID_VALUE, name + ": " + limit + " is not a limit");
        }
    }

    /**
     * Set the limit on the device, as CUDA sets it, or fail as CUDA fails.
     */
    void set(final int device, final long limit, final long value, final CallResult result, final String name)
    {
        final DeviceSystemCalls calls = systemCalls[device];
        switch ((int)Math.max(-1, Math.min(limit, Integer.MAX_VALUE)))
        {
            case STACK_SIZE ->
            {
                if (value < 0 || value > MAX_STACK)
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": a stack of " + Long.toUnsignedString(value) +
                        " bytes is more than the " + MAX_STACK + " bytes of local memory a thread may have");
                    return;
                }
                stack[device] = (value + 15) & -16L;
            }
            case PRINTF_FIFO_SIZE ->
            {
                if (value < 0 || value > MAX_PRINTF_FIFO)
                {
                    result.fail(CudaError.OUT_OF_MEMORY, name + ": a printf FIFO of " + Long.toUnsignedString(value) +
                        " bytes is more than the " + MAX_PRINTF_FIFO + " the emulator gives a device");
                    return;
                }
                if (!calls.printfFifoSize((int)value))
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": the printf FIFO cannot change once a kernel has " +
                        "printed on the device");
                }
            }
            case MALLOC_HEAP_SIZE ->
            {
                if (value < 0 || value > deviceMemory[device])
                {
                    result.fail(CudaError.OUT_OF_MEMORY, name + ": a heap of " + Long.toUnsignedString(value) +
                        " bytes does not fit the device's " + deviceMemory[device] + " bytes");
                    return;
                }
                if (!calls.heapSize(value))
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": the malloc heap cannot change once a kernel has " +
                        "allocated on the device");
                }
            }
            case DEV_RUNTIME_SYNC_DEPTH, CIG_SHMEM_FALLBACK_ENABLED -> unsupported(limit, result, name);
            case DEV_RUNTIME_PENDING_LAUNCH_COUNT -> pendingLaunches[device] = value;
            case MAX_L2_FETCH_GRANULARITY -> l2FetchGranularity[device] = value;
            case PERSISTING_L2_CACHE_SIZE ->
            {
                // Clamped to the device's persisting L2, of which the emulated device has none: it stays 0.
            }
            case SHMEM_SIZE, CIG_ENABLED -> result.fail(CudaError.NOT_PERMITTED, name +
                ": limit " + limit + " can be read, not set");
            default -> result.fail(CudaError.INVALID_VALUE, name + ": " + limit + " is not a limit");
        }
    }

    private static void unsupported(final long limit, final CallResult result, final String name)
    {
        result.fail(CudaError.UNSUPPORTED_LIMIT, name + ": " + (limit == DEV_RUNTIME_SYNC_DEPTH ?
            "the device runtime's synchronisation depth" : "the CIG shared memory fallback") +
            " is not a limit of this device");
    }

    /**
     * The device's primary context was reset: every limit is its default again.
     */
    void reset(final int device)
    {
        systemCalls[device].reset();
        defaults(device);
    }

    private void defaults(final int device)
    {
        stack[device] = DEFAULT_STACK;
        pendingLaunches[device] = DEFAULT_PENDING_LAUNCHES;
        l2FetchGranularity[device] = DEFAULT_L2_FETCH_GRANULARITY;
    }
}
