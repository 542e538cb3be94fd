package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CU_MEM_ACCESS_FLAGS_PROT_NONE;
import static org.bytedeco.cuda.global.cudart.CU_MEM_ACCESS_FLAGS_PROT_READWRITE;
import static org.bytedeco.cuda.global.cudart.CU_MEM_ALLOCATION_TYPE_PINNED;
import static org.bytedeco.cuda.global.cudart.CU_MEM_ALLOC_GRANULARITY_MINIMUM;
import static org.bytedeco.cuda.global.cudart.CU_MEM_ALLOC_GRANULARITY_RECOMMENDED;
import static org.bytedeco.cuda.global.cudart.CU_MEM_HANDLE_TYPE_NONE;
import static org.bytedeco.cuda.global.cudart.CU_MEM_LOCATION_TYPE_DEVICE;
import static org.bytedeco.cuda.global.cudart.cuMemAddressFree;
import static org.bytedeco.cuda.global.cudart.cuMemAddressReserve;
import static org.bytedeco.cuda.global.cudart.cuMemCreate;
import static org.bytedeco.cuda.global.cudart.cuMemGetAllocationGranularity;
import static org.bytedeco.cuda.global.cudart.cuMemMap;
import static org.bytedeco.cuda.global.cudart.cuMemRelease;
import static org.bytedeco.cuda.global.cudart.cuMemSetAccess;
import static org.bytedeco.cuda.global.cudart.cuMemUnmap;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendPhysicalMemory;
import io.gpurelay.executor.backend.BackendVirtualMemory;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.ReleasedResources;
import org.agrona.collections.Long2LongHashMap;
import org.bytedeco.cuda.cudart.CUmemAccessDesc_v1;
import org.bytedeco.cuda.cudart.CUmemAllocationProp_v1;
import org.bytedeco.cuda.cudart.CUmemLocation_v1;
import org.bytedeco.javacpp.Pointer;
import org.bytedeco.javacpp.SizeTPointer;

/**
 * Virtual memory management on a GPU: CUDA's own reservations, physical allocations and mappings, made for the
 * session in the context it calls from. The executor has checked every argument against the session's tables; what
 * is left here is the work, and keeping the session's device ranges ({@link DeviceAddressRanges}) in step: a mapping
 * with read/write access is device memory of the session there until it is unmapped. The backend remembers what the
 * session holds so that its end unmaps, releases and frees it, in that order, before its contexts are destroyed.
 */
final class GpuVirtualMemory implements BackendVirtualMemory
{
    private final GpuBackendSession session;
    private final GpuDevice[] devices;
    private final DeviceAddressRanges<GpuContext, GpuModule> ranges;
    private final long[] allocatedBytes;
    /** Reservations: address to size. */
    private final Long2LongHashMap reservations = new Long2LongHashMap(-1);
    /** Mappings: address to size. */
    private final Long2LongHashMap mappings = new Long2LongHashMap(-1);
    /** Physical allocations whose handle CUDA still holds. */
    private final List<GpuPhysicalMemory> physicals = new ArrayList<>();
    private final long[] valueOut = new long[1];

    /** A physical allocation: CUDA's {@code CUmemGenericAllocationHandle}. */
    private record GpuPhysicalMemory(int device, long size, long handle) implements BackendPhysicalMemory
    {
    }

    GpuVirtualMemory(final GpuBackendSession session, final GpuDevice[] devices,
        final DeviceAddressRanges<GpuContext, GpuModule> ranges)
    {
        this.session = session;
        this.devices = devices;
        this.ranges = ranges;
        this.allocatedBytes = new long[devices.length];
    }

    public void granularity(final int device, final boolean recommended, final CallResult result)
    {
        try (CUmemAllocationProp_v1 properties = properties(device, null);
            SizeTPointer granularity = new SizeTPointer(1))
        {
            if (GpuBackendSession.checkStatus(cuMemGetAllocationGranularity(granularity, properties,
                recommended ? CU_MEM_ALLOC_GRANULARITY_RECOMMENDED : CU_MEM_ALLOC_GRANULARITY_MINIMUM),
                "cuMemGetAllocationGranularity on device " + device, result))
            {
                result.value(granularity.get());
            }
        }
    }

    /** The address hint is not passed on: the device picks the address. */
    public void reserve(final BackendContext context, final long size, final long alignment, final CallResult result)
    {
        final String name = "cuMemAddressReserve";
        if (session.makeCurrentFor((GpuContext)context, name, result) &&
            GpuBackendSession.checkStatus(cuMemAddressReserve(valueOut, size, alignment, 0, 0),
                name + " of " + size + " bytes", result))
        {
            reservations.put(valueOut[0], size);
            result.value(valueOut[0]);
        }
    }

    public void free(final BackendContext context, final long address, final long size, final CallResult result)
    {
        final String name = "cuMemAddressFree";
        if (session.makeCurrentFor((GpuContext)context, name, result) &&
            GpuBackendSession.checkStatus(cuMemAddressFree(address, size), name, result))
        {
            reservations.remove(address);
        }
    }

    public BackendPhysicalMemory create(
        final BackendContext context, final int device, final long size, final long[] flags, final CallResult result)
    {
        final String name = "cuMemCreate";
        if (!session.makeCurrentFor((GpuContext)context, name, result))
        {
            return null;
        }
        try (CUmemAllocationProp_v1 properties = properties(device, flags))
        {
            if (!GpuBackendSession.checkStatus(cuMemCreate(valueOut, size, properties, 0),
                name + " of " + size + " bytes on device " + device, result))
            {
                return null;
            }
        }
        final GpuPhysicalMemory physical = new GpuPhysicalMemory(device, size, valueOut[0]);
        physicals.add(physical);
        allocatedBytes[device] += size;
        return physical;
    }

    /** The executor calls this once nothing maps the memory, so cuMemRelease frees it at once. */
    public void release(final BackendContext context, final BackendPhysicalMemory memory)
    {
        final GpuPhysicalMemory physical = (GpuPhysicalMemory)memory;
        if (physicals.remove(physical))
        {
            cuMemRelease(physical.handle());
            allocatedBytes[physical.device()] -= physical.size();
        }
    }

    public void map(final BackendContext context, final long address, final long size,
        final BackendPhysicalMemory memory, final long offset, final CallResult result)
    {
        final String name = "cuMemMap";
        if (session.makeCurrentFor((GpuContext)context, name, result) &&
            GpuBackendSession.checkStatus(cuMemMap(address, size, offset, ((GpuPhysicalMemory)memory).handle(), 0),
                name + " of " + size + " bytes at 0x" + Long.toHexString(address), result))
        {
            mappings.put(address, size);
        }
    }

    public void unmap(final BackendContext context, final long address, final long size, final CallResult result)
    {
        final String name = "cuMemUnmap";
        ranges.removeVirtualMapping(address);
        if (session.makeCurrentFor((GpuContext)context, name, result) &&
            GpuBackendSession.checkStatus(cuMemUnmap(address, size), name + " of 0x" + Long.toHexString(address),
                result))
        {
            mappings.remove(address);
        }
    }

    public void setAccess(final BackendContext context, final long address, final long size, final int device,
        final boolean readWrite, final CallResult result)
    {
        final String name = "cuMemSetAccess";
        final GpuContext gpuContext = (GpuContext)context;
        if (!readWrite)
        {
            // Out of the session's ranges first: nothing may reach the range while its access goes.
            ranges.removeVirtualMapping(address);
        }
        if (!session.makeCurrentFor(gpuContext, name, result))
        {
            return;
        }
        try (CUmemAccessDesc_v1 access = new CUmemAccessDesc_v1();
            CUmemLocation_v1 location = new CUmemLocation_v1())
        {
            Pointer.memset(access, 0, access.sizeof());
            Pointer.memset(location, 0, location.sizeof());
            location.type(CU_MEM_LOCATION_TYPE_DEVICE).id(devices[device].handle());
            access.location(location);
            access.flags(readWrite ? CU_MEM_ACCESS_FLAGS_PROT_READWRITE : CU_MEM_ACCESS_FLAGS_PROT_NONE);
            if (GpuBackendSession.checkStatus(cuMemSetAccess(address, size, access, 1), name + " of 0x" +
                Long.toHexString(address) + ", +" + size, result) && readWrite)
            {
                ranges.addVirtualMapping(address, size, gpuContext);
            }
        }
    }

    long allocatedBytes(final int device)
    {
        return allocatedBytes[device];
    }

    /**
     * The session ends: unmap every mapping, release every physical allocation, free every reservation, while the
     * driver still has a context of the session current.
     *
     * @return what the physical allocations amounted to.
     */
    ReleasedResources close()
    {
        mappings.forEach((address, size) ->
        {
            ranges.removeVirtualMapping(address);
            cuMemUnmap(address, size);
        });
        mappings.clear();
        long bytes = 0;
        final int count = physicals.size();
        for (final GpuPhysicalMemory physical : physicals)
        {
            bytes += physical.size();
            cuMemRelease(physical.handle());
        }
        physicals.clear();
        reservations.forEach((address, size) -> cuMemAddressFree(address, size));
        reservations.clear();
        Arrays.fill(allocatedBytes, 0);
        return new ReleasedResources(count, bytes);
    }

    /** Pinned memory of the device without shareable handles, with the allocation flags where given. */
    private CUmemAllocationProp_v1 properties(final int device, final long[] flags)
    {
        final CUmemAllocationProp_v1 properties = new CUmemAllocationProp_v1();
        Pointer.memset(properties, 0, properties.sizeof());
        try (CUmemLocation_v1 location = new CUmemLocation_v1())
        {
            Pointer.memset(location, 0, location.sizeof());
            location.type(CU_MEM_LOCATION_TYPE_DEVICE).id(devices[device].handle());
            properties.type(CU_MEM_ALLOCATION_TYPE_PINNED).requestedHandleTypes(CU_MEM_HANDLE_TYPE_NONE)
                .location(location);
        }
        if (flags != null)
        {
            properties.allocFlags_compressionType((byte)flags[0]).allocFlags_gpuDirectRDMACapable((byte)flags[1])
                .allocFlags_usage((short)flags[2]);
        }
        return properties;
    }
}
