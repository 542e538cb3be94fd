package io.gpurelay.executor.backend;

import java.nio.ByteBuffer;

import io.gpurelay.protocol.PayloadSink;
import org.agrona.DirectBuffer;

/**
 * One client session's view of a backend: the work behind each remoted function. A function that the runtime and the
 * driver API both have (a malloc, a copy, a stream) is one method here; the {@link CallResult} knows which API called
 * and replies with that API's number for a {@link CudaError}. Each method reports through the result and never throws
 * for bad input: a foreign or stale pointer, an out-of-range copy or an exhausted device is the CUDA error the real
 * API gives.
 * <p>
 * The executor owns the client-visible side (handles, which context is current, retain counts, sticky faults) and
 * calls these methods only with objects this session's backend made, still alive, and device ordinals in range. The
 * backend owns what a context, module, stream and event are. A {@code null} stream is the context's default stream.
 * Every pointer is checked against this session's own allocations only. Used by one thread at a time (the session's
 * worker).
 */
public interface BackendSession
{
    /**
     * Whether a context that met a {@linkplain CudaError#sticky() sticky} fault goes on failing every call by itself,
     * as a GPU's does. If it does, the executor lets later calls through and the device's own answers are the truth
     * (a GPU may fail more than the one context); if not, the executor fails them with the fault itself.
     */
    boolean keepsFaults();

    // Devices: no context needed.

    void getDeviceCount(CallResult result);

    /** Payload: {@link io.gpurelay.protocol.DeviceProperties} text keyed by JCuda's {@code cudaDeviceProp} fields. */
    void getDeviceProperties(int device, CallResult result);

    /** {@code cudaDeviceAttr} and {@code CUdevice_attribute} share their codes. */
    void deviceGetAttribute(int device, int attribute, CallResult result);

    /** Payload: the name, UTF-8. */
    void deviceGetName(int device, CallResult result);

    /** Payload: the 16 bytes of the device's UUID. */
    void deviceGetUuid(int device, CallResult result);

    void driverGetVersion(CallResult result);

    void runtimeGetVersion(CallResult result);

    // Contexts.

    /**
     * @return a new context on the device, or null when it cannot be made (the failure is in {@code result}).
     */
    BackendContext createContext(int device, int flags, CallResult result);

    /**
     * Free what was allocated through the context. The executor has already unloaded its modules and destroyed its
     * streams and events.
     */
    void destroyContext(BackendContext context);

    /**
     * The device's primary context was reset ({@code cuDevicePrimaryCtxReset}, {@code cudaDeviceReset}), after its
     * objects were destroyed: what the backend keeps per device for the session is as new. A GPU resets its context's
     * limits with the context itself.
     */
    default void primaryContextReset(final int device)
    {
    }

    /** Wait for the work of every stream of the context. */
    void synchronizeContext(BackendContext context, CallResult result);

    /** Values: free bytes, total bytes of the context's device. */
    void memGetInfo(BackendContext context, CallResult result);

    // Memory. Pointers of any device of the session are accepted, as CUDA's unified addressing allows.

    /** Value: the device address; {@code size == 0} gives address 0. */
    void malloc(BackendContext context, long size, CallResult result);

    void free(BackendContext context, long address, CallResult result);

    /**
     * Bytes of device memory the session's live allocations hold on a device (what its mallocs got and has not
     * freed; module variables and library workspaces aside), for the operator's view of who holds what.
     */
    long allocatedBytes(int device);

    // Managed memory (family "managed and mapped memory"): the dispatcher has checked the flags and charged the quota.

    /**
     * cudaMallocManaged / cuMemAllocManaged: memory both the device and the client's host view use; a device
     * allocation of the session that {@link #free} frees. Value: the device address.
     *
     * @param flags cudaMemAttachGlobal (1) or cudaMemAttachHost (2).
     */
    void mallocManaged(BackendContext context, long size, int flags, CallResult result);

    /**
     * cudaMemAdvise / cuMemAdvise, cudaMemPrefetchAsync / cuMemPrefetchAsync, cudaStreamAttachMemAsync /
     * cuStreamAttachMemAsync: hints about where managed memory should live. The range must lie in one managed
     * allocation of the session (else CUDA's invalid value); a backend without migration accepts them and changes
     * nothing, as CUDA allows of hints.
     *
     * @param kind     which of the three: {@link ManagedHint}.
     * @param address  the range's start.
     * @param count    its length (for an attachment, 0 means the whole allocation).
     * @param value    the advice (advise), the destination device, -1 the host (prefetch), the flags (attach).
     * @param device   the device the advice is about, -1 the host (advise only).
     */
    void managedHint(BackendContext context, BackendStream stream, ManagedHint kind, long address, long count,
        long value, int device, CallResult result);

    /** The kind of memory {@link #pointerAttributes} reports for host memory mapped into a device. */
    int POINTER_HOST_MAPPED = 1;
    /** The kind of memory {@link #pointerAttributes} reports for device memory. */
    int POINTER_DEVICE = 2;
    /** The kind of memory {@link #pointerAttributes} reports for managed memory. */
    int POINTER_MANAGED = 3;

    /**
     * What the session's tables say of an address: values kind ({@link #POINTER_DEVICE} and friends), device
     * ordinal, start and size of the allocation holding it; CUDA's invalid value when none of the session's does.
     */
    void pointerAttributes(long address, CallResult result);

    /**
     * cudaMemRangeGetAttribute / cuMemRangeGetAttribute of a range inside one managed allocation of the session
     * (else CUDA's invalid value): values = {@code entries} ints, as CUDA writes them.
     *
     * @param attribute 1 read mostly, 2 preferred location, 3 accessed by, 4 last prefetch location.
     */
    void memRangeAttribute(BackendContext context, long address, long count, int attribute, int entries,
        CallResult result);

    /**
     * Host memory the session shares with its client (its transfer region), which payloads are read from and
     * written to: the backend may page-lock it so that copies DMA straight from and to it. Called once the memory is
     * mapped; {@link #unshareHostMemory} is called before it is unmapped, before the session closes.
     */
    default void shareHostMemory(ByteBuffer memory)
    {
    }

    default void unshareHostMemory(ByteBuffer memory)
    {
    }

    /**
     * Make host memory the session shares with its client usable as pinned memory (cudaMallocHost and friends): on a
     * GPU page-lock it ({@code cuMemHostRegister}, portable), and with {@code deviceMapped} map it into the device's
     * address space as well, in the context's device. The memory stays mapped until {@link #unregisterHostMemory}.
     *
     * @return the registration, or null when the backend cannot (the failure is in {@code result}).
     */
    default BackendHostMemory registerHostMemory(
        final BackendContext context, final ByteBuffer memory, final boolean deviceMapped, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "this backend does not share pinned host memory");
        return null;
    }

    /**
     * Undo {@link #registerHostMemory}, before the memory is unmapped. Work of the session that may still read or
     * write it (an asynchronous copy) is waited for first.
     */
    default void unregisterHostMemory(final BackendHostMemory memory)
    {
    }

    /**
     * Copy between registered host memory and the device in one transfer: {@code count} bytes at {@code offset}
     * in the memory, which the executor checked lies inside it, from or to {@code [deviceAddress, deviceAddress +
     * count)}, which the backend checks as it checks any copy. Queued on the stream; {@code synchronous} waits for
     * it (and the work before it) to finish.
     */
    default void memcpyHostMemory(
        final BackendContext context, final BackendStream stream, final boolean toDevice, final long deviceAddress,
        final BackendHostMemory memory, final long offset, final long count, final boolean synchronous,
        final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "this backend does not share pinned host memory");
    }

    /**
     * Check that {@code [destination, destination + count)} lies inside one allocation of this session, and return
     * where the bytes go as they arrive, chunk by chunk, so that a large copy is never staged whole.
     *
     * @return the sink, or null when the range is refused (the failure is in {@code result}).
     */
    PayloadSink memcpyHostToDevice(
        BackendContext context, BackendStream stream, long destination, long count, CallResult result);

    /**
     * The outcome of the host-to-device copy whose last chunk has just gone to the sink that
     * {@link #memcpyHostToDevice} returned: a sink cannot fail a write, so a chunk the device refused fails the call
     * here.
     */
    void finishHostToDevice(CallResult result);

    /**
     * Payload: the {@code count} bytes at {@code source}, read from the device as the reply is written. Work queued
     * before the copy must be done, and its failure reported here, before the reply starts: a payload cannot fail.
     */
    void memcpyDeviceToHost(BackendContext context, BackendStream stream, long source, long count, CallResult result);

    void memcpyDeviceToDevice(
        BackendContext context, BackendStream stream, long destination, long source, long count, CallResult result);

    /**
     * Fill {@code count} elements of {@code elementSize} bytes (1, 2 or 4) with the low bytes of {@code value}.
     */
    void memset(
        BackendContext context, BackendStream stream, long address, int value, long count, int elementSize,
        CallResult result);

    // Modules and kernels.

    /**
     * @param image the module image as the client sent it: PTX text (perhaps NUL-terminated), a cubin or a fatbin.
     * @return the module, or null when it cannot be loaded (the failure, with the loader's log, is in {@code result}).
     */
    BackendModule loadModule(BackendContext context, DirectBuffer image, CallResult result);

    /** Release the module's variables; the module is not used again. */
    void unloadModule(BackendModule module);

    /**
     * @return the kernel, or null when the module has none of that name ({@link CudaError#NOT_FOUND}).
     */
    BackendKernel getFunction(BackendModule module, String name, CallResult result);

    /** Values: the variable's device address, its size in bytes. */
    void getGlobal(BackendModule module, String name, CallResult result);

    /**
     * Launch a kernel of a module of this context on the stream.
     *
     * @param parameters each parameter at its offset in the kernel's {@link BackendKernel#parameterLayout()}, at
     *                   least its buffer size; already checked against the kernel.
     */
    void launchKernel(
        BackendKernel kernel, BackendStream stream, int gridX, int gridY, int gridZ, int blockX, int blockY,
        int blockZ, int sharedMemoryBytes, byte[] parameters, CallResult result);

    // Streams and events.

    /**
     * @return the stream, or null when it cannot be made (the failure is in {@code result}).
     */
    BackendStream createStream(BackendContext context, int flags, CallResult result);

    void destroyStream(BackendStream stream);

    void synchronizeStream(BackendContext context, BackendStream stream, CallResult result);

    /** Fails with {@link CudaError#NOT_READY} while work on the stream is pending. */
    void queryStream(BackendContext context, BackendStream stream, CallResult result);

    /** Later work on the stream waits until the event's last record has been reached. */
    void streamWaitEvent(BackendContext context, BackendStream stream, BackendEvent event, CallResult result);

    /**
     * @return the event, or null when it cannot be made (the failure is in {@code result}).
     */
    BackendEvent createEvent(BackendContext context, int flags, CallResult result);

    void destroyEvent(BackendEvent event);

    /** Record the event on a stream of its own context. */
    void recordEvent(BackendEvent event, BackendStream stream, CallResult result);

    void synchronizeEvent(BackendEvent event, CallResult result);

    /** Fails with {@link CudaError#NOT_READY} while the event's last record has not been reached. */
    void queryEvent(BackendEvent event, CallResult result);

    /** Value: milliseconds between the two records, as {@code Float.floatToRawIntBits}. */
    void eventElapsedTime(BackendEvent start, BackendEvent end, CallResult result);

    // The function table.

    /**
     * Run a row of the function table ({@link io.gpurelay.protocol.table.FunctionTable}) whose arguments the
     * executor has decoded and checked: devices exist, handles name live objects of the session of the right kind,
     * an explicit stream belongs to the call's context, and {@link TableCall#context()} is the context the row runs
     * in (null for a row that runs in none). On success the reply carries one value per output argument, in the
     * row's order. A row this backend cannot run fails with {@link CudaError#NOT_SUPPORTED}, naming the function.
     */
    void callTableFunction(TableCall call, CallResult result);

    /**
     * Queue a stream callback ({@code cuStreamAddCallback}) or host function ({@code cuLaunchHostFunc}) on the stream:
     * once the work queued before it is done, {@code function} runs, and the stream's later work starts only after it
     * returned, as CUDA orders a host function. It may run on another thread (CUDA's callback thread on a GPU) or on
     * the calling one, before this returns (a backend whose streams run as their work arrives).
     *
     * @param streamCallback whether it is a stream callback, which is given the stream's error status, or a host
     *                       function, which is given none.
     */
    void launchHostFunction(
        BackendContext context, BackendStream stream, boolean streamCallback, HostFunction function,
        CallResult result);

    // Stream-ordered allocation, memory pools, stream priorities, cooperative launches and primary-context flags.
    // A backend that cannot do one answers CudaError.NOT_SUPPORTED naming the function.

    /**
     * A pool of the device's memory ({@code cuMemPoolCreate}) with CUDA's default attributes; the executor has
     * checked the device and refused properties other than pinned device memory without shareable handles.
     *
     * @return the pool, or null when it cannot be made (the failure is in {@code result}).
     */
    default BackendMemoryPool createMemoryPool(final int device, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuMemPoolCreate is not supported by this backend");
        return null;
    }

    /**
     * Destroy a pool ({@code cuMemPoolDestroy}): allocations of it that are still live stay usable until freed, as in
     * CUDA, and the pool's memory goes back to the device once they are.
     */
    default void destroyMemoryPool(final BackendMemoryPool pool, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuMemPoolDestroy is not supported by this backend");
    }

    /** Release memory the pool holds but no allocation uses, keeping at least {@code minBytesToKeep}. */
    default void trimMemoryPool(final BackendMemoryPool pool, final long minBytesToKeep, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuMemPoolTrimTo is not supported by this backend");
    }

    /**
     * A stream-ordered allocation ({@code cuMemAllocAsync}, or {@code cuMemAllocFromPoolAsync} when {@code pool} is
     * not null) on a stream of {@code context} (null: its default stream). It enters the session's allocations, as a
     * malloc's does, and leaves them when freed. Value: the device address.
     */
    default void mallocAsync(
        final BackendContext context, final BackendStream stream, final BackendMemoryPool pool, final long size,
        final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuMemAllocAsync is not supported by this backend");
    }

    /**
     * Free an allocation of the session in stream order ({@code cuMemFreeAsync}); it leaves the session's allocations
     * at once, so that nothing queued after it may use it.
     */
    default void freeAsync(
        final BackendContext context, final BackendStream stream, final long address, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuMemFreeAsync is not supported by this backend");
    }

    /**
     * A stream with a priority ({@code cuStreamCreateWithPriority}); a priority outside the device's range is
     * clamped to it, as CUDA does.
     *
     * @return the stream, or null when it cannot be made (the failure is in {@code result}).
     */
    default BackendStream createStreamWithPriority(
        final BackendContext context, final int flags, final int priority, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, result.name("cudaStreamCreateWithPriority",
            "cuStreamCreateWithPriority") + " is not supported by this backend");
        return null;
    }

    /**
     * {@link #launchKernel} as a cooperative launch ({@code cuLaunchCooperativeKernel}): the whole grid must be
     * resident at once, else CUDA_ERROR_COOPERATIVE_LAUNCH_TOO_LARGE.
     */
    default void launchCooperativeKernel(
        final BackendKernel kernel, final BackendStream stream, final int gridX, final int gridY, final int gridZ,
        final int blockX, final int blockY, final int blockZ, final int sharedMemoryBytes, final byte[] parameters,
        final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuLaunchCooperativeKernel is not supported by this backend");
    }

    /**
     * Change the flags of a live context, the session's primary context of a device ({@code
     * cuDevicePrimaryCtxSetFlags} while it is active); the executor checked the flags.
     */
    default void setContextFlags(final BackendContext context, final int flags, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuDevicePrimaryCtxSetFlags is not supported by this backend");
    }

    /** {@code CU_STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW} and {@code _SYNCHRONIZATION_POLICY}. */
    int STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW = 1;
    int STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY = 3;

    /**
     * A stream attribute ({@code cuStreamGetAttribute}): values as {@code Function.CU_STREAM_GET_ATTRIBUTE} lists
     * them. The executor has checked the attribute is one of the two above.
     */
    default void streamGetAttribute(
        final BackendContext context, final BackendStream stream, final int attribute, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, result.name("cudaStreamGetAttribute", "cuStreamGetAttribute") +
            " is not supported by this backend");
    }

    /**
     * Set a stream attribute ({@code cuStreamSetAttribute}); the executor has checked the values' ranges. An access
     * policy window's bytes must lie inside one allocation of the session.
     */
    default void streamSetAttribute(
        final BackendContext context, final BackendStream stream, final int attribute, final long[] values,
        final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, result.name("cudaStreamSetAttribute", "cuStreamSetAttribute") +
            " is not supported by this backend");
    }

    /**
     * Link JIT inputs into a cubin ({@code cuLinkCreate}, {@code cuLinkAddData} for each, {@code cuLinkComplete}) in
     * the context. Input i is {@code lengths[i]} bytes of {@code input} at {@code offsets[i]}, of
     * {@code CUjitInputType} {@code types[i]}. Payload: the cubin.
     */
    default void link(
        final BackendContext context, final int[] types, final int[] offsets, final int[] lengths,
        final DirectBuffer input, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuLinkComplete is not supported by this backend");
    }

    // Device output.

    /**
     * Append to {@code output} what the session's kernels printed (device {@code printf}) that has been flushed since
     * the previous call. The executor calls it after each call at which CUDA flushes device output
     * ({@link DeviceOutput#flushedBy}), and sends what it got to the client before that call's reply.
     */
    void drainDeviceOutput(DeviceOutput output);

    // Libraries.

    /**
     * The session's cuBLAS, whose handles live in this session's contexts.
     */
    BlasSession blas();

    /** The session's cuRAND host API. */
    RandSession rand();

    /** The session's cuFFT, whose plans live in this session's contexts. */
    FftSession fft();

    /** The session's NVRTC. */
    RtcSession rtc();

    /** The session's PTX compiler (nvPTXCompiler). */
    PtxCompilerSession ptxCompiler();

    // Pitched memory, CUDA arrays and 2D/3D copies.

    /** The session's pitched allocations, CUDA arrays and 2D/3D copies. */
    BackendArrays arrays();

    // Virtual memory management and pointer attributes (family "virtual memory").

    /** The session's virtual memory management, or null where the backend has none (every function fails by name). */
    default BackendVirtualMemory virtualMemory()
    {
        return null;
    }

    /**
     * {@code cuPointerSetAttribute}: the one settable attribute, {@code CU_POINTER_ATTRIBUTE_SYNC_MEMOPS} (6), on
     * device memory of the session; the backend checks the address against the session's memory.
     */
    default void pointerSetAttribute(
        final BackendContext context, final long address, final long attribute, final long value,
        final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuPointerSetAttribute is not supported by this backend");
    }
    // Texture and surface objects and the array queries (family "texture and surface objects").

    /** The session's texture and surface objects and the queries of its arrays. */
    BackendTextures textures();

    /**
     * Called from another thread when the session's client is gone while one of its calls runs: make that call end
     * soon, with an error, and refuse the calls that follow. A backend that cannot interrupt a call does nothing.
     */
    default void stopRunningCall(String reason)
    {
    }

    /**
     * Free everything the session holds on every device: library objects, allocations, module variables, streams,
     * events, contexts.
     */
    ReleasedResources close();
}
