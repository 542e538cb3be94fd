package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.CU_MEM_ALLOCATION_TYPE_PINNED;
import static org.bytedeco.cuda.global.cudart.CU_MEM_HANDLE_TYPE_NONE;
import static org.bytedeco.cuda.global.cudart.CU_MEM_LOCATION_TYPE_DEVICE;
import static org.bytedeco.cuda.global.cudart.cuMemFree;
import static org.bytedeco.cuda.global.cudart.cuMemPoolCreate;
import static org.bytedeco.cuda.global.cudart.cuMemPoolDestroy;
import static org.bytedeco.cuda.global.cudart.cuMemPoolTrimTo;

import java.util.ArrayList;
import java.util.List;

import io.gpurelay.executor.backend.BackendMemoryPool;
import io.gpurelay.executor.backend.CallResult;
import org.agrona.collections.Long2ObjectHashMap;
import org.bytedeco.cuda.cudart.CUmemLocation_v1;
import org.bytedeco.cuda.cudart.CUmemPoolHandle_st;
import org.bytedeco.cuda.cudart.CUmemPoolProps_v1;
import org.bytedeco.javacpp.Pointer;

/**
 * A session's memory pools and stream-ordered allocations on the GPU. A stream-ordered allocation's memory belongs to
 * its pool (the device's default pool, or one of the session's), not to the context it was made in, so destroying
 * the context would not free it: the session frees its stream-ordered allocations itself ({@code cuMemFree}, which
 * waits for the work that may use them) before it destroys their context or ends, and then destroys its pools, so
 * nothing of a session outlives it in a pool of the process. Used by the session's thread only.
 */
final class GpuMemoryPools
{
    /**
     * A pool of the session.
     */
    record Pool(int device, CUmemPoolHandle_st handle) implements BackendMemoryPool
    {
    }

    private final List<Pool> pools = new ArrayList<>();
    /** The live stream-ordered allocations: address to the context they were made through. */
    private final Long2ObjectHashMap<GpuContext> streamOrdered = new Long2ObjectHashMap<>();

    /**
     * @param cudaDevice the device's CUDA ordinal in this process.
     * @param device     the device as the session's client numbers it.
     */
    Pool create(final int cudaDevice, final int device, final CallResult result)
    {
        final CUmemPoolHandle_st handle = new CUmemPoolHandle_st();
        try (CUmemPoolProps_v1 properties = new CUmemPoolProps_v1();
            CUmemLocation_v1 location = new CUmemLocation_v1())
        {
            Pointer.memset(properties, 0, properties.sizeof());
            Pointer.memset(location, 0, location.sizeof());
            location.type(CU_MEM_LOCATION_TYPE_DEVICE).id(cudaDevice);
            properties.allocType(CU_MEM_ALLOCATION_TYPE_PINNED).handleTypes(CU_MEM_HANDLE_TYPE_NONE)
                .location(location);
            final int status = cuMemPoolCreate(handle, properties);
            if (status != CUDA_SUCCESS)
            {
                result.fail(CudaErrorMapping.cudaError(status), "cuMemPoolCreate on device " + device + ": " +
                    GpuRuntime.errorName(status));
                return null;
            }
        }
        final Pool pool = new Pool(device, handle);
        pools.add(pool);
        return pool;
    }

    /**
     * CUDA destroys the pool once its last allocation is freed; until then they stay usable.
     */
    void destroy(final Pool pool, final CallResult result)
    {
        final int status = cuMemPoolDestroy(pool.handle());
        if (status != CUDA_SUCCESS)
        {
            result.fail(CudaErrorMapping.cudaError(status), "cuMemPoolDestroy: " + GpuRuntime.errorName(status));
            return;
        }
        pools.remove(pool);
    }

    void trim(final Pool pool, final long minBytesToKeep, final CallResult result)
    {
        final int status = cuMemPoolTrimTo(pool.handle(), minBytesToKeep);
        if (status != CUDA_SUCCESS)
        {
            result.fail(CudaErrorMapping.cudaError(status), "cuMemPoolTrimTo: " + GpuRuntime.errorName(status));
        }
    }

    void allocated(final long address, final GpuContext context)
    {
        streamOrdered.put(address, context);
    }

    void freed(final long address)
    {
        streamOrdered.remove(address);
    }

    /**
     * Free the stream-ordered allocations made through the context, which is current.
     */
    void freeAll(final GpuContext context)
    {
        final Long2ObjectHashMap<GpuContext>.EntryIterator entries = streamOrdered.entrySet().iterator();
        while (entries.hasNext())
        {
            entries.next();
            if (entries.getValue() == context)
            {
                cuMemFree(entries.getLongKey());
                entries.remove();
            }
        }
    }

    /**
     * Destroy the session's pools, whose allocations were freed.
     */
    void destroyAll()
    {
        for (final Pool pool : pools)
        {
            cuMemPoolDestroy(pool.handle());
        }
        pools.clear();
    }
}
