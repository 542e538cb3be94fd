package io.gpurelay.agent.jcuda.driver;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.gl.GlBindings;
import io.gpurelay.agent.jcuda.gl.GraphicsResources;
import io.gpurelay.protocol.DriverStatus;
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
 * and copies, in the calling thread's current context.
 */
final class DriverGlInterop
{
    /** CU_GL_DEVICE_LIST_ALL, CU_GL_DEVICE_LIST_CURRENT_FRAME, CU_GL_DEVICE_LIST_NEXT_FRAME. */
    private static final int DEVICE_LIST_ALL = 1;
    private static final int DEVICE_LIST_NEXT_FRAME = 3;

    static final GraphicsResources RESOURCES = new GraphicsResources(CUresult::stringFor, GlBindings::find,
        new GraphicsResources.DeviceMemory()
        {
            public int allocate(final long size, final long[] address)
            {
                final CUdeviceptr pointer = new CUdeviceptr();
                final int status = JCudaDriverRemote.cuMemAllocNative(pointer, size);
                address[0] = JCudaPointers.address(pointer);
                return status;
            }

            public int free(final long address)
            {
                return JCudaDriverRemote.cuMemFreeNative(device(address));
            }

            public int toDevice(final long address, final byte[] bytes, final Object stream)
            {
                return JCudaDriverRemote.cuMemcpyHtoDAsyncNative(device(address), Pointer.to(bytes), bytes.length,
                    (CUstream)stream);
            }

            public int toHost(final long address, final byte[] bytes, final Object stream)
            {
                return JCudaDriverRemote.cuMemcpyDtoHAsyncNative(Pointer.to(bytes), device(address), bytes.length,
                    (CUstream)stream);
            }
        });

    private DriverGlInterop()
    {
    }

    /**
     * Every device of the session can serve the GL context: mapped buffers travel through this process's memory, so
     * no device needs to be the one that drives the display.
     */
    static int getDevices(final int[] count, final CUdevice[] devices, final int cudaDeviceCount, final int deviceList)
    {
        if (deviceList < DEVICE_LIST_ALL || deviceList > DEVICE_LIST_NEXT_FRAME)
        {
            return invalid("cuGLGetDevices", "deviceList must be CU_GL_DEVICE_LIST_ALL, _CURRENT_FRAME or " +
                "_NEXT_FRAME, not " + deviceList);
        }
        if (cudaDeviceCount < 0)
        {
            return invalid("cuGLGetDevices", "cudaDeviceCount must not be negative, got " + cudaDeviceCount);
        }
        final DeviceRouter client = DeviceRouter.installed();
        final int status = client.connect();
        if (status != DriverStatus.SUCCESS)
        {
            return status;
        }
        final int available = client.deviceCount();
        if (available == 0)
        {
            return DriverStatus.NO_DEVICE;
        }
        count[0] = available;
        final int filled = Math.min(available, Math.min(cudaDeviceCount, devices == null ? 0 : devices.length));
        for (int i = 0; i < filled; i++)
        {
            if (devices[i] == null)
            {
                devices[i] = new CUdevice();
            }
            JCudaPointers.setNativePointer(devices[i], i);
        }
        return DriverStatus.SUCCESS;
    }

    static int ctxCreate(final CUcontext context, final int flags, final CUdevice device)
    {
        return JCudaDriverRemote.cuCtxCreateNative(context, flags, device);
    }

    static int registerBuffer(final CUgraphicsResource resource, final int buffer, final int flags)
    {
        final long[] id = new long[1];
        final int status = RESOURCES.registerBuffer("cuGraphicsGLRegisterBuffer", buffer, flags, id);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(resource, id[0]);
        }
        return status;
    }

    static int map(final int count, final CUgraphicsResource[] resources, final CUstream stream)
    {
        final long[] ids = ids("cuGraphicsMapResources", count, resources);
        return ids == null ? DriverStatus.INVALID_VALUE : RESOURCES.map("cuGraphicsMapResources", ids, stream);
    }

    static int unmap(final int count, final CUgraphicsResource[] resources, final CUstream stream)
    {
        final long[] ids = ids("cuGraphicsUnmapResources", count, resources);
        return ids == null ? DriverStatus.INVALID_VALUE : RESOURCES.unmap("cuGraphicsUnmapResources", ids, stream);
    }

    static int mappedPointer(final CUdeviceptr pointer, final long[] size, final CUgraphicsResource resource)
    {
        final long[] addressAndSize = new long[2];
        final int status = RESOURCES.mappedPointer("cuGraphicsResourceGetMappedPointer",
            JCudaPointers.nativePointer(resource), addressAndSize);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setAddress(pointer, addressAndSize[0]);
            if (size != null && size.length > 0)
            {
                size[0] = addressAndSize[1];
            }
        }
        return status;
    }

    static int mapBufferObject(final String function, final CUdeviceptr pointer, final long[] size, final int buffer,
        final CUstream stream)
    {
        final long[] addressAndSize = new long[2];
        final int status = RESOURCES.mapBufferObject(function, buffer, stream, addressAndSize);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setAddress(pointer, addressAndSize[0]);
            if (size != null && size.length > 0)
            {
                size[0] = addressAndSize[1];
            }
        }
        return status;
    }

    private static long[] ids(final String function, final int count, final CUgraphicsResource[] resources)
    {
        if (count <= 0 || count > resources.length)
        {
            invalid(function, "count must be 1 to the array's length " + resources.length + ", got " + count);
            return null;
        }
        final long[] ids = new long[count];
        for (int i = 0; i < count; i++)
        {
            if (resources[i] == null)
            {
                invalid(function, "resources[" + i + "] is null");
                return null;
            }
            ids[i] = JCudaPointers.nativePointer(resources[i]);
        }
        return ids;
    }

    private static CUdeviceptr device(final long address)
    {
        final CUdeviceptr pointer = new CUdeviceptr();
        JCudaPointers.setAddress(pointer, address);
        return pointer;
    }

    private static int invalid(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning CUDA_ERROR_INVALID_VALUE");
        return DriverStatus.INVALID_VALUE;
    }
}
