package io.gpurelay.it.programs;

import static jcuda.driver.JCudaDriver.cuCtxCreate;
import static jcuda.driver.JCudaDriver.cuCtxDestroy;
import static jcuda.driver.JCudaDriver.cuCtxDisablePeerAccess;
import static jcuda.driver.JCudaDriver.cuCtxGetApiVersion;
import static jcuda.driver.JCudaDriver.cuCtxGetCacheConfig;
import static jcuda.driver.JCudaDriver.cuCtxGetId;
import static jcuda.driver.JCudaDriver.cuCtxGetFlags;
import static jcuda.driver.JCudaDriver.cuCtxGetLimit;
import static jcuda.driver.JCudaDriver.cuCtxGetSharedMemConfig;
import static jcuda.driver.JCudaDriver.cuCtxGetStreamPriorityRange;
import static jcuda.driver.JCudaDriver.cuCtxSetCacheConfig;
import static jcuda.driver.JCudaDriver.cuCtxSynchronize;
import static jcuda.driver.JCudaDriver.cuDeviceGet;
import static jcuda.driver.JCudaDriver.cuDeviceGetPCIBusId;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static jcuda.driver.JCudaDriver.cuEventCreate;
import static jcuda.driver.JCudaDriver.cuEventRecordWithFlags;
import static jcuda.driver.JCudaDriver.cuEventSynchronize;
import static jcuda.driver.JCudaDriver.cuFuncGetAttribute;
import static jcuda.driver.JCudaDriver.cuFuncSetCacheConfig;
import static jcuda.driver.JCudaDriver.cuInit;
import static jcuda.driver.JCudaDriver.cuMemAlloc;
import static jcuda.driver.JCudaDriver.cuMemFree;
import static jcuda.driver.JCudaDriver.cuMemGetAddressRange;
import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemsetD2D8Async;
import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleGetLoadingMode;
import static jcuda.driver.JCudaDriver.cuModuleLoad;
import static jcuda.driver.JCudaDriver.cuStreamCreate;
import static jcuda.driver.JCudaDriver.cuStreamGetFlags;
import static jcuda.driver.JCudaDriver.cuStreamGetPriority;
import static jcuda.driver.JCudaDriver.cuStreamIsCapturing;
import static jcuda.driver.JCudaDriver.cuStreamSynchronize;
import static jcuda.driver.JCudaDriver.cuStreamWriteValue32;
import static jcuda.runtime.JCuda.cudaDeviceDisablePeerAccess;
import static jcuda.runtime.JCuda.cudaDeviceGetCacheConfig;
import static jcuda.runtime.JCuda.cudaCtxResetPersistingL2Cache;
import static jcuda.runtime.JCuda.cudaDeviceGetLimit;
import static jcuda.runtime.JCuda.cudaDeviceGetPCIBusId;
import static jcuda.runtime.JCuda.cudaDeviceGetStreamPriorityRange;
import static jcuda.runtime.JCuda.cudaDeviceSetCacheConfig;
import static jcuda.runtime.JCuda.cudaEventCreate;
import static jcuda.runtime.JCuda.cudaEventRecordWithFlags;
import static jcuda.runtime.JCuda.cudaEventSynchronize;
import static jcuda.runtime.JCuda.cudaGetLastError;
import static jcuda.runtime.JCuda.cudaSetDevice;
import static jcuda.runtime.JCuda.cudaStreamCreateWithFlags;
import static jcuda.runtime.JCuda.cudaStreamGetFlags;
import static jcuda.runtime.JCuda.cudaStreamGetPriority;

import java.nio.file.Path;

import io.gpurelay.testsupport.Checks;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUevent;
import jcuda.driver.CUfunc_cache;
import jcuda.driver.CUfunction;
import jcuda.driver.CUfunction_attribute;
import jcuda.driver.CUlimit;
import jcuda.driver.CUmodule;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;
import jcuda.driver.CUstream_flags;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaEvent_t;
import jcuda.runtime.cudaFuncCache;
import jcuda.runtime.cudaLimit;
import jcuda.runtime.cudaStream_t;

/**
 * An ordinary JCuda program calling functions that gpurelay remotes through its function table, on the emulator:
 * cache and shared-memory preferences, stream flags and priorities, context ids and API versions, kernel attributes,
 * event records with flags, in the driver and the runtime API; and one the emulator does not support, which must
 * fail with the not-supported status rather than succeed, even when it is stream-ordered; a 2D memset on a stream.
 * Argument: the folder with the kernels' PTX files.
 */
public final class TableFunctionsProgram
{
    private static final Checks CHECKS = new Checks();

    private TableFunctionsProgram()
    {
    }

    public static void main(final String[] args)
    {
        final Path kernels = Path.of(args[0]);
        driver(kernels);
        runtime();
        CHECKS.finish();
    }

    private static void driver(final Path kernels)
    {
        CHECKS.equal("cuInit", 0, cuInit(0));
        final CUdevice device = new CUdevice();
        CHECKS.equal("cuDeviceGet", 0, cuDeviceGet(device, 0));
        final long[] total = { -1 };
        CHECKS.equal("cuDeviceTotalMem", 0, cuDeviceTotalMem(total, device));
        final String[] busId = new String[1];
        CHECKS.equal("cuDeviceGetPCIBusId", 0, cuDeviceGetPCIBusId(busId, 32, device));
        CHECKS.check("cuDeviceGetPCIBusId of the emulated device 0", "0000:10:00.0".equals(busId[0]), busId[0]);
        CHECKS.equal("cuDeviceGetPCIBusId cut to its buffer", 0, cuDeviceGetPCIBusId(busId, 8, device));
        CHECKS.check("cuDeviceGetPCIBusId of seven characters", "0000:10".equals(busId[0]), busId[0]);
        CHECKS.check("cuDeviceTotalMem bytes", total[0] > 0, "total " + total[0]);
        final CUcontext context = new CUcontext();
        CHECKS.equal("cuCtxCreate", 0, cuCtxCreate(context, 0, device));

        CHECKS.equal("cuCtxSetCacheConfig", 0, cuCtxSetCacheConfig(CUfunc_cache.CU_FUNC_CACHE_PREFER_SHARED));
        final int[] value = { -1 };
        CHECKS.equal("cuCtxGetCacheConfig", 0, cuCtxGetCacheConfig(value));
        CHECKS.equal("cuCtxGetCacheConfig on a fixed-size L1", CUfunc_cache.CU_FUNC_CACHE_PREFER_NONE, value[0]);
        CHECKS.equal("cuCtxGetSharedMemConfig", 0, cuCtxGetSharedMemConfig(value));
        CHECKS.equal("cuCtxGetSharedMemConfig four-byte banks", 1, value[0]);
        final int[] least = { -1 };
        final int[] greatest = { -1 };
        CHECKS.equal("cuCtxGetStreamPriorityRange", 0, cuCtxGetStreamPriorityRange(least, greatest));
        CHECKS.check("cuCtxGetStreamPriorityRange no priorities", least[0] == 0 && greatest[0] == 0,
            least[0] + ", " + greatest[0]);
        final long[] id = { 0 };
        CHECKS.equal("cuCtxGetId", 0, cuCtxGetId(context, id));
        CHECKS.check("cuCtxGetId nonzero", id[0] != 0, "id " + id[0]);
        CHECKS.equal("cuCtxGetApiVersion", 0, cuCtxGetApiVersion(context, value));
        CHECKS.equal("cuCtxGetApiVersion value", 3020, value[0]);
        CHECKS.equal("cuModuleGetLoadingMode", 0, cuModuleGetLoadingMode(value));
        CHECKS.equal("cuModuleGetLoadingMode eager", 1, value[0]);

        final CUstream stream = new CUstream();
        CHECKS.equal("cuStreamCreate", 0, cuStreamCreate(stream, CUstream_flags.CU_STREAM_NON_BLOCKING));
        CHECKS.equal("cuStreamGetFlags", 0, cuStreamGetFlags(stream, value));
        CHECKS.equal("cuStreamGetFlags non-blocking", CUstream_flags.CU_STREAM_NON_BLOCKING, value[0]);
        CHECKS.equal("cuStreamGetPriority", 0, cuStreamGetPriority(stream, value));
        CHECKS.equal("cuStreamGetPriority value", 0, value[0]);
        CHECKS.equal("cuStreamIsCapturing", 0, cuStreamIsCapturing(stream, value));
        CHECKS.equal("cuStreamIsCapturing none", 0, value[0]);

        final CUmodule module = new CUmodule();
        CHECKS.equal("cuModuleLoad", 0, cuModuleLoad(module, kernels.resolve("vector_add.ptx").toString()));
        final CUfunction function = new CUfunction();
        CHECKS.equal("cuModuleGetFunction", 0, cuModuleGetFunction(function, module, "vector_add"));
        CHECKS.equal("cuFuncGetAttribute", 0, cuFuncGetAttribute(value,
            CUfunction_attribute.CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, function));
        CHECKS.check("cuFuncGetAttribute max threads", value[0] > 0, "value " + value[0]);
        CHECKS.equal("cuFuncSetCacheConfig", 0, cuFuncSetCacheConfig(function,
            CUfunc_cache.CU_FUNC_CACHE_PREFER_L1));

        final CUevent event = new CUevent();
        CHECKS.equal("cuEventCreate", 0, cuEventCreate(event, 0));
        CHECKS.equal("cuEventRecordWithFlags", 0, cuEventRecordWithFlags(event, stream, 0));
        CHECKS.equal("cuEventSynchronize", 0, cuEventSynchronize(event));

        final long[] limit = { -1 };
        CHECKS.equal("cuCtxGetLimit", 0, cuCtxGetLimit(limit, CUlimit.CU_LIMIT_PRINTF_FIFO_SIZE));
        CHECKS.equal("cuCtxGetLimit the emulator's printf FIFO", 1 << 20, limit[0]);
        final int[] flags = { -1 };
        CHECKS.equal("cuCtxGetFlags is not supported on the emulator", CUresult.CUDA_ERROR_NOT_SUPPORTED,
            cuCtxGetFlags(flags));
        CHECKS.equal("cuCtxGetFlags wrote nothing", -1, flags[0]);
        final CUdeviceptr word = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc", 0, cuMemAlloc(word, Integer.BYTES));
        for (int attempt = 1; attempt <= 2; attempt++)
        {
            CHECKS.equal("cuStreamWriteValue32 (stream-ordered) is refused at the call, attempt " + attempt,
                CUresult.CUDA_ERROR_NOT_SUPPORTED, cuStreamWriteValue32(stream, word, 1, 0));
        }
        CHECKS.equal("cuCtxSynchronize finds no failure left behind", 0, cuCtxSynchronize());
        CHECKS.equal("cuMemsetD2D8Async", 0, cuMemsetD2D8Async(word, 2, (byte)0x7F, 2, 2, stream));
        CHECKS.equal("cuStreamSynchronize", 0, cuStreamSynchronize(stream));
        final int[] written = { 0 };
        CHECKS.equal("cuMemcpyDtoH", 0, cuMemcpyDtoH(Pointer.to(written), word, Integer.BYTES));
        CHECKS.equal("cuMemsetD2D8Async wrote two rows of two bytes", 0x7F7F7F7F, written[0]);

        final CUdeviceptr block = new CUdeviceptr();
        CHECKS.equal("cuMemAlloc", 0, cuMemAlloc(block, 4096));
        final CUdeviceptr base = new CUdeviceptr();
        final long[] size = { -1 };
        CHECKS.equal("cuMemGetAddressRange", 0, cuMemGetAddressRange(base, size, block.withByteOffset(100)));
        CHECKS.check("cuMemGetAddressRange base is the allocation's", base.equals(block), base + " vs " + block);
        CHECKS.equal("cuMemGetAddressRange size", 4096L, size[0]);
        CHECKS.equal("cuMemFree", 0, cuMemFree(block));
        CHECKS.equal("cuCtxDisablePeerAccess: gpurelay never enables it", CUresult.CUDA_ERROR_PEER_ACCESS_NOT_ENABLED,
            cuCtxDisablePeerAccess(context));
        CHECKS.equal("cuCtxDestroy", 0, cuCtxDestroy(context));
    }

    private static void runtime()
    {
        CHECKS.equal("cudaSetDevice", 0, cudaSetDevice(0));
        CHECKS.equal("cudaDeviceSetCacheConfig", 0, cudaDeviceSetCacheConfig(cudaFuncCache.cudaFuncCachePreferL1));
        final int[] value = { -1 };
        CHECKS.equal("cudaDeviceGetCacheConfig", 0, cudaDeviceGetCacheConfig(value));
        CHECKS.equal("cudaDeviceGetCacheConfig on a fixed-size L1", cudaFuncCache.cudaFuncCachePreferNone, value[0]);
        final int[] least = { -1 };
        final int[] greatest = { -1 };
        CHECKS.equal("cudaDeviceGetStreamPriorityRange", 0, cudaDeviceGetStreamPriorityRange(least, greatest));
        CHECKS.check("cudaDeviceGetStreamPriorityRange no priorities", least[0] == 0 && greatest[0] == 0,
            least[0] + ", " + greatest[0]);

        final cudaStream_t stream = new cudaStream_t();
        CHECKS.equal("cudaStreamCreateWithFlags", 0, cudaStreamCreateWithFlags(stream, 1));
        CHECKS.equal("cudaStreamGetFlags", 0, cudaStreamGetFlags(stream, value));
        CHECKS.equal("cudaStreamGetFlags non-blocking", 1, value[0]);
        CHECKS.equal("cudaStreamGetPriority", 0, cudaStreamGetPriority(stream, value));
        CHECKS.equal("cudaStreamGetPriority value", 0, value[0]);
        final cudaEvent_t event = new cudaEvent_t();
        CHECKS.equal("cudaEventCreate", 0, cudaEventCreate(event));
        CHECKS.equal("cudaEventRecordWithFlags", 0, cudaEventRecordWithFlags(event, stream, 0));
        CHECKS.equal("cudaEventSynchronize", 0, cudaEventSynchronize(event));

        final long[] limit = { -1 };
        CHECKS.equal("cudaDeviceGetLimit", 0, cudaDeviceGetLimit(limit, cudaLimit.cudaLimitMallocHeapSize));
        CHECKS.equal("cudaDeviceGetLimit the default malloc heap", 8 << 20, limit[0]);
        CHECKS.equal("cudaCtxResetPersistingL2Cache is not supported on the emulator", cudaError.cudaErrorNotSupported,
            cudaCtxResetPersistingL2Cache());
        CHECKS.equal("cudaGetLastError keeps the failure", cudaError.cudaErrorNotSupported, cudaGetLastError());
        CHECKS.equal("cudaGetLastError then clears it", 0, cudaGetLastError());
        final String[] busId = new String[1];
        CHECKS.equal("cudaDeviceGetPCIBusId", 0, cudaDeviceGetPCIBusId(busId, 32, 0));
        CHECKS.check("cudaDeviceGetPCIBusId of the emulated device 0", "0000:10:00.0".equals(busId[0]), busId[0]);
        CHECKS.equal("cudaDeviceDisablePeerAccess: gpurelay never enables it",
            cudaError.cudaErrorPeerAccessNotEnabled, cudaDeviceDisablePeerAccess(0));
        CHECKS.equal("cudaDeviceDisablePeerAccess of a device that does not exist", cudaError.cudaErrorInvalidDevice,
            cudaDeviceDisablePeerAccess(99));
    }
}
