package io.gpurelay.protocol;

import java.util.regex.Pattern;

/**
 * Pinned host memory shared between an IPC client and the executor side that serves its session: each allocation of
 * {@code cudaMallocHost}, {@code cudaHostAlloc}, {@code cuMemAllocHost} or {@code cuMemHostAlloc} is a file the
 * executor creates in the Aeron directory (shared memory), maps and page-locks; the client maps the same file and
 * removes its name. Copies between such memory and the device then name the allocation's handle and an offset
 * ({@link Function#CUDA_MEMCPY_HOST_MEMORY}) and move in one DMA on the executor, with no byte on the wire.
 * <p>
 * The name carries the session id and 128 random bits, so that a supervisor can remove the files of a dead worker's
 * session by pattern and no other process can guess one.
 */
public final class PinnedMemoryFiles
{
    public static final String FILE_NAME_PREFIX = "gpurelay-pinned-";
    /** What a client accepts as the name of a pinned allocation's file. */
    public static final Pattern FILE_NAME = Pattern.compile("gpurelay-pinned-[0-9a-f]{1,16}-[0-9a-f]{32}");
    /** Allocations are whole pages: a GPU page-locks whole pages. */
    public static final long PAGE_SIZE = 4096;

    /** cudaHostAllocMapped / CU_MEMHOSTALLOC_DEVICEMAP: the allocation is also mapped into the device's space. */
    public static final long FLAG_DEVICE_MAPPED = 0x02;
    /** cudaHostAllocPortable, cudaHostAllocMapped, cudaHostAllocWriteCombined (the CU_MEMHOSTALLOC_* bits). */
    public static final long KNOWN_FLAGS = 0x07;

    public static final long HOST_TO_DEVICE = 1;
    public static final long DEVICE_TO_HOST = 2;

    private PinnedMemoryFiles()
    {
    }

    /**
     * An allocation's size rounded up to whole pages, or -1 when that does not fit a long.
     */
    public static long pages(final long size)
    {
        final long rounded = size + PAGE_SIZE - 1;
        return rounded < 0 ? -1 : rounded & -PAGE_SIZE;
    }
}
