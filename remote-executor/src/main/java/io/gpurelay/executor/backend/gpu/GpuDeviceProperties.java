package io.gpurelay.executor.backend.gpu;

import static org.bytedeco.cuda.global.cudart.*;

import java.util.LinkedHashMap;
import java.util.Map;

import org.bytedeco.cuda.cudart.cudaDeviceProp;
import org.bytedeco.javacpp.BytePointer;
import org.bytedeco.javacpp.IntPointer;

/**
 * What a physical device reports about itself, as the fields of JCuda's {@code jcuda.runtime.cudaDeviceProp}
 * (the CUDA 12 struct the client's binding fills), plus {@code cudaDeviceGetAttribute} by code.
 * <p>
 * Most fields come from CUDA 13's {@code cudaGetDeviceProperties}. CUDA 13 removed from the struct the fields it had
 * deprecated (clockRate, memoryClockRate, kernelExecTimeoutEnabled, computeMode, deviceOverlap, maxTexture1DLinear,
 * singleToDoublePrecisionPerfRatio, cooperativeMultiDeviceLaunch); JCuda 12 clients still read them, so they come
 * from the device attributes that replaced them. Multi-device cooperative launch is gone from CUDA 13 altogether
 * (its attribute is reserved), so that field says 0.
 * <p>
 * Device queries need no context; these run with whatever context is current.
 */
final class GpuDeviceProperties
{
    private GpuDeviceProperties()
    {
    }

    /**
     * @param physicalOrdinal the host's device ordinal.
     * @return the fields, in the struct's order, keyed by JCuda's field names; arrays as comma-separated numbers,
     * {@code uuid} as 32 and {@code luid} as 16 hex digits.
     * @throws IllegalStateException when CUDA fails to answer, e.g. for an ordinal the host does not have.
     */
    static Map<String, String> read(final int physicalOrdinal)
    {
        GpuRuntime.requireUsable();
        final Map<String, String> fields = new LinkedHashMap<>();
        try (cudaDeviceProp prop = new cudaDeviceProp())
        {
            final int status = cudaGetDeviceProperties(prop, physicalOrdinal);
            if (status != cudaSuccess)
            {
                throw new IllegalStateException(
                    "cudaGetDeviceProperties for device " + physicalOrdinal + " failed with cudaError_t " + status);
            }
            fields.put("name", prop.name().getString());
            fields.put("uuid", hex(new BytePointer(prop.uuid()), 16));
            fields.put("luid", hex(prop.luid(), 8));
            put(fields, "luidDeviceNodeMask", prop.luidDeviceNodeMask());
            put(fields, "totalGlobalMem", prop.totalGlobalMem());
            put(fields, "sharedMemPerBlock", prop.sharedMemPerBlock());
            put(fields, "regsPerBlock", prop.regsPerBlock());
            put(fields, "warpSize", prop.warpSize());
            put(fields, "memPitch", prop.memPitch());
            put(fields, "maxThreadsPerBlock", prop.maxThreadsPerBlock());
            fields.put("maxThreadsDim", list(prop.maxThreadsDim(), 3));
            fields.put("maxGridSize", list(prop.maxGridSize(), 3));
            put(fields, "clockRate", attribute(physicalOrdinal, cudaDevAttrClockRate));
            put(fields, "totalConstMem", prop.totalConstMem());
            put(fields, "major", prop.major());
            put(fields, "minor", prop.minor());
            put(fields, "textureAlignment", prop.textureAlignment());
            put(fields, "texturePitchAlignment", prop.texturePitchAlignment());
            put(fields, "deviceOverlap", attribute(physicalOrdinal, cudaDevAttrGpuOverlap));
            put(fields, "multiProcessorCount", prop.multiProcessorCount());
            put(fields, "kernelExecTimeoutEnabled", attribute(physicalOrdinal, cudaDevAttrKernelExecTimeout));
            put(fields, "integrated", prop.integrated());
            put(fields, "canMapHostMemory", prop.canMapHostMemory());
            put(fields, "computeMode", attribute(physicalOrdinal, cudaDevAttrComputeMode));
            put(fields, "maxTexture1D", prop.maxTexture1D());
            put(fields, "maxTexture1DMipmap", prop.maxTexture1DMipmap());
            put(fields, "maxTexture1DLinear", attribute(physicalOrdinal, cudaDevAttrMaxTexture1DLinearWidth));
            fields.put("maxTexture2D", list(prop.maxTexture2D(), 2));
            fields.put("maxTexture2DMipmap", list(prop.maxTexture2DMipmap(), 2));
            fields.put("maxTexture2DLinear", list(prop.maxTexture2DLinear(), 3));
            fields.put("maxTexture2DGather", list(prop.maxTexture2DGather(), 2));
            fields.put("maxTexture3D", list(prop.maxTexture3D(), 3));
            fields.put("maxTexture3DAlt", list(prop.maxTexture3DAlt(), 3));
            put(fields, "maxTextureCubemap", prop.maxTextureCubemap());
            fields.put("maxTexture1DLayered", list(prop.maxTexture1DLayered(), 2));
            fields.put("maxTexture2DLayered", list(prop.maxTexture2DLayered(), 3));
            fields.put("maxTextureCubemapLayered", list(prop.maxTextureCubemapLayered(), 2));
            put(fields, "maxSurface1D", prop.maxSurface1D());
            fields.put("maxSurface2D", list(prop.maxSurface2D(), 2));
            fields.put("maxSurface3D", list(prop.maxSurface3D(), 3));
            fields.put("maxSurface1DLayered", list(prop.maxSurface1DLayered(), 2));
            fields.put("maxSurface2DLayered", list(prop.maxSurface2DLayered(), 3));
            put(fields, "maxSurfaceCubemap", prop.maxSurfaceCubemap());
            fields.put("maxSurfaceCubemapLayered", list(prop.maxSurfaceCubemapLayered(), 2));
            put(fields, "surfaceAlignment", prop.surfaceAlignment());
            put(fields, "concurrentKernels", prop.concurrentKernels());
            put(fields, "ECCEnabled", prop.ECCEnabled());
            put(fields, "pciBusID", prop.pciBusID());
            put(fields, "pciDeviceID", prop.pciDeviceID());
            put(fields, "pciDomainID", prop.pciDomainID());
            put(fields, "tccDriver", prop.tccDriver());
            put(fields, "asyncEngineCount", prop.asyncEngineCount());
            put(fields, "unifiedAddressing", prop.unifiedAddressing());
            put(fields, "memoryClockRate", attribute(physicalOrdinal, cudaDevAttrMemoryClockRate));
            put(fields, "memoryBusWidth", prop.memoryBusWidth());
            put(fields, "l2CacheSize", prop.l2CacheSize());
            put(fields, "persistingL2CacheMaxSize", prop.persistingL2CacheMaxSize());
            put(fields, "maxThreadsPerMultiProcessor", prop.maxThreadsPerMultiProcessor());
            put(fields, "streamPrioritiesSupported", prop.streamPrioritiesSupported());
            put(fields, "globalL1CacheSupported", prop.globalL1CacheSupported());
            put(fields, "localL1CacheSupported", prop.localL1CacheSupported());
            put(fields, "sharedMemPerMultiprocessor", prop.sharedMemPerMultiprocessor());
            put(fields, "regsPerMultiprocessor", prop.regsPerMultiprocessor());
            put(fields, "managedMemory", prop.managedMemory());
            put(fields, "isMultiGpuBoard", prop.isMultiGpuBoard());
            put(fields, "multiGpuBoardGroupID", prop.multiGpuBoardGroupID());
            put(fields, "hostNativeAtomicSupported", prop.hostNativeAtomicSupported());
            put(fields, "singleToDoublePrecisionPerfRatio",
                attribute(physicalOrdinal, cudaDevAttrSingleToDoublePrecisionPerfRatio));
            put(fields, "pageableMemoryAccess", 0); // a remote host view is coherent at synchronisation points only
            put(fields, "concurrentManagedAccess", 0); // a remote host view is coherent at synchronisation points only
            put(fields, "computePreemptionSupported", prop.computePreemptionSupported());
            put(fields, "canUseHostPointerForRegisteredMem", prop.canUseHostPointerForRegisteredMem());
            put(fields, "cooperativeLaunch", prop.cooperativeLaunch());
            put(fields, "cooperativeMultiDeviceLaunch", 0);
            put(fields, "sharedMemPerBlockOptin", prop.sharedMemPerBlockOptin());
            put(fields, "pageableMemoryAccessUsesHostPageTables", 0); // a remote host view is coherent at synchronisation points only
            put(fields, "directManagedMemAccessFromHost", 0); // a remote host view is coherent at synchronisation points only
            put(fields, "maxBlocksPerMultiProcessor", prop.maxBlocksPerMultiProcessor());
            put(fields, "accessPolicyMaxWindowSize", prop.accessPolicyMaxWindowSize());
            put(fields, "reservedSharedMemPerBlock", prop.reservedSharedMemPerBlock());
            put(fields, "hostRegisterSupported", prop.hostRegisterSupported());
            put(fields, "sparseCudaArraySupported", prop.sparseCudaArraySupported());
            put(fields, "hostRegisterReadOnlySupported", prop.hostRegisterReadOnlySupported());
            put(fields, "timelineSemaphoreInteropSupported", prop.timelineSemaphoreInteropSupported());
            put(fields, "memoryPoolsSupported", prop.memoryPoolsSupported());
            put(fields, "gpuDirectRDMASupported", prop.gpuDirectRDMASupported());
            put(fields, "gpuDirectRDMAFlushWritesOptions", prop.gpuDirectRDMAFlushWritesOptions());
            put(fields, "gpuDirectRDMAWritesOrdering", prop.gpuDirectRDMAWritesOrdering());
            put(fields, "memoryPoolSupportedHandleTypes", prop.memoryPoolSupportedHandleTypes());
            put(fields, "deferredMappingCudaArraySupported", prop.deferredMappingCudaArraySupported());
            put(fields, "ipcEventSupported", prop.ipcEventSupported());
            put(fields, "clusterLaunch", prop.clusterLaunch());
            put(fields, "unifiedFunctionPointers", prop.unifiedFunctionPointers());
            put(fields, "deviceNumaConfig", prop.deviceNumaConfig());
            put(fields, "deviceNumaId", prop.deviceNumaId());
            put(fields, "mpsEnabled", prop.mpsEnabled());
            put(fields, "hostNumaId", prop.hostNumaId());
            put(fields, "gpuPciDeviceID", prop.gpuPciDeviceID());
            put(fields, "gpuPciSubsystemID", prop.gpuPciSubsystemID());
            put(fields, "hostNumaMultinodeIpcSupported", prop.hostNumaMultinodeIpcSupported());
        }
        return fields;
    }

    /**
     * {@code cudaDeviceGetAttribute}, passed through: any {@code cudaDeviceAttr} code, checked by CUDA.
     *
     * @param value where the attribute's value goes, in element 0.
     * @return the {@code cudaError_t}: {@code cudaErrorInvalidValue} for a code this CUDA does not know,
     * {@code cudaErrorInvalidDevice} for an ordinal the host does not have.
     */
    static int attribute(final int physicalOrdinal, final int attributeCode, final int[] value)
    {
        GpuRuntime.requireUsable();
        return cudaDeviceGetAttribute(value, attributeCode, physicalOrdinal);
    }

    private static int attribute(final int physicalOrdinal, final int attributeCode)
    {
        final int[] value = new int[1];
        final int status = cudaDeviceGetAttribute(value, attributeCode, physicalOrdinal);
        if (status != cudaSuccess)
        {
            throw new IllegalStateException("cudaDeviceGetAttribute(" + attributeCode + ") for device " +
                physicalOrdinal + " failed with cudaError_t " + status);
        }
        return value[0];
    }

    private static void put(final Map<String, String> fields, final String name, final long value)
    {
        fields.put(name, Long.toString(value));
    }

    private static String list(final IntPointer values, final int count)
    {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            text.append(i == 0 ? "" : ",").append(values.get(i));
        }
        return text.toString();
    }

    private static String hex(final BytePointer bytes, final int count)
    {
        final StringBuilder text = new StringBuilder(count * 2);
        for (int i = 0; i < count; i++)
        {
            final int value = bytes.get(i) & 0xFF;
            text.append(Character.forDigit(value >> 4, 16)).append(Character.forDigit(value & 0xF, 16));
        }
        return text.toString();
    }
}
