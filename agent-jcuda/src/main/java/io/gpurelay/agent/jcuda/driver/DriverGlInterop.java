package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.gl.GlBindings;
import io.gpurelay.agent.jcuda.gl.GlInteropCalls;
import io.gpurelay.agent.jcuda.gl.GraphicsResources;
import io.gpurelay.agent.jcuda.gl.PointerDeviceMemory;
import jcuda.Pointer;
import jcuda.driver.CUcontext;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUgraphicsResource;
import jcuda.driver.CUresult;
import jcuda.driver.CUstream;

/**
 * The driver API's OpenGL interop (cuGraphicsGLRegisterBuffer, cuGraphicsMapResources, the legacy cuGLMapBufferObject,
 * ...): {@link GraphicsResources} with the session's device memory through this API's remoted cuMemAlloc, cuMemFree
 * and copies, in the calling thread's current context; the checks and JCuda's handles around it are
 * {@link GlInteropCalls}, shared with the runtime API.
 */
final class DriverGlInterop
{
    static final GraphicsResources RESOURCES = new GraphicsResources(CUresult::stringFor, GlBindings::find,
        new PointerDeviceMemory<CUdeviceptr>()
        {
            protected CUdeviceptr newPointer()
            {
                return new CUdeviceptr();
            }

            protected int allocate(final CUdeviceptr pointer, final long size)
            {
                return JCudaDriverRemote.cuMemAllocNative(pointer, size);
            }

            protected int free(final CUdeviceptr pointer)
            {
                return JCudaDriverRemote.cuMemFreeNative(pointer);
            }

            protected int toDevice(final CUdeviceptr device, final Pointer host, final long bytes, final Object stream)
            {
                return JCudaDriverRemote.cuMemcpyHtoDAsyncNative(device, host, bytes, (CUstream)stream);
            }

            protected int toHost(final Pointer host, final CUdeviceptr device, final long bytes, final Object stream)
            {
                return JCudaDriverRemote.cuMemcpyDtoHAsyncNative(host, device, bytes, (CUstream)stream);
            }
        });

    private DriverGlInterop()
    {
    }

    static int getDevices(final int[] count, final CUdevice[] devices, final int cudaDeviceCount, final int deviceList)
    {
        return GlInteropCalls.getDevices(RESOURCES, "cuGLGetDevices", "CU_GL_DEVICE_LIST_ALL, _CURRENT_FRAME or " +
            "_NEXT_FRAME", count, devices == null ? 0 : devices.length, cudaDeviceCount, deviceList, i ->
            {
                if (devices[i] == null)
                {
                    devices[i] = new CUdevice();
                }
                JCudaPointers.setNativePointer(devices[i], i);
            });
    }

    static int ctxCreate(final CUcontext context, final int flags, final CUdevice device)
    {
        return JCudaDriverRemote.cuCtxCreateNative(context, flags, device);
    }

    static int registerBuffer(final CUgraphicsResource resource, final int buffer, final int flags)
    {
        return GlInteropCalls.registerBuffer(RESOURCES, "cuGraphicsGLRegisterBuffer", resource, buffer, flags);
    }

    static int map(final int count, final CUgraphicsResource[] resources, final CUstream stream)
    {
        return GlInteropCalls.map(RESOURCES, "cuGraphicsMapResources", count, resources, stream);
    }

    static int unmap(final int count, final CUgraphicsResource[] resources, final CUstream stream)
    {
        return GlInteropCalls.unmap(RESOURCES, "cuGraphicsUnmapResources", count, resources, stream);
    }

    static int mappedPointer(final CUdeviceptr pointer, final long[] size, final CUgraphicsResource resource)
    {
        return GlInteropCalls.mappedPointer(RESOURCES, "cuGraphicsResourceGetMappedPointer", pointer, size, resource);
    }

    static int mapBufferObject(final String function, final CUdeviceptr pointer, final long[] size, final int buffer,
        final CUstream stream)
    {
        return GlInteropCalls.mapBufferObject(RESOURCES, function, pointer, size, buffer, stream);
    }
}
