package io.gpurelay.executor.dispatch;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.resources.SessionResources.EventEntry;
import io.gpurelay.executor.resources.SessionResources.FunctionEntry;
import io.gpurelay.executor.resources.SessionResources.ModuleEntry;
import io.gpurelay.executor.resources.SessionResources.StreamEntry;
import io.gpurelay.executor.backend.BackendEvent;
import io.gpurelay.executor.backend.BackendHostMemory;
import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.BackendMemoryPool;
import io.gpurelay.executor.backend.BackendModule;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.HostFunction;
import io.gpurelay.executor.backend.KernelParameterLayout;
import io.gpurelay.executor.backend.ManagedHint;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionMemoryQuota;
import io.gpurelay.executor.resources.SessionPinnedMemory;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.PinnedMemoryFiles;
import org.agrona.DirectBuffer;

/**
 * The one place that knows what each hand-written {@link Function} means: which arguments it takes, which context it
 * runs in, which backend method runs it; a row of the function table goes to {@link TableDispatcher}, which knows
 * its arguments from their roles. A plain function is a row of the table; a function with real semantics (copies,
 * launches, modules, contexts) is a case here and a method on {@link BackendSession}. A
 * function of both the runtime and the driver API is one case with one backend method; the API's differences (what
 * names the context, which arguments exist) are settled here, and the reply's status family follows the function's
 * {@link Api}.
 * <p>
 * Where a call runs: a runtime call on the primary context of the client thread's current device (the call's
 * {@code context}); a driver call that works in the current context ({@code cuMemAlloc}, {@code cuModuleLoadData},
 * {@code cuStreamCreate}, copies, {@code cuLaunchKernel}, ...) in the context handle the call carries, which must be
 * live; a call on a module, function, stream or event in the context that object belongs to. An explicit stream must
 * belong to the context the call runs in; 0, 1 and 2 name that context's default stream.
 * <p>
 * A call runs in two steps. {@link #inputSink} first gives functions that can take their input as it arrives (a
 * host-to-device copy) the chance to check their arguments and say where the bytes go; every other function gets its
 * input reassembled. {@link #dispatch} then runs the call once all of its input is there.
 */
public final class CallDispatcher
{
    /** A copy or memset of the runtime's synchronous form, which names no stream: it runs on the default stream. */
    private static final int NO_STREAM_ARGUMENT = -1;
    // Managed memory (family "managed and mapped memory").
    private static final long MEM_ATTACH_GLOBAL = 1;
    private static final long MEM_ATTACH_HOST = 2;
    private static final long MEM_ATTACH_SINGLE = 4;
    private static final long MEM_ADVISE_FIRST = 1;
    private static final long MEM_ADVISE_SET_READ_MOSTLY = 1;
    private static final long MEM_ADVISE_UNSET_READ_MOSTLY = 2;
    private static final long MEM_ADVISE_LAST = 6;
    private static final long CPU_DEVICE_ID = -1;
    private static final long MEM_RANGE_READ_MOSTLY = 1;
    private static final long MEM_RANGE_ACCESSED_BY = 3;
    private static final long MEM_RANGE_LAST_PREFETCH_LOCATION = 4;

    /** {@code CU_STREAM_NON_BLOCKING} / {@code cudaStreamNonBlocking}, the one stream creation flag. */
    private static final long STREAM_NON_BLOCKING = 0x1;
    /** {@code CU_EVENT_BLOCKING_SYNC | CU_EVENT_DISABLE_TIMING | CU_EVENT_INTERPROCESS}. */
    private static final long EVENT_FLAGS = 0x7;
    private static final long EVENT_DISABLE_TIMING = 0x2;
    private static final long EVENT_INTERPROCESS = 0x4;
    /** {@code CU_EVENT_WAIT_EXTERNAL}, the one flag of cuStreamWaitEvent. */
    private static final long EVENT_WAIT_EXTERNAL = 0x1;
    /** The {@code CU_CTX_*} flag bits; the scheduling policy is the low three and 3 is none. */
    private static final long CONTEXT_FLAGS = 0xFF;
    private static final long CONTEXT_SCHEDULE_MASK = 0x7;
    private static final long CONTEXT_SCHEDULE_BLOCKING_SYNC = 0x4;
    private static final long CONTEXT_SCHEDULE_INVALID = 0x3;

    private static final int LAUNCH_PARAMETER_COUNT_ARGUMENT = 9;

    private final BackendSession backend;
    private final SessionResources resources;
    private final BlasDispatcher blas;
    private final int deviceCount;
    private final RandDispatcher rand;
    private final FftDispatcher fft;
    private final RtcDispatcher rtc;
    private final PtxCompilerDispatcher ptxCompiler;
    private final TableDispatcher table;
    /** CUDA graphs (cuGraph*), kept by the executor. */
    private final GraphDispatcher graphs;
    /** Pitched memory, CUDA arrays and 2D/3D copies. */
    private final ArraysDispatcher arrays;
    /** Virtual memory management: reservations, physical allocations, mappings. */
    private final VirtualMemory virtualMemory;
    /** Texture and surface objects and the array queries. */
    private final TextureObjects textureObjects;
    /** Pinned host memory shared with the client; null when the session is offered none (not IPC, or disabled). */
    private final SessionPinnedMemory pinnedMemory;
    /** Callbacks whose code runs in the client; null when there is no client to run them. */
    private final SessionCallbacks callbacks;

    public CallDispatcher(final BackendSession backend, final long sessionId, final int deviceCount,
        final SessionMemoryQuota memoryQuota)
    {
        this(backend, sessionId, deviceCount, memoryQuota, null, null);
    }

    /**
     * @param callbacks the session's stream callbacks, or null where no client can run them.
     */
    public CallDispatcher(final BackendSession backend, final long sessionId, final int deviceCount,
        final SessionMemoryQuota memoryQuota, final SessionPinnedMemory pinnedMemory, final SessionCallbacks callbacks)
    {
        this.backend = backend;
        this.pinnedMemory = pinnedMemory;
        this.callbacks = callbacks;
        this.resources = new SessionResources(sessionId, backend, deviceCount, memoryQuota);
        this.blas = new BlasDispatcher(resources, backend.blas(), deviceCount);
        this.deviceCount = deviceCount;
        this.rand = new RandDispatcher(backend.rand(), resources);
        this.fft = new FftDispatcher(backend.fft(), resources);
        this.rtc = new RtcDispatcher(backend.rtc(), resources);
        this.ptxCompiler = new PtxCompilerDispatcher(backend.ptxCompiler(), resources);
        this.table = new TableDispatcher(backend, resources, deviceCount);
        this.graphs = new GraphDispatcher(backend, resources, callbacks);
        this.arrays = new ArraysDispatcher(resources, backend.arrays());
        this.virtualMemory = new VirtualMemory(resources, backend.virtualMemory(), deviceCount);
        this.textureObjects = new TextureObjects(arrays, backend.textures(), deviceCount);
    }

    /**
     * Where the call's input payload goes as it arrives, for a function that streams it; null for a function whose
     * input is reassembled first, or when the call is refused (the failure is then in {@code result}).
     */
    public PayloadSink inputSink(final ReceivedCall call, final CallResult result)
    {
        final Function function = call.function();
        if (function == null ||
            function != Function.CUDA_MEMCPY_HTOD && function != Function.CUDA_MEMCPY_HTOD_ASYNC &&
            function != Function.CU_MEMCPY_HTOD)
        {
            return null;
        }
        resources.beginCall();
        final PayloadSink sink = hostToDeviceSink(call, function == Function.CUDA_MEMCPY_HTOD ? NO_STREAM_ARGUMENT : 2,
            result);
        resources.endCall(result);
        return sink;
    }

    /**
     * Run a call whose input, if any, has fully arrived: in {@code input} when reassembled or inline, already in
     * its destination when streamed through {@link #inputSink}.
     */
    public void dispatch(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        resources.beginCall();
        if (call.row() != null)
        {
            table.dispatch(call, input, result);
            resources.endCall(result);
            return;
        }
        final Function function = call.function();
        if (function.api() == Api.CUBLAS)
        {
            blas.dispatch(call, input, result);
            resources.endCall(result);
            return;
        }
        // CUDA graphs.
        if (GraphDispatcher.handles(function))
        {
            graphs.dispatch(call, input, result);
            resources.endCall(result);
            return;
        }
        switch (function)
        {
            case CUDA_GET_DEVICE_COUNT, CU_DEVICE_GET_COUNT -> backend.getDeviceCount(result);
            case CUDA_GET_DEVICE_PROPERTIES ->
            {
                final int device = device(call.arg(0), result);
                if (device >= 0)
                {
                    backend.getDeviceProperties(device, result);
                }
            }
            case CUDA_DEVICE_GET_ATTRIBUTE, CU_DEVICE_GET_ATTRIBUTE -> deviceGetAttribute(call, result);
            case CUDA_DRIVER_GET_VERSION, CU_DRIVER_GET_VERSION -> backend.driverGetVersion(result);
            case CUDA_RUNTIME_GET_VERSION -> backend.runtimeGetVersion(result);
            case CU_DEVICE_GET_NAME ->
            {
                final int device = device(call.arg(0), result);
                if (device >= 0)
                {
                    backend.deviceGetName(device, result);
                }
            }
            case CU_DEVICE_GET_UUID ->
            {
                final int device = device(call.arg(0), result);
                if (device >= 0)
                {
                    backend.deviceGetUuid(device, result);
                }
            }

            case CUDA_MEM_GET_INFO, CU_MEM_GET_INFO ->
            {
                final ContextEntry context = currentContext(call, result);
                if (context != null)
                {
                    backend.memGetInfo(context.backend, result);
                    if (!result.failed())
                    {
                        resources.memoryQuota().limitMemoryInfo(result.values());
                    }
                }
            }
            case CUDA_MALLOC, CU_MEM_ALLOC -> malloc(call, result);
            case CUDA_FREE, CU_MEM_FREE ->
            {
                final ContextEntry context = currentContext(call, result);
                if (context != null)
                {
                    backend.free(context.backend, call.arg(0), result);
                    if (!result.failed())
                    {
                        resources.memoryQuota().release(call.arg(0));
                    }
                }
            }
            case CUDA_MEMCPY_HTOD, CUDA_MEMCPY_HTOD_ASYNC, CU_MEMCPY_HTOD ->
            {
                // inputSink checked the destination and every byte went there as it arrived; what is left is to
                // report a chunk the device refused, in the context the copy ran in.
                if (currentContext(call, result) != null)
                {
                    backend.finishHostToDevice(result);
                }
            }
            case CUDA_MEMCPY_DTOH -> memcpyDeviceToHost(call, NO_STREAM_ARGUMENT, result);
            case CUDA_MEMCPY_DTOH_ASYNC, CU_MEMCPY_DTOH -> memcpyDeviceToHost(call, 2, result);
            case CUDA_MEMCPY_DTOD -> memcpyDeviceToDevice(call, NO_STREAM_ARGUMENT, result);
            case CUDA_MEMCPY_DTOD_ASYNC, CU_MEMCPY_DTOD -> memcpyDeviceToDevice(call, 3, result);
            case CUDA_HOST_ALLOC, CU_MEM_HOST_ALLOC -> hostAlloc(call, result);
            case CUDA_FREE_HOST, CU_MEM_FREE_HOST -> freeHost(call, result);
            case CUDA_MEMCPY_HOST_MEMORY, CU_MEMCPY_HOST_MEMORY -> memcpyHostMemory(call, result);
            case CUDA_HOST_GET_DEVICE_POINTER, CU_MEM_HOST_GET_DEVICE_POINTER -> hostGetDevicePointer(call, result);
            case CUDA_MEMSET -> memset(call, 1, NO_STREAM_ARGUMENT, result);
            case CUDA_MEMSET_ASYNC -> memset(call, 1, 3, result);
            case CU_MEMSET -> memset(call, call.arg(3), 4, result);

            case CUDA_DEVICE_SYNCHRONIZE, CU_CTX_SYNCHRONIZE ->
            {
                final ContextEntry context = currentContext(call, result);
                if (context != null)
                {
                    backend.synchronizeContext(context.backend, result);
                }
            }
            case CUDA_DEVICE_RESET ->
            {
                final int device = device(call.context(), result);
                if (device >= 0)
                {
                    resources.resetPrimaryContext(device);
                }
            }
            case CU_CTX_CREATE -> createContext(call, result);
            case CU_CTX_DESTROY -> resources.destroyContext(call.arg(0), result);
            case CU_DEVICE_PRIMARY_CTX_RETAIN ->
            {
                final int device = device(call.arg(0), result);
                if (device >= 0)
                {
                    final long handle = resources.retainPrimaryContext(device, result);
                    if (!result.failed())
                    {
                        result.value(handle);
                    }
                }
            }
            case CU_DEVICE_PRIMARY_CTX_RELEASE ->
            {
                final int device = device(call.arg(0), result);
                if (device >= 0)
                {
                    resources.releasePrimaryContext(device, result);
                }
            }
            case CU_DEVICE_PRIMARY_CTX_RESET ->
            {
                final int device = device(call.arg(0), result);
                if (device >= 0)
                {
                    resources.resetPrimaryContext(device);
                }
            }
            case CU_DEVICE_PRIMARY_CTX_GET_STATE ->
            {
                final int device = device(call.arg(0), result);
                if (device >= 0)
                {
                    resources.primaryContextState(device, result);
                }
            }

            case CU_MODULE_LOAD_DATA ->
            {
                final ContextEntry context = currentContext(call, result);
                if (context != null)
                {
                    final BackendModule module = backend.loadModule(context.backend, input, result);
                    if (module != null)
                    {
                        result.value(resources.addModule(context, module));
                    }
                }
            }
            case CU_MODULE_UNLOAD ->
            {
                final ModuleEntry module = resources.module(call.arg(0), result);
                if (module != null)
                {
                    resources.unloadModule(module);
                }
            }
            case CU_MODULE_GET_FUNCTION -> getFunction(call, input, result);
            case CU_MODULE_GET_GLOBAL ->
            {
                final ModuleEntry module = resources.module(call.arg(0), result);
                if (module != null)
                {
                    backend.getGlobal(module.backend, name(input), result);
                }
            }
            case CU_LAUNCH_KERNEL -> launchKernel(call, input, false, result);

            case CUDA_STREAM_CREATE, CU_STREAM_CREATE -> createStream(call, result);
            case CUDA_STREAM_DESTROY, CU_STREAM_DESTROY ->
            {
                final long handle = call.arg(0);
                if (SessionResources.isDefaultStream(handle))
                {
                    result.fail(CudaError.INVALID_HANDLE, "the default stream cannot be destroyed");
                }
                else
                {
                    final StreamEntry stream = resources.stream(handle, result);
                    if (stream != null)
                    {
                        resources.destroyStream(stream);
                    }
                }
            }
            case CUDA_STREAM_SYNCHRONIZE, CU_STREAM_SYNCHRONIZE ->
            {
                final StreamEntry stream = namedStream(call, 0, result);
                if (stream != null)
                {
                    backend.synchronizeStream(stream.context.backend, stream.backend, result);
                }
            }
            case CUDA_STREAM_QUERY, CU_STREAM_QUERY ->
            {
                final StreamEntry stream = namedStream(call, 0, result);
                if (stream != null)
                {
                    backend.queryStream(stream.context.backend, stream.backend, result);
                }
            }
            case CUDA_STREAM_WAIT_EVENT, CU_STREAM_WAIT_EVENT -> streamWaitEvent(call, result);
            case CUDA_STREAM_ADD_CALLBACK, CU_STREAM_ADD_CALLBACK -> launchHostFunction(call, true, result);
            case CUDA_LAUNCH_HOST_FUNC, CU_LAUNCH_HOST_FUNC -> launchHostFunction(call, false, result);
            case CUDA_EVENT_CREATE, CU_EVENT_CREATE -> createEvent(call, result);
            case CUDA_EVENT_RECORD, CU_EVENT_RECORD ->
            {
                final EventEntry event = resources.event(call.arg(0), result);
                if (event != null)
                {
                    final StreamEntry stream = resources.streamIn(call.arg(1), event.context, result);
                    if (stream != null)
                    {
                        backend.recordEvent(event.backend, stream.backend, result);
                    }
                }
            }
            case CUDA_EVENT_SYNCHRONIZE, CU_EVENT_SYNCHRONIZE ->
            {
                final EventEntry event = resources.event(call.arg(0), result);
                if (event != null)
                {
                    backend.synchronizeEvent(event.backend, result);
                }
            }
            case CUDA_EVENT_QUERY, CU_EVENT_QUERY ->
            {
                final EventEntry event = resources.event(call.arg(0), result);
                if (event != null)
                {
                    backend.queryEvent(event.backend, result);
                }
            }
            case CUDA_EVENT_ELAPSED_TIME, CU_EVENT_ELAPSED_TIME ->
            {
                final EventEntry start = resources.event(call.arg(0), result);
                final EventEntry end = start == null ? null : resources.event(call.arg(1), result);
                if (end != null)
                {
                    backend.eventElapsedTime(start.backend, end.backend, result);
                }
            }
            case CUDA_EVENT_DESTROY, CU_EVENT_DESTROY ->
            {
                final EventEntry event = resources.event(call.arg(0), result);
                if (event != null)
                {
                    resources.destroyEvent(event);
                }
            }
            // Stream-ordered allocation, memory pools, stream priorities, cooperative launches.
            case CU_MEM_ALLOC_ASYNC -> mallocAsync(call, result);
            case CU_MEM_FREE_ASYNC -> freeAsync(call, result);
            case CU_MEM_POOL_CREATE -> createMemoryPool(call, result);
            case CU_MEM_POOL_DESTROY ->
            {
                final SessionResources.LibraryObjectEntry pool = memoryPool(call.arg(0), result);
                if (pool != null)
                {
                    backend.destroyMemoryPool((BackendMemoryPool)pool.object, result);
                    if (!result.failed())
                    {
                        resources.removeLibraryObject(pool);
                    }
                }
            }
            case CU_MEM_POOL_TRIM_TO ->
            {
                final SessionResources.LibraryObjectEntry pool = memoryPool(call.arg(0), result);
                if (pool != null)
                {
                    backend.trimMemoryPool((BackendMemoryPool)pool.object, call.arg(1), result);
                }
            }
            case CU_STREAM_CREATE_WITH_PRIORITY, CUDA_STREAM_CREATE_WITH_PRIORITY ->
                createStreamWithPriority(call, result);
            case CU_LAUNCH_COOPERATIVE_KERNEL -> launchKernel(call, input, true, result);
            case CU_STREAM_GET_ATTRIBUTE, CUDA_STREAM_GET_ATTRIBUTE -> streamAttribute(call, false, result);
            case CU_STREAM_SET_ATTRIBUTE, CUDA_STREAM_SET_ATTRIBUTE -> streamAttribute(call, true, result);
            case CU_LINK_COMPLETE -> link(call, input, result);
            case CU_DEVICE_PRIMARY_CTX_SET_FLAGS ->
            {
                final int device = device(call.arg(0), result);
                final long flags = call.arg(1);
                if (device >= 0 && validContextFlags(flags, "cuDevicePrimaryCtxSetFlags", result))
                {
                    resources.setPrimaryContextFlags(device, (int)flags, result);
                }
            }

            // Pitched memory, CUDA arrays and 2D/3D copies.
            case CU_MEM_ALLOC_PITCH, CUDA_MALLOC_PITCH, CU_ARRAY_CREATE, CUDA_MALLOC_ARRAY, CU_ARRAY_DESTROY,
                CUDA_FREE_ARRAY, CU_ARRAY_GET_DESCRIPTOR, CUDA_ARRAY_GET_INFO, CU_MEMCPY_3D, CUDA_MEMCPY_3D,
                CUDA_MEMSET_3D, CU_MIPMAPPED_ARRAY_CREATE, CUDA_MALLOC_MIPMAPPED_ARRAY, CU_MIPMAPPED_ARRAY_GET_LEVEL,
                CUDA_GET_MIPMAPPED_ARRAY_LEVEL, CU_MIPMAPPED_ARRAY_DESTROY, CUDA_FREE_MIPMAPPED_ARRAY ->
                arrays.dispatch(call, currentContext(call, result), input, result);

            // Texture and surface objects and the array queries (TextureObjects).
            case CU_TEX_OBJECT_CREATE, CU_SURF_OBJECT_CREATE, CU_TEX_SURF_OBJECT_DESTROY,
                CU_TEX_SURF_OBJECT_GET_RESOURCE_DESC, CU_TEX_OBJECT_GET_TEXTURE_DESC,
                CU_TEX_OBJECT_GET_RESOURCE_VIEW_DESC, CUDA_CREATE_SURFACE_OBJECT, CUDA_TEX_SURF_OBJECT_DESTROY,
                CUDA_TEX_SURF_OBJECT_GET_RESOURCE_DESC, CUDA_GET_TEXTURE_OBJECT_RESOURCE_VIEW_DESC,
                CU_ARRAY_GET_SPARSE_PROPERTIES, CU_ARRAY_GET_MEMORY_REQUIREMENTS, CU_ARRAY_GET_PLANE,
                CUDA_ARRAY_GET_SPARSE_PROPERTIES, CUDA_ARRAY_GET_MEMORY_REQUIREMENTS, CUDA_ARRAY_GET_PLANE ->
                textureObjects.dispatch(call, currentContext(call, result), result);

            // Managed memory (family "managed and mapped memory").
            case CUDA_MALLOC_MANAGED, CU_MEM_ALLOC_MANAGED -> mallocManaged(call, result);
            case CUDA_MEM_ADVISE, CU_MEM_ADVISE -> managedHint(call, ManagedHint.ADVISE, result);
            case CUDA_MEM_PREFETCH_ASYNC, CU_MEM_PREFETCH_ASYNC -> managedHint(call, ManagedHint.PREFETCH, result);
            case CUDA_STREAM_ATTACH_MEM_ASYNC, CU_STREAM_ATTACH_MEM_ASYNC ->
                managedHint(call, ManagedHint.ATTACH, result);
            case CUDA_POINTER_GET_ATTRIBUTES, CU_POINTER_GET_ATTRIBUTE -> backend.pointerAttributes(call.arg(0), result);
            case CUDA_MEM_RANGE_GET_ATTRIBUTE, CU_MEM_RANGE_GET_ATTRIBUTE -> memRangeAttribute(call, result);

            // Virtual memory management and pointer attributes (family "virtual memory").
            case CU_MEM_GET_ALLOCATION_GRANULARITY, CU_MEM_ADDRESS_RESERVE, CU_MEM_ADDRESS_FREE, CU_MEM_CREATE,
                CU_MEM_RELEASE, CU_MEM_MAP, CU_MEM_UNMAP, CU_MEM_SET_ACCESS, CU_MEM_GET_ACCESS,
                CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE, CU_MEM_RETAIN_ALLOCATION_HANDLE ->
                virtualMemory.dispatch(call,
                    VirtualMemory.needsContext(function) ? currentContext(call, result) : null, result);
            case CU_POINTER_SET_ATTRIBUTE ->
            {
                final ContextEntry context = currentContext(call, result);
                if (context != null)
                {
                    backend.pointerSetAttribute(context.backend, call.arg(0), call.arg(1), call.arg(2), result);
                }
            }
            default -> dispatchLibraryCall(call, input, result);
        }
        resources.endCall(result);
    }

    // Stream-ordered allocation, memory pools, stream priorities, cooperative launches.

    /** {@code CU_MEM_ALLOCATION_TYPE_PINNED}, the one allocation type of a pool. */
    private static final long MEM_ALLOCATION_TYPE_PINNED = 1;
    /** {@code CU_MEM_LOCATION_TYPE_DEVICE}, {@code _HOST}, {@code _HOST_NUMA}, {@code _HOST_NUMA_CURRENT}. */
    private static final long MEM_LOCATION_TYPE_DEVICE = 1;
    private static final long MEM_LOCATION_TYPE_HOST_NUMA_CURRENT = 4;

    /**
     * args: size, stream, pool (0: the device's current pool). The allocation is admitted by the session's quota and
     * charged to the stream's context, as a malloc is.
     */
    private void mallocAsync(final ReceivedCall call, final CallResult result)
    {
        final long size = call.arg(0);
        final String name = call.arg(2) == 0 ? "cuMemAllocAsync" : "cuMemAllocFromPoolAsync";
        final StreamEntry stream = namedStream(call, 1, result);
        if (stream == null)
        {
            return;
        }
        BackendMemoryPool pool = null;
        if (call.arg(2) != 0)
        {
            final SessionResources.LibraryObjectEntry entry = memoryPool(call.arg(2), result);
            if (entry == null)
            {
                return;
            }
            pool = (BackendMemoryPool)entry.object;
            if (pool.device() != stream.context.device)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": the pool's memory is on device " + pool.device() +
                    " and the stream's context on device " + stream.context.device + "; gpurelay allocates from a " +
                    "pool on a stream of the pool's device only");
                return;
            }
        }
        if (size == 0)
        {
            // CUDA 13 answers success for 0 bytes (on the H100); no memory, a null pointer.
            result.value(0);
            return;
        }
        final SessionMemoryQuota quota = resources.memoryQuota();
        if (!quota.admit(size, result, name))
        {
            return;
        }
        backend.mallocAsync(stream.context.backend, stream.backend, pool, size, result);
        if (!result.failed())
        {
            quota.charge(result.values()[0], size, stream.context);
        }
    }

    /** args: device address, stream. */
    private void freeAsync(final ReceivedCall call, final CallResult result)
    {
        final StreamEntry stream = namedStream(call, 1, result);
        if (stream != null)
        {
            backend.freeAsync(stream.context.backend, stream.backend, call.arg(0), result);
            if (!result.failed())
            {
                resources.memoryQuota().release(call.arg(0));
            }
        }
    }

    /**
     * args: allocation type, handle types, location type, location id. A pool of pinned device memory without
     * shareable handles: a shareable handle is an operating-system handle (a file descriptor) of the executor's
     * host, which the client could not use.
     */
    private void createMemoryPool(final ReceivedCall call, final CallResult result)
    {
        final long allocationType = call.arg(0);
        final long handleTypes = call.arg(1);
        final long locationType = call.arg(2);
        if (allocationType != MEM_ALLOCATION_TYPE_PINNED)
        {
            result.fail(CudaError.INVALID_VALUE, "cuMemPoolCreate: allocation type " + allocationType +
                " is not CU_MEM_ALLOCATION_TYPE_PINNED");
            return;
        }
        if (handleTypes != 0)
        {
            result.fail(CudaError.NOT_SUPPORTED, "cuMemPoolCreate: handle types 0x" + Long.toHexString(handleTypes) +
                " ask for shareable handles, which are operating-system handles of the executor's host that the " +
                "client cannot use; gpurelay makes pools without them (CU_MEM_HANDLE_TYPE_NONE)");
            return;
        }
        if (locationType != MEM_LOCATION_TYPE_DEVICE)
        {
            result.fail(locationType > MEM_LOCATION_TYPE_DEVICE && locationType <= MEM_LOCATION_TYPE_HOST_NUMA_CURRENT ?
                CudaError.NOT_SUPPORTED : CudaError.INVALID_VALUE, "cuMemPoolCreate: location type " + locationType +
                " is not CU_MEM_LOCATION_TYPE_DEVICE; gpurelay makes pools of device memory only");
            return;
        }
        final int device = device(call.arg(3), result);
        if (device < 0)
        {
            return;
        }
        final BackendMemoryPool pool = backend.createMemoryPool(device, result);
        if (pool != null)
        {
            result.value(resources.addLibraryObject(HandleKind.MEMORY_POOL, null, pool));
        }
    }

    private SessionResources.LibraryObjectEntry memoryPool(final long handle, final CallResult result)
    {
        return resources.libraryObject(handle, HandleKind.MEMORY_POOL, CudaError.INVALID_VALUE, result);
    }

    /** args: flags, priority. */
    private void createStreamWithPriority(final ReceivedCall call, final CallResult result)
    {
        final long flags = call.arg(0);
        final long priority = call.arg(1);
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        final String name = result.name("cudaStreamCreateWithPriority", "cuStreamCreateWithPriority");
        if ((flags & ~STREAM_NON_BLOCKING) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags 0x" + Long.toHexString(flags) +
                " are not 0 or the non-blocking flag");
            return;
        }
        if (priority != (int)priority)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": priority " + priority + " is not a 32-bit int");
            return;
        }
        final BackendStream stream = backend.createStreamWithPriority(context.backend, (int)flags, (int)priority,
            result);
        if (stream != null)
        {
            result.value(resources.addStream(context, stream));
        }
    }

    /**
     * args: stream, attribute, then for a set the values. The two attributes JCuda's value structs carry: the
     * access policy window (hit ratio 0 to 1, hit and miss properties normal, streaming or persisting) and the
     * synchronization policy (auto, spin, yield or blocking sync).
     */
    private void streamAttribute(final ReceivedCall call, final boolean set, final CallResult result)
    {
        final String name = set ? result.name("cudaStreamSetAttribute", "cuStreamSetAttribute") :
            result.name("cudaStreamGetAttribute", "cuStreamGetAttribute");
        final StreamEntry stream = namedStream(call, 0, result);
        if (stream == null)
        {
            return;
        }
        final long attribute = call.arg(1);
        final int valueCount;
        if (attribute == BackendSession.STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW)
        {
            valueCount = 5;
        }
        else if (attribute == BackendSession.STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY)
        {
            valueCount = 1;
        }
        else
        {
            result.fail(CudaError.NOT_SUPPORTED, name + ": attribute " + attribute + " is not the access policy " +
                "window (1) or the synchronization policy (3), the two JCuda's attribute value carries");
            return;
        }
        if (!set)
        {
            backend.streamGetAttribute(stream.context.backend, stream.backend, (int)attribute, result);
            return;
        }
        final long[] values = new long[valueCount];
        for (int i = 0; i < valueCount; i++)
        {
            values[i] = call.arg(2 + i);
        }
        if (valueCount == 1 ? values[0] < 1 || values[0] > 4 : !validAccessPolicyWindow(values))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": values " + java.util.Arrays.toString(values) +
                " are not a valid " + (valueCount == 1 ? "synchronization policy (1 to 4)" :
                "access policy window (a hit ratio from 0 to 1, properties 0 to 2)"));
            return;
        }
        backend.streamSetAttribute(stream.context.backend, stream.backend, (int)attribute, values, result);
    }

    /** {@code CU_JIT_INPUT_CUBIN} to {@code CU_JIT_INPUT_LIBRARY}: what the linker takes. */
    private static final long JIT_INPUT_LAST = 4;

    /**
     * args: input count, then each input's type and length; the payload holds the inputs, whose lengths must add up
     * to it.
     */
    private void link(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        final long count = call.arg(0);
        if (count <= 0 || count > (CallResult.MAX_VALUES - 1) / 2)
        {
            result.fail(CudaError.INVALID_VALUE, "cuLinkComplete: " + count + " inputs; a link takes 1 to " +
                (CallResult.MAX_VALUES - 1) / 2 + " here");
            return;
        }
        final int[] types = new int[(int)count];
        final int[] offsets = new int[(int)count];
        final int[] lengths = new int[(int)count];
        long offset = 0;
        for (int i = 0; i < count; i++)
        {
            final long type = call.arg(1 + 2 * i);
            final long length = call.arg(2 + 2 * i);
            if (type < 0 || type > JIT_INPUT_LAST || length <= 0 || length > input.capacity() - offset)
            {
                result.fail(CudaError.INVALID_VALUE, "cuLinkComplete: input " + i + " (type " + type + ", " + length +
                    " bytes) is not a JIT input type with bytes inside the call's " + input.capacity());
                return;
            }
            types[i] = (int)type;
            offsets[i] = (int)offset;
            lengths[i] = (int)length;
            offset += length;
        }
        if (offset != input.capacity())
        {
            result.fail(CudaError.INVALID_VALUE, "cuLinkComplete: the inputs hold " + offset + " bytes, the call " +
                input.capacity());
            return;
        }
        backend.link(context.backend, types, offsets, lengths, input, result);
    }

    private static boolean validAccessPolicyWindow(final long[] values)
    {
        final float hitRatio = Float.intBitsToFloat((int)values[2]);
        return values[2] == (int)values[2] && hitRatio >= 0 && hitRatio <= 1 && values[3] >= 0 && values[3] <= 2 &&
            values[4] >= 0 && values[4] <= 2 && values[1] >= 0;
    }

    private static boolean validContextFlags(final long flags, final String name, final CallResult result)
    {
        final long schedule = flags & CONTEXT_SCHEDULE_MASK;
        if ((flags & ~CONTEXT_FLAGS) != 0 || schedule == CONTEXT_SCHEDULE_INVALID ||
            schedule > CONTEXT_SCHEDULE_BLOCKING_SYNC)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags 0x" + Long.toHexString(flags) +
                " are not a combination of CU_CTX_* flags");
            return false;
        }
        return true;
    }

    private void dispatchLibraryCall(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        switch (call.function().api())
        {
            case CURAND -> rand.dispatch(call, result);
            case CUFFT -> fft.dispatch(call, result);
            case NVRTC -> rtc.dispatch(call, input, result);
            case NVPTXCOMPILER -> ptxCompiler.dispatch(call, input, result);
            default -> notSupported(call.functionId(), call.function().name(), result);
        }
    }

    /**
     * A function this executor cannot run: {@code cudaErrorNotSupported} or {@code CUDA_ERROR_NOT_SUPPORTED}.
     */
    public static void notSupported(final int functionId, final String functionName, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "function " + (functionName == null ? "id " + functionId :
            functionName + " (id " + functionId + ")") + " is not supported by this executor");
    }

    private PayloadSink hostToDeviceSink(final ReceivedCall call, final int streamArgument, final CallResult result)
    {
        final ContextEntry context = currentContext(call, result);
        final StreamEntry stream = context == null ? null : stream(call, streamArgument, context, result);
        if (stream == null)
        {
            return null;
        }
        final long destination = call.arg(0);
        final long count = call.arg(1);
        if (count != call.totalPayloadLength())
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaMemcpy host to device", "cuMemcpyHtoD") + " of " +
                count + " bytes carries " + call.totalPayloadLength() + " bytes of data");
            return null;
        }
        return backend.memcpyHostToDevice(context.backend, stream.backend, destination, count, result);
    }

    private void deviceGetAttribute(final ReceivedCall call, final CallResult result)
    {
        final long attribute = call.arg(0);
        final int device = device(call.arg(1), result);
        if (device < 0)
        {
            return;
        }
        if (attribute != (int)attribute)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaDeviceGetAttribute", "cuDeviceGetAttribute") +
                ": attribute " + attribute + " does not exist");
            return;
        }
        backend.deviceGetAttribute(device, (int)attribute, result);
    }

    /**
     * {@code cudaMalloc(0)} gives a NULL pointer; {@code cuMemAlloc} refuses a size of 0. The session's quota is
     * asked first.
     */
    private void malloc(final ReceivedCall call, final CallResult result)
    {
        final long size = call.arg(0);
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        if (size == 0 && call.function().api() == Api.DRIVER)
        {
            result.fail(CudaError.INVALID_VALUE, "cuMemAlloc: a size of 0 bytes");
            return;
        }
        final SessionMemoryQuota quota = resources.memoryQuota();
        if (!quota.admit(size, result, result.name("cudaMalloc", "cuMemAlloc")))
        {
            return;
        }
        backend.malloc(context.backend, size, result);
        if (!result.failed())
        {
            quota.charge(result.values()[0], size, context);
        }
    }

    private void memcpyDeviceToHost(final ReceivedCall call, final int streamArgument, final CallResult result)
    {
        final ContextEntry context = currentContext(call, result);
        final StreamEntry stream = context == null ? null : stream(call, streamArgument, context, result);
        if (stream != null)
        {
            backend.memcpyDeviceToHost(context.backend, stream.backend, call.arg(0), call.arg(1), result);
        }
    }

    /**
     * Destroy the session's texture and surface objects, while the contexts they were made in still exist. Called as
     * the session closes, before the backend session.
     */
    public void closeTextureObjects()
    {
        textureObjects.close();
    }

    /**
     * Destroy the library objects of the function table's rows (cuSOLVER handles) the session left, while the
     * contexts they were made in still exist. Called as the session closes, before the backend session.
     */
    public void closeLibraryObjects()
    {
        resources.destroyOwnedObjects();
    }

    /**
     * Free the session's pinned host memory: unregistered from the backend while its contexts still exist, then
     * unmapped and its files removed. Called as the session closes.
     */
    public void closePinnedMemory()
    {
        if (pinnedMemory != null)
        {
            pinnedMemory.closeAll(entry -> backend.unregisterHostMemory(entry.backend));
        }
    }

    /**
     * cudaMallocHost, cudaHostAlloc, cuMemAllocHost, cuMemHostAlloc: a file in the Aeron directory, mapped here and
     * registered by the backend in the call's context (portable, so every context of the session may use it), within
     * the session's pinned memory limit.
     */
    private void hostAlloc(final ReceivedCall call, final CallResult result)
    {
        final String name = result.name("cudaHostAlloc", "cuMemHostAlloc");
        if (pinnedMemory == null)
        {
            result.fail(CudaError.NOT_SUPPORTED, name + ": this session is offered no shared pinned memory (it is " +
                "not an IPC session, or the executor runs with --pinned-memory 0)");
            return;
        }
        final long size = call.arg(0);
        final long flags = call.arg(1);
        if ((flags & ~PinnedMemoryFiles.KNOWN_FLAGS) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": unknown flags 0x" + Long.toHexString(flags));
            return;
        }
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        final String refusal = pinnedMemory.refusal(size);
        if (refusal != null)
        {
            result.fail(size <= 0 ? CudaError.INVALID_VALUE : CudaError.OUT_OF_MEMORY, name + ": " + refusal);
            return;
        }
        final SessionPinnedMemory.Entry entry;
        try
        {
            entry = pinnedMemory.create(size);
        }
        catch (final IOException | RuntimeException ex)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + ": cannot create shared memory of " + size + " bytes: " + ex);
            return;
        }
        final BackendHostMemory registered = backend.registerHostMemory(context.backend, entry.mapped,
            (flags & PinnedMemoryFiles.FLAG_DEVICE_MAPPED) != 0, result);
        if (registered == null)
        {
            pinnedMemory.discard(entry);
            return;
        }
        pinnedMemory.add(entry, registered);
        result.value(entry.handle).value(entry.length)
            .payload(new ByteArrayPayload(entry.file.getFileName().toString().getBytes(StandardCharsets.US_ASCII)));
    }

    private void freeHost(final ReceivedCall call, final CallResult result)
    {
        final SessionPinnedMemory.Entry entry = pinnedMemory == null ? null : pinnedMemory.remove(call.arg(0));
        if (entry == null)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaFreeHost", "cuMemFreeHost") + ": handle " +
                call.arg(0) + " is not live pinned memory of this session");
            return;
        }
        try
        {
            backend.unregisterHostMemory(entry.backend);
        }
        finally
        {
            pinnedMemory.release(entry);
        }
    }

    /**
     * A copy between pinned host memory and the device: the allocation and the range in it are checked here, the
     * device range by the backend.
     */
    private void memcpyHostMemory(final ReceivedCall call, final CallResult result)
    {
        final String name = result.name("cudaMemcpy with pinned memory", "cuMemcpy with pinned memory");
        final long direction = call.arg(0);
        if (direction != PinnedMemoryFiles.HOST_TO_DEVICE && direction != PinnedMemoryFiles.DEVICE_TO_HOST)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": direction " + direction + " is not 1 or 2");
            return;
        }
        final SessionPinnedMemory.Entry entry = pinnedEntry(call.arg(2), name, result);
        if (entry == null)
        {
            return;
        }
        final long offset = call.arg(3);
        final long count = call.arg(4);
        if (!entry.contains(offset, count))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + count + " bytes at offset " + offset +
                " do not fit the pinned allocation (" + entry.length + " bytes)");
            return;
        }
        final ContextEntry context = currentContext(call, result);
        final StreamEntry stream = context == null ? null : stream(call, 5, context, result);
        if (stream != null)
        {
            backend.memcpyHostMemory(context.backend, stream.backend, direction == PinnedMemoryFiles.HOST_TO_DEVICE,
                call.arg(1), entry.backend, offset, count, call.arg(6) != 0, result);
        }
    }

    private void hostGetDevicePointer(final ReceivedCall call, final CallResult result)
    {
        final String name = result.name("cudaHostGetDevicePointer", "cuMemHostGetDevicePointer");
        final SessionPinnedMemory.Entry entry = pinnedEntry(call.arg(0), name, result);
        if (entry == null)
        {
            return;
        }
        final long offset = call.arg(1);
        if (!entry.contains(offset, 0))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": offset " + offset + " is outside the pinned allocation (" +
                entry.length + " bytes)");
            return;
        }
        final long base = entry.backend.devicePointer();
        if (base == 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the memory was not allocated as mapped " +
                "(cudaHostAllocMapped / CU_MEMHOSTALLOC_DEVICEMAP)");
            return;
        }
        result.value(base + offset);
    }

    private SessionPinnedMemory.Entry pinnedEntry(final long handle, final String name, final CallResult result)
    {
        final SessionPinnedMemory.Entry entry = pinnedMemory == null ? null : pinnedMemory.get(handle);
        if (entry == null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": handle " + handle +
                " is not live pinned memory of this session (freed?)");
        }
        return entry;
    }

    private void memcpyDeviceToDevice(final ReceivedCall call, final int streamArgument, final CallResult result)
    {
        final ContextEntry context = currentContext(call, result);
        final StreamEntry stream = context == null ? null : stream(call, streamArgument, context, result);
        if (stream != null)
        {
            backend.memcpyDeviceToDevice(
                context.backend, stream.backend, call.arg(0), call.arg(1), call.arg(2), result);
        }
    }

    private void memset(
        final ReceivedCall call, final long elementSize, final int streamArgument, final CallResult result)
    {
        final ContextEntry context = currentContext(call, result);
        final StreamEntry stream = context == null ? null : stream(call, streamArgument, context, result);
        if (stream == null)
        {
            return;
        }
        if (elementSize != 1 && elementSize != 2 && elementSize != 4)
        {
            result.fail(CudaError.INVALID_VALUE, "cuMemset: element size " + elementSize + " is not 1, 2 or 4");
            return;
        }
        backend.memset(context.backend, stream.backend, call.arg(0), (int)call.arg(1), call.arg(2),
            (int)elementSize, result);
    }

    private void createContext(final ReceivedCall call, final CallResult result)
    {
        final long flags = call.arg(0);
        final int device = device(call.arg(1), result);
        if (device < 0)
        {
            return;
        }
        final long schedule = flags & CONTEXT_SCHEDULE_MASK;
        if ((flags & ~CONTEXT_FLAGS) != 0 || schedule == CONTEXT_SCHEDULE_INVALID ||
            schedule > CONTEXT_SCHEDULE_BLOCKING_SYNC)
        {
            result.fail(CudaError.INVALID_VALUE, "cuCtxCreate: flags 0x" + Long.toHexString(flags) +
                " are not a combination of CU_CTX_* flags");
            return;
        }
        final long handle = resources.createContext(device, (int)flags, result);
        if (handle != 0)
        {
            result.value(handle);
        }
    }

    private void getFunction(final ReceivedCall call, final DirectBuffer input, final CallResult result)
    {
        final ModuleEntry module = resources.module(call.arg(0), result);
        if (module == null)
        {
            return;
        }
        final String name = name(input);
        final FunctionEntry known = module.function(name);
        if (known != null)
        {
            replyWithSignature(known.handle, known.kernel.parameterLayout(), result);
            return;
        }
        final BackendKernel kernel = backend.getFunction(module.backend, name, result);
        if (kernel != null)
        {
            replyWithSignature(resources.addFunction(module, name, kernel), kernel.parameterLayout(), result);
        }
    }

    /**
     * The handle, then the parameter count and sizes: the client checks a launch's parameters itself, so a
     * mismatch is refused at the launch (as CUDA does) while matching launches can be pipelined.
     */
    private static void replyWithSignature(
        final long handle, final KernelParameterLayout layout, final CallResult result)
    {
        if (layout.count() > CallResult.MAX_VALUES - 2)
        {
            result.fail(CudaError.NOT_SUPPORTED, "kernel '" + layout.kernelName() + "' has " + layout.count() +
                " parameters; gpurelay relays kernels of at most " + (CallResult.MAX_VALUES - 2));
            return;
        }
        result.value(handle).value(layout.count());
        for (int i = 0; i < layout.count(); i++)
        {
            result.value(layout.size(i));
        }
    }

    /**
     * A launch needs a current context, as in CUDA, and runs in the context its function was loaded in.
     */
    private void launchKernel(
        final ReceivedCall call, final DirectBuffer input, final boolean cooperative, final CallResult result)
    {
        if (currentContext(call, result) == null)
        {
            return;
        }
        final FunctionEntry function = resources.function(call.arg(0), result);
        if (function == null)
        {
            return;
        }
        final KernelParameterLayout layout = function.kernel.parameterLayout();
        final StreamEntry stream = resources.streamIn(call.arg(8), function.module.context, result);
        if (stream == null)
        {
            return;
        }
        final int[] dimensions = new int[7];
        for (int i = 0; i < dimensions.length; i++)
        {
            final long value = call.arg(1 + i);
            if (value < 0 || value > Integer.MAX_VALUE)
            {
                result.fail(CudaError.INVALID_VALUE, "kernel '" + layout.kernelName() + "': grid and block " +
                    "dimensions and shared memory bytes must be between 0 and " + Integer.MAX_VALUE + ", got " + value);
                return;
            }
            dimensions[i] = (int)value;
        }
        final byte[] parameters = layout.parameterBuffer(call.arg(LAUNCH_PARAMETER_COUNT_ARGUMENT),
            index -> call.arg(LAUNCH_PARAMETER_COUNT_ARGUMENT + 1 + index), input, result);
        if (parameters != null && cooperative)
        {
            backend.launchCooperativeKernel(function.kernel, stream.backend, dimensions[0], dimensions[1],
                dimensions[2], dimensions[3], dimensions[4], dimensions[5], dimensions[6], parameters, result);
        }
        else if (parameters != null)
        {
            backend.launchKernel(function.kernel, stream.backend, dimensions[0], dimensions[1], dimensions[2],
                dimensions[3], dimensions[4], dimensions[5], dimensions[6], parameters, result);
        }
    }

    private void createStream(final ReceivedCall call, final CallResult result)
    {
        final long flags = call.arg(0);
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        if ((flags & ~STREAM_NON_BLOCKING) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaStreamCreateWithFlags", "cuStreamCreate") +
                ": flags 0x" + Long.toHexString(flags) + " are not 0 or the non-blocking flag");
            return;
        }
        final BackendStream stream = backend.createStream(context.backend, (int)flags, result);
        if (stream != null)
        {
            result.value(resources.addStream(context, stream));
        }
    }

    private void streamWaitEvent(final ReceivedCall call, final CallResult result)
    {
        final long flags = call.arg(2);
        final StreamEntry stream = namedStream(call, 0, result);
        final EventEntry event = stream == null ? null : resources.event(call.arg(1), result);
        if (event == null)
        {
            return;
        }
        if ((flags & ~EVENT_WAIT_EXTERNAL) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaStreamWaitEvent", "cuStreamWaitEvent") +
                ": flags 0x" + Long.toHexString(flags) + " are not 0 or the external-wait flag");
            return;
        }
        backend.streamWaitEvent(stream.context.backend, stream.backend, event.backend, result);
    }

    /**
     * A stream callback or host function: registered with the session's callbacks under the client's id, then queued
     * on its stream, which names the context as for any stream function. A stream callback's flags must be 0.
     */
    private void launchHostFunction(final ReceivedCall call, final boolean streamCallback, final CallResult result)
    {
        final String name = streamCallback ? result.name("cudaStreamAddCallback", "cuStreamAddCallback") :
            result.name("cudaLaunchHostFunc", "cuLaunchHostFunc");
        if (callbacks == null)
        {
            result.fail(CudaError.NOT_SUPPORTED, name + ": this session has no client to run callbacks");
            return;
        }
        if (streamCallback && call.arg(2) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags must be 0, got " + call.arg(2));
            return;
        }
        final StreamEntry stream = namedStream(call, 0, result);
        if (stream == null)
        {
            return;
        }
        final long callbackId = call.arg(1);
        final HostFunction function = callbacks.register(callbackId, call.function().api(), name, result);
        if (function == null)
        {
            return;
        }
        backend.launchHostFunction(stream.context.backend, stream.backend, streamCallback, function, result);
        if (result.failed())
        {
            callbacks.unregister(callbackId);
        }
    }

    private void createEvent(final ReceivedCall call, final CallResult result)
    {
        final long flags = call.arg(0);
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        if ((flags & ~EVENT_FLAGS) != 0 ||
            (flags & EVENT_INTERPROCESS) != 0 && (flags & EVENT_DISABLE_TIMING) == 0)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaEventCreateWithFlags", "cuEventCreate") +
                ": flags 0x" + Long.toHexString(flags) + " are not a valid combination of event flags");
            return;
        }
        final BackendEvent event = backend.createEvent(context.backend, (int)flags, result);
        if (event != null)
        {
            result.value(resources.addEvent(context, event));
        }
    }

    // Managed memory (family "managed and mapped memory"): CUDA's argument checks here, the work in the backend.

    /**
     * cudaMallocManaged / cuMemAllocManaged: one attach flag, a size above 0, within the session's quota.
     */
    private void mallocManaged(final ReceivedCall call, final CallResult result)
    {
        final String name = result.name("cudaMallocManaged", "cuMemAllocManaged");
        final long size = call.arg(0);
        final long flags = call.arg(1);
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        if (flags != MEM_ATTACH_GLOBAL && flags != MEM_ATTACH_HOST)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags " + flags + " are not exactly one of " +
                "cudaMemAttachGlobal (1) and cudaMemAttachHost (2)");
            return;
        }
        if (size == 0 && call.function() == Function.CUDA_MALLOC_MANAGED)
        {
            // As cudaMalloc, and as CUDA 13 answers: no memory, a null pointer, success. The driver refuses 0.
            result.value(0);
            return;
        }
        if (size <= 0)
        {
            result.fail(size == 0 ? CudaError.INVALID_VALUE : CudaError.OUT_OF_MEMORY,
                name + ": a size of " + Long.toUnsignedString(size) + " bytes");
            return;
        }
        final SessionMemoryQuota quota = resources.memoryQuota();
        if (!quota.admit(size, result, name))
        {
            return;
        }
        backend.mallocManaged(context.backend, size, (int)flags, result);
        if (!result.failed())
        {
            quota.charge(result.values()[0], size, context);
        }
    }

    /**
     * Advice (address, count, advice, device), a prefetch (address, count, device, stream) or an attachment (stream,
     * address, length, flags): CUDA's checks of the advice, device and flags; the backend checks the range.
     */
    private void managedHint(final ReceivedCall call, final ManagedHint kind, final CallResult result)
    {
        final String name = kind.name(result);
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        final long address = kind == ManagedHint.ATTACH ? call.arg(1) : call.arg(0);
        final long count = kind == ManagedHint.ATTACH ? call.arg(2) : call.arg(1);
        final long value;
        final int device;
        StreamEntry stream = context.defaultStream;
        switch (kind)
        {
            case ADVISE ->
            {
                value = call.arg(2);
                if (value < MEM_ADVISE_FIRST || value > MEM_ADVISE_LAST)
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": " + value + " is not a memory advice");
                    return;
                }
                final boolean namesPlace = value != MEM_ADVISE_SET_READ_MOSTLY && value != MEM_ADVISE_UNSET_READ_MOSTLY;
                device = namesPlace ? hintDevice(call.arg(3), name, result) : 0;
            }
            case PREFETCH ->
            {
                value = hintDevice(call.arg(2), name, result);
                device = 0;
                stream = resources.streamIn(call.arg(3), context, result);
            }
            default ->
            {
                value = call.arg(3);
                device = 0;
                if (value != MEM_ATTACH_GLOBAL && value != MEM_ATTACH_HOST && value != MEM_ATTACH_SINGLE)
                {
                    result.fail(CudaError.INVALID_VALUE, name + ": flags " + value + " are not exactly one of " +
                        "cudaMemAttachGlobal (1), cudaMemAttachHost (2) and cudaMemAttachSingle (4)");
                    return;
                }
                stream = resources.streamIn(call.arg(0), context, result);
            }
        }
        if (result.failed() || stream == null)
        {
            return;
        }
        if (count == 0 && kind != ManagedHint.ATTACH)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": a count of 0 bytes");
            return;
        }
        backend.managedHint(context.backend, stream.backend, kind, address, count, value, device, result);
    }

    /**
     * An attribute of a managed range: 1 to 4 (what the JCuda 12.6 bindings name), as many entries as the answer
     * holds (1; up to CallResult's values for the devices that accessed-by lists).
     */
    private void memRangeAttribute(final ReceivedCall call, final CallResult result)
    {
        final String name = result.name("cudaMemRangeGetAttribute", "cuMemRangeGetAttribute");
        final ContextEntry context = currentContext(call, result);
        if (context == null)
        {
            return;
        }
        final long attribute = call.arg(2);
        final long entries = call.arg(3);
        if (attribute < MEM_RANGE_READ_MOSTLY || attribute > MEM_RANGE_LAST_PREFETCH_LOCATION)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + attribute + " is not a range attribute");
            return;
        }
        if (entries < 1 || entries > CallResult.MAX_VALUES ||
            attribute != MEM_RANGE_ACCESSED_BY && entries != 1)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + entries + " entries for attribute " + attribute);
            return;
        }
        if (call.arg(1) == 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": a count of 0 bytes");
            return;
        }
        backend.memRangeAttribute(context.backend, call.arg(0), call.arg(1), (int)attribute, (int)entries, result);
    }

    /**
     * A device a hint names: one of the executor's, or -1 (cudaCpuDeviceId, CU_DEVICE_CPU) for the host.
     */
    private int hintDevice(final long ordinal, final String name, final CallResult result)
    {
        if (ordinal == CPU_DEVICE_ID)
        {
            return -1;
        }
        if (ordinal < 0 || ordinal >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE, name + ": device " + ordinal + " does not exist: the executor has " +
                deviceCount + " device(s)");
            return -1;
        }
        return (int)ordinal;
    }

    /**
     * The context a call works in when it names no object: the current device's primary context for the runtime,
     * the current context for the driver.
     */
    private ContextEntry currentContext(final ReceivedCall call, final CallResult result)
    {
        if (call.function().api() == Api.DRIVER)
        {
            return resources.currentContext(call.context(), result);
        }
        final int device = device(call.context(), result);
        return device < 0 ? null : resources.runtimeContext(device, result);
    }

    /**
     * The stream argument of a call that runs in {@code context}.
     */
    private StreamEntry stream(
        final ReceivedCall call, final int streamArgument, final ContextEntry context, final CallResult result)
    {
        return streamArgument == NO_STREAM_ARGUMENT ? context.defaultStream :
            resources.streamIn(call.arg(streamArgument), context, result);
    }

    /**
     * The stream a stream function acts on: a default stream is the current context's, any other stream is its own
     * context's.
     */
    private StreamEntry namedStream(final ReceivedCall call, final int argument, final CallResult result)
    {
        final long handle = call.arg(argument);
        if (SessionResources.isDefaultStream(handle))
        {
            final ContextEntry context = currentContext(call, result);
            return context == null ? null : context.defaultStream;
        }
        return resources.stream(handle, result);
    }

    private int device(final long ordinal, final CallResult result)
    {
        if (ordinal < 0 || ordinal >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE,
                "device " + ordinal + " does not exist: the executor has " + deviceCount + " device(s)");
            return -1;
        }
        return (int)ordinal;
    }

    /**
     * A name sent as a payload: UTF-8, perhaps NUL-terminated as the C string it was.
     */
    private static String name(final DirectBuffer input)
    {
        int length = input.capacity();
        while (length > 0 && input.getByte(length - 1) == 0)
        {
            length--;
        }
        final byte[] bytes = new byte[length];
        input.getBytes(0, bytes);
        return new String(bytes, StandardCharsets.UTF_8);
    }
}
