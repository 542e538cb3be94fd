package io.gpurelay.agent.jcuda.runtime;

import io.gpurelay.agent.cuda.runtime.RuntimeThreadState;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.gl.GlBindings;
import io.gpurelay.agent.jcuda.gl.GlInteropCalls;
import io.gpurelay.agent.jcuda.gl.GraphicsResources;
import io.gpurelay.agent.jcuda.gl.PointerDeviceMemory;
import jcuda.Pointer;
import jcuda.runtime.cudaError;
import jcuda.runtime.cudaGraphicsResource;
import jcuda.runtime.cudaMemcpyKind;
import jcuda.runtime.cudaStream_t;

/**
 * The runtime API's OpenGL interop (cudaGraphicsGLRegisterBuffer, cudaGraphicsMapResources, the legacy
 * cudaGLMapBufferObject, ...): {@link GraphicsResources} with the session's device memory through this API's remoted
 * cudaMalloc, cudaFree and copies, on the calling thread's current device. Every status is recorded as the thread's
 * last error, as the runtime's are. The checks and JCuda's handles around it are {@link GlInteropCalls}, shared with
 * the driver API.
 */
final class RuntimeGlInterop
{
    static final GraphicsResources RESOURCES = new GraphicsResources(cudaError::stringFor, GlBindings::find,
        new PointerDeviceMemory<Pointer>()
        {
            protected Pointer newPointer()
            {
                return new Pointer();
            }

            protected int allocate(final Pointer pointer, final long size)
            {
                return JCudaRuntimeRemote.cudaMallocNative(pointer, size);
            }

            protected int free(final Pointer pointer)
            {
                return JCudaRuntimeRemote.cudaFreeNative(pointer);
            }

            protected int toDevice(final Pointer device, final Pointer host, final long bytes, final Object stream)
            {
                return JCudaRuntimeRemote.cudaMemcpyAsyncNative(device, host, bytes,
                    cudaMemcpyKind.cudaMemcpyHostToDevice, (cudaStream_t)stream);
            }

            protected int toHost(final Pointer host, final Pointer device, final long bytes, final Object stream)
            {
                return JCudaRuntimeRemote.cudaMemcpyAsyncNative(host, device, bytes,
                    cudaMemcpyKind.cudaMemcpyDeviceToHost, (cudaStream_t)stream);
            }
        });

    private RuntimeGlInterop()
    {
    }

    static int getDevices(final int[] count, final int[] devices, final int cudaDeviceCount, final int deviceList)
    {
        return record(GlInteropCalls.getDevices(RESOURCES, "cudaGLGetDevices", "cudaGLDeviceListAll, " +
            "...CurrentFrame or ...NextFrame", count, devices == null ? 0 : devices.length, cudaDeviceCount,
            deviceList, i -> devices[i] = i));
    }

    static int registerBuffer(final cudaGraphicsResource resource, final int buffer, final int flags)
    {
        return record(GlInteropCalls.registerBuffer(RESOURCES, "cudaGraphicsGLRegisterBuffer", resource, buffer,
            flags));
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
        return record(GlInteropCalls.map(RESOURCES, "cudaGraphicsMapResources", count, resources, stream));
    }

    static int unmap(final int count, final cudaGraphicsResource[] resources, final cudaStream_t stream)
    {
        return record(GlInteropCalls.unmap(RESOURCES, "cudaGraphicsUnmapResources", count, resources, stream));
    }

    static int mappedPointer(final Pointer pointer, final long[] size, final cudaGraphicsResource resource)
    {
        return record(GlInteropCalls.mappedPointer(RESOURCES, "cudaGraphicsResourceGetMappedPointer", pointer, size,
            resource));
    }

    static int mappedArray(final String function, final cudaGraphicsResource resource)
    {
        return record(RESOURCES.mappedArray(function, JCudaPointers.nativePointer(resource)));
    }

    static int mapBufferObject(final String function, final Pointer pointer, final int buffer,
        final cudaStream_t stream)
    {
        return record(GlInteropCalls.mapBufferObject(RESOURCES, function, pointer, null, buffer, stream));
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

    /**
     * Remembers a failure as the thread's last error; a refusal of GlInteropCalls comes back here too.
     */
    private static int record(final int status)
    {
        return RuntimeThreadState.current().record(status);
    }
}
