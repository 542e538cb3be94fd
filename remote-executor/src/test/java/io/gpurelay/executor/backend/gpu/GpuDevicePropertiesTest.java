package io.gpurelay.executor.backend.gpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.protocol.ByteArrayPayload;
import io.gpurelay.protocol.DeviceProperties;
import io.gpurelay.protocol.PayloadSource;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

@Tag("gpu")
class GpuDevicePropertiesTest
{
    /** Fields of JCuda 12.6's cudaDeviceProp that the client fills; CUDA 13 moved several to attributes. */
    private static final List<String> JCUDA_FIELDS = List.of("name", "uuid", "luid", "luidDeviceNodeMask",
        "totalGlobalMem", "sharedMemPerBlock", "regsPerBlock", "warpSize", "memPitch", "maxThreadsPerBlock",
        "maxThreadsDim", "maxGridSize", "clockRate", "totalConstMem", "major", "minor", "textureAlignment",
        "texturePitchAlignment", "deviceOverlap", "multiProcessorCount", "kernelExecTimeoutEnabled", "integrated",
        "canMapHostMemory", "computeMode", "maxTexture1D", "maxTexture1DMipmap", "maxTexture1DLinear",
        "maxTexture2D", "maxTexture2DMipmap", "maxTexture2DLinear", "maxTexture2DGather", "maxTexture3D",
        "maxTexture3DAlt", "maxTextureCubemap", "maxTexture1DLayered", "maxTexture2DLayered",
        "maxTextureCubemapLayered", "maxSurface1D", "maxSurface2D", "maxSurface3D", "maxSurface1DLayered",
        "maxSurface2DLayered", "maxSurfaceCubemap", "maxSurfaceCubemapLayered", "surfaceAlignment",
        "concurrentKernels", "ECCEnabled", "pciBusID", "pciDeviceID", "pciDomainID", "tccDriver",
        "asyncEngineCount", "unifiedAddressing", "memoryClockRate", "memoryBusWidth", "l2CacheSize",
        "persistingL2CacheMaxSize", "maxThreadsPerMultiProcessor", "streamPrioritiesSupported",
        "globalL1CacheSupported", "localL1CacheSupported", "sharedMemPerMultiprocessor", "regsPerMultiprocessor",
        "managedMemory", "isMultiGpuBoard", "multiGpuBoardGroupID", "hostNativeAtomicSupported",
        "singleToDoublePrecisionPerfRatio", "pageableMemoryAccess", "concurrentManagedAccess",
        "computePreemptionSupported", "canUseHostPointerForRegisteredMem", "cooperativeLaunch",
        "cooperativeMultiDeviceLaunch", "sharedMemPerBlockOptin", "pageableMemoryAccessUsesHostPageTables",
        "directManagedMemAccessFromHost", "maxBlocksPerMultiProcessor", "accessPolicyMaxWindowSize",
        "reservedSharedMemPerBlock", "hostRegisterSupported", "sparseCudaArraySupported",
        "hostRegisterReadOnlySupported", "timelineSemaphoreInteropSupported", "memoryPoolsSupported",
        "gpuDirectRDMASupported", "gpuDirectRDMAFlushWritesOptions", "gpuDirectRDMAWritesOrdering",
        "memoryPoolSupportedHandleTypes", "deferredMappingCudaArraySupported", "ipcEventSupported",
        "clusterLaunch", "unifiedFunctionPointers");

    /** {@code cudaDevAttrWarpSize}, {@code cudaDevAttrClockRate}, {@code cudaDevAttrMultiProcessorCount}. */
    private static final int WARP_SIZE = 10;
    private static final int CLOCK_RATE = 13;
    private static final int MULTIPROCESSOR_COUNT = 16;

    @BeforeEach
    void requireGpu()
    {
        GpuTestSupport.assumeGpu();
    }

    @Test
    void reportsTheRuntimeAndItsDevices()
    {
        assertTrue(GpuRuntime.deviceCount() > 0);
        assertTrue(GpuRuntime.driverVersion() >= 13000, "driver " + GpuRuntime.driverVersion());
        assertTrue(GpuRuntime.runtimeVersion() >= 13000, "runtime " + GpuRuntime.runtimeVersion());
    }

    @Test
    void propertiesHaveSaneValues()
    {
        final Map<String, String> properties = GpuDeviceProperties.read(0);
        System.out.println("device 0: " + properties);

        final String name = properties.get("name");
        assertFalse(name.isBlank());
        assertEquals("32", properties.get("warpSize"));
        if (name.contains("H100") || name.contains("H200"))
        {
            assertTrue(Integer.parseInt(properties.get("major")) >= 9, name);
        }
        assertTrue(properties.get("uuid").matches("[0-9a-f]{32}"), properties.get("uuid"));
        assertFalse(properties.get("uuid").matches("0+"));
        assertTrue(properties.get("luid").matches("[0-9a-f]{16}"), properties.get("luid"));
        assertEquals("1024", properties.get("maxThreadsPerBlock"));
        assertEquals("1024,1024,64", properties.get("maxThreadsDim"));
        assertEquals("2147483647,65535,65535", properties.get("maxGridSize"));
        assertTrue(Long.parseLong(properties.get("totalGlobalMem")) > 1L << 30);
        assertTrue(Integer.parseInt(properties.get("clockRate")) > 0, "from cudaDevAttrClockRate");
        assertTrue(Integer.parseInt(properties.get("memoryClockRate")) > 0, "from cudaDevAttrMemoryClockRate");
        assertEquals("1", properties.get("deviceOverlap"), "from cudaDevAttrGpuOverlap");
        assertEquals("0", properties.get("cooperativeMultiDeviceLaunch"));
        for (final String field : JCUDA_FIELDS)
        {
            assertTrue(properties.containsKey(field), field);
            assertTrue(field.equals("name") || properties.get(field).matches("-?[0-9a-f]+(,[0-9]+)*"),
                field + "=" + properties.get(field));
        }
    }

    @Test
    void theBackendAnswersDeviceQueriesFromTheDevice()
    {
        try (GpuTestSession gpu = new GpuTestSession())
        {
            gpu.session.getDeviceProperties(0, gpu.call());
            final Map<String, String> fields = DeviceProperties.decode(bytes(gpu.ok().payload()));
            assertEquals(GpuDeviceProperties.read(0), fields);

            gpu.session.deviceGetName(0, gpu.call());
            assertEquals(fields.get("name"), new String(bytes(gpu.ok().payload()), StandardCharsets.UTF_8));
            gpu.session.deviceGetUuid(0, gpu.call());
            assertArrayEquals(HexFormat.of().parseHex(fields.get("uuid")), bytes(gpu.ok().payload()));
            gpu.deviceTotalMemory(0);
            assertEquals(Long.parseLong(fields.get("totalGlobalMem")), gpu.value(0));

            gpu.session.deviceGetAttribute(0, WARP_SIZE, gpu.call());
            assertEquals(32, gpu.value(0));
            gpu.session.deviceGetAttribute(0, CLOCK_RATE, gpu.call());
            assertEquals(fields.get("clockRate"), Long.toString(gpu.value(0)));
            gpu.session.deviceGetAttribute(0, MULTIPROCESSOR_COUNT, gpu.call());
            assertEquals(fields.get("multiProcessorCount"), Long.toString(gpu.value(0)));
            gpu.session.deviceGetAttribute(0, 99_999, gpu.call());
            assertEquals(CudaError.INVALID_VALUE, gpu.result.error());

            gpu.session.driverGetVersion(gpu.call());
            assertEquals(GpuRuntime.driverVersion(), gpu.value(0));
            gpu.session.getDeviceCount(gpu.call());
            assertEquals(1, gpu.value(0));
        }
    }

    private static byte[] bytes(final PayloadSource source)
    {
        final ByteArrayPayload copy = new ByteArrayPayload();
        copy.begin(source.length());
        source.copyTo(0, new UnsafeBuffer(copy.bytes()), 0, (int)source.length());
        return copy.bytes();
    }
}
