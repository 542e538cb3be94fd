package io.gpurelay.emulator.memory;

import static io.gpurelay.emulator.memory.UnsafeAccess.UNSAFE;

/**
 * One live block of emulated device memory: a device address range backed by off-heap host memory.
 * The owner is whatever the caller uses to isolate clients (a session's context); only the owner may touch it.
 */
public final class Allocation
{
    private final long deviceAddress;
    private final long size;
    private final Object owner;
    private final long hostAddress;
    private volatile boolean live = true;

    Allocation(final long deviceAddress, final long size, final Object owner, final long hostAddress)
    {
        this.deviceAddress = deviceAddress;
        this.size = size;
        this.owner = owner;
        this.hostAddress = hostAddress;
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
     * Host address of a device address inside this allocation, for {@link sun.misc.Unsafe} access.
     * The caller has already checked the range with {@link #contains(long, long)}.
     */
    public long hostAddress(final long address)
    {
        return hostAddress + (address - deviceAddress);
    }

    public boolean contains(final long address, final long length)
    {
        return address >= deviceAddress && length >= 0 && address - deviceAddress <= size - length;
    }

    public long end()
    {
        return deviceAddress + size;
    }

    void release()
    {
        live = false;
        UNSAFE.freeMemory(hostAddress);
    }

    public String toString()
    {
        return "Allocation{0x" + Long.toHexString(deviceAddress) + ", " + size + " bytes}";
    }
}
