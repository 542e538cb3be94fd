package io.gpurelay.emulator.ptx;

/**
 * Where shared and local memory appear in the generic address space. A generic address inside one of these windows
 * is a shared (or the running thread's local) address, anything else is a global address. The windows sit high in
 * the 48-bit address space, far above any address a {@code DeviceMemory} hands out, and their low 32 bits are zero so
 * that {@code cvta.to.shared.u32} of a generic address is exactly the shared offset.
 */
public final class GenericAddressSpace
{
    public static final long SHARED_WINDOW = 0x0000_FE00_0000_0000L;
    public static final long LOCAL_WINDOW = 0x0000_FF00_0000_0000L;
    /** Size of each window; shared and local addresses are below this. */
    public static final long WINDOW_SIZE = 1L << 32;

    private GenericAddressSpace()
    {
    }

    static boolean isShared(final long generic)
    {
        return generic - SHARED_WINDOW >= 0 && generic - SHARED_WINDOW < WINDOW_SIZE;
    }

    static boolean isLocal(final long generic)
    {
        return generic - LOCAL_WINDOW >= 0 && generic - LOCAL_WINDOW < WINDOW_SIZE;
    }
}
