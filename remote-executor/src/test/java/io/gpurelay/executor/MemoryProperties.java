package io.gpurelay.executor;

/**
 * The CUDA enumerators that stream-ordered pools and virtual memory name in their properties, as the tests send them
 * among a call's arguments: {@code CUmemAllocationType}, {@code CUmemLocationType}, {@code CUmemAllocationHandleType}
 * and {@code CUmemAccess_flags}.
 */
final class MemoryProperties
{
    /** {@code CU_MEM_ALLOCATION_TYPE_PINNED}. */
    static final long ALLOCATION_TYPE_PINNED = 1;
    /** {@code CU_MEM_LOCATION_TYPE_DEVICE}. */
    static final long LOCATION_DEVICE = 1;
    /** {@code CU_MEM_LOCATION_TYPE_HOST}. */
    static final long LOCATION_HOST = 2;
    /** {@code CU_MEM_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR}. */
    static final long HANDLE_TYPE_POSIX_FD = 1;
    /** {@code CU_MEM_ACCESS_FLAGS_PROT_READ}. */
    static final long ACCESS_READ = 1;
    /** {@code CU_MEM_ACCESS_FLAGS_PROT_READWRITE}. */
    static final long ACCESS_READ_WRITE = 3;

    private MemoryProperties()
    {
    }
}
