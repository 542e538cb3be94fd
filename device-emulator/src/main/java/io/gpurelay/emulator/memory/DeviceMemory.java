package io.gpurelay.emulator.memory;

import static io.gpurelay.emulator.memory.UnsafeAccess.BYTE_ARRAY_OFFSET;
import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The global memory of one emulated device.
 * <p>
 * Device addresses come from a bump allocator that never reuses an address, so a stale pointer can never alias a
 * newer allocation and is always refused. Every access names an owner and is checked against that owner's live
 * allocations, which is what isolates sessions from one another. Memory reads as zero until written, so nothing of
 * one session is ever visible to the next; large allocations are zeroed a page at a time as they are first touched
 * (see {@link Allocation}), so that allocating the whole device neither stalls the process nor makes it resident.
 */
public final class DeviceMemory implements AutoCloseable
{
    /** cudaMalloc guarantees at least 256-byte alignment. */
    public static final long ALIGNMENT = 256;

    /**
     * Device addresses one device hands out over its whole life (addresses are never reused): 16 TiB, so devices
     * placed {@code ADDRESS_SPAN} apart never overlap.
     */
    public static final long ADDRESS_SPAN = 1L << 44;

    /** Lowest address of the PTX interpreter's shared and local windows: device memory stays below it. */
    public static final long HIGHEST_DEVICE_ADDRESS = 0xFE00_0000_0000L;

    private static final long FILL_CHUNK = 1L << 20;

    private final ConcurrentSkipListMap<Long, Allocation> allocations = new ConcurrentSkipListMap<>();
    private final AtomicLong used = new AtomicLong();
    private final long capacity;
    private final long addressLimit;
    private long nextAddress;

    /**
     * @param capacity    bytes of device memory this device reports and hands out.
     * @param baseAddress first device address; distinct per device so pointers of two devices never collide.
     */
    public DeviceMemory(final long capacity, final long baseAddress)
    {
        this(capacity, baseAddress, 0);
    }

    /**
     * @param capacity     bytes of device memory this device reports and hands out.
     * @param baseAddress  start of the device's addresses; distinct per device so pointers of two devices never
     *                     collide.
     * @param firstOffset  where in its {@link #ADDRESS_SPAN} the device starts handing out addresses, below half the
     *                     span: a device that starts at a random offset gives out pointers that a previous instance
     *                     (an executor before its restart) most likely never gave, so stale pointers stay refused.
     */
    public DeviceMemory(final long capacity, final long baseAddress, final long firstOffset)
    {
        if (firstOffset < 0 || firstOffset >= ADDRESS_SPAN / 2)
        {
            throw new IllegalArgumentException("first address offset must be in [0, " + ADDRESS_SPAN / 2 + "): " +
                firstOffset);
        }
        if (capacity <= 0)
        {
            throw new IllegalArgumentException("device memory capacity must be positive: " + capacity);
        }
        if (baseAddress <= 0 || baseAddress + ADDRESS_SPAN > HIGHEST_DEVICE_ADDRESS)
        {
            throw new IllegalArgumentException("device base address 0x" + Long.toHexString(baseAddress) +
                " leaves no room for " + ADDRESS_SPAN + " bytes of addresses below 0x" +
                Long.toHexString(HIGHEST_DEVICE_ADDRESS));
        }
        this.capacity = capacity;
        this.nextAddress = align(baseAddress + firstOffset);
        this.addressLimit = baseAddress + ADDRESS_SPAN;
    }

    public long capacity()
    {
        return capacity;
    }

    public long used()
    {
        return used.get();
    }

    public long free()
    {
        return capacity - used.get();
    }

    /**
     * Allocate zeroed device memory for an owner.
     *
     * @return the device address, aligned to {@link #ALIGNMENT}.
     */
    public Allocation allocate(final long size, final Object owner)
    {
        if (size <= 0)
        {
            throw new DeviceMemoryException(DeviceMemoryException.Kind.INVALID_POINTER, "allocation size " + size);
        }
        final long reserved = align(size);
        while (true)
        {
            final long current = used.get();
            if (current + reserved > capacity || current + reserved < 0)
            {
                throw new DeviceMemoryException(DeviceMemoryException.Kind.OUT_OF_MEMORY,
                    "out of device memory: asked " + size + " bytes, " + (capacity - current) + " free");
            }
            if (used.compareAndSet(current, current + reserved))
            {
                break;
            }
        }

        final long hostAddress;
        try
        {
            hostAddress = UNSAFE.allocateMemory(reserved);
        }
        catch (final OutOfMemoryError ex)
        {
            used.addAndGet(-reserved);
            throw new DeviceMemoryException(DeviceMemoryException.Kind.OUT_OF_MEMORY,
                "host memory backing the emulated device is exhausted: asked " + size + " bytes");
        }

        final long deviceAddress;
        synchronized (this)
        {
            if (nextAddress + reserved > addressLimit)
            {
                UNSAFE.freeMemory(hostAddress);
                used.addAndGet(-reserved);
                throw new DeviceMemoryException(DeviceMemoryException.Kind.OUT_OF_MEMORY,
                    "the device's address space is used up: addresses are never reused, and " + ADDRESS_SPAN +
                    " bytes have been handed out since it started");
            }
            deviceAddress = nextAddress;
            nextAddress += reserved + ALIGNMENT;
        }
        final Allocation allocation = new Allocation(deviceAddress, size, owner, hostAddress, reserved);
        allocations.put(deviceAddress, allocation);
        return allocation;
    }

    /**
     * Map host memory that the caller owns into this device's address space for an owner, as CUDA maps pinned host
     * memory allocated with {@code cudaHostAllocMapped}: kernels and copies of the owner reach it at the returned
     * allocation's address. It is not device memory (the device's capacity is not used), is never zeroed, and
     * {@link #free} or {@link #freeAll} only unmap it. The caller keeps the host memory mapped until then.
     */
    public Allocation mapHost(final long hostAddress, final long size, final Object owner)
    {
        if (size <= 0 || hostAddress == 0)
        {
            throw new DeviceMemoryException(DeviceMemoryException.Kind.INVALID_POINTER,
                "host mapping of " + size + " bytes at 0x" + Long.toHexString(hostAddress));
        }
        final long reserved = align(size);
        final long deviceAddress;
        synchronized (this)
        {
            if (nextAddress + reserved > addressLimit)
            {
                throw new DeviceMemoryException(DeviceMemoryException.Kind.OUT_OF_MEMORY,
                    "the device's address space is used up: addresses are never reused, and " + ADDRESS_SPAN +
                    " bytes have been handed out since it started");
            }
            deviceAddress = nextAddress;
            nextAddress += reserved + ALIGNMENT;
        }
        final Allocation allocation = new Allocation(deviceAddress, size, owner, hostAddress, reserved, true);
        allocations.put(deviceAddress, allocation);
        return allocation;
    }

    // Virtual memory management: reserved address ranges, and memory mapped at an address of one.

    /**
     * Reserve {@code size} bytes of addresses, aligned to {@code alignment} (a power of two, at least
     * {@link #ALIGNMENT}), that no allocation will ever be given: the owner maps memory into them with
     * {@link #mapAt}. A reservation uses none of the device's capacity.
     *
     * @return the first address.
     */
    public long reserveAddresses(final long size, final long alignment)
    {
        if (size <= 0 || alignment < ALIGNMENT || Long.bitCount(alignment) != 1)
        {
            throw new DeviceMemoryException(DeviceMemoryException.Kind.INVALID_POINTER,
                "address reservation of " + size + " bytes aligned to " + alignment);
        }
        synchronized (this)
        {
            final long start = (nextAddress + alignment - 1) & -alignment;
            if (start + size > addressLimit || start + size < start)
            {
                throw new DeviceMemoryException(DeviceMemoryException.Kind.OUT_OF_MEMORY,
                    "the device's address space is used up: addresses are never reused, and " + ADDRESS_SPAN +
                    " bytes have been handed out since it started");
            }
            nextAddress = align(start + size) + ALIGNMENT;
            return start;
        }
    }

    /**
     * Map host memory the caller keeps alive (another allocation's backing store, {@link Allocation#hostAddress})
     * at a given address of a range from {@link #reserveAddresses}, for an owner: as {@link #mapHost}, the device's
     * capacity is not used and {@link #free} only unmaps it. The same memory may be mapped at several addresses, and
     * each shows the same bytes.
     */
    public Allocation mapAt(final long deviceAddress, final long hostAddress, final long size, final Object owner)
    {
        if (size <= 0 || hostAddress == 0 || (deviceAddress & (ALIGNMENT - 1)) != 0)
        {
            throw new DeviceMemoryException(DeviceMemoryException.Kind.INVALID_POINTER,
                "mapping of " + size + " bytes at 0x" + Long.toHexString(deviceAddress));
        }
        final Map.Entry<Long, Allocation> below = allocations.floorEntry(deviceAddress + size - 1);
        if (below != null && below.getValue().end() > deviceAddress)
        {
            throw new DeviceMemoryException(DeviceMemoryException.Kind.INVALID_POINTER,
                "[0x" + Long.toHexString(deviceAddress) + ", +" + size + ") overlaps " + below.getValue());
        }
        final Allocation allocation = new Allocation(deviceAddress, size, owner, hostAddress, align(size), true);
        allocations.put(deviceAddress, allocation);
        return allocation;
    }

    /**
     * Free the allocation that starts at this address.
     */
    public Allocation free(final long deviceAddress, final Object owner)
    {
        final Allocation allocation = allocations.get(deviceAddress);
        if (allocation == null || allocation.owner() != owner)
        {
            throw new DeviceMemoryException(DeviceMemoryException.Kind.INVALID_POINTER,
                "0x" + Long.toHexString(deviceAddress) + " is not the start of a live allocation");
        }
        release(allocation);
        return allocation;
    }

    /**
     * Free everything an owner holds; used when its session ends.
     *
     * @return the allocations that were freed.
     */
    public List<Allocation> freeAll(final Object owner)
    {
        final List<Allocation> freed = new ArrayList<>();
        for (final Allocation allocation : allocations.values())
        {
            if (allocation.owner() == owner)
            {
                release(allocation);
                freed.add(allocation);
            }
        }
        return freed;
    }

    /**
     * The owner's allocation that covers {@code [address, address + length)}, or {@code null} if none does.
     */
    public Allocation find(final long address, final long length, final Object owner)
    {
        final Map.Entry<Long, Allocation> entry = allocations.floorEntry(address);
        if (entry == null)
        {
            return null;
        }
        final Allocation allocation = entry.getValue();
        return allocation.owner() == owner && allocation.contains(address, length) ? allocation : null;
    }

    /**
     * Like {@link #find(long, long, Object)} but refuses with an {@link DeviceMemoryException.Kind#OUT_OF_BOUNDS}.
     */
    public Allocation require(final long address, final long length, final Object owner)
    {
        final Allocation allocation = find(address, length, owner);
        if (allocation == null)
        {
            throw new DeviceMemoryException(DeviceMemoryException.Kind.OUT_OF_BOUNDS,
                "[0x" + Long.toHexString(address) + ", +" + length + ") is not inside a live allocation");
        }
        return allocation;
    }

    public void write(final long address, final byte[] src, final int srcOffset, final int length, final Object owner)
    {
        final Allocation allocation = require(address, length, owner);
        copyInChunks(src, BYTE_ARRAY_OFFSET + srcOffset, null, allocation.hostAddress(address, length), length);
    }

    public void read(final long address, final byte[] dst, final int dstOffset, final int length, final Object owner)
    {
        final Allocation allocation = require(address, length, owner);
        copyInChunks(null, allocation.hostAddress(address, length), dst, BYTE_ARRAY_OFFSET + dstOffset, length);
    }

    /**
     * Copy between a device range and host memory at a raw address (a direct buffer or an Agrona buffer's address).
     */
    public void writeFromHost(final long address, final long hostSource, final long length, final Object owner)
    {
        final Allocation allocation = require(address, length, owner);
        copyInChunks(null, hostSource, null, allocation.hostAddress(address, length), length);
    }

    public void readToHost(final long address, final long hostDestination, final long length, final Object owner)
    {
        final Allocation allocation = require(address, length, owner);
        copyInChunks(null, allocation.hostAddress(address, length), null, hostDestination, length);
    }

    public void write(final long address, final ByteBuffer src, final Object owner)
    {
        final int length = src.remaining();
        if (src.hasArray())
        {
            write(address, src.array(), src.arrayOffset() + src.position(), length, owner);
        }
        else
        {
            final byte[] copy = new byte[length];
            src.duplicate().get(copy);
            write(address, copy, 0, length, owner);
        }
    }

    public void copy(final long dstAddress, final long srcAddress, final long length, final Object owner)
    {
        final Allocation dst = require(dstAddress, length, owner);
        final Allocation src = require(srcAddress, length, owner);
        copyInChunks(null, src.hostAddress(srcAddress, length), null, dst.hostAddress(dstAddress, length), length);
    }

    /**
     * Fill {@code count} elements of {@code elementSize} bytes (1, 2 or 4) with the low bytes of {@code value}.
     */
    public void fill(final long address, final long count, final int elementSize, final int value, final Object owner)
    {
        final long length = count * elementSize;
        final Allocation allocation = require(address, length, owner);
        final long host = allocation.hostAddress(address, length);
        switch (elementSize)
        {
            case 1 -> setMemoryInChunks(host, length, (byte)value);
            case 2 ->
            {
                for (long i = 0; i < count; i++)
                {
                    UNSAFE.putShort(host + (i << 1), (short)value);
                }
            }
            case 4 ->
            {
                for (long i = 0; i < count; i++)
                {
                    UNSAFE.putInt(host + (i << 2), value);
                }
            }
            default -> throw new IllegalArgumentException("element size " + elementSize);
        }
    }

    /**
     * Unsafe.copyMemory and Unsafe.setMemory reach no safepoint until they are done: copying or filling gigabytes in
     * one call would stop every thread of the process that waits for one (a garbage collection, the Aeron client's
     * duty cycle), so large ranges go a mebibyte at a time.
     */
    private static void copyInChunks(
        final Object srcBase, final long srcOffset, final Object dstBase, final long dstOffset, final long length)
    {
        for (long done = 0; done < length; done += FILL_CHUNK)
        {
            UNSAFE.copyMemory(
                srcBase, srcOffset + done, dstBase, dstOffset + done, Math.min(FILL_CHUNK, length - done));
        }
    }

    private static void setMemoryInChunks(final long address, final long length, final byte value)
    {
        for (long done = 0; done < length; done += FILL_CHUNK)
        {
            UNSAFE.setMemory(address + done, Math.min(FILL_CHUNK, length - done), value);
        }
    }

    private void release(final Allocation allocation)
    {
        if (allocations.remove(allocation.deviceAddress(), allocation))
        {
            allocation.release();
            if (!allocation.isMappedHostMemory())
            {
                used.addAndGet(-align(allocation.size()));
            }
        }
    }

    private static long align(final long value)
    {
        return (value + ALIGNMENT - 1) & -ALIGNMENT;
    }

    public void close()
    {
        for (final Allocation allocation : allocations.values())
        {
            release(allocation);
        }
    }
}
