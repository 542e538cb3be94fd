package io.gpurelay.executor.backend.emulated;

import java.util.ArrayList;
import java.util.List;

import io.gpurelay.emulator.memory.Allocation;
import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.emulator.memory.DeviceMemoryException;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendPhysicalMemory;
import io.gpurelay.executor.backend.BackendVirtualMemory;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.ReleasedResources;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Virtual memory management on the emulator, faithful to CUDA's model: a reservation is a range of the device's
 * addresses that no allocation is ever given ({@link DeviceMemory#reserveAddresses}); a physical allocation is device
 * memory (it uses the device's capacity) held by an owner of its own, so that no access of the session reaches it at
 * its own address; a mapping with read/write access is that memory mapped at an address of the reservation for the
 * session ({@link DeviceMemory#mapAt}), so copies, memsets and kernels reach it there exactly as an allocation. One
 * allocation mapped at two addresses shows the same bytes at both, because both map the same backing store. The
 * executor has checked every argument.
 */
final class EmulatedVirtualMemory implements BackendVirtualMemory
{
    /** The granularity the emulator gives, minimum and recommended: 2 MiB, as current GPUs. */
    static final long GRANULARITY = 2L << 20;

    private final EmulatedBackendSession session;
    /** The session's physical allocations not yet released. */
    private final List<EmulatedPhysicalMemory> physicals = new ArrayList<>();
    /** Mappings by address. */
    private final Long2ObjectHashMap<EmulatedMapping> mappings = new Long2ObjectHashMap<>();
    private final long[] allocatedBytes;

    /** A physical allocation: device memory of an owner that only this object knows. */
    private static final class EmulatedPhysicalMemory implements BackendPhysicalMemory
    {
        final int device;
        final long size;
        final Allocation backing;

        EmulatedPhysicalMemory(final int device, final long size, final Allocation backing)
        {
            this.device = device;
            this.size = size;
            this.backing = backing;
        }

        public int device()
        {
            return device;
        }

        public long size()
        {
            return size;
        }
    }

    /** A mapping; {@code access} is the session's view of it while it has read/write access, else null. */
    private static final class EmulatedMapping
    {
        final long address;
        final long size;
        final EmulatedPhysicalMemory physical;
        final long offset;
        Allocation access;

        EmulatedMapping(final long address, final long size, final EmulatedPhysicalMemory physical, final long offset)
        {
            this.address = address;
            this.size = size;
            this.physical = physical;
            this.offset = offset;
        }
    }

    EmulatedVirtualMemory(final EmulatedBackendSession session, final int deviceCount)
    {
        this.session = session;
        this.allocatedBytes = new long[deviceCount];
    }

    public void granularity(final int device, final boolean recommended, final CallResult result)
    {
        result.value(GRANULARITY);
    }

    public void reserve(final BackendContext context, final long size, final long alignment, final CallResult result)
    {
        final int device = ((EmulatedContext)context).device();
        try
        {
            result.value(session.memoryOf(device).reserveAddresses(size, Math.max(alignment, GRANULARITY)));
        }
        catch (final DeviceMemoryException ex)
        {
            result.fail(CudaError.OUT_OF_MEMORY, "cuMemAddressReserve: " + ex.getMessage());
        }
    }

    /** Addresses are never reused on the emulator: freeing a reservation only forgets it, which the executor does. */
    public void free(final BackendContext context, final long address, final long size, final CallResult result)
    {
    }

    public BackendPhysicalMemory create(
        final BackendContext context, final int device, final long size, final long[] flags, final CallResult result)
    {
        final Object owner = new Object();
        try
        {
            final Allocation backing = session.memoryOf(device).allocate(size, owner);
            final EmulatedPhysicalMemory physical = new EmulatedPhysicalMemory(device, size, backing);
            physicals.add(physical);
            allocatedBytes[device] += size;
            return physical;
        }
        catch (final DeviceMemoryException ex)
        {
            result.fail(CudaError.OUT_OF_MEMORY, "cuMemCreate of " + size + " bytes: " + ex.getMessage());
            return null;
        }
    }

    public void release(final BackendContext context, final BackendPhysicalMemory memory)
    {
        final EmulatedPhysicalMemory physical = (EmulatedPhysicalMemory)memory;
        if (physicals.remove(physical))
        {
            session.memoryOf(physical.device).free(physical.backing.deviceAddress(), physical.backing.owner());
            allocatedBytes[physical.device] -= physical.size;
        }
    }

    public void map(final BackendContext context, final long address, final long size,
        final BackendPhysicalMemory memory, final long offset, final CallResult result)
    {
        mappings.put(address, new EmulatedMapping(address, size, (EmulatedPhysicalMemory)memory, offset));
    }

    public void unmap(final BackendContext context, final long address, final long size, final CallResult result)
    {
        final EmulatedMapping mapping = mappings.remove(address);
        if (mapping != null)
        {
            revoke(mapping);
        }
    }

    public void setAccess(final BackendContext context, final long address, final long size, final int device,
        final boolean readWrite, final CallResult result)
    {
        final EmulatedMapping mapping = mappings.get(address);
        if (mapping == null)
        {
            result.fail(CudaError.INVALID_VALUE, "cuMemSetAccess: 0x" + Long.toHexString(address) + " is not mapped");
            return;
        }
        if (!readWrite)
        {
            revoke(mapping);
            return;
        }
        if (mapping.access != null)
        {
            return;
        }
        final Allocation backing = mapping.physical.backing;
        // Zero the pages the mapping shows that nothing touched yet: the view's accesses do not go through the
        // backing allocation, which zeroes lazily.
        final long host = backing.hostAddress(backing.deviceAddress() + mapping.offset, mapping.size);
        try
        {
            mapping.access = session.memoryOf(device).mapAt(address, host, mapping.size, session.ownerOf(device));
        }
        catch (final DeviceMemoryException ex)
        {
            result.fail(CudaError.INVALID_VALUE, "cuMemSetAccess: " + ex.getMessage());
        }
    }

    /** Whether the session's view is one of a mapping's, device memory rather than mapped host memory. */
    boolean maps(final Allocation view)
    {
        final EmulatedMapping mapping = mappings.get(view.deviceAddress());
        return mapping != null && mapping.access == view;
    }

    long allocatedBytes(final int device)
    {
        return allocatedBytes[device];
    }

    /**
     * The session ends: unmap every mapping, then give back every physical allocation.
     *
     * @return what the physical allocations amounted to.
     */
    ReleasedResources close()
    {
        for (final EmulatedMapping mapping : mappings.values())
        {
            revoke(mapping);
        }
        mappings.clear();
        long bytes = 0;
        final int count = physicals.size();
        for (final EmulatedPhysicalMemory physical : new ArrayList<>(physicals))
        {
            bytes += physical.size;
            release(null, physical);
        }
        return new ReleasedResources(count, bytes);
    }

    private void revoke(final EmulatedMapping mapping)
    {
        if (mapping.access != null)
        {
            final Allocation access = mapping.access;
            mapping.access = null;
            if (access.isLive())
            {
                session.memoryOf(mapping.physical.device).free(access.deviceAddress(), access.owner());
            }
        }
    }
}
