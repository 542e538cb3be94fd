package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.TableCalls;
import io.gpurelay.protocol.DriverStatus;
import jcuda.driver.CUdevice;
import jcuda.driver.CUfunction;
import jcuda.driver.CUoccupancyB2DSize;

/**
 * {@code cuOccupancyMaxPotentialBlockSize} and its {@code WithFlags} form, computed here as CUDA's occupancy
 * calculator computes them ({@code cudaOccupancyMaxPotentialBlockSizeVariableSMemWithFlags} in CUDA's
 * {@code cuda_runtime.h}): for each block size from the largest the kernel and device allow down to one warp, in
 * steps of a warp, the occupancy the executor's device reports for it ({@code
 * cuOccupancyMaxActiveBlocksPerMultiprocessorWithFlags}, a function-table row) with the dynamic shared memory the
 * client's callback (its own Java object, called here) or the fixed size gives; the block size with the most resident
 * threads wins, the largest on a tie, and the search stops once a multiprocessor is full. The device's limits come
 * from the executor too, so the answer is the executor's GPU's.
 */
final class OccupancyCalculator
{
    /** Function-table rows this uses (gpurelay-functions.txt). */
    private static final int FUNC_GET_ATTRIBUTE_ROW = 1030;
    private static final int MAX_ACTIVE_BLOCKS_WITH_FLAGS_ROW = 1035;

    private static final int CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0;
    private static final int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1;
    private static final int CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10;
    private static final int CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16;
    private static final int CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR = 39;

    private OccupancyCalculator()
    {
    }

    /**
     * @param blockSizeToDynamicSMemSize the dynamic shared memory a block size needs; null for {@code
     *                                   dynamicSMemSize} at every size.
     */
    static int maxPotentialBlockSize(
        final int[] minGridSize, final int[] blockSize, final CUfunction func,
        final CUoccupancyB2DSize blockSizeToDynamicSMemSize, final long dynamicSMemSize, final int blockSizeLimit,
        final int flags)
    {
        final long context = DriverCalls.currentContext();
        if (!DriverCalls.isLiveContext(context))
        {
            return DriverCalls.noCurrentContext();
        }
        final CUdevice device = new CUdevice();
        JCudaPointers.setNativePointer(device, DriverCalls.deviceOf(context));
        final int[] value = new int[1];
        int status = JCudaDriverRemote.cuDeviceGetAttributeNative(value, CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
            device);
        final int deviceMaxThreadsPerBlock = value[0];
        status = status != DriverStatus.SUCCESS ? status :
            JCudaDriverRemote.cuDeviceGetAttributeNative(value, CU_DEVICE_ATTRIBUTE_WARP_SIZE, device);
        final int warpSize = value[0];
        status = status != DriverStatus.SUCCESS ? status :
            JCudaDriverRemote.cuDeviceGetAttributeNative(value, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, device);
        final int multiProcessorCount = value[0];
        status = status != DriverStatus.SUCCESS ? status : JCudaDriverRemote.cuDeviceGetAttributeNative(value,
            CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR, device);
        final int maxThreadsPerMultiProcessor = value[0];
        status = status != DriverStatus.SUCCESS ? status : TableCalls.call(FUNC_GET_ATTRIBUTE_ROW,
            new Object[]{ value, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, func });
        final int functionMaxThreadsPerBlock = value[0];
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        if (warpSize <= 0)
        {
            return DriverStatus.INVALID_VALUE;
        }

        int limit = blockSizeLimit == 0 ? deviceMaxThreadsPerBlock : blockSizeLimit;
        limit = Math.min(limit, Math.min(deviceMaxThreadsPerBlock, functionMaxThreadsPerBlock));
        final int limitAligned = (limit + warpSize - 1) / warpSize * warpSize;
        int bestBlockSize = 0;
        int bestBlocks = 0;
        int bestOccupancy = 0;
        final int[] blocks = new int[1];
        for (int aligned = limitAligned; aligned > 0; aligned -= warpSize)
        {
            final int tried = Math.min(limit, aligned);
            final long sharedMemory = blockSizeToDynamicSMemSize == null ? dynamicSMemSize :
                blockSizeToDynamicSMemSize.call(tried);
            status = TableCalls.call(MAX_ACTIVE_BLOCKS_WITH_FLAGS_ROW,
                new Object[]{ blocks, func, tried, sharedMemory, flags });
            if (status != DriverStatus.SUCCESS)
            {
                return status;
            }
            final int occupancy = tried * blocks[0];
            if (occupancy > bestOccupancy)
            {
                bestBlockSize = tried;
                bestBlocks = blocks[0];
                bestOccupancy = occupancy;
            }
            if (bestOccupancy == maxThreadsPerMultiProcessor)
            {
                break;
            }
        }
        minGridSize[0] = bestBlocks * multiProcessorCount;
        blockSize[0] = bestBlockSize;
        return DriverStatus.SUCCESS;
    }
}
