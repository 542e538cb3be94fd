package io.gpurelay.emulator.memory;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

import java.util.concurrent.atomic.AtomicLongArray;

/**
 * One live block of emulated device memory: a device address range backed by off-heap host memory.
 * The owner is whatever the caller uses to isolate clients (a session's context); only the owner may touch it.
 * <p>
 * A large allocation is zeroed a page at a time, when something first touches the page: allocating the whole device
 * costs nothing until it is used, memory never touched never becomes resident, and a read of an untouched page sees
 * zeros as it must. Small allocations are zeroed at once.
 */
public final class Allocation
{
    /** Pages of 64 KiB: small enough that touching one costs microseconds, large enough for a small bitmap. */
    static final int PAGE_SHIFT = 16;
    static final long PAGE_SIZE = 1L << PAGE_SHIFT;
    /** Allocations up to this size are zeroed when they are made. */
    static final long EAGER_ZERO_LIMIT = 1L << 20;

    private final long deviceAddress;
    private final long size;
    private final Object owner;
    private final long hostAddress;
    /** Bytes of host memory behind the allocation: its size rounded up to the device's alignment. */
    private final long reservedBytes;
    /** One bit per page, set once the page is zeroed; null when everything was zeroed at allocation. */
    private final AtomicLongArray zeroedPages;
    private long pagesToZero;
    private volatile boolean zeroed;
    private volatile boolean live = true;
    /** Host memory that someone else owns (mapped host memory): never zeroed, never freed here. */
    private final boolean external;

    Allocation(final long deviceAddress, final long size, final Object owner, final long hostAddress,
        final long reservedBytes)
    {
        this(deviceAddress, size, owner, hostAddress, reservedBytes, false);
    }

    Allocation(final long deviceAddress, final long size, final Object owner, final long hostAddress,
        final long reservedBytes, final boolean external)
    {
        this.deviceAddress = deviceAddress;
        this.size = size;
        this.owner = owner;
        this.hostAddress = hostAddress;
        this.reservedBytes = reservedBytes;
        this.external = external;
        if (external)
        {
            zeroedPages = null;
            zeroed = true;
        }
        else if (reservedBytes <= EAGER_ZERO_LIMIT)
        {
            UNSAFE.setMemory(hostAddress, reservedBytes, (byte)0);
            zeroedPages = null;
            zeroed = true;
        }
        else
        {
            pagesToZero = (reservedBytes + PAGE_SIZE - 1) >>> PAGE_SHIFT;
            zeroedPages = new AtomicLongArray((int)((pagesToZero + 63) >>> 6));
        }
    }

    public long deviceAddress()
    {
        return deviceAddress;
    }

    public long size()
    {
        return size;
    }

    public Object owner()
    {
        return owner;
    }

    public boolean isLive()
    {
        return live;
    }

    /**
     * Whether the allocation is host memory mapped into the device's space ({@link DeviceMemory#mapHost}).
     */
    public boolean isMappedHostMemory()
    {
        return external;
    }

    /**
     * Host address of a device address inside this allocation, for {@link sun.misc.Unsafe} access to the
     * {@code length} bytes from there, which are zeroed first if they were never touched.
     * The caller has already checked the range with {@link #contains(long, long)}.
     */
    public long hostAddress(final long address, final long length)
    {
        final long offset = address - deviceAddress;
        if (!zeroed)
        {
            zeroUntouchedPages(offset, length);
        }
        return hostAddress + offset;
    }

    public boolean contains(final long address, final long length)
    {
        return address >= deviceAddress && length >= 0 && address - deviceAddress <= size - length;
    }

    public long end()
    {
        return deviceAddress + size;
    }

    /**
     * Bytes of this allocation backed by touched (resident) pages.
     */
    public long touchedBytes()
    {
        if (zeroedPages == null)
        {
            return size;
        }
        long pages = 0;
        for (int i = 0; i < zeroedPages.length(); i++)
        {
            pages += Long.bitCount(zeroedPages.get(i));
        }
        return Math.min(size, pages << PAGE_SHIFT);
    }

    private void zeroUntouchedPages(final long offset, final long length)
    {
        final long first = offset >>> PAGE_SHIFT;
        final long last = (offset + Math.max(length, 1) - 1) >>> PAGE_SHIFT;
        for (long page = first; page <= last; page++)
        {
            final int word = (int)(page >>> 6);
            final long bit = 1L << page;
            if ((zeroedPages.get(word) & bit) == 0)
            {
                zeroPage(page, word, bit);
            }
        }
    }

    private synchronized void zeroPage(final long page, final int word, final long bit)
    {
        if ((zeroedPages.get(word) & bit) != 0)
        {
            return;
        }
        final long start = page << PAGE_SHIFT;
        UNSAFE.setMemory(hostAddress + start, Math.min(PAGE_SIZE, reservedBytes - start), (byte)0);
        zeroedPages.set(word, zeroedPages.get(word) | bit);
        if (--pagesToZero == 0)
        {
            zeroed = true;
        }
    }

    void release()
    {
        live = false;
        if (!external)
        {
            UNSAFE.freeMemory(hostAddress);
        }
    }

    public String toString()
    {
        return "Allocation{0x" + Long.toHexString(deviceAddress) + ", " + size + " bytes}";
    }
}
