package io.gpurelay.executor.backend;

/**
 * Virtual memory management for one session ({@code cuMemAddressReserve}, {@code cuMemCreate}, {@code cuMemMap},
 * {@code cuMemSetAccess}, ...). The executor's {@code VirtualMemory} keeps the session's reservations, physical
 * allocations and mappings and checks every argument against them (ownership, alignment, bounds, what is mapped)
 * before a method here is called, so a backend only does the work. A range given read/write access becomes device
 * memory of the session for the backend's address checks (copies, memsets, kernels) until it is unmapped.
 */
public interface BackendVirtualMemory
{
    /**
     * The allocation granularity of pinned memory on a device ({@code cuMemGetAllocationGranularity}).
     *
     * @param recommended whether the recommended granularity is asked for rather than the minimum.
     */
    void granularity(int device, boolean recommended, CallResult result);

    /**
     * Reserve {@code size} bytes of addresses aligned to {@code alignment} (0: the device's granularity); the
     * address goes to {@code result}'s first value.
     */
    void reserve(BackendContext context, long size, long alignment, CallResult result);

    /** Free a whole reservation, nothing of it mapped. */
    void free(BackendContext context, long address, long size, CallResult result);

    /**
     * A physical allocation of pinned memory on a device, without shareable handles.
     *
     * @param flags compression type, GPUDirect RDMA capable, usage, as {@code CUmemAllocationProp.allocFlags}.
     * @return it, or null when it cannot be made (the failure is in {@code result}).
     */
    BackendPhysicalMemory create(BackendContext context, int device, long size, long[] flags, CallResult result);

    /**
     * Give the memory back: its handle was released and nothing maps it any more (CUDA keeps mapped memory alive
     * after cuMemRelease; so does the executor, by calling this only after the last unmap).
     */
    void release(BackendContext context, BackendPhysicalMemory memory);

    /** Map {@code size} bytes of {@code memory} from {@code offset} at {@code address}, inside a reservation. */
    void map(BackendContext context, long address, long size, BackendPhysicalMemory memory, long offset,
        CallResult result);

    /** Unmap one mapping; it stops being device memory of the session. */
    void unmap(BackendContext context, long address, long size, CallResult result);

    /**
     * Give the device of the mapping read/write access ({@code readWrite}) or take it away: with access, the range
     * is device memory of the session that copies, memsets and kernels may reach.
     */
    void setAccess(BackendContext context, long address, long size, int device, boolean readWrite,
        CallResult result);
}
