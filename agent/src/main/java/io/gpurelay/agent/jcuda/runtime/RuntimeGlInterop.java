package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.gl.GlBindings;
import io.gpurelay.agent.jcuda.gl.GraphicsResources;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.Pointer;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaGraphicsResource;
import jcuda.runtime.cudaMemcpyKind;
import jcuda.runtime.cudaStream_t;

/**
 * The runtime API's OpenGL interop (cudaGraphicsGLRegisterBuffer, cudaGraphicsMapResources, the legacy
 * cudaGLMapBufferObject, ...): {@link GraphicsResources} with the session's device memory through this API's remoted
 * cudaMalloc, cudaFree and copies, on the calling thread's current device. Every status is recorded as the thread's
 * last error, as the runtime's are.
 */
final class RuntimeGlInterop
{
    /** cudaGLDeviceListAll, cudaGLDeviceListCurrentFrame, cudaGLDeviceListNextFrame. */
    private static final int DEVICE_LIST_ALL = 1;
    private static final int DEVICE_LIST_NEXT_FRAME = 3;

    static final GraphicsResources RESOURCES = new GraphicsResources(cudaError::stringFor, GlBindings::find,
        new GraphicsResources.DeviceMemory()
        {
            public int allocate(final long size, final long[] address)
            {
                final Pointer pointer = new Pointer();
                final int status = JCudaRuntimeRemote.cudaMallocNative(pointer, size);
                address[0] = JCudaPointers.address(pointer);
                return status;
            }

            public int free(final long address)
            {
                return JCudaRuntimeRemote.cudaFreeNative(device(address));
            }

            public int toDevice(final long address, final byte[] bytes, final Object stream)
            {
                return JCudaRuntimeRemote.cudaMemcpyAsyncNative(device(address), Pointer.to(bytes), bytes.length,
                    cudaMemcpyKind.cudaMemcpyHostToDevice, (cudaStream_t)stream);
            }

            public int toHost(final long address, final byte[] bytes, final Object stream)
            {
                return JCudaRuntimeRemote.cudaMemcpyAsyncNative(Pointer.to(bytes), device(address), bytes.length,
                    cudaMemcpyKind.cudaMemcpyDeviceToHost, (cudaStream_t)stream);
            }
        });

    private RuntimeGlInterop()
    {
    }

    /**
     * Every device of the session can serve the GL context: mapped buffers travel through this process's memory, so
     * no device needs to be the one that drives the display.
     */
    static int getDevices(final int[] count, final int[] devices, final int cudaDeviceCount, final int deviceList)
    {
        if (deviceList < DEVICE_LIST_ALL || deviceList > DEVICE_LIST_NEXT_FRAME)
        {
            return invalid("cudaGLGetDevices", "deviceList must be cudaGLDeviceListAll, ...CurrentFrame or " +
                "...NextFrame, not " + deviceList);
        }
        if (cudaDeviceCount < 0)
        {
            return invalid("cudaGLGetDevices", "cudaDeviceCount must not be negative, got " + cudaDeviceCount);
        }
        final DeviceRouter client = DeviceRouter.installed();
        final int status = client.connect();
        if (status != RuntimeStatus.SUCCESS)
        {
            return record(status);
        }
        final int available = client.deviceCount();
        if (available == 0)
        {
            return record(RuntimeStatus.NO_DEVICE);
        }
        count[0] = available;
        final int filled = Math.min(available, Math.min(cudaDeviceCount, devices == null ? 0 : devices.length));
        for (int i = 0; i < filled; i++)
        {
            devices[i] = i;
        }
        return RuntimeStatus.SUCCESS;
    }

    static int registerBuffer(final cudaGraphicsResource resource, final int buffer, final int flags)
    {
        final long[] id = new long[1];
        final int status = RESOURCES.registerBuffer("cudaGraphicsGLRegisterBuffer", buffer, flags, id);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(resource, id[0]);
        }
        return record(status);
    }

    static int unregister(final cudaGraphicsResource resource)
    {
        return record(RESOURCES.unregister("cudaGraphicsUnregisterResource", JCudaPointers.nativePointer(resource)));
    }

    static int setMapFlags(final cudaGraphicsResource resource, final int flags)
    {
        return record(RESOURCES.setMapFlags("cudaGraphicsResourceSetMapFlags", JCudaPointers.nativePointer(resource),
            flags));
    }

    static int map(final int count, final cudaGraphicsResource[] resources, final cudaStream_t stream)
    {
        final long[] ids = ids("cudaGraphicsMapResources", count, resources);
        return ids == null ? RuntimeStatus.INVALID_VALUE :
            record(RESOURCES.map("cudaGraphicsMapResources", ids, stream));
    }

    static int unmap(final int count, final cudaGraphicsResource[] resources, final cudaStream_t stream)
    {
        final long[] ids = ids("cudaGraphicsUnmapResources", count, resources);
        return ids == null ? RuntimeStatus.INVALID_VALUE :
            record(RESOURCES.unmap("cudaGraphicsUnmapResources", ids, stream));
    }

    static int mappedPointer(final Pointer pointer, final long[] size, final cudaGraphicsResource resource)
    {
        final long[] addressAndSize = new long[2];
        final int status = RESOURCES.mappedPointer("cudaGraphicsResourceGetMappedPointer",
            JCudaPointers.nativePointer(resource), addressAndSize);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setAddress(pointer, addressAndSize[0]);
            if (size != null && size.length > 0)
            {
                size[0] = addressAndSize[1];
            }
        }
        return record(status);
    }

    static int mappedArray(final String function, final cudaGraphicsResource resource)
    {
        return record(RESOURCES.mappedArray(function, JCudaPointers.nativePointer(resource)));
    }

    static int mapBufferObject(final String function, final Pointer pointer, final int buffer,
        final cudaStream_t stream)
    {
        final long[] addressAndSize = new long[2];
        final int status = RESOURCES.mapBufferObject(function, buffer, stream, addressAndSize);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setAddress(pointer, addressAndSize[0]);
        }
        return record(status);
    }

    static int unmapBufferObject(final String function, final int buffer, final cudaStream_t stream)
    {
        return record(RESOURCES.unmapBufferObject(function, buffer, stream));
    }

    static int unregisterBufferObject(final int buffer)
    {
        return record(RESOURCES.unregisterBufferObject("cudaGLUnregisterBufferObject", buffer));
    }

    static int setBufferObjectMapFlags(final int buffer, final int flags)
    {
        return record(RESOURCES.setBufferObjectMapFlags("cudaGLSetBufferObjectMapFlags", buffer, flags));
    }

    private static long[] ids(final String function, final int count, final cudaGraphicsResource[] resources)
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

    private static Pointer device(final long address)
    {
        final Pointer pointer = new Pointer();
        JCudaPointers.setAddress(pointer, address);
        return pointer;
    }

    private static int record(final int status)
    {
        return RuntimeThreadState.current().record(status);
    }

    private static int invalid(final String function, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning cudaErrorInvalidValue");
        return record(RuntimeStatus.INVALID_VALUE);
    }
}
