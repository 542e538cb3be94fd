package io.gpurelay.executor.dispatch;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.backend.BackendPhysicalMemory;
import io.gpurelay.executor.backend.BackendVirtualMemory;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.resources.HandleKind;
import io.gpurelay.executor.resources.SessionMemoryQuota;
import io.gpurelay.executor.resources.SessionResources;
import io.gpurelay.protocol.Api;
import io.gpurelay.protocol.Function;

/**
 * Virtual memory management of one session: its address reservations ({@code cuMemAddressReserve}), its physical
 * allocations ({@code cuMemCreate}, handles of kind {@link HandleKind#PHYSICAL_ALLOCATION}) and what is mapped where
 * ({@code cuMemMap}), with the access each mapping has ({@code cuMemSetAccess}). Every argument is checked here
 * before the backend sees it: a reservation or handle of another session, a range outside the session's
 * reservations, a size or offset that is not a multiple of the device's granularity, a mapping over a mapped range
 * are clear errors, never work on the device. A physical allocation counts against the session's memory quota from
 * cuMemCreate until its memory is gone, which, as in CUDA, is when its handle is released and nothing maps it any
 * more. A mapped range is device memory of the session for the backend's address checks only once it has
 * read/write access, and stops being it when unmapped.
 * <p>
 * Used by the session's thread only.
 */
final class VirtualMemory
{
    /** {@code CU_MEM_ALLOCATION_TYPE_PINNED}, {@code CU_MEM_LOCATION_TYPE_DEVICE}: what gpurelay allocates. */
    private static final long ALLOCATION_TYPE_PINNED = 1;
    private static final long LOCATION_TYPE_DEVICE = 1;
    /** {@code CU_MEM_ACCESS_FLAGS_PROT_NONE}, {@code _READ}, {@code _READWRITE}. */
    private static final long ACCESS_NONE = 0;
    private static final long ACCESS_READ = 1;
    private static final long ACCESS_READ_WRITE = 3;
    /** {@code CU_MEM_ALLOC_GRANULARITY_MINIMUM}, {@code _RECOMMENDED}. */
    private static final long GRANULARITY_RECOMMENDED = 1;
    /** The most access descriptors one cuMemSetAccess takes here (one per device is all CUDA needs). */
    static final int MAX_ACCESS_DESCRIPTORS = 16;

    private final SessionResources resources;
    private final BackendVirtualMemory backend;
    private final int deviceCount;
    /** Each device's minimum granularity, asked once; 0 until then. */
    private final long[] granularity;
    private final TreeMap<Long, Reservation> reservations = new TreeMap<>();

    /** An address range the session reserved, with what is mapped in it by start address. */
    private static final class Reservation
    {
        final long start;
        final long size;
        final int device;
        final TreeMap<Long, Mapping> mappings = new TreeMap<>();

        Reservation(final long start, final long size, final int device)
        {
            this.start = start;
            this.size = size;
            this.device = device;
        }

        boolean holds(final long address, final long length)
        {
            final long offset = address - start;
            return offset >= 0 && offset < size && length > 0 && length <= size - offset;
        }
    }

    /** A physical allocation and what the client asked for. */
    static final class Physical
    {
        long handle;
        final long size;
        final int device;
        /** allocation type, location type, location id, handle types, compression, RDMA capable, usage. */
        final long[] properties;
        final BackendPhysicalMemory backend;
        int mappings;
        /** cuMemCreate's reference and one per cuMemRetainAllocationHandle, each ended by a cuMemRelease. */
        int references = 1;
        boolean released;

        Physical(final long size, final int device, final long[] properties, final BackendPhysicalMemory backend)
        {
            this.size = size;
            this.device = device;
            this.properties = properties;
            this.backend = backend;
        }
    }

    /** {@code size} bytes of a physical allocation from {@code offset}, mapped at {@code start}. */
    private record Mapping(long start, long size, Physical physical, long offset, long[] access)
    {
        long end()
        {
            return start + size;
        }
    }

    /**
     * @param backend the backend's virtual memory, or null where the backend has none (every call then fails by
     *                name).
     */
    VirtualMemory(final SessionResources resources, final BackendVirtualMemory backend, final int deviceCount)
    {
        this.resources = resources;
        this.backend = backend;
        this.deviceCount = deviceCount;
        this.granularity = new long[deviceCount];
    }

    static boolean handles(final Function function)
    {
        return switch (function)
        {
            case CU_MEM_GET_ALLOCATION_GRANULARITY, CU_MEM_ADDRESS_RESERVE, CU_MEM_ADDRESS_FREE, CU_MEM_CREATE,
                CU_MEM_RELEASE, CU_MEM_MAP, CU_MEM_UNMAP, CU_MEM_SET_ACCESS, CU_MEM_GET_ACCESS,
                CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE, CU_MEM_RETAIN_ALLOCATION_HANDLE -> true;
            default -> false;
        };
    }

    /**
     * Whether the function runs in the calling thread's current context: all but the three that only read the
     * session's tables.
     */
    static boolean needsContext(final Function function)
    {
        return function != Function.CU_MEM_GET_ALLOCATION_GRANULARITY &&
            function != Function.CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE &&
            function != Function.CU_MEM_RETAIN_ALLOCATION_HANDLE;
    }

    /**
     * @param context the calling thread's current context where {@link #needsContext} says the function needs one,
     *                else null; null for such a function means the lookup failed (the failure is in {@code result}).
     */
    void dispatch(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final Function function = call.function();
        if (backend == null)
        {
            result.fail(CudaError.NOT_SUPPORTED, name(function) + " is not supported by this backend");
            return;
        }
        if (function == Function.CU_MEM_GET_ALLOCATION_GRANULARITY)
        {
            granularityQuery(call, result);
            return;
        }
        if (function == Function.CU_MEM_GET_ALLOCATION_PROPERTIES_FROM_HANDLE)
        {
            final Physical physical = physical(call.arg(0), "cuMemGetAllocationPropertiesFromHandle", result);
            if (physical != null)
            {
                for (final long property : physical.properties)
                {
                    result.value(property);
                }
            }
            return;
        }
        if (function == Function.CU_MEM_RETAIN_ALLOCATION_HANDLE)
        {
            retain(call.arg(0), result);
            return;
        }
        if (context == null)
        {
            return;
        }
        switch (function)
        {
            case CU_MEM_ADDRESS_RESERVE -> reserve(call, context, result);
            case CU_MEM_ADDRESS_FREE -> free(call, context, result);
            case CU_MEM_CREATE -> create(call, context, result);
            case CU_MEM_RELEASE -> release(call, context, result);
            case CU_MEM_MAP -> map(call, context, result);
            case CU_MEM_UNMAP -> unmap(call, context, result);
            case CU_MEM_SET_ACCESS -> setAccess(call, context, result);
            case CU_MEM_GET_ACCESS -> getAccess(call, result);
            default -> throw new IllegalArgumentException(function.name());
        }
    }

    /** args: allocation type, location type, location id, handle types, option. */
    private void granularityQuery(final ReceivedCall call, final CallResult result)
    {
        final String name = "cuMemGetAllocationGranularity";
        final int device = checkProperties(name, call.arg(0), call.arg(1), call.arg(2), call.arg(3), result);
        if (device < 0)
        {
            return;
        }
        final long option = call.arg(4);
        if (option != 0 && option != GRANULARITY_RECOMMENDED)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": option " + option + " is not " +
                "CU_MEM_ALLOC_GRANULARITY_MINIMUM (0) or CU_MEM_ALLOC_GRANULARITY_RECOMMENDED (1)");
            return;
        }
        backend.granularity(device, option == GRANULARITY_RECOMMENDED, result);
    }

    /** args: size, alignment, address hint (not followed: the device picks the address), flags. */
    private void reserve(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = "cuMemAddressReserve";
        final long size = call.arg(0);
        final long alignment = call.arg(1);
        final long granule = granularity(context.device, result);
        if (granule <= 0)
        {
            return;
        }
        if (size <= 0 || size % granule != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": size " + Long.toUnsignedString(size) + " is not a " +
                "positive multiple of device " + context.device + "'s allocation granularity, " + granule + " bytes");
            return;
        }
        if (alignment != 0 && (alignment < 0 || Long.bitCount(alignment) != 1))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": alignment " + Long.toUnsignedString(alignment) +
                " is not 0 or a power of two");
            return;
        }
        if (call.arg(3) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags 0x" + Long.toHexString(call.arg(3)) + " are not 0");
            return;
        }
        backend.reserve(context.backend, size, alignment, result);
        if (!result.failed())
        {
            final long address = result.values()[0];
            reservations.put(address, new Reservation(address, size, context.device));
        }
    }

    /** args: address, size. */
    private void free(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = "cuMemAddressFree";
        final long address = call.arg(0);
        final Reservation reservation = reservations.get(address);
        if (reservation == null || reservation.size != call.arg(1))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": [" + hex(address) + ", +" +
                Long.toUnsignedString(call.arg(1)) + ") is not a whole address reservation of this session" +
                (reservation == null ? "" : " (the one at " + hex(address) + " is " + reservation.size + " bytes)"));
            return;
        }
        if (!reservation.mappings.isEmpty())
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the reservation at " + hex(address) + " still has " +
                reservation.mappings.size() + " mapping(s); unmap them (cuMemUnmap) first");
            return;
        }
        backend.free(context.backend, address, reservation.size, result);
        if (!result.failed())
        {
            reservations.remove(address);
        }
    }

    /**
     * args: size, allocation type, location type, location id, handle types, compression type, RDMA capable, usage,
     * flags.
     */
    private void create(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = "cuMemCreate";
        final long size = call.arg(0);
        final int device = checkProperties(name, call.arg(1), call.arg(2), call.arg(3), call.arg(4), result);
        if (device < 0)
        {
            return;
        }
        final long granule = granularity(device, result);
        if (granule <= 0)
        {
            return;
        }
        if (size <= 0 || size % granule != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": size " + Long.toUnsignedString(size) + " is not a " +
                "positive multiple of device " + device + "'s allocation granularity, " + granule + " bytes");
            return;
        }
        final long[] flags = { call.arg(5), call.arg(6), call.arg(7) };
        if (flags[0] != (flags[0] & 0xFF) || flags[1] != (flags[1] & 0xFF) || flags[2] != (flags[2] & 0xFFFF))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": allocation flags (compression " + flags[0] + ", RDMA " +
                flags[1] + ", usage " + flags[2] + ") do not fit CUmemAllocationProp.allocFlags");
            return;
        }
        if (call.arg(8) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags 0x" + Long.toHexString(call.arg(8)) + " are not 0");
            return;
        }
        final SessionMemoryQuota quota = resources.memoryQuota();
        if (!quota.admit(size, result, name))
        {
            return;
        }
        final BackendPhysicalMemory memory = backend.create(context.backend, device, size, flags, result);
        if (memory == null)
        {
            return;
        }
        final long[] properties = { ALLOCATION_TYPE_PINNED, LOCATION_TYPE_DEVICE, device, 0, flags[0], flags[1],
            flags[2] };
        final Physical physical = new Physical(size, device, properties, memory);
        physical.handle = resources.addLibraryObject(HandleKind.PHYSICAL_ALLOCATION, null, physical);
        quota.charge(physical.handle, size, null);
        result.value(physical.handle);
    }

    /**
     * args: handle. The last reference's release ends the handle; the memory goes once nothing maps it either, and
     * until then {@link #retain} can take the handle back from a mapped address, as in CUDA.
     */
    private void release(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final Physical physical = physical(call.arg(0), "cuMemRelease", result);
        if (physical == null)
        {
            return;
        }
        if (--physical.references == 0)
        {
            physical.released = true;
            releaseIfUnused(context, physical);
        }
    }

    /**
     * cuMemRetainAllocationHandle, answered from the session's mappings (the presets have no such function, and the
     * executor knows which allocation each of the session's mapped addresses shows): the handle that mapped the
     * allocation at {@code address}, any address inside a mapping, with one more reference that a cuMemRelease ends.
     */
    private void retain(final long address, final CallResult result)
    {
        final Map.Entry<Long, Reservation> entry = reservations.floorEntry(address);
        final Map.Entry<Long, Mapping> mapping = entry == null ? null : entry.getValue().mappings.floorEntry(address);
        if (mapping == null || mapping.getValue().end() <= address)
        {
            result.fail(CudaError.INVALID_VALUE, "cuMemRetainAllocationHandle: " + hex(address) + " is not inside a " +
                "mapping (cuMemMap) of this session");
            return;
        }
        final Physical physical = mapping.getValue().physical;
        physical.references++;
        physical.released = false;
        result.value(physical.handle);
    }

    /** args: address, size, offset, handle, flags. */
    private void map(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = "cuMemMap";
        final long address = call.arg(0);
        final long size = call.arg(1);
        final long offset = call.arg(2);
        final Physical physical = physical(call.arg(3), name, result);
        if (physical == null)
        {
            return;
        }
        if (call.arg(4) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": flags 0x" + Long.toHexString(call.arg(4)) + " are not 0");
            return;
        }
        final Reservation reservation = reservationHolding(address, size, name, result);
        if (reservation == null)
        {
            return;
        }
        final long granule = granularity(physical.device, result);
        if (granule <= 0)
        {
            return;
        }
        if ((address - reservation.start) % granule != 0 || size % granule != 0 || offset % granule != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": address " + hex(address) + " (offset " +
                (address - reservation.start) + " into its reservation), size " + size + " and offset " + offset +
                " into the allocation must be multiples of the allocation granularity, " + granule + " bytes");
            return;
        }
        if (offset < 0 || offset >= physical.size || size > physical.size - offset)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + size + " bytes from offset " + offset + " run past " +
                "the end of the " + physical.size + "-byte allocation " + hex(physical.handle));
            return;
        }
        final Map.Entry<Long, Mapping> below = reservation.mappings.floorEntry(address);
        final Map.Entry<Long, Mapping> above = reservation.mappings.higherEntry(address);
        final Mapping overlapped = below != null && below.getValue().end() > address ? below.getValue() :
            above != null && above.getKey() - address < size ? above.getValue() : null;
        if (overlapped != null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": [" + hex(address) + ", +" + size + ") overlaps the " +
                "mapping [" + hex(overlapped.start) + ", +" + overlapped.size + "); unmap it first");
            return;
        }
        backend.map(context.backend, address, size, physical.backend, offset, result);
        if (!result.failed())
        {
            reservation.mappings.put(address, new Mapping(address, size, physical, offset, new long[deviceCount]));
            physical.mappings++;
        }
    }

    /** args: address, size: whole mappings, one after the other, inside one reservation. */
    private void unmap(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final List<Mapping> mappings = wholeMappings(call.arg(0), call.arg(1), "cuMemUnmap", result);
        if (mappings == null)
        {
            return;
        }
        final Reservation reservation = reservations.floorEntry(call.arg(0)).getValue();
        for (final Mapping mapping : mappings)
        {
            backend.unmap(context.backend, mapping.start, mapping.size, result);
            if (result.failed())
            {
                return;
            }
            reservation.mappings.remove(mapping.start);
            mapping.physical.mappings--;
            releaseIfUnused(context, mapping.physical);
        }
    }

    /** args: address, size, descriptor count n, then per descriptor: location type, location id, flags. */
    private void setAccess(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = "cuMemSetAccess";
        final long count = call.arg(2);
        if (count <= 0 || count > MAX_ACCESS_DESCRIPTORS)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + count + " access descriptors; it takes 1 to " +
                MAX_ACCESS_DESCRIPTORS);
            return;
        }
        final List<Mapping> mappings = wholeMappings(call.arg(0), call.arg(1), name, result);
        if (mappings == null)
        {
            return;
        }
        final long[] access = new long[deviceCount];
        final boolean[] named = new boolean[deviceCount];
        for (int i = 0; i < count; i++)
        {
            final long locationType = call.arg(3 + 3 * i);
            final long locationId = call.arg(4 + 3 * i);
            final long flags = call.arg(5 + 3 * i);
            if (locationType != LOCATION_TYPE_DEVICE)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": descriptor " + i + "'s location type " + locationType +
                    " is not CU_MEM_LOCATION_TYPE_DEVICE (1)");
                return;
            }
            if (locationId < 0 || locationId >= deviceCount)
            {
                result.fail(CudaError.INVALID_DEVICE, name + ": descriptor " + i + " names device " + locationId +
                    ", and the executor has " + deviceCount + " device(s)");
                return;
            }
            if (flags == ACCESS_READ)
            {
                result.fail(CudaError.NOT_SUPPORTED, name + ": read-only access (CU_MEM_ACCESS_FLAGS_PROT_READ) is " +
                    "not supported: gpurelay's address checks do not tell a copy's or kernel's reads from its " +
                    "writes; give CU_MEM_ACCESS_FLAGS_PROT_READWRITE or PROT_NONE");
                return;
            }
            if (flags != ACCESS_NONE && flags != ACCESS_READ_WRITE)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": descriptor " + i + "'s flags " + flags + " are not " +
                    "CU_MEM_ACCESS_FLAGS_PROT_NONE (0), _READ (1) or _READWRITE (3)");
                return;
            }
            access[(int)locationId] = flags;
            named[(int)locationId] = true;
        }
        for (final Mapping mapping : mappings)
        {
            for (int device = 0; device < deviceCount; device++)
            {
                if (named[device] && device != mapping.physical.device && access[device] != ACCESS_NONE)
                {
                    result.fail(CudaError.NOT_SUPPORTED, name + ": access from device " + device + " to memory of " +
                        "device " + mapping.physical.device + " (peer access) is not supported; gpurelay gives " +
                        "access to the device that holds the memory");
                    return;
                }
            }
        }
        for (final Mapping mapping : mappings)
        {
            final int device = mapping.physical.device;
            if (!named[device] || mapping.access[device] == access[device])
            {
                continue;
            }
            backend.setAccess(context.backend, mapping.start, mapping.size, device,
                access[device] == ACCESS_READ_WRITE, result);
            if (result.failed())
            {
                return;
            }
            mapping.access[device] = access[device];
        }
    }

    /** args: location type, location id, address → values[0] = the access flags. */
    private void getAccess(final ReceivedCall call, final CallResult result)
    {
        final String name = "cuMemGetAccess";
        final long locationType = call.arg(0);
        final long locationId = call.arg(1);
        final long address = call.arg(2);
        if (locationType != LOCATION_TYPE_DEVICE || locationId < 0 || locationId >= deviceCount)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": location (type " + locationType + ", id " + locationId +
                ") is not a device of the executor");
            return;
        }
        final Map.Entry<Long, Reservation> reservation = reservations.floorEntry(address);
        final Map.Entry<Long, Mapping> mapping = reservation == null || !reservation.getValue().holds(address, 1) ?
            null : reservation.getValue().mappings.floorEntry(address);
        if (mapping == null || mapping.getValue().end() <= address)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + hex(address) + " is not mapped memory of this " +
                "session");
            return;
        }
        result.value(mapping.getValue().access[(int)locationId]);
    }

    /**
     * The memory of a released allocation goes when nothing maps it: the backend frees it, the quota gets its bytes
     * back.
     */
    private void releaseIfUnused(final ContextEntry context, final Physical physical)
    {
        if (physical.released && physical.mappings == 0)
        {
            backend.release(context.backend, physical.backend);
            resources.memoryQuota().release(physical.handle);
            resources.removeLibraryObject(physical.handle);
        }
    }

    /**
     * @return the mappings that make up exactly {@code [address, address + size)}, in order, or null (the failure is
     *         in {@code result}).
     */
    private List<Mapping> wholeMappings(final long address, final long size, final String name,
        final CallResult result)
    {
        final Reservation reservation = reservationHolding(address, size, name, result);
        if (reservation == null)
        {
            return null;
        }
        final List<Mapping> mappings = new ArrayList<>();
        long next = address;
        final long end = address + size;
        while (next < end)
        {
            final Mapping mapping = reservation.mappings.get(next);
            if (mapping == null)
            {
                final Map.Entry<Long, Mapping> inside = reservation.mappings.floorEntry(next);
                result.fail(CudaError.INVALID_VALUE, name + ": " + hex(next) + (inside != null &&
                    inside.getValue().end() > next ? " is inside the mapping [" + hex(inside.getKey()) + ", +" +
                    inside.getValue().size + "), not its start" : " is not mapped") + "; [" + hex(address) + ", +" +
                    size + ") must be whole mappings (cuMemMap) one after the other");
                return null;
            }
            if (mapping.end() > end)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": [" + hex(address) + ", +" + size + ") ends inside " +
                    "the mapping [" + hex(mapping.start) + ", +" + mapping.size + "); it must cover whole mappings");
                return null;
            }
            mappings.add(mapping);
            next = mapping.end();
        }
        return mappings;
    }

    private Reservation reservationHolding(final long address, final long size, final String name,
        final CallResult result)
    {
        final Map.Entry<Long, Reservation> entry = reservations.floorEntry(address);
        if (entry == null || !entry.getValue().holds(address, size))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": [" + hex(address) + ", +" + Long.toUnsignedString(size) +
                ") is not inside one address reservation of this session (cuMemAddressReserve)");
            return null;
        }
        return entry.getValue();
    }

    private Physical physical(final long handle, final String name, final CallResult result)
    {
        final SessionResources.LibraryObjectEntry entry =
            resources.libraryObject(handle, HandleKind.PHYSICAL_ALLOCATION, CudaError.INVALID_VALUE, result);
        if (entry == null)
        {
            result.fail(result.error(), name + ": " + result.message());
            return null;
        }
        final Physical physical = (Physical)entry.object;
        if (physical.released)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the CUmemGenericAllocationHandle " + hex(handle) + " was " +
                "released (cuMemRelease); its memory stays only while mapped, and cuMemRetainAllocationHandle of a " +
                "mapped address gives the handle back");
            return null;
        }
        return physical;
    }

    /**
     * Check an allocation's properties: pinned memory on a device of the executor, without shareable handles.
     *
     * @return the device, or -1 (the failure is in {@code result}).
     */
    private int checkProperties(final String name, final long type, final long locationType, final long locationId,
        final long handleTypes, final CallResult result)
    {
        if (type != ALLOCATION_TYPE_PINNED)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": allocation type " + type + " is not " +
                "CU_MEM_ALLOCATION_TYPE_PINNED (1)");
            return -1;
        }
        if (locationType != LOCATION_TYPE_DEVICE)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": location type " + locationType + " is not " +
                "CU_MEM_LOCATION_TYPE_DEVICE (1); gpurelay allocates device memory");
            return -1;
        }
        if (locationId < 0 || locationId >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE, name + ": device " + locationId + " does not exist: the executor " +
                "has " + deviceCount + " device(s)");
            return -1;
        }
        if (handleTypes != 0)
        {
            result.fail(CudaError.NOT_SUPPORTED, name + ": requested handle types 0x" + Long.toHexString(handleTypes) +
                " ask for shareable handles, which are operating-system handles of the executor's host that the " +
                "client cannot use; gpurelay makes allocations without them (CU_MEM_HANDLE_TYPE_NONE)");
            return -1;
        }
        return (int)locationId;
    }

    /** @return the device's minimum granularity, or 0 (the failure is in {@code result}). */
    private long granularity(final int device, final CallResult result)
    {
        if (granularity[device] == 0)
        {
            final CallResult query = new CallResult();
            query.reset(Api.DRIVER);
            backend.granularity(device, false, query);
            if (query.failed())
            {
                result.fail(query.error(), query.message());
                return 0;
            }
            granularity[device] = query.values()[0];
        }
        return granularity[device];
    }

    private static String name(final Function function)
    {
        return switch (function)
        {
            case CU_MEM_GET_ALLOCATION_GRANULARITY -> "cuMemGetAllocationGranularity";
            case CU_MEM_ADDRESS_RESERVE -> "cuMemAddressReserve";
            case CU_MEM_ADDRESS_FREE -> "cuMemAddressFree";
            case CU_MEM_CREATE -> "cuMemCreate";
            case CU_MEM_RELEASE -> "cuMemRelease";
            case CU_MEM_MAP -> "cuMemMap";
            case CU_MEM_UNMAP -> "cuMemUnmap";
            case CU_MEM_SET_ACCESS -> "cuMemSetAccess";
            case CU_MEM_GET_ACCESS -> "cuMemGetAccess";
            case CU_MEM_RETAIN_ALLOCATION_HANDLE -> "cuMemRetainAllocationHandle";
            default -> "cuMemGetAllocationPropertiesFromHandle";
        };
    }

    private static String hex(final long value)
    {
        return "0x" + Long.toHexString(value);
    }
}
