package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_ERROR_INVALID_VALUE;
import static org.bytedeco.cuda.global.cudart.CUDA_ERROR_NOT_FOUND;
import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.CU_MEMHOSTREGISTER_DEVICEMAP;
import static org.bytedeco.cuda.global.cudart.CU_MEM_LOCATION_TYPE_DEVICE;
import static org.bytedeco.cuda.global.cudart.CU_MEM_LOCATION_TYPE_HOST;
import static org.bytedeco.cuda.global.cudart.cuMemAdvise;
import static org.bytedeco.cuda.global.cudart.cuMemAllocManaged;
import static org.bytedeco.cuda.global.cudart.cuMemPrefetchAsync;
import static org.bytedeco.cuda.global.cudart.cuStreamAttachMemAsync;
import static org.bytedeco.cuda.global.cudart.cudaMemRangeGetAttribute;
import static org.bytedeco.cuda.global.cudart.CU_MEMHOSTREGISTER_PORTABLE;
import static org.bytedeco.cuda.global.cudart.CU_JIT_ERROR_LOG_BUFFER;
import static org.bytedeco.cuda.global.cudart.CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES;
import static org.bytedeco.cuda.global.cudart.CU_JIT_INFO_LOG_BUFFER;
import static org.bytedeco.cuda.global.cudart.CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES;
import static org.bytedeco.cuda.global.cudart.cuCtxCreate;
import static org.bytedeco.cuda.global.cudart.cuCtxDestroy;
import static org.bytedeco.cuda.global.cudart.cuCtxSetCurrent;
import static org.bytedeco.cuda.global.cudart.cuPointerSetAttribute;
import static org.bytedeco.cuda.global.cudart.cuCtxSynchronize;
import static org.bytedeco.cuda.global.cudart.cuDeviceGetAttribute;
import static org.bytedeco.cuda.global.cudart.cuEventCreate;
import static org.bytedeco.cuda.global.cudart.cuEventDestroy;
import static org.bytedeco.cuda.global.cudart.cuEventElapsedTime;
import static org.bytedeco.cuda.global.cudart.cuEventQuery;
import static org.bytedeco.cuda.global.cudart.cuEventRecord;
import static org.bytedeco.cuda.global.cudart.cuEventSynchronize;
import static org.bytedeco.cuda.global.cudart.cuFuncGetParamInfo;
import static org.bytedeco.cuda.global.cudart.cuCtxSetFlags;
import static org.bytedeco.cuda.global.cudart.cuLaunchCooperativeKernel;
import static org.bytedeco.cuda.global.cudart.cuLaunchKernel;
import static org.bytedeco.cuda.global.cudart.cuLinkAddData;
import static org.bytedeco.cuda.global.cudart.cuLinkComplete;
import static org.bytedeco.cuda.global.cudart.cuLinkCreate;
import static org.bytedeco.cuda.global.cudart.cuLinkDestroy;
import static org.bytedeco.cuda.global.cudart.cuMemAllocAsync;
import static org.bytedeco.cuda.global.cudart.cuMemAllocFromPoolAsync;
import static org.bytedeco.cuda.global.cudart.cuMemFreeAsync;
import static org.bytedeco.cuda.global.cudart.cuStreamCreateWithPriority;
import static org.bytedeco.cuda.global.cudart.cuStreamGetAttribute;
import static org.bytedeco.cuda.global.cudart.cuStreamSetAttribute;
import static org.bytedeco.cuda.global.cudart.cuMemAlloc;
import static org.bytedeco.cuda.global.cudart.cuMemFree;
import static org.bytedeco.cuda.global.cudart.cuMemGetInfo;
import static org.bytedeco.cuda.global.cudart.cuMemHostGetDevicePointer;
import static org.bytedeco.cuda.global.cudart.cuMemHostRegister;
import static org.bytedeco.cuda.global.cudart.cuMemHostUnregister;
import static org.bytedeco.cuda.global.cudart.cuMemcpyAsync;
import static org.bytedeco.cuda.global.cudart.cuMemcpyDtoH;
import static org.bytedeco.cuda.global.cudart.cuMemcpyDtoHAsync;
import static org.bytedeco.cuda.global.cudart.cuMemcpyHtoD;
import static org.bytedeco.cuda.global.cudart.cuMemcpyHtoDAsync;
import static org.bytedeco.cuda.global.cudart.cuMemsetD16Async;
import static org.bytedeco.cuda.global.cudart.cuMemsetD32Async;
import static org.bytedeco.cuda.global.cudart.cuMemsetD8Async;
import static org.bytedeco.cuda.global.cudart.cuModuleGetFunction;
import static org.bytedeco.cuda.global.cudart.cuModuleGetGlobal;
import static org.bytedeco.cuda.global.cudart.cuModuleLoadDataEx;
import static org.bytedeco.cuda.global.cudart.cuModuleUnload;
import static org.bytedeco.cuda.global.cudart.cuStreamCreate;
import static org.bytedeco.cuda.global.cudart.cuStreamDestroy;
import static org.bytedeco.cuda.global.cudart.cuStreamQuery;
import static org.bytedeco.cuda.global.cudart.cuStreamSynchronize;
import static org.bytedeco.cuda.global.cudart.cuStreamWaitEvent;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.executor.backend.BackendArray;
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
import io.gpurelay.executor.backend.LibraryErrors;
import io.gpurelay.executor.backend.DeviceOutput;
import io.gpurelay.executor.backend.HostFunction;
import io.gpurelay.executor.backend.KernelParameterLayout;
import io.gpurelay.executor.backend.MemsetArguments;
import io.gpurelay.executor.backend.FftSession;
import io.gpurelay.executor.backend.RandSession;
import io.gpurelay.executor.backend.ReleasedResources;
import io.gpurelay.executor.backend.PtxCompilerSession;
import io.gpurelay.executor.backend.RtcSession;
import io.gpurelay.executor.backend.TableCall;
import io.gpurelay.protocol.table.Argument;
import io.gpurelay.protocol.table.ArgumentRole;
import io.gpurelay.protocol.table.FunctionRow;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.PayloadSink;
import org.agrona.DirectBuffer;
import org.agrona.collections.LongHashSet;
import org.bytedeco.cuda.cudart.CUaccessPolicyWindow_v1;
import org.bytedeco.cuda.cudart.CUDA_ARRAY_DESCRIPTOR_v2;
import org.bytedeco.cuda.cudart.CUctx_st;
import org.bytedeco.cuda.cudart.CUevent_st;
import org.bytedeco.cuda.cudart.CUfunc_st;
import org.bytedeco.cuda.cudart.CUlaunchAttributeValue;
import org.bytedeco.cuda.cudart.CUlinkState_st;
import org.bytedeco.cuda.cudart.CUmod_st;
import org.bytedeco.cuda.cudart.CUmemLocation_v1;
import org.bytedeco.cuda.cudart.CUstream_st;
import org.bytedeco.cuda.cudart.CUsurfref_st;
import org.bytedeco.cuda.cudart.CUtexref_st;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.DoublePointer;
import org.bytedeco.javacpp.FloatPointer;
import org.bytedeco.javacpp.IntPointer;
import org.bytedeco.javacpp.LongPointer;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.PointerPointer;
import org.bytedeco.javacpp.SizeTPointer;

/**
 * One session on the host's GPUs. Every context the executor asks for is a CUDA context of the session's own
 * ({@code cuCtxCreate}), the session's primary context per device included, so that sessions share devices and never
 * contexts, and destroying the session's contexts when it closes frees on the GPU everything it made, whatever the
 * client did or failed to do. Each call makes the context it runs in current on the session's thread first.
 * <p>
 * Every address that comes from the client is checked against the session's own allocations and module globals
 * ({@link DeviceAddressRanges}) before the GPU sees it: with unified addressing the driver would resolve another
 * session's address in this process and copy into its memory. Memory belongs to the session, as the executor's
 * contract says, so a copy or free may name memory of another of its contexts; a kernel, though, reaches only the
 * memory of its own context, as on any GPU.
 * <p>
 * Streams and events are CUDA's: work runs on the GPU asynchronously to the session's thread, queries answer
 * {@link CudaError#NOT_READY} while it runs, and synchronising calls block the session's thread, which is the
 * session's alone. A launch returns once queued; a fault of the kernel surfaces at a later call, as with CUDA.
 * <p>
 * Failures are the driver's own {@code CUresult}s, replied with the number of the client's API
 * ({@link CudaErrorMapping}), with CUDA's name for them and what was being done in the message.
 */
final class GpuBackendSession implements BackendSession
{
    /** Room for each of the JIT compiler's logs; PTX errors are a few lines each. */
    private static final int JIT_LOG_BYTES = 16 << 10;

    /**
     * Past this many parameters {@code cuFuncGetParamInfo} is not asked further: CUDA limits a kernel's parameters to
     * 32,764 bytes, and no parameter is smaller than a byte.
     */
    private static final int MAX_KERNEL_PARAMETERS = 32764;

    /**
     * Said with every sticky fault, because a client cannot guess it: CUDA 13 drivers (seen with driver 580 on an H100)
     * fail every context of the process after a device fault, not just the faulted one, and creating or destroying
     * contexts does not clear it.
     */
    private static final String PROCESS_WIDE_FAULT = " (after a device fault CUDA fails every context of the " +
        "executor process, in every session, until the executor is restarted)";

    private final GpuDevice[] devices;
    private static final int ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88;
    private static final int RANGE_READ_MOSTLY = 1;
    private static final int ATTRIBUTE_CONCURRENT_MANAGED_ACCESS = 89;
    private static final int ATTRIBUTE_PAGEABLE_USES_HOST_PAGE_TABLES = 100;
    private static final int ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST = 101;
    private final DeviceAddressRanges<GpuContext, GpuModule> ranges = new DeviceAddressRanges<>();
    /** Starts of the session's managed allocations (family "managed and mapped memory"). */
    private final LongHashSet managedStarts = new LongHashSet();
    private final List<GpuContext> contexts = new ArrayList<>();
    /** Bytes of the session's live allocations on each device, as the client numbers them. */
    private final long[] allocatedBytes;
    private final GpuRandSession rand;
    private final GpuFftSession fft;
    private final GpuRtcSession rtc = new GpuRtcSession();
    private final GpuPtxCompilerSession ptxCompiler;
    private final DeviceRangeSink hostToDevice = new DeviceRangeSink();
    private final DeviceRangeSource deviceToHost = new DeviceRangeSource();
    /** The transfer region shared with the client, or null. */
    private SharedHostMemory shared;
    private final long[] addressOut = new long[1];
    private final int[] valueOut = new int[1];
    private final float[] millisecondsOut = new float[1];
    private final SizeTPointer firstSizeOut = new SizeTPointer(1);
    private final SizeTPointer secondSizeOut = new SizeTPointer(1);
    /** A launch's parameter buffer in native memory, reused: the driver copies the parameters before it returns. */
    private BytePointer parameterBuffer = new BytePointer(256);
    /**
     * The {@code void*[]} of a launch's {@code kernelParams}, reused: written through the {@link LongPointer}, passed
     * as the {@link PointerPointer} view of the same memory. The presets' overloads that take a plain {@link Pointer}
     * for a {@code void**} pass the address of the pointer ({@code @ByPtrPtr}), not the array, so only the
     * {@code PointerPointer} overloads fit.
     */
    private LongPointer parameterPointers = new LongPointer(16);
    private PointerPointer<Pointer> parameterArray = new PointerPointer<>(parameterPointers);

    private final GpuBlasSession blas = new GpuBlasSession(ranges);
    private final GpuMemoryPools pools = new GpuMemoryPools();
    /** Pitched memory, CUDA arrays and 2D/3D copies. */
    private final GpuArrays arrays = new GpuArrays(this);
    /** Virtual memory management (family "virtual memory"). */
    private final GpuVirtualMemory virtualMemory;
    /** Texture and surface objects and the array queries. */
    private final GpuTextures textures = new GpuTextures(this);

    GpuBackendSession(final GpuDevice[] devices)
    {
        this.devices = devices;
        this.allocatedBytes = new long[devices.length];
        this.virtualMemory = new GpuVirtualMemory(this, devices, ranges);
        this.rand = new GpuRandSession(ranges);
        this.fft = new GpuFftSession(ranges);
        this.ptxCompiler = new GpuPtxCompilerSession(devices[0]);
        final WorkerStdoutFile stdout = WorkerStdoutFile.ofThisProcess();
        if (stdout != null)
        {
            stdout.skipToEnd();
        }
    }

    /**
     * A GPU context that met a device fault fails every later call by itself.
     */
    public boolean keepsFaults()
    {
        return true;
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
        final int status = cuDeviceGetAttribute(valueOut, attribute, devices[device].handle());
        if (status != CUDA_SUCCESS)
        {
            fail(result, status, result.name("cudaDeviceGetAttribute", "cuDeviceGetAttribute") + " " + attribute +
                " of device " + device);
            return;
        }
        // Managed memory (family "managed and mapped memory"): the client's view of managed memory is coherent at
        // synchronisation points only, so neither concurrent nor direct host access is what works remotely.
        final boolean hostAccess = attribute == ATTRIBUTE_PAGEABLE_MEMORY_ACCESS ||
            attribute == ATTRIBUTE_CONCURRENT_MANAGED_ACCESS || attribute == ATTRIBUTE_PAGEABLE_USES_HOST_PAGE_TABLES ||
            attribute == ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST;
        result.value(hostAccess ? 0 : valueOut[0]);
    }

    public void deviceGetName(final int device, final CallResult result)
    {
        result.payload(devices[device].namePayload());
    }

    public void deviceGetUuid(final int device, final CallResult result)
    {
        result.payload(devices[device].uuid());
    }

    public void driverGetVersion(final CallResult result)
    {
        result.value(GpuRuntime.driverVersion());
    }

    public void runtimeGetVersion(final CallResult result)
    {
        result.value(GpuRuntime.runtimeVersion());
    }

    /**
     * {@code cuCtxCreate} is CUDA 13's form ({@code cuCtxCreate_v4} in the header), whose {@code CUctxCreateParams}
     * may be NULL for a plain context. With the default scheduling flag (0, {@code CU_CTX_SCHED_AUTO}) a thread
     * that waits on the GPU spins while the process has fewer active contexts than the host has CPU cores and yields
     * beyond that: every session holds contexts, so a busy executor stops spinning by itself.
     */
    public BackendContext createContext(final int device, final int flags, final CallResult result)
    {
        final CUctx_st handle = new CUctx_st();
        final int status = cuCtxCreate(handle, null, flags, devices[device].handle());
        if (status != CUDA_SUCCESS)
        {
            fail(result, status, "cuCtxCreate on device " + device);
            return null;
        }
        final GpuContext context = new GpuContext(device, handle);
        contexts.add(context);
        return context;
    }

    /**
     * Destroying the CUDA context frees its memory, modules, streams and events on the GPU, whether it is usable or
     * faulted.
     */
    public void destroyContext(final BackendContext context)
    {
        final GpuContext gpuContext = (GpuContext)context;
        blas.contextDestroyed(gpuContext);
        rand.destroyGenerators(gpuContext);
        fft.destroyPlans(gpuContext);
        if (cuCtxSetCurrent(gpuContext.handle()) == CUDA_SUCCESS)
        {
            pools.freeAll(gpuContext);
        }
        arrays.contextDestroyed(gpuContext);
        allocatedBytes[gpuContext.device()] -= ranges.removeContext(gpuContext).bytes();
        contexts.remove(gpuContext);
        cuCtxDestroy(gpuContext.handle());
    }

    public void synchronizeContext(final BackendContext context, final CallResult result)
    {
        final String name = result.name("cudaDeviceSynchronize", "cuCtxSynchronize");
        if (makeCurrent((GpuContext)context, name, result))
        {
            check(cuCtxSynchronize(), name, result);
        }
    }

    public void memGetInfo(final BackendContext context, final CallResult result)
    {
        final String name = result.name("cudaMemGetInfo", "cuMemGetInfo");
        if (makeCurrent((GpuContext)context, name, result) && check(cuMemGetInfo(firstSizeOut, secondSizeOut), name,
            result))
        {
            result.value(firstSizeOut.get()).value(secondSizeOut.get());
        }
    }

    public void malloc(final BackendContext context, final long size, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = result.name("cudaMalloc", "cuMemAlloc");
        if (size == 0)
        {
            result.value(0);
            return;
        }
        if (size < 0)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + ": " + Long.toUnsignedString(size) +
                " bytes is more than any device has");
            return;
        }
        if (!makeCurrent(gpuContext, name, result) ||
            !check(cuMemAlloc(addressOut, size), name + " of " + size + " bytes on device " + gpuContext.device(),
                result))
        {
            return;
        }
        ranges.addAllocation(addressOut[0], size, gpuContext);
        allocatedBytes[gpuContext.device()] += size;
        result.value(addressOut[0]);
    }

    /**
     * Only what a malloc returned can be freed, in the context that allocated it: a module global lives in the
     * session's memory too, but it is its module's to free.
     */
    public void free(final BackendContext context, final long address, final CallResult result)
    {
        final String name = result.name("cudaFree", "cuMemFree");
        if (address == 0)
        {
            return;
        }
        final DeviceAddressRanges.Range<GpuContext, GpuModule> allocation = ranges.removeAllocation(address);
        if (allocation == null)
        {
            result.fail(CudaError.INVALID_VALUE,
                name + ": " + hex(address) + " is not the start of a live allocation of this session");
            return;
        }
        final boolean managed = managedStarts.remove(address);
        if (!makeCurrent(allocation.context(), name, result) || !check(cuMemFree(address), name, result))
        {
            ranges.addAllocation(address, allocation.size(), allocation.context());
            if (managed)
            {
                managedStarts.add(address);
            }
            return;
        }
        allocatedBytes[allocation.context().device()] -= allocation.size();
    }

    public long allocatedBytes(final int device)
    {
        return allocatedBytes[device] + virtualMemory.allocatedBytes(device);
    }

    // Managed memory (family "managed and mapped memory").

    /**
     * Real managed memory ({@code cuMemAllocManaged}), in the session's allocation table like any allocation, so
     * that cudaFree and cuMemFree free it and copies and kernels may name it.
     */
    public void mallocManaged(final BackendContext context, final long size, final int flags, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = result.name("cudaMallocManaged", "cuMemAllocManaged");
        if (!makeCurrent(gpuContext, name, result) ||
            !check(cuMemAllocManaged(addressOut, size, flags),
                name + " of " + size + " bytes on device " + gpuContext.device(), result))
        {
            return;
        }
        ranges.addAllocation(addressOut[0], size, gpuContext);
        managedStarts.add(addressOut[0]);
        allocatedBytes[gpuContext.device()] += size;
        result.value(addressOut[0]);
    }

    /**
     * The hint runs on the device, on a range the session's allocation table says is inside one of its managed
     * allocations (another tenant's memory is never named to CUDA). CUDA 13 names the place by a CUmemLocation.
     */
    public void managedHint(final BackendContext context, final BackendStream stream, final ManagedHint kind,
        final long address, final long count, final long value, final int device, final CallResult result)
    {
        final String name = kind.name(result);
        final DeviceAddressRanges.Range<GpuContext, GpuModule> range = ranges.holding(address, Math.max(count, 1));
        if (range == null || range.module() != null || !managedStarts.contains(range.start()) ||
            kind == ManagedHint.ATTACH && (range.start() != address || count != 0 && count != range.size()))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": [" + hex(address) + ", +" + Long.toUnsignedString(count) +
                ") is not inside one managed allocation of this session");
            return;
        }
        if (!makeCurrent((GpuContext)context, name, result))
        {
            return;
        }
        final int status;
        switch (kind)
        {
            case ADVISE ->
            {
                try (CUmemLocation_v1 location = location(device))
                {
                    status = cuMemAdvise(address, count, (int)value, location);
                }
            }
            case PREFETCH ->
            {
                try (CUmemLocation_v1 location = location((int)value))
                {
                    status = cuMemPrefetchAsync(address, count, location, 0, cudaStream(stream));
                }
            }
            default -> status = cuStreamAttachMemAsync(cudaStream(stream), address, count, (int)value);
        }
        check(status, name, result);
    }

    /**
     * From the session's allocation table: its allocations, module variables and mapped pinned memory.
     */
    public void pointerAttributes(final long address, final CallResult result)
    {
        final DeviceAddressRanges.Range<GpuContext, GpuModule> range = ranges.holding(address, 1);
        if (range == null)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaPointerGetAttributes", "cuPointerGetAttribute") +
                ": " + hex(address) + " is not memory of this session");
            return;
        }
        final int kind = range.hostMapped() ? POINTER_HOST_MAPPED :
            range.module() == null && managedStarts.contains(range.start()) ? POINTER_MANAGED : POINTER_DEVICE;
        result.value(kind).value(range.context().device()).value(range.start()).value(range.size());
    }

    /**
     * CUDA's own answer for a range the session's table says is inside one of its managed allocations. The presets
     * have no driver twin of this function, so the runtime's runs, in the session's context made current.
     */
    public void memRangeAttribute(final BackendContext context, final long address, final long count,
        final int attribute, final int entries, final CallResult result)
    {
        final String name = result.name("cudaMemRangeGetAttribute", "cuMemRangeGetAttribute");
        final DeviceAddressRanges.Range<GpuContext, GpuModule> range = ranges.holding(address, count);
        if (range == null || range.module() != null || !managedStarts.contains(range.start()))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": [" + hex(address) + ", +" + Long.toUnsignedString(count) +
                ") is not inside one managed allocation of this session");
            return;
        }
        if (!makeCurrent((GpuContext)context, name, result))
        {
            return;
        }
        final Pointer device = new ManagedAddress(address);
        try (IntPointer data = new IntPointer(entries))
        {
            final int status = cudaMemRangeGetAttribute(data, (long)entries * Integer.BYTES, attribute, device, count);
            if (status != 0)
            {
                result.fail(CudaErrorMapping.fromRuntimeError(status), name + ": runtime error " + status);
                return;
            }
            for (int i = 0; i < entries; i++)
            {
                final int value = data.get(i);
                // The runtime answers with its own device ordinals; the client's are the session's.
                result.value(attribute == RANGE_READ_MOSTLY || value < 0 ? value : sessionDevice(value));
            }
        }
    }

    /**
     * A device address as a JavaCPP pointer, for the runtime's signature that takes one.
     */
    private static final class ManagedAddress extends Pointer
    {
        ManagedAddress(final long start)
        {
            this.address = start;
        }
    }

    /**
     * The session's ordinal of a device CUDA numbers {@code cudaOrdinal} in this process, or -2 (no device) when the
     * session does not have it.
     */
    private int sessionDevice(final int cudaOrdinal)
    {
        for (int i = 0; i < devices.length; i++)
        {
            if (devices[i].handle() == cudaOrdinal)
            {
                return i;
            }
        }
        return -2;
    }

    /**
     * A session device, or the host for -1 (cudaCpuDeviceId / CU_DEVICE_CPU).
     */
    private CUmemLocation_v1 location(final int device)
    {
        final CUmemLocation_v1 location = new CUmemLocation_v1();
        if (device < 0)
        {
            location.type(CU_MEM_LOCATION_TYPE_HOST).id(0);
        }
        else
        {
            location.type(CU_MEM_LOCATION_TYPE_DEVICE).id(devices[device].handle());
        }
        return location;
    }

    // Stream-ordered allocation, memory pools, stream priorities, cooperative launches and primary-context flags.

    public BackendMemoryPool createMemoryPool(final int device, final CallResult result)
    {
        return pools.create(devices[device].handle(), device, result);
    }

    public void destroyMemoryPool(final BackendMemoryPool pool, final CallResult result)
    {
        pools.destroy((GpuMemoryPools.Pool)pool, result);
    }

    public void trimMemoryPool(final BackendMemoryPool pool, final long minBytesToKeep, final CallResult result)
    {
        pools.trim((GpuMemoryPools.Pool)pool, minBytesToKeep, result);
    }

    /**
     * The allocation enters the session's ranges, as a malloc's does; the pools remember it as stream-ordered, so
     * that destroying its context or ending the session frees it first (its memory is its pool's, not the
     * context's).
     */
    public void mallocAsync(
        final BackendContext context, final BackendStream stream, final BackendMemoryPool pool, final long size,
        final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = pool == null ? "cuMemAllocAsync" : "cuMemAllocFromPoolAsync";
        if (size < 0)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + ": " + Long.toUnsignedString(size) +
                " bytes is more than any device has");
            return;
        }
        if (!makeCurrent(gpuContext, name, result) ||
            !check(pool == null ? cuMemAllocAsync(addressOut, size, cudaStream(stream)) :
                cuMemAllocFromPoolAsync(addressOut, size, ((GpuMemoryPools.Pool)pool).handle(), cudaStream(stream)),
                name + " of " + size + " bytes on device " + gpuContext.device(), result))
        {
            return;
        }
        ranges.addAllocation(addressOut[0], size, gpuContext);
        pools.allocated(addressOut[0], gpuContext);
        allocatedBytes[gpuContext.device()] += size;
        result.value(addressOut[0]);
    }

    public void freeAsync(
        final BackendContext context, final BackendStream stream, final long address, final CallResult result)
    {
        final String name = "cuMemFreeAsync";
        final DeviceAddressRanges.Range<GpuContext, GpuModule> allocation = ranges.removeAllocation(address);
        if (allocation == null)
        {
            result.fail(CudaError.INVALID_VALUE,
                name + ": " + hex(address) + " is not the start of a live allocation of this session");
            return;
        }
        if (!makeCurrent((GpuContext)context, name, result) ||
            !check(cuMemFreeAsync(address, cudaStream(stream)), name, result))
        {
            ranges.addAllocation(address, allocation.size(), allocation.context());
            return;
        }
        pools.freed(address);
        allocatedBytes[allocation.context().device()] -= allocation.size();
    }

    public BackendStream createStreamWithPriority(
        final BackendContext context, final int flags, final int priority, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = result.name("cudaStreamCreateWithPriority", "cuStreamCreateWithPriority");
        final CUstream_st stream = new CUstream_st();
        return makeCurrent(gpuContext, name, result) &&
            check(cuStreamCreateWithPriority(stream, flags, priority), name, result) ?
            new GpuStream(gpuContext, stream) : null;
    }

    public void launchCooperativeKernel(
        final BackendKernel kernel, final BackendStream stream, final int gridX, final int gridY, final int gridZ,
        final int blockX, final int blockY, final int blockZ, final int sharedMemoryBytes, final byte[] parameters,
        final CallResult result)
    {
        launch(kernel, stream, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedMemoryBytes, parameters, true,
            result);
    }

    public void streamGetAttribute(
        final BackendContext context, final BackendStream stream, final int attribute, final CallResult result)
    {
        final String name = result.name("cudaStreamGetAttribute", "cuStreamGetAttribute");
        try (CUlaunchAttributeValue value = new CUlaunchAttributeValue())
        {
            Pointer.memset(value, 0, value.sizeof());
            if (!makeCurrent((GpuContext)context, name, result) ||
                !check(cuStreamGetAttribute(cudaStream(stream), attribute, value), name, result))
            {
                return;
            }
            if (attribute == STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY)
            {
                result.value(value.syncPolicy());
                return;
            }
            final CUaccessPolicyWindow_v1 window = value.accessPolicyWindow();
            result.value(window.base_ptr() == null ? 0 : window.base_ptr().address()).value(window.num_bytes())
                .value(Float.floatToRawIntBits(window.hitRatio())).value(window.hitProp()).value(window.missProp());
        }
    }

    /**
     * An access policy window names device memory: its bytes must lie inside one allocation of the session, as any
     * range a backend function is given.
     */
    public void streamSetAttribute(
        final BackendContext context, final BackendStream stream, final int attribute, final long[] values,
        final CallResult result)
    {
        final String name = result.name("cudaStreamSetAttribute", "cuStreamSetAttribute");
        if (attribute == STREAM_ATTRIBUTE_ACCESS_POLICY_WINDOW && values[1] > 0 &&
            ranges.holding(values[0], values[1]) == null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the access policy window " + hex(values[0]) + " + " +
                values[1] + " bytes is not inside one allocation of this session");
            return;
        }
        try (CUlaunchAttributeValue value = new CUlaunchAttributeValue())
        {
            Pointer.memset(value, 0, value.sizeof());
            if (attribute == STREAM_ATTRIBUTE_SYNCHRONIZATION_POLICY)
            {
                value.syncPolicy((int)values[0]);
            }
            else
            {
                value.accessPolicyWindow().base_ptr(new Pointer()
                {
                    {
                        address = values[0];
                    }
                }).num_bytes(values[1]).hitRatio(Float.intBitsToFloat((int)values[2])).hitProp((int)values[3])
                    .missProp((int)values[4]);
            }
            if (makeCurrent((GpuContext)context, name, result))
            {
                check(cuStreamSetAttribute(cudaStream(stream), attribute, value), name, result);
            }
        }
    }

    /**
     * The driver's JIT linker in the context, with its error log in the failure; the cubin comes back as the
     * payload (the link state, which owns it, is destroyed once it is copied).
     */
    public void link(
        final BackendContext context, final int[] types, final int[] offsets, final int[] lengths,
        final DirectBuffer input, final CallResult result)
    {
        final String name = "cuLinkComplete";
        if (!makeCurrent((GpuContext)context, name, result))
        {
            return;
        }
        try (BytePointer errorLog = new BytePointer(JIT_LOG_BYTES);
            IntPointer options = new IntPointer(CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
            LongPointer optionValues = new LongPointer(2);
            PointerPointer<Pointer> cubinOut = new PointerPointer<>(1);
            SizeTPointer sizeOut = new SizeTPointer(1))
        {
            errorLog.put(0, (byte)0);
            optionValues.put(0, errorLog.address()).put(1, JIT_LOG_BYTES);
            final CUlinkState_st state = new CUlinkState_st();
            if (!check(cuLinkCreate(2, options, new PointerPointer<>(optionValues), state), "cuLinkCreate", result))
            {
                return;
            }
            try
            {
                for (int i = 0; i < types.length; i++)
                {
                    final byte[] bytes = new byte[lengths[i]];
                    input.getBytes(offsets[i], bytes);
                    try (BytePointer data = new BytePointer(lengths[i] + 1L))
                    {
                        data.put(bytes, 0, lengths[i]).put(lengths[i], (byte)0);
                        final int status = cuLinkAddData(state, types[i], data, lengths[i], "input " + i, 0,
                            (IntPointer)null, (Pointer)null);
                        if (status != CUDA_SUCCESS)
                        {
                            final String log = cString(errorLog);
                            fail(result, status, "cuLinkAddData of input " + i + (log.isEmpty() ? "" : ": " + log));
                            return;
                        }
                    }
                }
                final int status = cuLinkComplete(state, cubinOut, sizeOut);
                if (status != CUDA_SUCCESS)
                {
                    final String log = cString(errorLog);
                    fail(result, status, name + (log.isEmpty() ? "" : ": " + log));
                    return;
                }
                final long size = sizeOut.get(0);
                final byte[] cubin = new byte[(int)size];
                new BytePointer(cubinOut.get(0)).capacity(size).get(cubin);
                result.payload(new ByteArrayPayload(cubin));
            }
            finally
            {
                cuLinkDestroy(state);
            }
        }
    }

    public void setContextFlags(final BackendContext context, final int flags, final CallResult result)
    {
        final String name = "cuDevicePrimaryCtxSetFlags";
        if (makeCurrent((GpuContext)context, name, result))
        {
            check(cuCtxSetFlags(flags), name, result);
        }
    }

    public PayloadSink memcpyHostToDevice(
        final BackendContext context,
        final BackendStream stream,
        final long destination,
        final long count,
        final CallResult result)
    {
        if (count != 0 && ranges.holding(destination, count) == null)
        {
            result.fail(CudaError.INVALID_VALUE, result.name("cudaMemcpy host to device", "cuMemcpyHtoD") +
                ": destination " + range(destination, count) + " is not inside one allocation of this session");
            return null;
        }
        return hostToDevice.wrap((GpuContext)context, shared, cudaStream(stream), destination, count);
    }

    public void finishHostToDevice(final CallResult result)
    {
        if (hostToDevice.failedResult() != CUDA_SUCCESS)
        {
            fail(result, hostToDevice.failedResult(), result.name("cudaMemcpy host to device", "cuMemcpyHtoD") +
                ": " + hostToDevice.failureMessage());
        }
    }

    /**
     * The stream is synchronised first, so that the reply's status is that of the work before the copy.
     */
    public void memcpyDeviceToHost(
        final BackendContext context, final BackendStream stream, final long source, final long count,
        final CallResult result)
    {
        final String name = result.name("cudaMemcpy device to host", "cuMemcpyDtoH");
        if (count == 0)
        {
            return;
        }
        if (ranges.holding(source, count) == null)
        {
            result.fail(CudaError.INVALID_VALUE,
                name + ": source " + range(source, count) + " is not inside one allocation of this session");
            return;
        }
        final GpuContext gpuContext = (GpuContext)context;
        final CUstream_st cudaStream = cudaStream(stream);
        if (makeCurrent(gpuContext, name, result) &&
            check(cuStreamSynchronize(cudaStream), name + ": the work queued before it", result))
        {
            result.payload(deviceToHost.wrap(gpuContext, shared, cudaStream, source, count));
        }
    }

    /**
     * {@code cuMemcpyAsync} infers the devices from the addresses, so a copy between two devices of the session works
     * as one within a device.
     */
    public void memcpyDeviceToDevice(
        final BackendContext context,
        final BackendStream stream,
        final long destination,
        final long source,
        final long count,
        final CallResult result)
    {
        final String name = result.name("cudaMemcpy device to device", "cuMemcpyDtoD");
        if (count == 0)
        {
            return;
        }
        final boolean sourceHeld = ranges.holding(source, count) != null;
        if (!sourceHeld || ranges.holding(destination, count) == null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " +
                (!sourceHeld ? "source " + range(source, count) : "destination " + range(destination, count)) +
                " is not inside one allocation of this session");
            return;
        }
        if (makeCurrent((GpuContext)context, name, result))
        {
            check(cuMemcpyAsync(destination, source, count, cudaStream(stream)), name + " of " + count + " bytes",
                result);
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
        if (ranges.holding(address, count * elementSize) == null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + range(address, count * elementSize) +
                " is not inside one allocation of this session");
            return;
        }
        if (!makeCurrent((GpuContext)context, name, result))
        {
            return;
        }
        final CUstream_st cudaStream = cudaStream(stream);
        final int status = switch (elementSize)
        {
            case Byte.BYTES -> cuMemsetD8Async(address, (byte)value, count, cudaStream);
            case Short.BYTES -> cuMemsetD16Async(address, (short)value, count, cudaStream);
            default -> cuMemsetD32Async(address, value, count, cudaStream);
        };
        check(status, name + " of " + count + " elements", result);
    }

    /**
     * {@code cuModuleLoadDataEx} of a PTX, cubin or fatbin image, with the JIT compiler's error log in the failure's
     * message. The image is copied into native memory with a NUL after it: the driver reads PTX up to a NUL, and a
     * client's PTX need not end with one.
     */
    public BackendModule loadModule(final BackendContext context, final DirectBuffer image, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = "cuModuleLoadData";
        if (!makeCurrent(gpuContext, name, result))
        {
            return null;
        }
        final int length = image.capacity();
        try (BytePointer nativeImage = new BytePointer(length + 1L);
            BytePointer errorLog = new BytePointer(JIT_LOG_BYTES);
            BytePointer infoLog = new BytePointer(JIT_LOG_BYTES);
            IntPointer options = new IntPointer(CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES);
            LongPointer optionValues = new LongPointer(4))
        {
            final byte[] bytes = new byte[length];
            image.getBytes(0, bytes);
            nativeImage.put(bytes, 0, length).put(length, (byte)0);
            errorLog.put(0, (byte)0);
            infoLog.put(0, (byte)0);
            // Option values are void*; a size travels as an integer in the pointer's place. The array goes as a
            // PointerPointer: the overload that takes a Pointer would pass the address of its address.
            optionValues.put(0, errorLog.address()).put(1, JIT_LOG_BYTES)
                .put(2, infoLog.address()).put(3, JIT_LOG_BYTES);
            final CUmod_st module = new CUmod_st();
            final int status = cuModuleLoadDataEx(module, nativeImage, 4, options, new PointerPointer<>(optionValues));
            if (status != CUDA_SUCCESS)
            {
                final String log = cString(errorLog);
                fail(result, status, name + " of a " + length + "-byte image" + (log.isEmpty() ? "" : ": " + log));
                return null;
            }
            return new GpuModule(gpuContext, module);
        }
    }

    /**
     * The module's globals go with it, and with them the ranges copies could reach.
     */
    public void unloadModule(final BackendModule module)
    {
        final GpuModule gpuModule = (GpuModule)module;
        ranges.removeModuleGlobals(gpuModule);
        cuCtxSetCurrent(gpuModule.context().handle());
        cuModuleUnload(gpuModule.handle());
    }

    /**
     * The kernel's parameter layout is read here, once, for the launches to come.
     */
    public BackendKernel getFunction(final BackendModule module, final String name, final CallResult result)
    {
        final GpuModule gpuModule = (GpuModule)module;
        if (!makeCurrent(gpuModule.context(), "cuModuleGetFunction", result))
        {
            return null;
        }
        final CUfunc_st function = new CUfunc_st();
        final int status = cuModuleGetFunction(function, gpuModule.handle(), name);
        if (status == CUDA_ERROR_NOT_FOUND)
        {
            result.fail(CudaError.NOT_FOUND, "the module has no kernel '" + name + "'");
            return null;
        }
        if (!check(status, "cuModuleGetFunction '" + name + "'", result))
        {
            return null;
        }
        final KernelParameterLayout layout = parameterLayout(function, name, result);
        return layout == null ? null : new GpuKernel(gpuModule, function, layout);
    }

    /**
     * A global found here may be copied to and from until its module is unloaded.
     */
    public void getGlobal(final BackendModule module, final String name, final CallResult result)
    {
        final GpuModule gpuModule = (GpuModule)module;
        if (!makeCurrent(gpuModule.context(), "cuModuleGetGlobal", result))
        {
            return;
        }
        final int status = cuModuleGetGlobal(addressOut, firstSizeOut, gpuModule.handle(), name);
        if (status == CUDA_ERROR_NOT_FOUND)
        {
            result.fail(CudaError.NOT_FOUND, "the module has no variable '" + name + "'");
            return;
        }
        if (!check(status, "cuModuleGetGlobal '" + name + "'", result))
        {
            return;
        }
        final long size = firstSizeOut.get();
        if (size > 0)
        {
            ranges.addModuleGlobal(addressOut[0], size, gpuModule.context(), gpuModule);
        }
        result.value(addressOut[0]).value(size);
    }

    /**
     * {@code cuLaunchKernel} in the {@code kernelParams} form: a pointer to each parameter at its offset in the
     * parameter buffer. That is the form the runtime's own launches use, and it leaves no doubt about a buffer that
     * is longer than the last parameter's end, which the {@code extra} form's size would have to match.
     */
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
        launch(kernel, stream, gridX, gridY, gridZ, blockX, blockY, blockZ, sharedMemoryBytes, parameters, false,
            result);
    }

    private void launch(
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
        final boolean cooperative,
        final CallResult result)
    {
        final GpuKernel gpuKernel = (GpuKernel)kernel;
        final KernelParameterLayout layout = gpuKernel.parameterLayout();
        final String name = (cooperative ? "cuLaunchCooperativeKernel" : "cuLaunchKernel") + " of '" +
            layout.kernelName() + "'";
        if (!makeCurrent(gpuKernel.module().context(), name, result))
        {
            return;
        }
        if (parameterBuffer.capacity() < parameters.length)
        {
            parameterBuffer.close();
            parameterBuffer = new BytePointer(Math.max(parameters.length, 2 * parameterBuffer.capacity()));
        }
        if (parameterPointers.capacity() < layout.count())
        {
            parameterPointers.close();
            parameterPointers = new LongPointer(Math.max(layout.count(), 2 * parameterPointers.capacity()));
            parameterArray = new PointerPointer<>(parameterPointers);
        }
        parameterBuffer.put(parameters, 0, parameters.length);
        for (int i = 0; i < layout.count(); i++)
        {
            parameterPointers.put(i, parameterBuffer.address() + layout.offset(i));
        }
        check(cooperative ? cuLaunchCooperativeKernel(gpuKernel.handle(), gridX, gridY, gridZ, blockX, blockY, blockZ,
            sharedMemoryBytes, cudaStream(stream), parameterArray) : cuLaunchKernel(gpuKernel.handle(), gridX, gridY,
            gridZ, blockX, blockY, blockZ, sharedMemoryBytes, cudaStream(stream), parameterArray, null), name + " with grid " + gridX + "x" + gridY + "x" + gridZ +
            ", block " + blockX + "x" + blockY + "x" + blockZ + ", " + sharedMemoryBytes + " bytes of shared memory",
            result);
    }

    public BackendStream createStream(final BackendContext context, final int flags, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = result.name("cudaStreamCreateWithFlags", "cuStreamCreate");
        final CUstream_st stream = new CUstream_st();
        return makeCurrent(gpuContext, name, result) && check(cuStreamCreate(stream, flags), name, result) ?
            new GpuStream(gpuContext, stream) : null;
    }

    /**
     * Work already queued on the stream still runs, as with {@code cuStreamDestroy}.
     */
    public void destroyStream(final BackendStream stream)
    {
        final GpuStream gpuStream = (GpuStream)stream;
        cuCtxSetCurrent(gpuStream.context().handle());
        cuStreamDestroy(gpuStream.handle());
    }

    public void synchronizeStream(final BackendContext context, final BackendStream stream, final CallResult result)
    {
        final String name = result.name("cudaStreamSynchronize", "cuStreamSynchronize");
        if (makeCurrent((GpuContext)context, name, result))
        {
            check(cuStreamSynchronize(cudaStream(stream)), name, result);
        }
    }

    public void queryStream(final BackendContext context, final BackendStream stream, final CallResult result)
    {
        final String name = result.name("cudaStreamQuery", "cuStreamQuery");
        if (makeCurrent((GpuContext)context, name, result))
        {
            check(cuStreamQuery(cudaStream(stream)), name, result);
        }
    }

    public void streamWaitEvent(
        final BackendContext context, final BackendStream stream, final BackendEvent event, final CallResult result)
    {
        final String name = result.name("cudaStreamWaitEvent", "cuStreamWaitEvent");
        if (makeCurrent((GpuContext)context, name, result))
        {
            check(cuStreamWaitEvent(cudaStream(stream), ((GpuEvent)event).handle(), 0), name, result);
        }
    }

    /**
     * CUDA's own callback machinery ({@link GpuHostFunctions}): the stream waits, on the GPU, for the function, which
     * CUDA runs on a thread of its own; the session's thread goes on with the client's next calls meanwhile.
     */
    public void launchHostFunction(
        final BackendContext context, final BackendStream stream, final boolean streamCallback,
        final HostFunction function, final CallResult result)
    {
        final String name = streamCallback ? result.name("cudaStreamAddCallback", "cuStreamAddCallback") :
            result.name("cudaLaunchHostFunc", "cuLaunchHostFunc");
        if (makeCurrent((GpuContext)context, name, result))
        {
            check(GpuHostFunctions.launch(cudaStream(stream), streamCallback, function), name, result);
        }
    }

    public BackendEvent createEvent(final BackendContext context, final int flags, final CallResult result)
    {
        final GpuContext gpuContext = (GpuContext)context;
        final String name = result.name("cudaEventCreateWithFlags", "cuEventCreate");
        final CUevent_st event = new CUevent_st();
        return makeCurrent(gpuContext, name, result) && check(cuEventCreate(event, flags), name, result) ?
            new GpuEvent(gpuContext, event) : null;
    }

    public void destroyEvent(final BackendEvent event)
    {
        final GpuEvent gpuEvent = (GpuEvent)event;
        cuCtxSetCurrent(gpuEvent.context().handle());
        cuEventDestroy(gpuEvent.handle());
    }

    public void recordEvent(final BackendEvent event, final BackendStream stream, final CallResult result)
    {
        final GpuEvent gpuEvent = (GpuEvent)event;
        final String name = result.name("cudaEventRecord", "cuEventRecord");
        if (makeCurrent(gpuEvent.context(), name, result))
        {
            check(cuEventRecord(gpuEvent.handle(), cudaStream(stream)), name, result);
        }
    }

    public void synchronizeEvent(final BackendEvent event, final CallResult result)
    {
        final GpuEvent gpuEvent = (GpuEvent)event;
        final String name = result.name("cudaEventSynchronize", "cuEventSynchronize");
        if (makeCurrent(gpuEvent.context(), name, result))
        {
            check(cuEventSynchronize(gpuEvent.handle()), name, result);
        }
    }

    public void queryEvent(final BackendEvent event, final CallResult result)
    {
        final GpuEvent gpuEvent = (GpuEvent)event;
        final String name = result.name("cudaEventQuery", "cuEventQuery");
        if (makeCurrent(gpuEvent.context(), name, result))
        {
            check(cuEventQuery(gpuEvent.handle()), name, result);
        }
    }

    /**
     * CUDA refuses an event never recorded or created without timing with {@code CUDA_ERROR_INVALID_HANDLE}, and an
     * event whose work has not run yet with {@code CUDA_ERROR_NOT_READY}.
     */
    public void eventElapsedTime(final BackendEvent start, final BackendEvent end, final CallResult result)
    {
        final GpuEvent startEvent = (GpuEvent)start;
        final String name = result.name("cudaEventElapsedTime", "cuEventElapsedTime");
        if (makeCurrent(startEvent.context(), name, result) &&
            check(cuEventElapsedTime(millisecondsOut, startEvent.handle(), ((GpuEvent)end).handle()), name, result))
        {
            result.value(Float.floatToRawIntBits(millisecondsOut[0]));
        }
    }

    /**
     * A plain function of the table: the row's JavaCPP function, found once by name
     * ({@link GpuTableFunctions}), called in the row's context with the session's own objects for the handles the
     * client named and the host's ordinal for a device. Runtime rows mostly name the driver function of the same
     * meaning, so the executor stays on the driver API; a runtime function's status is a {@code cudaError_t}, a
     * driver function's a {@code CUresult}, and either is replied in the family of the API the client called.
     */
    public void callTableFunction(final TableCall call, final CallResult result)
    {
        final FunctionRow row = call.row();
        final GpuTableFunctions.Resolved resolved = GpuTableFunctions.resolve(row);
        if (resolved.handle() == null)
        {
            result.fail(CudaError.NOT_SUPPORTED, row.name() + " is not supported by this executor: " +
                resolved.missing());
            return;
        }
        for (int i = 0; i < row.arguments().size(); i++)
        {
            final Argument argument = row.arguments().get(i);
            if (argument.role().kind() == ArgumentRole.Kind.DEVICE_POINTER && call.extent(i) > 0 &&
                ranges.holding(call.scalar(i), call.extent(i)) == null)
            {
                result.fail(row.binding().library() ? LibraryErrors.outside(row.api()) : CudaError.INVALID_VALUE,
                    row.name() + ": " + argument.name() + " " +
                    range(call.scalar(i), call.extent(i)) + " is not inside one allocation of this session");
                return;
            }
        }
        if (call.context() != null && !makeCurrent((GpuContext)call.context(), row.name(), result))
        {
            return;
        }
        if (!pivotsWithinTheirMatrix(call, result))
        {
            return;
        }
        final Object[] arguments = new Object[row.arguments().size()];
        try
        {
            for (int i = 0; i < arguments.length; i++)
            {
                arguments[i] = row.binding().library() ? libraryArgument(call, resolved, i) : tableArgument(call, i);
            }
            final int status;
            try
            {
                status = (int)resolved.handle().invokeWithArguments(arguments);
            }
            catch (final RuntimeException | Error ex)
            {
                throw ex;
            }
            catch (final Throwable ex)
            {
                throw new IllegalStateException(row.name() + " threw " + ex, ex);
            }
            if (status != CUDA_SUCCESS && row.binding().library())
            {
                result.fail(LibraryErrors.of(row.api(), status), row.name() + " returned " +
                    LibraryErrors.name(row.api(), status));
                return;
            }
            if (status != CUDA_SUCCESS)
            {
                final boolean runtimeFunction = GpuTableFunctions.isRuntimeFunction(row);
                final CudaError error = runtimeFunction ? CudaErrorMapping.fromRuntimeError(status) :
                    CudaErrorMapping.cudaError(status);
                result.fail(error, row.name() + ": " + row.backendName() + " returned " + (runtimeFunction ?
                    "cudaError_t " + status : GpuRuntime.errorName(status)) + (error.sticky() ? PROCESS_WIDE_FAULT : ""));
                return;
            }
            for (int i = 0; i < arguments.length; i++)
            {
                final Argument argument = row.arguments().get(i);
                switch (argument.role())
                {
                    case OUT_INT -> result.value(intOutput(arguments[i]));
                    case OUT_UINT -> result.value(Integer.toUnsignedLong(intOutput(arguments[i])));
                    case OUT_SIZE, OUT_INT64, OUT_DEVPTR -> result.value(arguments[i] instanceof long[] values ?
                        values[0] : arguments[i] instanceof LongPointer pointer ? pointer.get(0) :
                        ((SizeTPointer)arguments[i]).get(0));
                    case OUT_STRING -> result.payload(new ByteArrayPayload(untilNul((byte[])arguments[i])));
                    // Texture and surface references: floats come back as their bits, a reference made is the
                    // executor's to register (TableDispatcher).
                    case OUT_FLOAT -> result.value(Integer.toUnsignedLong(Float.floatToRawIntBits(
                        arguments[i] instanceof float[] values ? values[0] : ((FloatPointer)arguments[i]).get(0))));
                    case OUT_DOUBLE -> result.value(Double.doubleToRawLongBits(((DoublePointer)arguments[i]).get(0)));
                    case OUT_FLOAT4 ->
                    {
                        for (final float value : (float[])arguments[i])
                        {
                            result.value(Integer.toUnsignedLong(Float.floatToRawIntBits(value)));
                        }
                    }
                    case NEW_TEXREF, NEW_SURFREF, NEW_OBJECT -> call.made(arguments[i]);
                    default ->
                    {
                    }
                }
            }
        }
        finally
        {
            for (int i = 0; i < arguments.length; i++)
            {
                final Object argument = arguments[i];
                // The outputs' memory was allocated for the call; a device address's pointer owns nothing.
                final ArgumentRole role = row.arguments().get(i).role();
                if ((argument instanceof SizeTPointer || argument instanceof IntPointer ||
                    argument instanceof LongPointer || argument instanceof FloatPointer ||
                    argument instanceof DoublePointer) && role.isOutput() || role == ArgumentRole.HOST_SCRATCH &&
                    argument != null)
                {
                    ((Pointer)argument).close();
                }
                if (argument instanceof CUDA_ARRAY_DESCRIPTOR_v2 descriptor)
                {
                    descriptor.close();
                }
            }
        }
    }

    /**
     * The pivots a row reads to permute rows ({@code pivots(count)}), each a row from 1 to {@code count}: read after
     * the context's queued work (the factorisation that wrote them) has finished. A pivot outside would have the
     * function swap a row past the matrix whose range was checked, in another allocation.
     */
    private boolean pivotsWithinTheirMatrix(final TableCall call, final CallResult result)
    {
        final FunctionRow row = call.row();
        for (int i = 0; i < row.arguments().size(); i++)
        {
            final Argument argument = row.arguments().get(i);
            final int width = argument.role().pivotBytes();
            if (width == 0 || call.extent(i) <= 0)
            {
                continue;
            }
            final long count = call.extent(i) / width;
            if (!check(cuCtxSynchronize(), row.name() + ": waiting to read " + argument.name(), result))
            {
                return false;
            }
            try (BytePointer host = new BytePointer(call.extent(i)))
            {
                if (!check(cuMemcpyDtoH(host, call.scalar(i), call.extent(i)), row.name() + ": reading " +
                    argument.name(), result))
                {
                    return false;
                }
                for (long k = 0; k < count; k++)
                {
                    final long pivot = width == Integer.BYTES ? host.getInt(k * width) : host.getLong(k * width);
                    if (pivot < 1 || pivot > count)
                    {
                        result.fail(LibraryErrors.outside(row.api()), row.name() + ": " + argument.name() + "[" + k +
                            "] = " + pivot + " is no row from 1 to " + count);
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /** A 32-bit output: the runtime's and driver's {@code int[]}, a library's {@code IntPointer}. */
    private static int intOutput(final Object output)
    {
        return output instanceof int[] values ? values[0] : ((IntPointer)output).get(0);
    }

    /**
     * The string a function wrote into its buffer, up to its NUL (the whole buffer if it wrote none).
     */

    private static byte[] untilNul(final byte[] text)
    {
        int length = 0;
        while (length < text.length && text[length] != 0)
        {
            length++;
        }
        return java.util.Arrays.copyOf(text, length);
    }

    /**
     * A library row's argument as the presets' function takes it: a device address as its typed pointer, a library
     * object as the object the backend made, a new one as a fresh object of its kind for the function to fill.
     */
    private Object libraryArgument(final TableCall call, final GpuTableFunctions.Resolved resolved, final int index)
    {
        final Argument argument = call.row().arguments().get(index);
        try
        {
            return switch (argument.role())
            {
                case DEVPTR, PIVOTS, PIVOTS64 -> call.scalar(index) == 0 ? null :
                    resolved.devicePointer(index, call.scalar(index));
                case OBJECT, FREE_OBJECT -> call.object(index);
                case NEW_OBJECT, OUT_INT, OUT_UINT, OUT_SIZE, OUT_INT64, OUT_FLOAT, OUT_DOUBLE -> resolved.output(index);
                case IN_DOUBLE -> Double.longBitsToDouble(call.scalar(index));
                case HOST_SCRATCH -> call.extent(index) > 0 ? new BytePointer(call.extent(index)) : null;
                default -> tableArgument(call, index);
            };
        }
        catch (final RuntimeException | Error ex)
        {
            throw ex;
        }
        catch (final Throwable ex)
        {
            throw new IllegalStateException(call.row().name() + ": argument " + argument.name() + ": " + ex, ex);
        }
    }

    private Object tableArgument(final TableCall call, final int index)
    {
        final Object object = call.object(index);
        return switch (call.row().arguments().get(index).role())
        {
            case IN_INT, IN_UINT -> (int)call.scalar(index);
            case IN_UCHAR -> (byte)call.scalar(index);
            case IN_USHORT -> (short)call.scalar(index);
            case IN_SIZE, IN_INT64 -> call.scalar(index);
            case DEVPTR -> GpuTableFunctions.isRuntimeFunction(call.row()) ?
                GpuTableFunctions.devicePointer(call.scalar(index)) : call.scalar(index);
            case OUT_INT, OUT_UINT -> new int[1];
            case OUT_SIZE -> new SizeTPointer(1);
            case OUT_INT64, OUT_DEVPTR -> new long[1];
            case OUT_STRING -> new byte[(int)call.extent(index)];
            case DEVICE -> devices[(int)call.scalar(index)].handle();
            case CONTEXT -> ((GpuContext)object).handle();
            case MODULE -> ((GpuModule)object).handle();
            case FUNCTION -> ((GpuKernel)object).handle();
            case STREAM -> object == null ? null : ((GpuStream)object).handle();
            case EVENT -> ((GpuEvent)object).handle();
            // Texture and surface references.
            case IN_FLOAT -> Float.intBitsToFloat((int)call.scalar(index));
            case OUT_FLOAT -> new float[1];
            case IN_FLOAT4 -> call.floats(index);
            case OUT_FLOAT4 -> new float[4];
            case IN_ARRAY_DESCRIPTOR ->
            {
                final long[] members = call.values(index);
                yield new CUDA_ARRAY_DESCRIPTOR_v2().Width(members[0]).Height(members[1]).Format((int)members[2])
                    .NumChannels((int)members[3]);
            }
            case IN_STRING -> call.text(index);
            case TEXREF, FREE_TEXREF -> (CUtexref_st)object;
            case SURFREF -> (CUsurfref_st)object;
            case NEW_TEXREF -> new CUtexref_st();
            case NEW_SURFREF -> new CUsurfref_st();
            case ARRAY -> GpuArrays.handle((BackendArray)object);
            case MIPMAPPED_ARRAY -> GpuArrays.mipmappedHandle((BackendArray[])object);
            case OUT_CONTEXT, OUT_MODULE, OUT_ARRAY, OUT_MIPMAPPED_ARRAY, OUT_STREAM -> throw new IllegalStateException(
                call.row().name() + " is answered by the executor");
            case OBJECT, NEW_OBJECT, FREE_OBJECT, HOST_SCRATCH, PIVOTS, PIVOTS64, IN_DOUBLE, OUT_DOUBLE ->
                throw new IllegalStateException(
                call.row().name() + ": library objects are a library row's (libraryArgument)");
        };
    }

    public BlasSession blas()
    {
        return blas;
    }

    /**
     * Destroys the session's cuBLAS handles, generators and programs, then every context it still has, which frees
     * everything it made on the GPU (the library objects go first, while their contexts exist).
     */
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

    /**
     * Device printf reaches the client when the worker's standard output is captured (process isolation); see
     * {@link WorkerStdoutFile}.
     */
    /**
     * Also says, once, when the shared transfer region could not be page-locked: its copies then go through the
     * staging buffers, correct but with one more copy, and the operator should know why copies are slower.
     */
    public void drainDeviceOutput(final DeviceOutput output)
    {
        final String pinFailure = shared == null ? null : shared.takeRegistrationFailure();
        if (pinFailure != null)
        {
            output.problem("the shared transfer region stays pageable (" + pinFailure + "); its copies go " +
                "through staging buffers. CUDA page-locks only memory of tmpfs files: keep the Aeron directory in " +
                "/dev/shm, as Aeron's default is, not on a disk");
        }
        final WorkerStdoutFile stdout = WorkerStdoutFile.ofThisProcess();
        if (stdout != null)
        {
            final String problem = stdout.drainInto(output);
            if (problem != null)
            {
                output.problem(problem);
            }
        }
    }

    /**
     * Page-lock the client's pinned allocation ({@code cuMemHostRegister}, portable, so every context of the session
     * DMAs from and to it; with a device mapping when asked), in the call's context.
     */
    public BackendHostMemory registerHostMemory(
        final BackendContext context, final ByteBuffer memory, final boolean deviceMapped, final CallResult result)
    {
        final String name = result.name("cudaHostAlloc", "cuMemHostAlloc");
        final GpuContext gpuContext = (GpuContext)context;
        if (!makeCurrent(gpuContext, name, result))
        {
            return null;
        }
        final BytePointer base = new BytePointer(memory);
        final long length = memory.capacity();
        final int registerResult = cuMemHostRegister(base, length,
            CU_MEMHOSTREGISTER_PORTABLE | (deviceMapped ? CU_MEMHOSTREGISTER_DEVICEMAP : 0));
        if (registerResult != CUDA_SUCCESS)
        {
            // Not the application's fault: the host cannot page-lock this file (CUDA page-locks only tmpfs files),
            // so the agent keeps its pinned memory to itself, as with an executor that offers none.
            result.fail(CudaError.NOT_SUPPORTED, name + ": cuMemHostRegister of " + length + " bytes of shared " +
                "memory: " + GpuRuntime.errorName(registerResult) + "; pinned memory stays in the client. CUDA " +
                "page-locks only memory of tmpfs files: keep the Aeron directory in /dev/shm");
            return null;
        }
        long devicePointer = 0;
        if (deviceMapped)
        {
            if (!check(cuMemHostGetDevicePointer(addressOut, base, 0), name + ": cuMemHostGetDevicePointer", result))
            {
                cuMemHostUnregister(base);
                return null;
            }
            devicePointer = addressOut[0];
            try
            {
                ranges.addHostMapping(devicePointer, length, gpuContext);
            }
            catch (final IllegalStateException ex)
            {
                cuMemHostUnregister(base);
                result.fail(CudaError.INVALID_VALUE, name + ": " + ex.getMessage());
                return null;
            }
        }
        return new GpuHostMemory(memory, base, length, gpuContext, devicePointer);
    }

    /**
     * Work that may still read or write the memory (an asynchronous copy on any stream) is waited for first, as
     * cudaFreeHost does; the registration is undone in a live context of the session.
     */
    public void unregisterHostMemory(final BackendHostMemory memory)
    {
        final GpuHostMemory host = (GpuHostMemory)memory;
        if (host.devicePointer != 0)
        {
            ranges.removeHostMapping(host.devicePointer);
        }
        for (final GpuContext context : contexts)
        {
            if (cuCtxSetCurrent(context.handle()) == CUDA_SUCCESS)
            {
                cuCtxSynchronize();
            }
        }
        final GpuContext current = contexts.contains(host.context) ? host.context :
            contexts.isEmpty() ? null : contexts.get(0);
        if (current != null)
        {
            cuCtxSetCurrent(current.handle());
            cuMemHostUnregister(host.base);
        }
    }

    /**
     * One DMA between the pinned allocation and the device, queued on the stream; a synchronous copy waits for it.
     */
    public void memcpyHostMemory(
        final BackendContext context, final BackendStream stream, final boolean toDevice, final long deviceAddress,
        final BackendHostMemory memory, final long offset, final long count, final boolean synchronous,
        final CallResult result)
    {
        final String name = toDevice ? result.name("cudaMemcpy host to device", "cuMemcpyHtoD") :
            result.name("cudaMemcpy device to host", "cuMemcpyDtoH");
        if (count == 0)
        {
            return;
        }
        if (ranges.holding(deviceAddress, count) == null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + (toDevice ? "destination " : "source ") +
                range(deviceAddress, count) + " is not inside one allocation of this session");
            return;
        }
        final GpuHostMemory host = (GpuHostMemory)memory;
        final CUstream_st cudaStream = cudaStream(stream);
        if (!makeCurrent((GpuContext)context, name, result))
        {
            return;
        }
        final BytePointer at = new BytePointer(host.base).position(offset);
        if (synchronous && cudaStream == null)
        {
            // One call where a local program makes one: on the default stream the synchronous copy is the same as
            // the asynchronous one and a synchronize, a microsecond sooner.
            check(toDevice ? cuMemcpyHtoD(deviceAddress, at, count) : cuMemcpyDtoH(at, deviceAddress, count),
                name + " of " + count + " bytes with pinned memory", result);
            return;
        }
        final int status = toDevice ? cuMemcpyHtoDAsync(deviceAddress, at, count, cudaStream) :
            cuMemcpyDtoHAsync(at, deviceAddress, count, cudaStream);
        if (check(status, name + " of " + count + " bytes with pinned memory", result) && synchronous)
        {
            check(cuStreamSynchronize(cudaStream), name + " of " + count + " bytes with pinned memory", result);
        }
    }

    /**
     * A pinned allocation as the session registered it.
     */
    private record GpuHostMemory(ByteBuffer memory, BytePointer base, long length, GpuContext context,
        long devicePointer) implements BackendHostMemory
    {
    }

    public void shareHostMemory(final ByteBuffer memory)
    {
        shared = new SharedHostMemory(memory);
    }

    /**
     * The registration is undone in a context of the session, while one exists; after the last one the process's
     * end (a worker's) or the next registration's failure is all that is left, and copies stay correct either way.
     */
    public void unshareHostMemory(final ByteBuffer memory)
    {
        if (shared == null || !shared.isOf(memory))
        {
            return;
        }
        if (!contexts.isEmpty())
        {
            cuCtxSetCurrent(contexts.get(0).handle());
        }
        shared.unpin();
        shared = null;
    }

    public ReleasedResources close()
    {
        blas.close();
        rand.close();
        fft.close();
        rtc.close();
        ptxCompiler.close();
        arrays.close();
        // Virtual memory (unmap, release, free the addresses) while a context of the session is current.
        ReleasedResources physical = ReleasedResources.NONE;
        if (contexts.isEmpty() || cuCtxSetCurrent(contexts.get(0).handle()) == CUDA_SUCCESS)
        {
            physical = virtualMemory.close();
        }
        for (final GpuContext context : contexts)
        {
            if (cuCtxSetCurrent(context.handle()) == CUDA_SUCCESS)
            {
                pools.freeAll(context);
            }
        }
        pools.destroyAll();
        for (final GpuContext context : contexts)
        {
            cuCtxDestroy(context.handle());
        }
        contexts.clear();
        final ReleasedResources released = ranges.clear();
        managedStarts.clear();
        Arrays.fill(allocatedBytes, 0);
        firstSizeOut.close();
        secondSizeOut.close();
        parameterBuffer.close();
        parameterPointers.close();
        return released.plus(physical);
    }

    /**
     * Read a kernel's parameter layout: {@code cuFuncGetParamInfo} (CUDA 12.4) for index after index until the
     * driver answers {@code CUDA_ERROR_INVALID_VALUE}, which it does for the first index past the last parameter.
     * ({@code cuFuncGetParamCount} would say how many there are, but it is newer than the CUDA 13.0 drivers this
     * must run on, and calling a function the driver lacks ends the process.)
     *
     * @return the layout, or null when the driver failed (the failure is in {@code result}).
     */
    private KernelParameterLayout parameterLayout(
        final CUfunc_st function, final String kernelName, final CallResult result)
    {
        int[] offsets = new int[8];
        int[] sizes = new int[8];
        int count = 0;
        while (true)
        {
            final int status = cuFuncGetParamInfo(function, count, firstSizeOut, secondSizeOut);
            if (status == CUDA_ERROR_INVALID_VALUE)
            {
                break;
            }
            if (!check(status, "cuFuncGetParamInfo " + count + " of kernel '" + kernelName + "'", result))
            {
                return null;
            }
            if (count == MAX_KERNEL_PARAMETERS)
            {
                result.fail(CudaError.INVALID_VALUE, "kernel '" + kernelName + "' reports more than " +
                    MAX_KERNEL_PARAMETERS + " parameters");
                return null;
            }
            if (count == offsets.length)
            {
                offsets = Arrays.copyOf(offsets, count * 2);
                sizes = Arrays.copyOf(sizes, count * 2);
            }
            offsets[count] = (int)firstSizeOut.get();
            sizes[count] = (int)secondSizeOut.get();
            count++;
        }
        final String[] declarations = new String[count];
        for (int i = 0; i < count; i++)
        {
            declarations[i] = sizes[i] + " bytes at offset " + offsets[i];
        }
        return new KernelParameterLayout(
            kernelName, Arrays.copyOf(offsets, count), Arrays.copyOf(sizes, count), declarations);
    }

    // Virtual memory management and pointer attributes (family "virtual memory").

    public BackendVirtualMemory virtualMemory()
    {
        return virtualMemory;
    }

    /**
     * CUDA's own answer, on an address the session's table says is one of its allocations (or a mapping of its
     * virtual memory): another tenant's memory is never named to CUDA. The value is read by CUDA as an unsigned int.
     */
    public void pointerSetAttribute(
        final BackendContext context, final long address, final long attribute, final long value,
        final CallResult result)
    {
        final String name = "cuPointerSetAttribute";
        final DeviceAddressRanges.Range<GpuContext, GpuModule> range = ranges.holding(address, 1);
        if (range == null || range.module() != null || range.hostMapped())
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + hex(address) + " is not device memory of this " +
                "session");
            return;
        }
        if (attribute != (int)attribute)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": attribute " + attribute + " is not a CUpointer_attribute");
            return;
        }
        if (!makeCurrent((GpuContext)context, name, result))
        {
            return;
        }
        try (IntPointer settable = new IntPointer(1))
        {
            settable.put((int)value);
            check(cuPointerSetAttribute(settable, (int)attribute, address), name + " " + attribute + " of " +
                hex(address), result);
        }
    }

    // Pitched memory, CUDA arrays and 2D/3D copies: GpuArrays, in this session's contexts and allocations.

    public BackendArrays arrays()
    {
        return arrays;
    }

    // Texture and surface objects and the array queries: GpuTextures, in this session's contexts.

    public BackendTextures textures()
    {
        return textures;
    }

    /** CUDA's ordinal of a session device. */
    int cudaDevice(final int device)
    {
        return devices[device].handle();
    }

    boolean makeCurrentFor(final GpuContext context, final String name, final CallResult result)
    {
        return makeCurrent(context, name, result);
    }

    static boolean checkStatus(final int status, final String what, final CallResult result)
    {
        return check(status, what, result);
    }

    static CUstream_st streamOf(final BackendStream stream)
    {
        return cudaStream(stream);
    }

    /** Count an allocation made outside {@link #malloc} (a pitched one) as the session's. */
    void allocationMade(final long address, final long size, final GpuContext context)
    {
        ranges.addAllocation(address, size, context);
        allocatedBytes[context.device()] += size;
    }

    /** Whether one allocation of the session holds the whole range. */
    boolean holds(final long address, final long length)
    {
        return ranges.holding(address, length) != null;
    }

    private boolean makeCurrent(final GpuContext context, final String name, final CallResult result)
    {
        return check(cuCtxSetCurrent(context.handle()), name + ": making the context current", result);
    }

    /**
     * @return whether the driver call succeeded; if not, its failure is in {@code result}.
     */
    private static boolean check(final int status, final String what, final CallResult result)
    {
        if (status == CUDA_SUCCESS)
        {
            return true;
        }
        fail(result, status, what);
        return false;
    }

    private static void fail(final CallResult result, final int status, final String what)
    {
        final CudaError error = CudaErrorMapping.cudaError(status);
        result.fail(error, what + ": " + GpuRuntime.errorName(status) + (error.sticky() ? PROCESS_WIDE_FAULT : ""));
    }

    private static CUstream_st cudaStream(final BackendStream stream)
    {
        return stream == null ? null : ((GpuStream)stream).handle();
    }

    private static String cString(final BytePointer text)
    {
        final byte[] bytes = new byte[(int)BytePointer.strlen(text)];
        text.get(bytes);
        return new String(bytes, StandardCharsets.UTF_8).strip();
    }

    private static String hex(final long address)
    {
        return "0x" + Long.toHexString(address);
    }

    private static String range(final long address, final long length)
    {
        return "[" + hex(address) + ", +" + Long.toUnsignedString(length) + ")";
    }
}
