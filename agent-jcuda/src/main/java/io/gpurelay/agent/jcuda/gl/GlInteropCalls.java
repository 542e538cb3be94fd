package io.gpurelay.agent.jcuda.gl;

import java.util.function.IntConsumer;

import io.gpurelay.agent.client.DeviceRouter;
import io.gpurelay.agent.jcuda.JCudaPointers;
import jcuda.NativePointerObject;
import jcuda.Pointer;

/**
 * What the driver's and the runtime's OpenGL interop have in common ({@code DriverGlInterop} and
 * {@code RuntimeGlInterop} call these): the checks of a device list and of an array of resources, the session's
 * devices as GL devices, and JCuda's handles and pointers read and written around {@link GraphicsResources}. The
 * statuses are the numbers both APIs share, and each refusal is logged in the API's names by its
 * {@link GraphicsResources}; the runtime remembers the status as the thread's last error itself.
 */
public final class GlInteropCalls
{
    /** CU_GL_DEVICE_LIST_ALL / cudaGLDeviceListAll; CURRENT_FRAME is 2. */
    private static final int DEVICE_LIST_ALL = 1;
    /** CU_GL_DEVICE_LIST_NEXT_FRAME / cudaGLDeviceListNextFrame. */
    private static final int DEVICE_LIST_NEXT_FRAME = 3;
    /** CUDA_ERROR_NO_DEVICE / cudaErrorNoDevice. */
    private static final int NO_DEVICE = 100;

    private GlInteropCalls()
    {
    }

    /**
     * Every device of the session can serve the GL context: mapped buffers travel through this process's memory, so
     * no device needs to be the one that drives the display.
     *
     * @param listNames the API's names of the device lists, for the message that refuses another.
     * @param capacity  how many devices the program's array holds.
     * @param device    sets the program's device at an index to the device of that ordinal.
     */
    public static int getDevices(final GraphicsResources resources, final String function, final String listNames,
        final int[] count, final int capacity, final int cudaDeviceCount, final int deviceList,
        final IntConsumer device)
    {
        if (deviceList < DEVICE_LIST_ALL || deviceList > DEVICE_LIST_NEXT_FRAME)
        {
            return resources.invalidValue(function, "deviceList must be " + listNames + ", not " + deviceList);
        }
        if (cudaDeviceCount < 0)
        {
            return resources.invalidValue(function, "cudaDeviceCount must not be negative, got " + cudaDeviceCount);
        }
        final DeviceRouter client = DeviceRouter.installed();
        final int status = client.connect();
        if (status != GraphicsResources.SUCCESS)
        {
            return status;
        }
        final int available = client.deviceCount();
        if (available == 0)
        {
            return NO_DEVICE;
        }
        count[0] = available;
        final int filled = Math.min(available, Math.min(cudaDeviceCount, capacity));
        for (int i = 0; i < filled; i++)
        {
            device.accept(i);
        }
        return GraphicsResources.SUCCESS;
    }

    public static int registerBuffer(final GraphicsResources resources, final String function,
        final NativePointerObject resource, final int buffer, final int flags)
    {
        final long[] id = new long[1];
        final int status = resources.registerBuffer(function, buffer, flags, id);
        if (status == GraphicsResources.SUCCESS)
        {
            JCudaPointers.setNativePointer(resource, id[0]);
        }
        return status;
    }

    public static int map(final GraphicsResources resources, final String function, final int count,
        final NativePointerObject[] handles, final Object stream)
    {
        final long[] ids = ids(resources, function, count, handles);
        return ids == null ? GraphicsResources.INVALID_VALUE : resources.map(function, ids, stream);
    }

    public static int unmap(final GraphicsResources resources, final String function, final int count,
        final NativePointerObject[] handles, final Object stream)
    {
        final long[] ids = ids(resources, function, count, handles);
        return ids == null ? GraphicsResources.INVALID_VALUE : resources.unmap(function, ids, stream);
    }

    /**
     * @param size where the mapped size goes, if the program gave an array for it.
     */
    public static int mappedPointer(final GraphicsResources resources, final String function, final Pointer pointer,
        final long[] size, final NativePointerObject resource)
    {
        final long[] addressAndSize = new long[2];
        return mapped(resources.mappedPointer(function, JCudaPointers.nativePointer(resource), addressAndSize),
            pointer, size, addressAndSize);
    }

    /**
     * @param size where the mapped size goes, if the program gave an array for it (the runtime's function has none).
     */
    public static int mapBufferObject(final GraphicsResources resources, final String function, final Pointer pointer,
        final long[] size, final int buffer, final Object stream)
    {
        final long[] addressAndSize = new long[2];
        return mapped(resources.mapBufferObject(function, buffer, stream, addressAndSize), pointer, size,
            addressAndSize);
    }

    private static int mapped(final int status, final Pointer pointer, final long[] size, final long[] addressAndSize)
    {
        if (status == GraphicsResources.SUCCESS)
        {
            JCudaPointers.setAddress(pointer, addressAndSize[0]);
            if (size != null && size.length > 0)
            {
                size[0] = addressAndSize[1];
            }
        }
        return status;
    }

    /**
     * @return the resources' ids, or null (logged) for a count outside the array or a null resource.
     */
    private static long[] ids(final GraphicsResources resources, final String function, final int count,
        final NativePointerObject[] handles)
    {
        if (count <= 0 || count > handles.length)
        {
            resources.invalidValue(function, "count must be 1 to the array's length " + handles.length + ", got " +
                count);
            return null;
        }
        final long[] ids = new long[count];
        for (int i = 0; i < count; i++)
        {
            if (handles[i] == null)
            {
                resources.invalidValue(function, "resources[" + i + "] is null");
                return null;
            }
            ids[i] = JCudaPointers.nativePointer(handles[i]);
        }
        return ids;
    }
}
