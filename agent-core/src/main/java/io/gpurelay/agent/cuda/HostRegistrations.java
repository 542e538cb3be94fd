package io.gpurelay.agent.cuda;

import java.util.Map;
import java.util.TreeMap;


/**
 * Host memory of the program registered with {@code cudaHostRegister} / {@code cuMemHostRegister}. CUDA page-locks
 * such memory so that copies may DMA from and to it and run asynchronously; the executor's device cannot reach this
 * process's memory, but every copy the agent makes reads and writes the program's memory directly and pipelines
 * what CUDA lets run asynchronously, whatever memory it is. So registration here is what the program can observe of
 * it: the range must be native memory of the program (a direct buffer or pinned memory), may not overlap another
 * registration (CUDA's already-registered error) and unregisters only by its start (CUDA's not-registered error).
 * Mapping into the device (cudaHostRegisterMapped,
 * CU_MEMHOSTREGISTER_DEVICEMAP) and I/O memory cannot be done for this process's memory and are refused by the
 * callers, naming the flag. Copies from and to registered memory then work as from any memory of the program,
 * asynchronous ones included.
 */
public final class HostRegistrations
{
    /** cudaHostRegisterPortable / CU_MEMHOSTREGISTER_PORTABLE. */
    public static final int PORTABLE = 0x01;
    /** cudaHostRegisterMapped / CU_MEMHOSTREGISTER_DEVICEMAP. */
    public static final int MAPPED = 0x02;
    /** cudaHostRegisterIoMemory / CU_MEMHOSTREGISTER_IOMEMORY. */
    public static final int IO_MEMORY = 0x04;
    /** cudaHostRegisterReadOnly / CU_MEMHOSTREGISTER_READ_ONLY. */
    public static final int READ_ONLY = 0x08;

    private static final TreeMap<Long, long[]> REGISTERED = new TreeMap<>();

    private HostRegistrations()
    {
    }

    /**
     * What registering would be refused for.
     */
    public enum Refusal
    {
        NONE,
        /** Not native memory of the program, a size of 0, or a range past the memory behind the pointer. */
        INVALID_VALUE,
        /** The range overlaps a registered one. */
        ALREADY_REGISTERED,
        /** Unregistering memory that is not the start of a registration. */
        NOT_REGISTERED
    }


    /**
     * Register {@code [address, address + size)} unless it overlaps a registration.
     */
    public static Refusal register(final long address, final long size, final int flags)
    {
        synchronized (REGISTERED)
        {
            final Map.Entry<Long, long[]> before = REGISTERED.floorEntry(address + size - 1);
            if (before != null && before.getKey() + before.getValue()[0] > address)
            {
                return Refusal.ALREADY_REGISTERED;
            }
            REGISTERED.put(address, new long[]{ size, flags });
            return Refusal.NONE;
        }
    }

    /**
     * Unregister the registration that starts at {@code address}.
     */
    public static Refusal unregister(final long address)
    {
        synchronized (REGISTERED)
        {
            return REGISTERED.remove(address) == null ? Refusal.NOT_REGISTERED : Refusal.NONE;
        }
    }

    /**
     * The flags of the registration holding {@code address}, or -1 when none does.
     */
    public static long flagsAt(final long address)
    {
        synchronized (REGISTERED)
        {
            final Map.Entry<Long, long[]> entry = REGISTERED.floorEntry(address);
            return entry != null && address < entry.getKey() + entry.getValue()[0] ? entry.getValue()[1] : -1;
        }
    }
}
