package io.gpurelay.executor.resources;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.gpurelay.executor.backend.BackendBlasHandle;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendEvent;
import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.BackendModule;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * What one session created through the CUDA APIs, as its client sees it: per device a primary context (the one
 * runtime calls use and {@code cuDevicePrimaryCtxRetain} returns), the contexts of {@code cuCtxCreate}, and the
 * modules, functions, streams and events of each, all behind handles from this session's own table. The backend
 * owns what each of these is; this class owns their handles, their lifetimes and the rules CUDA gives them
 * (retain counts, sticky faults), which are the same whatever the backend.
 * <p>
 * A handle is {@code kind tag << 56 | (session id & 0xFFFF) << 40 | serial}, the serial counting up from 1 and
 * never reused, so a stale handle never names a newer object, a handle of one kind is never taken for another, and a
 * handle of another session is simply not in this table. Every handle that arrives is looked up here: one that is
 * missing, stale or of the wrong kind is {@link CudaError#INVALID_HANDLE}, or {@link CudaError#INVALID_CONTEXT}
 * where a context is expected.
 * <p>
 * A fault that leaves a context unusable on a GPU ({@link CudaError#sticky()}: an illegal address, a misaligned
 * access, a trap) does the same here: every later call in that context fails with the fault until the context is
 * destroyed or, for a primary context, reset. A call enters the context it runs in through one of the lookups; the
 * dispatcher brackets each call with {@link #beginCall()} and {@link #endCall(CallResult)}, which records a sticky
 * failure against the context the call entered. Where the backend's contexts stay failed by themselves
 * ({@link BackendSession#keepsFaults()}, a GPU) the device is the source of truth: calls go through to it and its own
 * errors are the answers, so the executor never claims a context is failed or healthy when the device says otherwise
 * (a GPU fails more than the faulted context: every context of the process, seen with CUDA 13 drivers).
 * <p>
 * Used by the session's thread only.
 */
public final class SessionResources
{
    private static final int SESSION_BITS_SHIFT = 40;
    private static final long SESSION_BITS_MASK = 0xFFFF;
    private static final long SERIAL_MASK = (1L << SESSION_BITS_SHIFT) - 1;

    /** {@code CU_STREAM_LEGACY} / {@code cudaStreamLegacy} as JCuda passes it. */
    private static final long LEGACY_STREAM = 1;
    /** {@code CU_STREAM_PER_THREAD} / {@code cudaStreamPerThread} as JCuda passes it. */
    private static final long PER_THREAD_STREAM = 2;

    private final BackendSession backend;
    private final SessionMemoryQuota memoryQuota;
    private final long sessionBits;
    private final ContextEntry[] primaryContexts;
    private final Long2ObjectHashMap<Entry> entries = new Long2ObjectHashMap<>();
    private long lastSerial;
    private ContextEntry callContext;

    public SessionResources(
        final long sessionId, final BackendSession backend, final int deviceCount, final SessionMemoryQuota memoryQuota)
    {
        this.backend = backend;
        this.memoryQuota = memoryQuota;
        this.sessionBits = (sessionId & SESSION_BITS_MASK) << SESSION_BITS_SHIFT;
        this.primaryContexts = new ContextEntry[deviceCount];
        for (int device = 0; device < deviceCount; device++)
        {
            primaryContexts[device] = new ContextEntry(nextHandle(HandleKind.CONTEXT), device, true, 0);
            entries.put(primaryContexts[device].handle, primaryContexts[device]);
        }
    }

    /**
     * Whether a stream argument names the default stream of the context the call runs in: the NULL stream, or the
     * legacy or per-thread default stream (which the emulator does not tell apart).
     */
    public static boolean isDefaultStream(final long handle)
    {
        return handle == 0 || handle == LEGACY_STREAM || handle == PER_THREAD_STREAM;
    }

    /**
     * The device memory the session may still allocate.
     */
    public SessionMemoryQuota memoryQuota()
    {
        return memoryQuota;
    }

    public void beginCall()
    {
        callContext = null;
    }

    /**
     * A sticky failure of the call makes the context it ran in unusable from now on.
     */
    public void endCall(final CallResult result)
    {
        if (callContext != null && result.failed() && result.error().sticky() && callContext.fault == null)
        {
            callContext.fault = result.error();
            callContext.faultMessage = result.message();
        }
        callContext = null;
    }

    // Contexts.

    /**
     * The context CUDA would make a library object (a cuFFT plan, a cuRAND generator) in: the thread's current driver
     * context if the call names one, else the primary context of the device it names.
     */
    public ContextEntry callingContext(final long context, final CallResult result)
    {
        if (HandleKind.of(context) == HandleKind.CONTEXT)
        {
            return currentContext(context, result);
        }
        if (context < 0 || context >= primaryContexts.length)
        {
            result.fail(CudaError.INVALID_DEVICE,
                "device " + context + " does not exist: the executor has " + primaryContexts.length + " device(s)");
            return null;
        }
        return runtimeContext((int)context, result);
    }

    /**
     * The context a runtime call on this device runs in: the primary context, which the call activates as the
     * runtime does when it first touches a device.
     */
    public ContextEntry runtimeContext(final int device, final CallResult result)
    {
        final ContextEntry context = primaryContexts[device];
        context.usedByRuntime = true;
        return enter(context, result) ? context : null;
    }

    /**
     * The context a driver call runs in: the calling thread's current context, which must be live.
     */
    public ContextEntry currentContext(final long handle, final CallResult result)
    {
        if (handle == 0)
        {
            result.fail(CudaError.INVALID_CONTEXT, "the calling thread has no current context: create one " +
                "(cuCtxCreate) or make one current (cuCtxSetCurrent, cuDevicePrimaryCtxRetain) first");
            return null;
        }
        final ContextEntry context = context(handle, result);
        return context != null && enter(context, result) ? context : null;
    }

    /**
     * @return the new context's handle, or 0 when the backend could not make it (the failure is in {@code result}).
     */
    public long createContext(final int device, final int flags, final CallResult result)
    {
        final BackendContext made = backend.createContext(device, flags, result);
        if (made == null)
        {
            return 0;
        }
        final ContextEntry context = new ContextEntry(nextHandle(HandleKind.CONTEXT), device, false, flags);
        context.backend = made;
        entries.put(context.handle, context);
        return context.handle;
    }

    /**
     * Destroy a context of {@code cuCtxCreate} and everything in it, faulted or not.
     */
    public void destroyContext(final long handle, final CallResult result)
    {
        final ContextEntry context = context(handle, result);
        if (context == null)
        {
            return;
        }
        if (context.primary)
        {
            result.fail(CudaError.INVALID_CONTEXT, hex(handle) + " is the primary context of device " +
                context.device + ": release it (cuDevicePrimaryCtxRelease) instead of destroying it");
            return;
        }
        tearDown(context);
        entries.remove(handle);
    }

    /**
     * @return the primary context's handle, which stays the same for the whole session.
     */
    public long retainPrimaryContext(final int device, final CallResult result)
    {
        final ContextEntry context = primaryContexts[device];
        if (context.backend == null && !createBackendContext(context, result))
        {
            return 0;
        }
        context.retainCount++;
        return context.handle;
    }

    /**
     * Releasing the last retain of a context the runtime does not use destroys everything in it, as in CUDA.
     */
    public void releasePrimaryContext(final int device, final CallResult result)
    {
        final ContextEntry context = primaryContexts[device];
        if (context.retainCount == 0)
        {
            result.fail(CudaError.INVALID_CONTEXT, "the primary context of device " + device + " is not retained");
            return;
        }
        context.retainCount--;
        if (!context.active())
        {
            tearDown(context);
        }
    }

    /**
     * Destroy everything in the primary context and clear its fault, as {@code cuDevicePrimaryCtxReset} and
     * {@code cudaDeviceReset} do. Retains stay: whoever retained it still holds it, and finds it fresh.
     */
    public void resetPrimaryContext(final int device)
    {
        final ContextEntry context = primaryContexts[device];
        tearDown(context);
        context.usedByRuntime = false;
        backend.primaryContextReset(device);
    }

    /**
     * {@code cuDevicePrimaryCtxSetFlags}: the flags the session's primary context of the device is made with, and,
     * while it is active, its flags now, as CUDA (11.7 and later) changes them.
     */
    public void setPrimaryContextFlags(final int device, final int flags, final CallResult result)
    {
        final ContextEntry context = primaryContexts[device];
        if (context.backend != null)
        {
            backend.setContextFlags(context.backend, flags | CU_CTX_MAP_HOST, result);
            if (result.failed())
            {
                return;
            }
        }
        context.flags = flags;
    }

    public void primaryContextState(final int device, final CallResult result)
    {
        final ContextEntry context = primaryContexts[device];
        result.value(context.flags).value(context.active() ? 1 : 0);
    }

    // Modules and functions.

    public long addModule(final ContextEntry context, final BackendModule module)
    {
        final ModuleEntry entry = new ModuleEntry(nextHandle(HandleKind.MODULE), context, module);
        context.modules.add(entry);
        entries.put(entry.handle, entry);
        return entry.handle;
    }

    public ModuleEntry module(final long handle, final CallResult result)
    {
        final ModuleEntry module = (ModuleEntry)lookup(handle, HandleKind.MODULE, CudaError.INVALID_HANDLE, result);
        return module != null && enter(module.context, result) ? module : null;
    }

    public void unloadModule(final ModuleEntry module)
    {
        module.context.modules.remove(module);
        release(module);
    }

    public long addFunction(final ModuleEntry module, final String name, final BackendKernel kernel)
    {
        final FunctionEntry entry = new FunctionEntry(nextHandle(HandleKind.FUNCTION), module, kernel);
        module.functions.put(name, entry);
        entries.put(entry.handle, entry);
        return entry.handle;
    }

    public FunctionEntry function(final long handle, final CallResult result)
    {
        final FunctionEntry function =
            (FunctionEntry)lookup(handle, HandleKind.FUNCTION, CudaError.INVALID_HANDLE, result);
        return function != null && enter(function.module.context, result) ? function : null;
    }

    // Streams and events.

    public long addStream(final ContextEntry context, final BackendStream stream)
    {
        final StreamEntry entry = new StreamEntry(nextHandle(HandleKind.STREAM), context, stream);
        context.streams.add(entry);
        entries.put(entry.handle, entry);
        return entry.handle;
    }

    /**
     * A stream the client created, looked up by its handle; the default stream has none.
     */
    public StreamEntry stream(final long handle, final CallResult result)
    {
        final StreamEntry stream = (StreamEntry)lookup(handle, HandleKind.STREAM, CudaError.INVALID_HANDLE, result);
        return stream != null && enter(stream.context, result) ? stream : null;
    }

    /**
     * The stream a call that runs in {@code context} names: its default stream, or one of its own streams.
     */
    public StreamEntry streamIn(final long handle, final ContextEntry context, final CallResult result)
    {
        if (isDefaultStream(handle))
        {
            return context.defaultStream;
        }
        final StreamEntry stream = stream(handle, result);
        if (stream != null && stream.context != context)
        {
            result.fail(CudaError.INVALID_HANDLE, "stream " + hex(handle) + " belongs to another context than " +
                "the one the call runs in (" + hex(context.handle) + ")");
            return null;
        }
        return stream;
    }

    public void destroyStream(final StreamEntry stream)
    {
        stream.context.streams.remove(stream);
        release(stream);
    }

    public long addEvent(final ContextEntry context, final BackendEvent event)
    {
        final EventEntry entry = new EventEntry(nextHandle(HandleKind.EVENT), context, event);
        context.events.add(entry);
        entries.put(entry.handle, entry);
        return entry.handle;
    }

    public EventEntry event(final long handle, final CallResult result)
    {
        final EventEntry event = (EventEntry)lookup(handle, HandleKind.EVENT, CudaError.INVALID_HANDLE, result);
        return event != null && enter(event.context, result) ? event : null;
    }

    public void destroyEvent(final EventEntry event)
    {
        event.context.events.remove(event);
        release(event);
    }

    // Library handles.

    public long addBlasHandle(final ContextEntry context, final BackendBlasHandle blasHandle)
    {
        final BlasHandleEntry entry = new BlasHandleEntry(nextHandle(HandleKind.BLAS_HANDLE), context, blasHandle);
        context.blasHandles.add(entry);
        entries.put(entry.handle, entry);
        return entry.handle;
    }

    public BlasHandleEntry blasHandle(final long handle, final CallResult result)
    {
        final BlasHandleEntry blasHandle =
            (BlasHandleEntry)lookup(handle, HandleKind.BLAS_HANDLE, CudaError.INVALID_HANDLE, result);
        return blasHandle != null && enter(blasHandle.context, result) ? blasHandle : null;
    }

    public void destroyBlasHandle(final BlasHandleEntry blasHandle)
    {
        blasHandle.context.blasHandles.remove(blasHandle);
        release(blasHandle);
    }

    // Library objects (cuRAND generators, NVRTC programs): their dispatchers own what they are, this table their handles.

    public long addLibraryObject(final HandleKind kind, final ContextEntry context, final Object object)
    {
        final LibraryObjectEntry entry = new LibraryObjectEntry(nextHandle(kind), kind, context, object);
        entries.put(entry.handle, entry);
        return entry.handle;
    }

    /**
     * What destroys the library objects of the function table's rows (a cuSOLVER handle): the table's dispatcher,
     * which runs the kind's destroy row.
     */
    @FunctionalInterface
    public interface ObjectDestroyer
    {
        void destroy(LibraryObjectEntry entry);
    }

    /**
     * A library object that belongs to its context: destroyed (by {@code destroyer}) when the context is destroyed or
     * reset, or by {@link #destroyOwnedObjects()} as the session ends, before the backend destroys the contexts.
     */
    public long addOwnedLibraryObject(final HandleKind kind, final ContextEntry context, final Object object,
        final ObjectDestroyer destroyer)
    {
        final LibraryObjectEntry entry = new LibraryObjectEntry(nextHandle(kind), kind, context, object, destroyer);
        entries.put(entry.handle, entry);
        context.ownedObjects.add(entry);
        return entry.handle;
    }

    /**
     * Forget an owned library object its own row destroyed.
     */
    public void removeOwnedLibraryObject(final LibraryObjectEntry entry)
    {
        entries.remove(entry.handle);
        if (entry.context != null)
        {
            entry.context.ownedObjects.remove(entry);
        }
    }

    /**
     * Destroy every owned library object the session still has, newest first, while its contexts exist.
     */
    public void destroyOwnedObjects()
    {
        for (final ContextEntry context : primaryContexts)
        {
            destroyOwned(context);
        }
        final List<ContextEntry> contexts = new ArrayList<>();
        entries.values().forEach(entry ->
        {
            if (entry instanceof ContextEntry context)
            {
                contexts.add(context);
            }
        });
        for (final ContextEntry context : contexts)
        {
            destroyOwned(context);
        }
    }

    private void destroyOwned(final ContextEntry context)
    {
        for (int i = context.ownedObjects.size() - 1; i >= 0; i--)
        {
            final LibraryObjectEntry entry = context.ownedObjects.get(i);
            entries.remove(entry.handle);
            if (context.backend != null)
            {
                entry.destroyer.destroy(entry);
            }
        }
        context.ownedObjects.clear();
    }

    /**
     * @param invalid what the library answers for a handle that is not one of its live objects.
     */
    public LibraryObjectEntry libraryObject(
        final long handle, final HandleKind kind, final CudaError invalid, final CallResult result)
    {
        return (LibraryObjectEntry)lookup(handle, kind, invalid, result);
    }

    public void removeLibraryObject(final LibraryObjectEntry entry)
    {
        entries.remove(entry.handle);
    }

    /** Texture and surface references: whether an entry (a module a reference belongs to) is still live. */
    public boolean live(final Entry entry)
    {
        return entries.get(entry.handle) == entry;
    }

    /** Forget a library object's handle (a mipmapped array's level, freed with it). */
    public void removeLibraryObject(final long handle)
    {
        entries.remove(handle);
    }

    private ContextEntry context(final long handle, final CallResult result)
    {
        final ContextEntry context =
            (ContextEntry)lookup(handle, HandleKind.CONTEXT, CudaError.INVALID_CONTEXT, result);
        if (context != null && !context.active())
        {
            result.fail(CudaError.INVALID_CONTEXT, hex(handle) + " is the primary context of device " +
                context.device + ", which is not active: it was released, or never retained");
            return null;
        }
        return context;
    }

    /**
     * Run the call in this context: refused while the context carries a sticky fault that the backend does not keep
     * by itself.
     */
    private boolean enter(final ContextEntry context, final CallResult result)
    {
        callContext = context;
        if (context.fault != null && !backend.keepsFaults())
        {
            result.fail(context.fault, "the context is unusable after an earlier fault, as on a GPU; destroy or " +
                "reset it: " + context.faultMessage);
            return false;
        }
        return context.backend != null || createBackendContext(context, result);
    }

    /**
     * A primary context is made with {@link #CU_CTX_MAP_HOST}, as CUDA's own are: the runtime documents
     * {@code cudaDeviceMapHost} as implicit, and {@code cudaGetDeviceFlags} reports it on the H100 locally.
     */
    private boolean createBackendContext(final ContextEntry context, final CallResult result)
    {
        context.backend = backend.createContext(context.device,
            context.primary ? context.flags | CU_CTX_MAP_HOST : context.flags, result);
        return context.backend != null;
    }

    private Entry lookup(final long handle, final HandleKind kind, final CudaError invalid, final CallResult result)
    {
        final Entry entry = entries.get(handle);
        if (entry == null || entry.kind != kind)
        {
            final HandleKind named = HandleKind.of(handle);
            final String what;
            if (entry != null)
            {
                what = "it is a " + entry.kind + " handle";
            }
            else if (named != null && (handle & SESSION_BITS_MASK << SESSION_BITS_SHIFT) == sessionBits &&
                (handle & SERIAL_MASK) <= lastSerial)
            {
                what = "it was a " + named + " handle that is no longer live";
            }
            else
            {
                what = "it is no handle of this session";
            }
            result.fail(invalid, hex(handle) + " is not a live " + kind + ": " + what);
            return null;
        }
        return entry;
    }

    /**
     * Destroy everything in a context and the context's backend object; its handle stays with its owner.
     */
    private void tearDown(final ContextEntry context)
    {
        destroyOwned(context);
        for (final BlasHandleEntry blasHandle : context.blasHandles)
        {
            release(blasHandle);
        }
        context.blasHandles.clear();
        for (final ModuleEntry module : context.modules)
        {
            release(module);
        }
        for (final StreamEntry stream : context.streams)
        {
            release(stream);
        }
        for (final EventEntry event : context.events)
        {
            release(event);
        }
        context.modules.clear();
        context.streams.clear();
        context.events.clear();
        if (context.backend != null)
        {
            backend.destroyContext(context.backend);
            context.backend = null;
        }
        memoryQuota.releaseContext(context);
        context.fault = null;
        context.faultMessage = null;
    }

    private void release(final ModuleEntry module)
    {
        for (final FunctionEntry function : module.functions.values())
        {
            entries.remove(function.handle);
        }
        entries.remove(module.handle);
        backend.unloadModule(module.backend);
    }

    private void release(final StreamEntry stream)
    {
        entries.remove(stream.handle);
        backend.destroyStream(stream.backend);
    }

    private void release(final EventEntry event)
    {
        entries.remove(event.handle);
        backend.destroyEvent(event.backend);
    }

    private void release(final BlasHandleEntry blasHandle)
    {
        entries.remove(blasHandle.handle);
        backend.blas().destroy(blasHandle.backend);
    }

    private long nextHandle(final HandleKind kind)
    {
        lastSerial++;
        if (lastSerial > SERIAL_MASK)
        {
            throw new IllegalStateException("the session has used up its " + SERIAL_MASK + " handles");
        }
        return kind.handle(sessionBits | lastSerial);
    }

    private static String hex(final long handle)
    {
        return "0x" + Long.toHexString(handle);
    }

    /**
     * A row of the handle table.
     */
    abstract static class Entry
    {
        public final long handle;
        final HandleKind kind;

        Entry(final long handle, final HandleKind kind)
        {
            this.handle = handle;
            this.kind = kind;
        }
    }

    /**
     * A context and everything created in it. A primary context exists for the whole session and is active while
     * retained or used by the runtime; its backend object is made when a call first needs it and dropped when the
     * context is reset or released for the last time.
     */
    /** {@code CU_CTX_MAP_HOST}: mapped pinned allocations are possible in the context. */
    static final int CU_CTX_MAP_HOST = 0x08;

    public static final class ContextEntry extends Entry
    {
        public final int device;
        final boolean primary;
        int flags;
        public final StreamEntry defaultStream;
        final List<ModuleEntry> modules = new ArrayList<>();
        final List<StreamEntry> streams = new ArrayList<>();
        final List<EventEntry> events = new ArrayList<>();
        final List<BlasHandleEntry> blasHandles = new ArrayList<>();
        /** The function table's library objects made in the context, oldest first. */
        final List<LibraryObjectEntry> ownedObjects = new ArrayList<>();
        public BackendContext backend;
        int retainCount;
        boolean usedByRuntime;
        CudaError fault;
        String faultMessage;

        ContextEntry(final long handle, final int device, final boolean primary, final int flags)
        {
            super(handle, HandleKind.CONTEXT);
            this.device = device;
            this.primary = primary;
            this.flags = flags;
            this.defaultStream = new StreamEntry(0, this, null);
        }

        boolean active()
        {
            return !primary || retainCount > 0 || usedByRuntime;
        }
    }

    public static final class ModuleEntry extends Entry
    {
        public final ContextEntry context;
        public final BackendModule backend;
        /** cuModuleGetFunction hands out one handle per kernel name, however often it is asked. */
        final Map<String, FunctionEntry> functions = new HashMap<>();

        ModuleEntry(final long handle, final ContextEntry context, final BackendModule backend)
        {
            super(handle, HandleKind.MODULE);
            this.context = context;
            this.backend = backend;
        }

        public FunctionEntry function(final String name)
        {
            return functions.get(name);
        }
    }

    public static final class FunctionEntry extends Entry
    {
        public final ModuleEntry module;
        public final BackendKernel kernel;

        FunctionEntry(final long handle, final ModuleEntry module, final BackendKernel kernel)
        {
            super(handle, HandleKind.FUNCTION);
            this.module = module;
            this.kernel = kernel;
        }
    }

    /**
     * An object made in a context, and the backend's own object for it.
     */
    abstract static class ContextBoundEntry<B> extends Entry
    {
        public final ContextEntry context;
        public final B backend;

        ContextBoundEntry(final long handle, final HandleKind kind, final ContextEntry context, final B backend)
        {
            super(handle, kind);
            this.context = context;
            this.backend = backend;
        }
    }

    /**
     * A stream of a context; the context's default stream is one with handle 0 and no backend object.
     */
    public static final class StreamEntry extends ContextBoundEntry<BackendStream>
    {
        StreamEntry(final long handle, final ContextEntry context, final BackendStream backend)
        {
            super(handle, HandleKind.STREAM, context, backend);
        }
    }

    /**
     * An object of a CUDA library, made in a context (a cuRAND generator) or in none (an NVRTC program).
     */
    public static final class LibraryObjectEntry extends Entry
    {
        public final ContextEntry context;
        public final Object object;
        /** What destroys an object that belongs to its context; null for one its dispatcher keeps. */
        final ObjectDestroyer destroyer;
        /** The stream handle last set on a table row's object (cusolverDnSetStream); 0 the default stream. */
        public long stream;

        LibraryObjectEntry(final long handle, final HandleKind kind, final ContextEntry context, final Object object)
        {
            this(handle, kind, context, object, null);
        }

        LibraryObjectEntry(final long handle, final HandleKind kind, final ContextEntry context, final Object object,
            final ObjectDestroyer destroyer)
        {
            super(handle, kind);
            this.context = context;
            this.object = object;
            this.destroyer = destroyer;
        }
    }

    public static final class EventEntry extends ContextBoundEntry<BackendEvent>
    {
        EventEntry(final long handle, final ContextEntry context, final BackendEvent backend)
        {
            super(handle, HandleKind.EVENT, context, backend);
        }
    }

    /**
     * A cuBLAS handle, made in a context and destroyed with it, and the stream handle its routines run on (0: the
     * context's default stream).
     */
    public static final class BlasHandleEntry extends ContextBoundEntry<BackendBlasHandle>
    {
        public long stream;

        BlasHandleEntry(final long handle, final ContextEntry context, final BackendBlasHandle backend)
        {
            super(handle, HandleKind.BLAS_HANDLE, context, backend);
        }
    }
}
