package io.gpurelay.executor.backend.emulated;

import java.lang.ref.Reference;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.emulator.memory.Allocation;
import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.emulator.memory.DeviceMemoryException;
import io.gpurelay.emulator.ptx.DeviceSystemCalls;
import io.gpurelay.emulator.ptx.InvalidLaunchException;
import io.gpurelay.emulator.ptx.KernelFaultException;
import io.gpurelay.emulator.ptx.KernelStop;
import io.gpurelay.emulator.ptx.ModuleInstance;
import io.gpurelay.emulator.ptx.ModuleVariable;
import io.gpurelay.emulator.ptx.PtxException;
import io.gpurelay.emulator.ptx.PtxKernel;
import io.gpurelay.emulator.ptx.PrintfBuffer;
import io.gpurelay.emulator.ptx.PtxModule;
import io.gpurelay.executor.backend.BackendArrays;
import io.gpurelay.executor.backend.BackendVirtualMemory;
import io.gpurelay.executor.backend.BackendTextures;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendEvent;
import io.gpurelay.executor.backend.BackendHostMemory;
import io.gpurelay.executor.backend.BackendKernel;
import io.gpurelay.executor.backend.BackendMemoryPool;
import io.gpurelay.executor.backend.BackendModule;
import io.gpurelay.executor.backend.BackendSession;
import io.gpurelay.executor.backend.BackendStream;
import io.gpurelay.executor.backend.ManagedHint;
import io.gpurelay.executor.backend.BlasSession;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.DeviceOutput;
import io.gpurelay.executor.backend.HostFunction;
import io.gpurelay.executor.backend.MemsetArguments;
import io.gpurelay.executor.backend.FftSession;
import io.gpurelay.executor.backend.RandSession;
import io.gpurelay.executor.backend.ReleasedResources;
import io.gpurelay.executor.backend.PtxCompilerSession;
import io.gpurelay.executor.backend.RtcSession;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.PayloadSink;
import io.gpurelay.protocol.table.ArgumentRole;
import org.agrona.BufferUtil;
import org.agrona.DirectBuffer;
import org.agrona.collections.Long2ObjectHashMap;
import org.agrona.collections.LongHashSet;

/**
 * One session on the emulated devices.
 * <p>
 * The session owns its memory per device (one {@link DeviceMemoryOwner} each), not per context: kernels of any of its
 * contexts on a device reach every allocation the session made there, as CUDA's unified addressing lets a pointer
 * from one context be used in another of the same process. Another session's pointers, and this session's freed
 * ones, are simply not found: that is {@code cudaErrorInvalidValue}, as on a real device where they belong to
 * another process. Which context each allocation was made through is remembered, so that destroying a context frees
 * what it allocated.
 * <p>
 * Pointers are looked up on every device, the context's device first: with unified addressing a copy or a free works
 * on any device's pointer whatever the current device is.
 * <p>
 * Work on every stream runs synchronously on the session's thread in the order it arrives, so waiting for a stream,
 * an event or a context never has anything to wait for, and a query always finds the work done.
 * <p>
 * Kernels print (device {@code printf}) into one bounded buffer per device of the session, and allocate (device
 * {@code malloc}) from one device heap per device; the executor drains the buffer at CUDA's flush points.
 */
final class EmulatedBackendSession implements BackendSession
{
    static final String BINARY_IMAGE_MESSAGE =
        "the emulator runs PTX only: load PTX text (nvcc -ptx) instead of a cubin or fatbin";

    // CUfunction_attribute codes.
    private static final int FUNC_MAX_THREADS_PER_BLOCK = 0;
    private static final int FUNC_SHARED_SIZE_BYTES = 1;
    private static final int FUNC_CONST_SIZE_BYTES = 2;
    private static final int FUNC_LOCAL_SIZE_BYTES = 3;
    private static final int FUNC_NUM_REGS = 4;
    private static final int FUNC_PTX_VERSION = 5;
    private static final int FUNC_BINARY_VERSION = 6;
    private static final int FUNC_CACHE_MODE_CA = 7;
    private static final int FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8;
    private static final int FUNC_PREFERRED_SHARED_MEMORY_CARVEOUT = 9;
    /** {@code CU_DEVICE_ATTRIBUTE_PCI_BUS_ID}, {@code _PCI_DEVICE_ID}, {@code _PCI_DOMAIN_ID}. */
    private static final int PCI_BUS_ID = 33;
    private static final int PCI_DEVICE_ID = 34;
    private static final int PCI_DOMAIN_ID = 50;
    /** CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN: what the shared memory size limit reads. */
    private static final int SHARED_MEMORY_PER_BLOCK_OPTIN = 97;

    // cudaDeviceAttr codes the function attributes derive from.
    private static final int DEVICE_SHARED_MEMORY_PER_BLOCK = 8;
    private static final int DEVICE_COMPUTE_CAPABILITY_MAJOR = 75;
    private static final int DEVICE_COMPUTE_CAPABILITY_MINOR = 76;

    /** {@code cudaSharedmemCarveoutDefault}: the kernel has no preferred carveout. */
    private static final int NO_PREFERRED_CARVEOUT = -1;

    private final EmulatedDevice[] devices;
    private final DeviceMemoryOwner[] owners;
    private final DeviceSystemCalls[] systemCalls;
    private final Long2ObjectHashMap<EmulatedContext> allocatingContexts = new Long2ObjectHashMap<>();
    /** Starts of the session's live managed allocations (family "managed and mapped memory"). */
    private final LongHashSet managedStarts = new LongHashSet();
    private final EmulatedManagedHints managedHints = new EmulatedManagedHints();
    /** Bytes of the session's live allocations on each device. */
    private final long[] allocatedBytes;
    private final DeviceRangeSource deviceToHost = new DeviceRangeSource();
    private final DeviceRangeSink hostToDevice = new DeviceRangeSink();
    private final EmulatedBlasSession blas;
    private final EmulatedRandSession rand;
    private final EmulatedFftSession fft;
    private final EmulatedRtcSession rtc;
    private final EmulatedPtxCompilerSession ptxCompiler;
    private final KernelStop kernelStop;
    private final EmulatedLimits limits;
    private final EmulatedTableFunctions tableFunctions = new EmulatedTableFunctions(this);
    /** Pitched memory, CUDA arrays and 2D/3D copies. */
    private final EmulatedArrays arrays = new EmulatedArrays(this);
    /** Virtual memory management (family "virtual memory"). */
    private final EmulatedVirtualMemory virtualMemory;
    /** Texture and surface objects and the array queries. */
    private final EmulatedTextures textures = new EmulatedTextures(this);

    EmulatedBackendSession(
        final long sessionId, final EmulatedDevice[] devices, final NvccCompiler compiler, final PtxasCompiler ptxas,
        final long kernelTimeoutNs)
    {
        this.devices = devices;
        this.kernelStop = new KernelStop(kernelTimeoutNs);
        this.owners = new DeviceMemoryOwner[devices.length];
        this.systemCalls = new DeviceSystemCalls[devices.length];
        this.allocatedBytes = new long[devices.length];
        this.virtualMemory = new EmulatedVirtualMemory(this, devices.length);
        for (int i = 0; i < devices.length; i++)
        {
            owners[i] = new DeviceMemoryOwner(sessionId, i);
            systemCalls[i] = new DeviceSystemCalls(devices[i].memory(), owners[i]);
        }
        this.blas = new EmulatedBlasSession(devices, owners);
        this.rand = new EmulatedRandSession(devices, owners);
        this.fft = new EmulatedFftSession(devices, owners);
        this.rtc = new EmulatedRtcSession(compiler, EmulatedBackend.CUDA_VERSION);
        this.ptxCompiler = new EmulatedPtxCompilerSession(ptxas, EmulatedBackend.CUDA_VERSION);
        final long[] deviceMemory = new long[devices.length];
        for (int i = 0; i < devices.length; i++)
        {
            deviceMemory[i] = devices[i].memory().capacity();
        }
        this.limits = new EmulatedLimits(systemCalls, deviceMemory,
            devices[0].properties().attribute(SHARED_MEMORY_PER_BLOCK_OPTIN));
    }

    /**
     * The session's context limits, per device.
     */
    EmulatedLimits limits()
    {
        return limits;
    }

    /**
     * The device's primary context was reset: its limits are the defaults again, and the device heap's memory is
     * freed.
     */
    @Override
    public void primaryContextReset(final int device)
    {
        limits.reset(device);
    }

    /**
     * The running kernel stops at its next time slice and fails with a launch timeout, as do later launches.
     */
    public void stopRunningCall(final String reason)
    {
        kernelStop.stopNow(reason);
    }

    /**
     * The emulator forgets a fault once the faulting launch has returned; the executor keeps the context failed.
     */
    public boolean keepsFaults()
    {
        return false;
    }

    public void getDeviceCount(final CallResult result)
    {
        result.value(devices.length);
    }

    public void getDeviceProperties(final int device, final CallResult result)
    {
        result.payload(devices[device].encodedProperties());
    }

    public void deviceGetAttribute(final int device, final int attribute, final CallResult result)
    {
        final EmulatedDeviceProperties properties = devices[device].properties();
        if (!properties.hasAttribute(attribute))
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaDeviceGetAttribute", "cuDeviceGetAttribute") +
                ": attribute " + attribute + " is not one the emulated device reports");
            return;
        }
        result.value(properties.attribute(attribute));
    }

    public void deviceGetName(final int device, final CallResult result)
    {
        result.payload(devices[device].name());
    }

    void deviceTotalMemory(final int device, final CallResult result)
    {
        result.value(devices[device].memory().capacity());
    }

    public void deviceGetUuid(final int device, final CallResult result)
    {
        result.payload(devices[device].uuid());
    }

    public void driverGetVersion(final CallResult result)
    {
        result.value(EmulatedBackend.CUDA_VERSION);
    }

    public void runtimeGetVersion(final CallResult result)
    {
        result.value(EmulatedBackend.CUDA_VERSION);
    }

    public BackendContext createContext(final int device, final int flags, final CallResult result)
    {
        return new EmulatedContext(device);
    }

    public void destroyContext(final BackendContext context)
    {
        arrays.contextDestroyed(context);
        textures.contextDestroyed(context);
        final Long2ObjectHashMap<EmulatedContext>.EntryIterator allocations = allocatingContexts.entrySet().iterator();
        while (allocations.hasNext())
        {
            allocations.next();
            final EmulatedContext allocatedBy = allocations.getValue();
            if (allocatedBy == context)
            {
                allocatedBytes[allocatedBy.device()] -= devices[allocatedBy.device()].memory()
                    .free(allocations.getLongKey(), owners[allocatedBy.device()]).size();
                allocations.remove();
            }
        }
    }

    public void synchronizeContext(final BackendContext context, final CallResult result)
    {
        // Every stream's work ran to completion as it arrived.
    }

    public void memGetInfo(final BackendContext context, final CallResult result)
    {
        final DeviceMemory memory = devices[emulated(context).device()].memory();
        result.value(memory.free()).value(memory.capacity());
    }

    public void malloc(final BackendContext context, final long size, final CallResult result)
    {
        final EmulatedContext emulatedContext = emulated(context);
        final int device = emulatedContext.device();
        if (size == 0)
        {
            result.value(0);
            return;
        }
        if (size < 0)
        {
            result.fail(CudaError.OUT_OF_MEMORY, result.name("cudaMalloc", "cuMemAlloc") + ": " +
                Long.toUnsignedString(size) + " bytes is more than any device has");
            return;
        }
        try
        {
            final long address = devices[device].memory().allocate(size, owners[device]).deviceAddress();
            allocatingContexts.put(address, emulatedContext);
            allocatedBytes[device] += size;
            result.value(address);
        }
        catch (final DeviceMemoryException ex)
        {
            result.fail(CudaError.OUT_OF_MEMORY, result.name("cudaMalloc", "cuMemAlloc") + " of " + size +
                " bytes on device " + device + ": " + ex.getMessage());
        }
    }

    /**
     * Only what a malloc returned can be freed: a module variable lives in the session's memory too, but it is the
     * module's to free.
     */
    public void free(final BackendContext context, final long address, final CallResult result)
    {
        if (address == 0)
        {
            return;
        }
        final EmulatedContext allocatedBy = allocatingContexts.remove(address);
        managedStarts.remove(address);
        managedHints.forget(address);
        if (allocatedBy == null)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaFree", "cuMemFree") + ": " + hex(address) +
                " is not the start of a live allocation of this session");
            return;
        }
        allocatedBytes[allocatedBy.device()] -=
            devices[allocatedBy.device()].memory().free(address, owners[allocatedBy.device()]).size();
    }

    public long allocatedBytes(final int device)
    {
        return allocatedBytes[device] + virtualMemory.allocatedBytes(device);
    }

    // Managed memory (family "managed and mapped memory").

    /**
     * The emulator's memory is the host's: a managed allocation is an ordinary allocation of the session, which the
     * client views from the host and keeps coherent at CUDA's synchronisation points.
     */
    public void mallocManaged(final BackendContext context, final long size, final int flags, final CallResult result)
    {
        malloc(context, size, result);
        if (!result.failed() && result.valueCount() > 0)
        {
            managedStarts.add(result.values()[0]);
        }
    }

    /**
     * Device and managed memory of the session, on any of its devices; mapped pinned memory is host memory, as CUDA
     * and the gpu backend report it (the ranges virtual memory maps are device memory).
     */
    public void pointerAttributes(final long address, final CallResult result)
    {
        final int owner = deviceHolding(0, address, 1);
        final Allocation allocation = owner < 0 ? null : devices[owner].memory().find(address, 1, owners[owner]);
        if (allocation == null)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaPointerGetAttributes", "cuPointerGetAttribute") +
                ": " + hex(address) + " is not memory of this session");
            return;
        }
        final int kind = allocation.isMappedHostMemory() && !isVirtualMapping(allocation) ? POINTER_HOST_MAPPED :
            managedStarts.contains(allocation.deviceAddress()) ? POINTER_MANAGED : POINTER_DEVICE;
        result.value(kind).value(owner).value(allocation.deviceAddress()).value(allocation.size());
    }

    /**
     * Nothing migrates in the emulator, so a hint on a range of managed memory changes nothing (CUDA documents them
     * as hints); a range that is not inside one managed allocation of the session gets CUDA's invalid value.
     */
    public void managedHint(final BackendContext context, final BackendStream stream, final ManagedHint kind,
        final long address, final long count, final long value, final int device, final CallResult result)
    {
        final int owner = deviceHolding(emulated(context).device(), address, Math.max(count, 1));
        final Allocation allocation = owner < 0 ? null :
            devices[owner].memory().find(address, Math.max(count, 1), owners[owner]);
        if (allocation == null || !managedStarts.contains(allocation.deviceAddress()) ||
            kind == ManagedHint.ATTACH &&
            (allocation.deviceAddress() != address || count != 0 && count != allocation.size()))
        {
            result.fail(CudaError.INVALID_VALUE, kind.name(result) + ": " + range(address, count) +
                " is not inside one managed allocation of this session");
            return;
        }
        if (kind == ManagedHint.ADVISE)
        {
            managedHints.advise(allocation.deviceAddress(), address, count, (int)value, device);
        }
        else if (kind == ManagedHint.PREFETCH)
        {
            managedHints.prefetch(allocation.deviceAddress(), address, count, (int)value);
        }
    }

    /**
     * From the hints the session gave ({@link EmulatedManagedHints}), on a range inside one of its managed
     * allocations.
     */
    public void memRangeAttribute(final BackendContext context, final long address, final long count,
        final int attribute, final int entries, final CallResult result)
    {
        final int owner = deviceHolding(emulated(context).device(), address, count);
        final Allocation allocation = owner < 0 ? null : devices[owner].memory().find(address, count, owners[owner]);
        if (allocation == null || !managedStarts.contains(allocation.deviceAddress()))
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaMemRangeGetAttribute", "cuMemRangeGetAttribute") +
                ": " + range(address, count) + " is not inside one managed allocation of this session");
            return;
        }
        for (final int value : managedHints.attribute(allocation.deviceAddress(), address, count, attribute, entries))
        {
            result.value(value);
        }
    }

    // Stream-ordered allocation, memory pools, stream priorities, cooperative launches and primary-context flags.

    /**
     * A pool is the device's memory under another name: the emulator's streams run each piece of work as it
     * arrives, so a stream-ordered allocation is made, and a stream-ordered free done, at once, and a pool keeps
     * no freed memory for later (CUDA's default release threshold of 0 with every stream always synchronized).
     */
    public BackendMemoryPool createMemoryPool(final int device, final CallResult result)
    {
        return new EmulatedMemoryPool(device);
    }

    /** Its allocations stay usable until freed, as in CUDA; the pool itself holds nothing. */
    public void destroyMemoryPool(final BackendMemoryPool pool, final CallResult result)
    {
    }

    /** There is nothing to release: a pool of the emulator holds no freed memory (see {@link #createMemoryPool}). */
    public void trimMemoryPool(final BackendMemoryPool pool, final long minBytesToKeep, final CallResult result)
    {
    }

    public void mallocAsync(
        final BackendContext context, final BackendStream stream, final BackendMemoryPool pool, final long size,
        final CallResult result)
    {
        final String name = pool == null ? "cuMemAllocAsync" : "cuMemAllocFromPoolAsync";
        final EmulatedContext emulatedContext = emulated(context);
        final int device = emulatedContext.device();
        if (size <= 0)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + ": " + Long.toUnsignedString(size) +
                " bytes is more than any device has");
            return;
        }
        try
        {
            final long address = devices[device].memory().allocate(size, owners[device]).deviceAddress();
            allocatingContexts.put(address, emulatedContext);
            allocatedBytes[device] += size;
            result.value(address);
        }
        catch (final DeviceMemoryException ex)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + " of " + size + " bytes on device " + device + ": " +
                ex.getMessage());
        }
    }

    public void freeAsync(
        final BackendContext context, final BackendStream stream, final long address, final CallResult result)
    {
        final EmulatedContext allocatedBy = allocatingContexts.remove(address);
        if (allocatedBy == null)
        {
            result.fail(CudaError.INVALID_VALUE, "cuMemFreeAsync: " + hex(address) +
                " is not the start of a live allocation of this session");
            return;
        }
        allocatedBytes[allocatedBy.device()] -=
            devices[allocatedBy.device()].memory().free(address, owners[allocatedBy.device()]).size();
    }

    /**
     * The emulator's streams have no priorities: its priority range is 0 to 0 ({@code cuCtxGetStreamPriorityRange}),
     * and CUDA clamps a priority to the range, so every stream has priority 0.
     */
    public BackendStream createStreamWithPriority(
        final BackendContext context, final int flags, final int priority, final CallResult result)
    {
        return createStream(context, flags, result);
    }

    /**
     * The emulator cannot promise that a whole grid is resident at once (it has no occupancy calculator), which is
     * what a cooperative launch is.
     */
    public void launchCooperativeKernel(
        final BackendKernel kernel, final BackendStream stream, final int gridX, final int gridY, final int gridZ,
        final int blockX, final int blockY, final int blockZ, final int sharedMemoryBytes, final byte[] parameters,
        final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuLaunchCooperativeKernel is not supported on the emulator");
    }

    /**
     * The synchronization policy is kept per stream (the default stream's per context) and read back; it changes
     * nothing, as the emulator's streams never wait. The emulator has no L2 cache, so no access policy window.
     */
    public void streamGetAttribute(
        final BackendContext context, final BackendStream stream, final int attribute, final CallResult result)
    {
        if (attribute == STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW)
        {
            result.fail(CudaError.NOT_SUPPORTED, result.name("cudaStreamGetAttribute", "cuStreamGetAttribute") +
                " of the access policy window is not supported on the emulator");
            return;
        }
        result.value(stream == null ? emulated(context).syncPolicy() : ((EmulatedStream)stream).syncPolicy());
    }

    public void streamSetAttribute(
        final BackendContext context, final BackendStream stream, final int attribute, final long[] values,
        final CallResult result)
    {
        if (attribute == STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW)
        {
            result.fail(CudaError.NOT_SUPPORTED, result.name("cudaStreamSetAttribute", "cuStreamSetAttribute") +
                " of the access policy window is not supported on the emulator");
            return;
        }
        if (stream == null)
        {
            emulated(context).syncPolicy((int)values[0]);
        }
        else
        {
            ((EmulatedStream)stream).syncPolicy((int)values[0]);
        }
    }

    /** The emulator runs PTX only, and a link's output is a cubin. */
    public void link(
        final BackendContext context, final int[] types, final int[] offsets, final int[] lengths,
        final DirectBuffer input, final CallResult result)
    {
        result.fail(CudaError.NOT_SUPPORTED, "cuLinkComplete is not supported on the emulator: it runs PTX only, " +
            "and a link makes a cubin; load the PTX with cuModuleLoadData instead");
    }

    /** The emulator's contexts have no scheduling to change: the executor keeps the flags it reports. */
    public void setContextFlags(final BackendContext context, final int flags, final CallResult result)
    {
    }

    public PayloadSink memcpyHostToDevice(
        final BackendContext context,
        final BackendStream stream,
        final long destination,
        final long count,
        final CallResult result)
    {
        final int device = emulated(context).device();
        final int owningDevice = count == 0 ? device : deviceHolding(device, destination, count);
        if (owningDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaMemcpy host to device", "cuMemcpyHtoD") +
                ": destination " + range(destination, count) + " is not inside one allocation of this session");
            return null;
        }
        return hostToDevice.wrap(devices[owningDevice].memory(), owners[owningDevice], destination, count);
    }

    public void finishHostToDevice(final CallResult result)
    {
        // Each chunk was written as it arrived; a write into a range checked beforehand cannot fail.
    }

    public void memcpyDeviceToHost(
        final BackendContext context, final BackendStream stream, final long source, final long count,
        final CallResult result)
    {
        if (count == 0)
        {
            return;
        }
        final int owningDevice = deviceHolding(emulated(context).device(), source, count);
        if (owningDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaMemcpy device to host", "cuMemcpyDtoH") +
                ": source " + range(source, count) + " is not inside one allocation of this session");
            return;
        }
        result.payload(deviceToHost.wrap(devices[owningDevice].memory(), owners[owningDevice], source, count));
    }

    /**
     * Nothing to page-lock: the emulator copies between the shared mapping and its memory directly. Mapped memory is
     * the same host memory mapped into the context's device ({@link DeviceMemory#mapHost}), so kernels of the session
     * on that device read and write the client's bytes.
     */
    public BackendHostMemory registerHostMemory(
        final BackendContext context, final ByteBuffer memory, final boolean deviceMapped, final CallResult result)
    {
        final long address = BufferUtil.address(memory);
        final int device = emulated(context).device();
        if (!deviceMapped)
        {
            return new EmulatedHostMemory(memory, address, -1, null);
        }
        try
        {
            return new EmulatedHostMemory(memory, address, device,
                devices[device].memory().mapHost(address, memory.capacity(), owners[device]));
        }
        catch (final DeviceMemoryException ex)
        {
            result.fail(CudaError.OUT_OF_MEMORY, result.name("cudaHostAlloc", "cuMemHostAlloc") +
                ": cannot map it into device " + device + ": " + ex.getMessage());
            return null;
        }
    }

    public void unregisterHostMemory(final BackendHostMemory memory)
    {
        final EmulatedHostMemory host = (EmulatedHostMemory)memory;
        if (host.mapping != null && host.mapping.isLive())
        {
            devices[host.device].memory().free(host.mapping.deviceAddress(), owners[host.device]);
        }
    }

    public void memcpyHostMemory(
        final BackendContext context, final BackendStream stream, final boolean toDevice, final long deviceAddress,
        final BackendHostMemory memory, final long offset, final long count, final boolean synchronous,
        final CallResult result)
    {
        if (count == 0)
        {
            return;
        }
        final int owningDevice = deviceHolding(emulated(context).device(), deviceAddress, count);
        if (owningDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE, (toDevice ?
                result.name("cudaMemcpy host to device", "cuMemcpyHtoD") + ": destination " :
                result.name("cudaMemcpy device to host", "cuMemcpyDtoH") + ": source ") +
                range(deviceAddress, count) + " is not inside one allocation of this session");
            return;
        }
        final EmulatedHostMemory host = (EmulatedHostMemory)memory;
        final DeviceMemory deviceMemory = devices[owningDevice].memory();
        if (toDevice)
        {
            deviceMemory.writeFromHost(deviceAddress, host.address + offset, count, owners[owningDevice]);
        }
        else
        {
            deviceMemory.readToHost(deviceAddress, host.address + offset, count, owners[owningDevice]);
        }
        Reference.reachabilityFence(host.memory);
    }

    public void memcpyDeviceToDevice(
        final BackendContext context,
        final BackendStream stream,
        final long destination,
        final long source,
        final long count,
        final CallResult result)
    {
        if (count == 0)
        {
            return;
        }
        final int device = emulated(context).device();
        final int sourceDevice = deviceHolding(device, source, count);
        final int destinationDevice = deviceHolding(device, destination, count);
        if (sourceDevice < 0 || destinationDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaMemcpy device to device", "cuMemcpyDtoD") + ": " +
                (sourceDevice < 0 ? "source " + range(source, count) : "destination " + range(destination, count)) +
                " is not inside one allocation of this session");
            return;
        }
        final DeviceMemory sourceMemory = devices[sourceDevice].memory();
        if (sourceDevice == destinationDevice)
        {
            sourceMemory.copy(destination, source, count, owners[sourceDevice]);
        }
        else
        {
            final Allocation target = devices[destinationDevice].memory()
                .require(destination, count, owners[destinationDevice]);
            sourceMemory.readToHost(source, target.hostAddress(destination, count), count, owners[sourceDevice]);
        }
    }

    public void memset(
        final BackendContext context,
        final BackendStream stream,
        final long address,
        final int value,
        final long count,
        final int elementSize,
        final CallResult result)
    {
        final String name = MemsetArguments.checked(address, count, elementSize, result);
        if (name == null)
        {
            return;
        }
        final long length = count * elementSize;
        final int owningDevice = deviceHolding(emulated(context).device(), address, length);
        if (owningDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE,
                name + ": " + range(address, length) + " is not inside one allocation of this session");
            return;
        }
        devices[owningDevice].memory().fill(address, count, elementSize, value, owners[owningDevice]);
    }

    public BackendModule loadModule(final BackendContext context, final DirectBuffer image, final CallResult result)
    {
        final EmulatedContext emulatedContext = emulated(context);
        final byte[] bytes = new byte[image.capacity()];
        image.getBytes(0, bytes);
        if (PtxModule.looksLikeBinaryImage(bytes))
        {
            result.fail(CudaError.INVALID_IMAGE, BINARY_IMAGE_MESSAGE);
            return null;
        }
        final int textLength = textLength(bytes);
        if (textLength == 0)
        {
            result.fail(CudaError.INVALID_IMAGE, "the module image is empty");
            return null;
        }
        final PtxModule module;
        try
        {
            module = PtxModule.parse(new String(bytes, 0, textLength, StandardCharsets.UTF_8));
        }
        catch (final PtxException ex)
        {
            result.fail(CudaError.INVALID_PTX, ex.getMessage());
            return null;
        }
        final int device = emulatedContext.device();
        try
        {
            return new EmulatedModule(emulatedContext, module.instantiate(devices[device].memory(), owners[device],
                systemCalls[device], kernelStop));
        }
        catch (final DeviceMemoryException ex)
        {
            result.fail(CudaError.OUT_OF_MEMORY, "the module's variables do not fit on device " + device + ": " +
                ex.getMessage());
            return null;
        }
    }

    public void unloadModule(final BackendModule module)
    {
        ((EmulatedModule)module).instance().release();
    }

    public BackendKernel getFunction(final BackendModule module, final String name, final CallResult result)
    {
        final EmulatedModule emulatedModule = (EmulatedModule)module;
        final PtxKernel kernel = emulatedModule.instance().module().kernel(name);
        if (kernel == null)
        {
            result.fail(CudaError.NOT_FOUND, "the module has no kernel '" + name + "'");
            return null;
        }
        return new EmulatedKernel(emulatedModule, kernel);
    }

    public void getGlobal(final BackendModule module, final String name, final CallResult result)
    {
        final ModuleInstance instance = ((EmulatedModule)module).instance();
        for (final ModuleVariable variable : instance.module().variables())
        {
            if (variable.name().equals(name))
            {
                result.value(instance.variableAddress(name)).value(variable.size());
                return;
            }
        }
        result.fail(CudaError.NOT_FOUND, "the module has no variable '" + name + "'");
    }

    /**
     * The emulator interprets PTX for the device it emulates, so the PTX and binary versions a kernel reports are
     * that device's compute capability.
     */
    void functionGetAttribute(final BackendKernel kernel, final int attribute, final CallResult result)
    {
        final EmulatedKernel emulatedKernel = (EmulatedKernel)kernel;
        final PtxKernel ptxKernel = emulatedKernel.kernel();
        final EmulatedDeviceProperties properties =
            devices[emulatedKernel.module().context().device()].properties();
        switch (attribute)
        {
            case FUNC_MAX_THREADS_PER_BLOCK -> result.value(ptxKernel.maxThreadsPerBlock());
            case FUNC_SHARED_SIZE_BYTES -> result.value(ptxKernel.staticSharedBytes());
            case FUNC_CONST_SIZE_BYTES -> result.value(constantBytes(emulatedKernel.module().instance().module()));
            case FUNC_LOCAL_SIZE_BYTES -> result.value(ptxKernel.localBytesPerThread());
            case FUNC_NUM_REGS -> result.value(ptxKernel.registerCount());
            case FUNC_PTX_VERSION, FUNC_BINARY_VERSION -> result.value(
                properties.attribute(DEVICE_COMPUTE_CAPABILITY_MAJOR) * 10L +
                properties.attribute(DEVICE_COMPUTE_CAPABILITY_MINOR));
            case FUNC_CACHE_MODE_CA -> result.value(0);
            case FUNC_MAX_DYNAMIC_SHARED_SIZE_BYTES -> result.value(
                Math.max(0, properties.attribute(DEVICE_SHARED_MEMORY_PER_BLOCK) - ptxKernel.staticSharedBytes()));
            case FUNC_PREFERRED_SHARED_MEMORY_CARVEOUT -> result.value(NO_PREFERRED_CARVEOUT);
            default -> result.fail(CudaError.INVALID_VALUE, result.name("cudaFuncGetAttributes",
                "cuFuncGetAttribute") + ": attribute " + attribute + " is not one the emulator reports");
        }
    }

    public void launchKernel(
        final BackendKernel kernel,
        final BackendStream stream,
        final int gridX,
        final int gridY,
        final int gridZ,
        final int blockX,
        final int blockY,
        final int blockZ,
        final int sharedMemoryBytes,
        final byte[] parameters,
        final CallResult result)
    {
        final EmulatedKernel emulatedKernel = (EmulatedKernel)kernel;
        try
        {
            emulatedKernel.module().instance().launch(emulatedKernel.name(), gridX, gridY, gridZ, blockX, blockY,
                blockZ, sharedMemoryBytes, parameters);
        }
        catch (final InvalidLaunchException ex)
        {
            result.fail(CudaError.INVALID_VALUE, ex.getMessage());
        }
        catch (final KernelFaultException ex)
        {
            result.fail(launchError(ex.kind()), ex.getMessage());
        }
    }

    public BackendStream createStream(final BackendContext context, final int flags, final CallResult result)
    {
        return new EmulatedStream(flags);
    }

    public void destroyStream(final BackendStream stream)
    {
        // A stream holds nothing: its work has all run.
    }

    public void synchronizeStream(final BackendContext context, final BackendStream stream, final CallResult result)
    {
        // The stream's work ran to completion as it arrived.
    }

    public void queryStream(final BackendContext context, final BackendStream stream, final CallResult result)
    {
        // Always complete: the stream's work ran as it arrived.
    }

    public void streamWaitEvent(
        final BackendContext context, final BackendStream stream, final BackendEvent event, final CallResult result)
    {
        // The event's record was reached when it was processed, before any work submitted after this call.
    }

    /**
     * Runs the function now, on the session's thread, before the call returns: the work queued before it has all run,
     * and nothing queued after it starts until it has returned, since the session's work runs in order on that one
     * thread. So a host function holds up the session's later work on every stream, not only on its own, which CUDA
     * allows (it promises no concurrency between streams). A stream callback runs only in a context without a fault
     * (the executor refuses the call in a faulted one), so its status is always success.
     */
    public void launchHostFunction(
        final BackendContext context, final BackendStream stream, final boolean streamCallback,
        final HostFunction function, final CallResult result)
    {
        function.run(null);
    }

    public BackendEvent createEvent(final BackendContext context, final int flags, final CallResult result)
    {
        return new EmulatedEvent(flags);
    }

    public void destroyEvent(final BackendEvent event)
    {
        // An event holds nothing but its timestamp.
    }

    public void recordEvent(final BackendEvent event, final BackendStream stream, final CallResult result)
    {
        ((EmulatedEvent)event).record(System.nanoTime());
    }

    public void synchronizeEvent(final BackendEvent event, final CallResult result)
    {
        // The record was reached when it was processed.
    }

    public void queryEvent(final BackendEvent event, final CallResult result)
    {
        // Always reached: a record completes when it is processed, and an event never recorded counts as complete.
    }

    public void eventElapsedTime(final BackendEvent start, final BackendEvent end, final CallResult result)
    {
        final EmulatedEvent startEvent = (EmulatedEvent)start;
        final EmulatedEvent endEvent = (EmulatedEvent)end;
        final String name = result.name("cudaEventElapsedTime", "cuEventElapsedTime");
        if (!startEvent.recorded() || !endEvent.recorded())
        {
            result.fail(CudaError.INVALID_HANDLE,
                name + ": the " + (startEvent.recorded() ? "end" : "start") + " event has never been recorded");
            return;
        }
        if (!startEvent.timing() || !endEvent.timing())
        {
            result.fail(CudaError.INVALID_HANDLE, name + ": the " + (startEvent.timing() ? "end" : "start") +
                " event was created with the disable-timing flag");
            return;
        }
        final float milliseconds = (endEvent.recordedAtNs() - startEvent.recordedAtNs()) / 1_000_000f;
        result.value(Float.floatToRawIntBits(milliseconds));
    }

    /**
     * A 2D memset of a table row ({@code cuMemsetD2D*}, {@code cudaMemset2D}): Height rows of Width elements,
     * {@code pitch} bytes apart, all inside one allocation of the session. Arguments by position: address, pitch,
     * value, width, height.
     */
    void memset2D(final TableCall call, final int elementSize, final CallResult result)
    {
        final String name = call.row().name();
        final long address = call.scalar(0);
        final long pitch = call.scalar(1);
        final long width = call.scalar(3);
        final long height = call.scalar(4);
        if (width == 0 || height == 0)
        {
            return;
        }
        if (width < 0 || height < 0 || pitch < 0 || (height > 1 && width > pitch / elementSize))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": rows of " + width + " elements of " + elementSize +
                " bytes do not fit a pitch of " + pitch + " bytes");
            return;
        }
        final long extent = call.extent(0);
        final EmulatedContext context = emulated(call.context());
        final int owningDevice = deviceHolding(context.device(), address, extent);
        if (owningDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + range(address, extent) +
                " is not inside one allocation of this session");
            return;
        }
        final int value = (int)(elementSize == Integer.BYTES ? call.scalar(2) :
            call.scalar(2) & ((1L << (8 * elementSize)) - 1));
        for (long row = 0; row < height; row++)
        {
            devices[owningDevice].memory().fill(address + row * pitch, width, elementSize, value,
                owners[owningDevice]);
        }
    }

    /**
     * {@code cuDeviceGetPCIBusId}: the emulated device's PCI domain, bus and device attributes as CUDA writes them
     * ({@code domain:bus:device.function} in hexadecimal), cut to the buffer's length with room for the NUL, as
     * CUDA cuts it.
     */
    void pciBusId(final TableCall call, final CallResult result)
    {
        final EmulatedDeviceProperties properties =
            devices[(int)call.scalar(call.indexOf(ArgumentRole.DEVICE))].properties();
        final String id = String.format("%04x:%02x:%02x.0", properties.attribute(PCI_DOMAIN_ID),
            properties.attribute(PCI_BUS_ID), properties.attribute(PCI_DEVICE_ID));
        final int room = (int)call.extent(call.indexOf(ArgumentRole.OUT_STRING)) - 1;
        result.payload(new ByteArrayPayload(id.substring(0, Math.min(id.length(), room))
            .getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
    }

    /**
     * {@code cuMemGetAddressRange}: the base and size of the session's allocation that holds the address, on any of
     * the session's devices (addressing is unified); an address outside them is refused as on the gpu backend.
     */
    void addressRange(final TableCall call, final CallResult result)
    {
        final int index = call.indexOf(ArgumentRole.DEVPTR);
        final long address = call.scalar(index);
        final EmulatedContext context = emulated(call.context());
        final int owningDevice = deviceHolding(context.device(), address, 1);
        if (owningDevice < 0)
        {
            result.fail(CudaError.INVALID_VALUE, call.row().name() + ": " + range(address, 1) +
                " is not inside one allocation of this session");
            return;
        }
        final Allocation allocation = devices[owningDevice].memory().find(address, 1, owners[owningDevice]);
        result.value(allocation.deviceAddress()).value(allocation.size());
    }

    /**
     * The rows the emulator runs ({@link EmulatedTableFunctions}); the others are not supported on the emulator, and
     * said so by name.
     */
    public void callTableFunction(final TableCall call, final CallResult result)
    {
        tableFunctions.call(call, result);
    }

    /** The memory of one emulated device, which the session's library handles on it read and write. */
    io.gpurelay.emulator.memory.DeviceMemory deviceMemory(final int device)
    {
        return devices[device].memory();
    }

    /** The session's owner of allocations on one device. */
    Object owner(final int device)
    {
        return owners[device];
    }

    public BlasSession blas()
    {
        return blas;
    }

    public RandSession rand()
    {
        return rand;
    }

    public FftSession fft()
    {
        return fft;
    }

    public RtcSession rtc()
    {
        return rtc;
    }

    public PtxCompilerSession ptxCompiler()
    {
        return ptxCompiler;
    }

    // Virtual memory management and pointer attributes (family "virtual memory").

    public BackendVirtualMemory virtualMemory()
    {
        return virtualMemory;
    }

    /**
     * The emulator's copies and memsets are synchronous already, which is what CU_POINTER_ATTRIBUTE_SYNC_MEMOPS asks
     * for: setting it on the session's device memory is accepted and changes nothing. Other attributes cannot be set,
     * as in CUDA.
     */
    public void pointerSetAttribute(
        final BackendContext context, final long address, final long attribute, final long value,
        final CallResult result)
    {
        if (attribute != POINTER_ATTRIBUTE_SYNC_MEMOPS)
        {
            result.fail(CudaError.INVALID_VALUE, "cuPointerSetAttribute: attribute " + attribute + " cannot be set; " +
                "CU_POINTER_ATTRIBUTE_SYNC_MEMOPS (6) is the one that can");
            return;
        }
        final int owner = deviceHolding(emulated(context).device(), address, 1);
        final Allocation allocation = owner < 0 ? null : devices[owner].memory().find(address, 1, owners[owner]);
        if (allocation == null || allocation.isMappedHostMemory() && !isVirtualMapping(allocation))
        {
            result.fail(CudaError.INVALID_VALUE, "cuPointerSetAttribute: " + hex(address) + " is not device " +
                "memory of this session");
        }
    }

    private static final long POINTER_ATTRIBUTE_SYNC_MEMOPS = 6;

    private boolean isVirtualMapping(final Allocation allocation)
    {
        return virtualMemory.maps(allocation);
    }

    // Pitched memory, CUDA arrays and 2D/3D copies: EmulatedArrays, on the session's memory.

    public BackendArrays arrays()
    {
        return arrays;
    }

    // Texture and surface objects and the array queries: EmulatedTextures.

    public BackendTextures textures()
    {
        return textures;
    }

    /**
     * Memory of the session on a device that no malloc returned, so that no free reaches it: an array's.
     */
    long allocateUntracked(final int device, final long size)
    {
        final long address = devices[device].memory().allocate(size, owners[device]).deviceAddress();
        allocatedBytes[device] += size;
        return address;
    }

    void freeUntracked(final int device, final long address)
    {
        allocatedBytes[device] -= devices[device].memory().free(address, owners[device]).size();
    }

    /**
     * @return the device on which one allocation of the session holds the range, the context's device first; -1 if
     *         none does.
     */
    int deviceHoldingRange(final int device, final long address, final long length)
    {
        return deviceHolding(device, address, length);
    }

    DeviceMemory memoryOf(final int device)
    {
        return devices[device].memory();
    }

    Object ownerOf(final int device)
    {
        return owners[device];
    }

    static String rangeText(final long address, final long length)
    {
        return range(address, length);
    }

    public void drainDeviceOutput(final DeviceOutput output)
    {
        for (final DeviceSystemCalls deviceSystemCalls : systemCalls)
        {
            final PrintfBuffer.Drained drained = deviceSystemCalls.printfBuffer().drain();
            output.append(drained.text(), 0, drained.text().length);
            output.dropped(drained.droppedBytes());
        }
    }

    public ReleasedResources close()
    {
        textures.close();
        // Mappings go before the memory they show, and both before the session's own allocations.
        final ReleasedResources physical = virtualMemory.close();
        arrays.close();
        rand.close();
        fft.close();
        rtc.close();
        ptxCompiler.close();
        ReleasedResources released = ReleasedResources.NONE;
        for (int i = 0; i < devices.length; i++)
        {
            released = released.plus(released(devices[i].memory().freeAll(owners[i])));
            systemCalls[i].release();
        }
        allocatingContexts.clear();
        managedStarts.clear();
        managedHints.clear();
        Arrays.fill(allocatedBytes, 0);
        return released.plus(physical);
    }

    /**
     * Shared pinned memory as the emulator holds it: its address, and its mapping into a device when it was asked for.
     */
    private record EmulatedHostMemory(ByteBuffer memory, long address, int device, Allocation mapping)
        implements BackendHostMemory
    {
        public long devicePointer()
        {
            return mapping == null ? 0 : mapping.deviceAddress();
        }
    }

    private static EmulatedContext emulated(final BackendContext context)
    {
        return (EmulatedContext)context;
    }

    /**
     * The device on which one allocation of this session covers {@code [address, address + length)}, looking on the
     * context's device first; -1 if none does.
     */
    private int deviceHolding(final int device, final long address, final long length)
    {
        if (devices[device].memory().find(address, length, owners[device]) != null)
        {
            return device;
        }
        for (int i = 0; i < devices.length; i++)
        {
            if (i != device && devices[i].memory().find(address, length, owners[i]) != null)
            {
                return i;
            }
        }
        return -1;
    }

    private static CudaError launchError(final KernelFaultException.Kind kind)
    {
        return switch (kind)
        {
            case ILLEGAL_ADDRESS -> CudaError.ILLEGAL_ADDRESS;
            case MISALIGNED_ADDRESS -> CudaError.MISALIGNED_ADDRESS;
            case ILLEGAL_INSTRUCTION -> CudaError.ILLEGAL_INSTRUCTION;
            case LAUNCH_OUT_OF_RESOURCES -> CudaError.LAUNCH_OUT_OF_RESOURCES;
            case LAUNCH_TIMEOUT -> CudaError.LAUNCH_TIMEOUT;
            default -> CudaError.LAUNCH_FAILED;
        };
    }

    private static long constantBytes(final PtxModule module)
    {
        long bytes = 0;
        for (final ModuleVariable variable : module.variables())
        {
            if (variable.space() == ModuleVariable.Space.CONST)
            {
                bytes += variable.size();
            }
        }
        return bytes;
    }

    /**
     * PTX handed to {@code cuModuleLoadData} is a C string: it ends at the first NUL, if there is one.
     */
    private static int textLength(final byte[] image)
    {
        for (int i = 0; i < image.length; i++)
        {
            if (image[i] == 0)
            {
                return i;
            }
        }
        return image.length;
    }

    private static ReleasedResources released(final List<Allocation> allocations)
    {
        long bytes = 0;
        for (final Allocation allocation : allocations)
        {
            bytes += allocation.size();
        }
        return new ReleasedResources(allocations.size(), bytes);
    }

    private static String hex(final long address)
    {
        return "0x" + Long.toHexString(address);
    }

    private static String range(final long address, final long length)
    {
        return "[" + hex(address) + ", +" + Long.toUnsignedString(length) + ")";
    }

    /**
     * What owns a session's allocations and module variables on one device: every context of the session on the
     * device reaches them, and nothing of another session does.
     */
    private record DeviceMemoryOwner(long sessionId, int device)
    {
    }
}
