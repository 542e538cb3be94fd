package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.protocol.DriverStatus;
import jcuda.driver.CUDA_ARRAY_MEMORY_REQUIREMENTS;
import jcuda.driver.CUDA_ARRAY_SPARSE_PROPERTIES;
import jcuda.driver.CUDA_RESOURCE_DESC;
import jcuda.driver.CUDA_RESOURCE_VIEW_DESC;
import jcuda.driver.CUDA_TEXTURE_DESC;
import jcuda.driver.CUarray;
import jcuda.driver.CUdevice;
import jcuda.driver.CUgraphicsResource;
import jcuda.driver.CUtexObject;
import org.junit.jupiter.api.Test;

import static io.gpurelay.agent.jcuda.NullArguments.assertRefused;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The driver's texture, array-query and GL interop functions refuse bad arguments before anything is sent: a null
 * argument throws naming the parameter and the function (as JCuda's own checks do), a bad count or list is
 * CUDA_ERROR_INVALID_VALUE with the reason logged.
 */
class DriverTexturesAndGlArgumentsTest
{
    @Test
    void nullTextureArgumentsNameTheParameterAndTheFunction()
    {
        final CUtexObject texture = new CUtexObject();
        final CUDA_RESOURCE_DESC resource = new CUDA_RESOURCE_DESC();
        assertRefused("texObject", "cuTexObjectDestroy", () -> DriverTextures.destroy(null, false));
        assertRefused("surfObject", "cuSurfObjectDestroy", () -> DriverTextures.destroy(null, true));
        assertRefused("pResDesc", "cuTexObjectGetResourceDesc",
            () -> DriverTextures.getResourceDesc(null, texture, false));
        assertRefused("surfObject", "cuSurfObjectGetResourceDesc",
            () -> DriverTextures.getResourceDesc(resource, null, true));
        assertRefused("pResViewDesc", "cuTexObjectGetResourceViewDesc",
            () -> DriverTextures.cuTexObjectGetResourceViewDesc(null, texture));
        assertRefused("texObject", "cuTexObjectGetResourceViewDesc",
            () -> DriverTextures.cuTexObjectGetResourceViewDesc(new CUDA_RESOURCE_VIEW_DESC(), null));
    }

    @Test
    void nullArrayQueryArgumentsNameTheParameterAndTheFunction()
    {
        final CUarray array = new CUarray();
        assertRefused("sparseProperties", "cuArrayGetSparseProperties",
            () -> DriverTextures.sparseProperties(null, array, false));
        assertRefused("mipmap", "cuMipmappedArrayGetSparseProperties",
            () -> DriverTextures.sparseProperties(new CUDA_ARRAY_SPARSE_PROPERTIES(), null, true));
        assertRefused("memoryRequirements", "cuArrayGetMemoryRequirements",
            () -> DriverTextures.memoryRequirements(null, null, null, false));
        // The array is checked before the device.
        assertRefused("array", "cuArrayGetMemoryRequirements",
            () -> DriverTextures.memoryRequirements(new CUDA_ARRAY_MEMORY_REQUIREMENTS(), null, null, false));
        assertRefused("device", "cuMipmappedArrayGetMemoryRequirements",
            () -> DriverTextures.memoryRequirements(new CUDA_ARRAY_MEMORY_REQUIREMENTS(), array, null, true));
        assertRefused("pPlaneArray", "cuArrayGetPlane", () -> DriverTextures.cuArrayGetPlane(null, array, 0));
        assertRefused("hArray", "cuArrayGetPlane", () -> DriverTextures.cuArrayGetPlane(array, null, 0));
    }

    @Test
    void badGlArgumentsAreInvalidValuesWithTheReasonLogged()
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(DriverStatus.INVALID_VALUE,
                DriverGlInterop.getDevices(new int[1], new CUdevice[1], 1, 0));
            assertEquals(1, log.count("cuGLGetDevices: deviceList must be CU_GL_DEVICE_LIST_ALL, _CURRENT_FRAME or " +
                "_NEXT_FRAME, not 0; returning CUDA_ERROR_INVALID_VALUE"));
            assertEquals(DriverStatus.INVALID_VALUE,
                DriverGlInterop.getDevices(new int[1], new CUdevice[1], -1, 1));
            assertEquals(1, log.count("cuGLGetDevices: cudaDeviceCount must not be negative, got -1; " +
                "returning CUDA_ERROR_INVALID_VALUE"));

            final CUgraphicsResource[] resources = { new CUgraphicsResource(), null };
            assertEquals(DriverStatus.INVALID_VALUE, DriverGlInterop.map(0, resources, null));
            assertEquals(1, log.count("cuGraphicsMapResources: count must be 1 to the array's length 2, got 0; " +
                "returning CUDA_ERROR_INVALID_VALUE"));
            assertEquals(DriverStatus.INVALID_VALUE, DriverGlInterop.unmap(2, resources, null));
            assertEquals(1, log.count("cuGraphicsUnmapResources: resources[1] is null; " +
                "returning CUDA_ERROR_INVALID_VALUE"));
        }
    }
}
