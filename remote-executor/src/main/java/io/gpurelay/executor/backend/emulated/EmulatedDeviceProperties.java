package io.gpurelay.executor.backend.emulated;

import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

import io.gpurelay.protocol.DeviceProperties;
import org.agrona.collections.Int2IntHashMap;

/**
 * What an emulated device reports about itself, as {@code cudaGetDeviceProperties} fields and as
 * {@code cudaDeviceGetAttribute} values. Both come from the one table in the constructor, where each entry names the
 * {@code cudaDeviceProp} field (JCuda's spelling) and the {@code cudaDeviceAttr} codes (CUDA's numbering) that report
 * it, so the two views cannot disagree.
 * <p>
 * The numbers are those of an H100-class device (compute capability 9.0), except where the emulator does less than
 * such a device: it has managed memory only as the client keeps it (coherent at synchronisation points, so no
 * concurrent or direct host access), no host-registered memory, memory pools, cooperative or cluster launches,
 * semaphore interop or RDMA, and says so.
 */
final class EmulatedDeviceProperties
{
    private static final int NO_ATTRIBUTE = Integer.MIN_VALUE;

    private final Map<String, String> fields = new LinkedHashMap<>();
    private final Int2IntHashMap attributes = new Int2IntHashMap(NO_ATTRIBUTE);
    private final byte[] encoded;

    EmulatedDeviceProperties(final int ordinal, final long capacity)
    {
        fields.put("name", name(ordinal));
        fields.put("uuid", uuid(ordinal));
        fields.put("luid", "0000000000000000");
        field("luidDeviceNodeMask", 0);
        field("totalGlobalMem", capacity);
        field("sharedMemPerBlock", 49152, 8);
        field("regsPerBlock", 65536, 12);
        field("warpSize", 32, 10);
        field("memPitch", 2147483647, 11);
        field("maxThreadsPerBlock", 1024, 1);
        array("maxThreadsDim", new int[]{ 2, 3, 4 }, 1024, 1024, 64);
        array("maxGridSize", new int[]{ 5, 6, 7 }, 2147483647, 65535, 65535);
        field("clockRate", 1755000, 13);
        field("totalConstMem", 65536, 9);
        field("major", 9, 75);
        field("minor", 0, 76);
        field("textureAlignment", 512, 14);
        field("texturePitchAlignment", 32, 51);
        field("deviceOverlap", 1, 15);
        field("multiProcessorCount", 132, 16);
        field("kernelExecTimeoutEnabled", 0, 17);
        field("integrated", 0, 18);
        field("canMapHostMemory", 1, 19);
        field("computeMode", 0, 20);
        field("maxTexture1D", 131072, 21);
        field("maxTexture1DMipmap", 32768, 77);
        field("maxTexture1DLinear", 268435456, 69);
        array("maxTexture2D", new int[]{ 22, 23 }, 131072, 65536);
        array("maxTexture2DMipmap", new int[]{ 73, 74 }, 32768, 32768);
        array("maxTexture2DLinear", new int[]{ 70, 71, 72 }, 131072, 65000, 2097120);
        array("maxTexture2DGather", new int[]{ 45, 46 }, 32768, 32768);
        array("maxTexture3D", new int[]{ 24, 25, 26 }, 16384, 16384, 16384);
        array("maxTexture3DAlt", new int[]{ 47, 48, 49 }, 8192, 8192, 32768);
        field("maxTextureCubemap", 32768, 52);
        array("maxTexture1DLayered", new int[]{ 42, 43 }, 32768, 2048);
        array("maxTexture2DLayered", new int[]{ 27, 28, 29 }, 32768, 32768, 2048);
        array("maxTextureCubemapLayered", new int[]{ 53, 54 }, 32768, 2046);
        field("maxSurface1D", 32768, 55);
        array("maxSurface2D", new int[]{ 56, 57 }, 131072, 65536);
        array("maxSurface3D", new int[]{ 58, 59, 60 }, 16384, 16384, 16384);
        array("maxSurface1DLayered", new int[]{ 61, 62 }, 32768, 2048);
        array("maxSurface2DLayered", new int[]{ 63, 64, 65 }, 32768, 32768, 2048);
        field("maxSurfaceCubemap", 32768, 66);
        array("maxSurfaceCubemapLayered", new int[]{ 67, 68 }, 32768, 2046);
        field("surfaceAlignment", 512, 30);
        field("concurrentKernels", 1, 31);
        field("ECCEnabled", 0, 32);
        field("pciBusID", 0x10 + ordinal, 33);
        field("pciDeviceID", 0, 34);
        field("pciDomainID", 0, 50);
        field("tccDriver", 0, 35);
        field("asyncEngineCount", 3, 40);
        field("unifiedAddressing", 1, 41);
        field("memoryClockRate", 2619000, 36);
        field("memoryBusWidth", 5120, 37);
        field("l2CacheSize", 52428800, 38);
        field("persistingL2CacheMaxSize", 0, 108);
        field("maxThreadsPerMultiProcessor", 2048, 39);
        field("streamPrioritiesSupported", 1, 78);
        field("globalL1CacheSupported", 1, 79);
        field("localL1CacheSupported", 1, 80);
        field("sharedMemPerMultiprocessor", 233472, 81);
        field("regsPerMultiprocessor", 65536, 82);
        field("managedMemory", 1, 83);
        field("isMultiGpuBoard", 0, 84);
        field("multiGpuBoardGroupID", ordinal, 85);
        field("hostNativeAtomicSupported", 0, 86);
        field("singleToDoublePrecisionPerfRatio", 2, 87);
        field("pageableMemoryAccess", 0, 88);
        field("concurrentManagedAccess", 0, 89);
        field("computePreemptionSupported", 1, 90);
        field("canUseHostPointerForRegisteredMem", 0, 91);
        field("cooperativeLaunch", 0, 95);
        field("cooperativeMultiDeviceLaunch", 0, 96);
        field("sharedMemPerBlockOptin", 232448, 97);
        field("pageableMemoryAccessUsesHostPageTables", 0, 100);
        field("directManagedMemAccessFromHost", 0, 101);
        field("maxBlocksPerMultiProcessor", 32, 106);
        field("accessPolicyMaxWindowSize", 0, 109);
        field("reservedSharedMemPerBlock", 1024, 111);
        field("hostRegisterSupported", 0, 99);
        field("sparseCudaArraySupported", 0, 112);
        field("hostRegisterReadOnlySupported", 0, 113);
        field("timelineSemaphoreInteropSupported", 0, 114);
        field("memoryPoolsSupported", 0, 115);
        field("gpuDirectRDMASupported", 0, 116);
        field("gpuDirectRDMAFlushWritesOptions", 0, 117);
        field("gpuDirectRDMAWritesOrdering", 0, 118);
        field("memoryPoolSupportedHandleTypes", 0, 119);
        field("clusterLaunch", 0, 120);
        field("deferredMappingCudaArraySupported", 0, 121);
        field("ipcEventSupported", 0, 125);
        field("unifiedFunctionPointers", 0);
        attribute(98, 0);

        encoded = DeviceProperties.encode(fields);
    }

    static String name(final int ordinal)
    {
        return "gpurelay emulated device " + ordinal;
    }

    /**
     * The same 16 bytes for the same ordinal on every run, so that tools that key on the UUID see a stable device.
     */
    static String uuid(final int ordinal)
    {
        final UUID uuid = UUID.nameUUIDFromBytes(name(ordinal).getBytes(StandardCharsets.UTF_8));
        return String.format("%016x%016x", uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
    }

    Map<String, String> fields()
    {
        return Collections.unmodifiableMap(fields);
    }

    /**
     * The properties as {@link DeviceProperties} text: what {@code cudaGetDeviceProperties} replies with.
     */
    byte[] encoded()
    {
        return encoded;
    }

    boolean hasAttribute(final int attribute)
    {
        return attributes.containsKey(attribute);
    }

    int attribute(final int attribute)
    {
        return attributes.get(attribute);
    }

    private void field(final String name, final long value, final int... attributeCodes)
    {
        fields.put(name, Long.toString(value));
        for (final int code : attributeCodes)
        {
            attribute(code, Math.toIntExact(value));
        }
    }

    private void array(final String name, final int[] attributeCodes, final int... values)
    {
        final StringBuilder text = new StringBuilder();
        for (int i = 0; i < values.length; i++)
        {
            text.append(i == 0 ? "" : ",").append(values[i]);
            attribute(attributeCodes[i], values[i]);
        }
        fields.put(name, text.toString());
    }

    private void attribute(final int code, final int value)
    {
        if (attributes.put(code, value) != NO_ATTRIBUTE)
        {
            throw new IllegalStateException("device attribute " + code + " is in the table twice");
        }
    }
}
