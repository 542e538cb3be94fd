package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.log.LogCapture;
import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.runtime.cudaArray;
import jcuda.runtime.cudaArrayMemoryRequirements;
import jcuda.runtime.cudaArraySparseProperties;
import jcuda.runtime.cudaChannelFormatDesc;
import jcuda.runtime.cudaGraphicsResource;
import jcuda.runtime.cudaResourceDesc;
import jcuda.runtime.cudaResourceType;
import jcuda.runtime.cudaResourceViewDesc;
import jcuda.runtime.cudaSurfaceObject;
import jcuda.runtime.cudaTextureObject;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.gpurelay.agent.jcuda.NullArguments.assertRefused;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The runtime's texture, array-query and GL interop functions refuse bad arguments before anything is sent: a null
 * argument throws naming the parameter and the function, a bad count, list or channel format is
 * cudaErrorInvalidValue, logged with the reason and kept as the thread's last error.
 */
class RuntimeTexturesAndGlArgumentsTest
{
    @AfterEach
    void clearLastError()
    {
        RuntimeThreadState.current().takeLastError();
    }

    @Test
    void nullTextureArgumentsNameTheParameterAndTheFunction()
    {
        final cudaTextureObject texture = new cudaTextureObject();
        final cudaResourceDesc resource = new cudaResourceDesc();
        assertRefused("texObject", "cudaDestroyTextureObject", () -> RuntimeTextures.destroy(null, false));
        assertRefused("surfObject", "cudaDestroySurfaceObject", () -> RuntimeTextures.destroy(null, true));
        assertRefused("pResDesc", "cudaGetSurfaceObjectResourceDesc",
            () -> RuntimeTextures.getResourceDesc(null, texture, true));
        assertRefused("texObject", "cudaGetTextureObjectResourceDesc",
            () -> RuntimeTextures.getResourceDesc(resource, null, false));
        assertRefused("pResViewDesc", "cudaGetTextureObjectResourceViewDesc",
            () -> RuntimeTextures.cudaGetTextureObjectResourceViewDesc(null, texture));
        assertRefused("texObject", "cudaGetTextureObjectResourceViewDesc",
            () -> RuntimeTextures.cudaGetTextureObjectResourceViewDesc(new cudaResourceViewDesc(), null));
    }

    @Test
    void nullArrayQueryArgumentsNameTheParameterAndTheFunction()
    {
        final cudaArray array = new cudaArray();
        assertRefused("sparseProperties", "cudaMipmappedArrayGetSparseProperties",
            () -> RuntimeTextures.sparseProperties(null, array, true));
        assertRefused("array", "cudaArrayGetSparseProperties",
            () -> RuntimeTextures.sparseProperties(new cudaArraySparseProperties(), null, false));
        assertRefused("memoryRequirements", "cudaArrayGetMemoryRequirements",
            () -> RuntimeTextures.memoryRequirements(null, array, 0, false));
        assertRefused("mipmap", "cudaMipmappedArrayGetMemoryRequirements",
            () -> RuntimeTextures.memoryRequirements(new cudaArrayMemoryRequirements(), null, 0, true));
        assertRefused("pPlaneArray", "cudaArrayGetPlane", () -> RuntimeTextures.cudaArrayGetPlane(null, array, 0));
        assertRefused("hArray", "cudaArrayGetPlane", () -> RuntimeTextures.cudaArrayGetPlane(array, null, 0));
    }

    @Test
    void aSurfaceOfAnUnsupportedChannelFormatIsAnInvalidValue()
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            final cudaResourceDesc resource = new cudaResourceDesc();
            resource.resType = cudaResourceType.cudaResourceTypeLinear;
            // Channels of different sizes.
            resource.linear_desc = new cudaChannelFormatDesc(8, 16, 0, 0, 0);
            assertEquals(RuntimeStatus.INVALID_VALUE,
                RuntimeTextures.cudaCreateSurfaceObject(new cudaSurfaceObject(), resource));
            assertEquals(1, log.count("cudaCreateSurfaceObject: the resource's channel format is not 1, 2 or 4 " +
                "channels of one size of 8, 16 or 32 bits; returning cudaErrorInvalidValue"));
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeThreadState.current().takeLastError());
        }
    }

    @Test
    void badGlArgumentsAreInvalidValuesKeptAsTheLastError()
    {
        try (LogCapture log = new LogCapture(AgentLog.Level.WARN))
        {
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeGlInterop.getDevices(new int[1], new int[1], 1, 4));
            assertEquals(1, log.count("cudaGLGetDevices: deviceList must be cudaGLDeviceListAll, ...CurrentFrame " +
                "or ...NextFrame, not 4; returning cudaErrorInvalidValue"));
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeThreadState.current().takeLastError());
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeGlInterop.getDevices(new int[1], new int[1], -2, 1));
            assertEquals(1, log.count("cudaGLGetDevices: cudaDeviceCount must not be negative, got -2; " +
                "returning cudaErrorInvalidValue"));
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeThreadState.current().takeLastError());

            final cudaGraphicsResource[] resources = { null, new cudaGraphicsResource() };
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeGlInterop.unmap(3, resources, null));
            assertEquals(1, log.count("cudaGraphicsUnmapResources: count must be 1 to the array's length 2, got 3; " +
                "returning cudaErrorInvalidValue"));
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeThreadState.current().takeLastError());
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeGlInterop.map(1, resources, null));
            assertEquals(1, log.count("cudaGraphicsMapResources: resources[0] is null; " +
                "returning cudaErrorInvalidValue"));
            assertEquals(RuntimeStatus.INVALID_VALUE, RuntimeThreadState.current().takeLastError());
        }
    }
}
