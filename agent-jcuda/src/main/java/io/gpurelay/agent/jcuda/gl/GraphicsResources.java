package io.gpurelay.agent.jcuda.gl;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.function.IntFunction;

import io.gpurelay.agent.log.AgentLog;

/**
 * OpenGL buffer objects registered with CUDA, for one API (the driver's or the runtime's): the copy through host memory
 * that a remote GPU needs, done for the program. The GL context and its buffers live in this process, which the
 * executor's GPU cannot reach, so registering only records the GL buffer's name and flags here and hands out an id of
 * this process; mapping reads the buffer's bytes from GL (unless mapped write-discard) and copies them to device
 * memory of the session, allocated once and kept while the buffer's size holds; unmapping copies the device bytes
 * back (unless mapped read-only), after the stream's earlier work, and writes them into the GL buffer. Every GL call
 * is made on the calling thread, where the program's GL context is current. The legacy buffer-object functions
 * (cudaGLMapBufferObject, cuGLMapBufferObject, ...) work the same on a record kept per GL buffer name: JCuda has no
 * function to register a buffer object, so its first map or map-flags call registers it.
 * <p>
 * Statuses are the numbers the driver and runtime APIs share (CUDA numbers both APIs' errors alike); each failure is
 * logged with the function's name and the reason.
 */
public final class GraphicsResources
{
    public static final int SUCCESS = 0;
    public static final int INVALID_VALUE = 1;
    public static final int MAP_FAILED = 205;
    public static final int UNMAP_FAILED = 206;
    public static final int ALREADY_MAPPED = 208;
    public static final int NOT_MAPPED = 211;
    public static final int NOT_MAPPED_AS_ARRAY = 212;
    public static final int INVALID_GRAPHICS_CONTEXT = 219;
    public static final int INVALID_HANDLE = 400;
    public static final int UNKNOWN = 999;

    /** cudaGraphicsMapFlagsNone, CU_GRAPHICS_MAP_RESOURCE_FLAGS_NONE and the register flags' NONE. */
    public static final int FLAGS_NONE = 0;
    /** ...READ_ONLY: CUDA does not write the buffer, so unmapping copies nothing back. */
    public static final int READ_ONLY = 1;
    /** ...WRITE_DISCARD: CUDA overwrites the whole buffer, so mapping copies nothing to the device. */
    public static final int WRITE_DISCARD = 2;

    /** Where the ids of registered resources start: far from 0, so a stale or made-up handle is unlikely to match. */
    private static final long FIRST_ID = 0x6C00_0000_0000L;

    /**
     * The program's GL binding, looked up at the first call that needs GL.
     */
    @FunctionalInterface
    public interface GlSource
    {
        GlAccess get() throws GlUnavailableException;
    }

    /**
     * Device memory of the calling thread's session, through the API's own remoted calls; statuses of that API.
     */
    public interface DeviceMemory
    {
        int allocate(long size, long[] address);

        int free(long address);

        /** Copies host bytes to the device in the order of {@code stream} (null: the default stream). */
        int toDevice(long address, byte[] bytes, Object stream);

        /** Copies device bytes to the host after the earlier work of {@code stream}, and returns when they are here. */
        int toHost(long address, byte[] bytes, Object stream);
    }

    private static final class Resource
    {
        final long id;
        final int buffer;
        int mapFlags;
        boolean mapped;
        long address;
        long size;

        Resource(final long id, final int buffer, final int mapFlags)
        {
            this.id = id;
            this.buffer = buffer;
            this.mapFlags = mapFlags;
        }
    }

    private final IntFunction<String> statusNames;
    private final GlSource glSource;
    private final DeviceMemory memory;
    private final Map<Long, Resource> resources = new HashMap<>();
    private final Map<Integer, Resource> bufferObjects = new HashMap<>();
    private long nextId = FIRST_ID;

    /**
     * @param statusNames the API's names of its statuses, for messages.
     */
    public GraphicsResources(final IntFunction<String> statusNames, final GlSource glSource, final DeviceMemory memory)
    {
        this.statusNames = statusNames;
        this.glSource = glSource;
        this.memory = memory;
    }

    /**
     * cudaGraphicsGLRegisterBuffer / cuGraphicsGLRegisterBuffer: the flags are the register flags NONE, READ_ONLY or
     * WRITE_DISCARD, which become the resource's map flags until the program sets others.
     *
     * @param id where the new resource's id goes.
     */
    public synchronized int registerBuffer(final String function, final int buffer, final int flags, final long[] id)
    {
        if (flags != FLAGS_NONE && flags != READ_ONLY && flags != WRITE_DISCARD)
        {
            return fail(function, INVALID_VALUE, "a buffer's register flags are NONE (0), READ_ONLY (1) or " +
                "WRITE_DISCARD (2), not " + flags);
        }
        final int status = checkBuffer(function, buffer);
        if (status != SUCCESS)
        {
            return status;
        }
        final Resource resource = new Resource(nextId++, buffer, flags);
        resources.put(resource.id, resource);
        id[0] = resource.id;
        return SUCCESS;
    }

    /**
     * Frees the resource's device memory. A mapped resource stays registered and mapped: unmap it first (CUDA
     * documents no status for this; gpurelay answers ALREADY_MAPPED rather than drop the program's writes).
     */
    public synchronized int unregister(final String function, final long id)
    {
        final Resource resource = resources.get(id);
        if (resource == null)
        {
            return unknown(function, id);
        }
        if (resource.mapped)
        {
            return fail(function, ALREADY_MAPPED, "the resource is mapped: unmap it before unregistering it");
        }
        resources.remove(id);
        return release(function, resource);
    }

    public synchronized int setMapFlags(final String function, final long id, final int flags)
    {
        final Resource resource = resources.get(id);
        if (resource == null)
        {
            return unknown(function, id);
        }
        return setFlags(function, resource, flags);
    }

    /**
     * Maps every resource or none: each must be registered, unmapped and named once.
     */
    public synchronized int map(final String function, final long[] ids, final Object stream)
    {
        final Resource[] toMap = new Resource[ids.length];
        for (int i = 0; i < ids.length; i++)
        {
            final Resource resource = resources.get(ids[i]);
            if (resource == null)
            {
                return unknown(function, ids[i]);
            }
            if (resource.mapped)
            {
                return fail(function, ALREADY_MAPPED, "resource " + i + " (GL buffer " + resource.buffer +
                    ") is already mapped");
            }
            for (int j = 0; j < i; j++)
            {
                if (toMap[j] == resource)
                {
                    return fail(function, INVALID_VALUE, "resources " + j + " and " + i + " are the same");
                }
            }
            toMap[i] = resource;
        }
        final GlAccess gl;
        try
        {
            gl = glSource.get();
        }
        catch (final GlUnavailableException ex)
        {
            return fail(function, INVALID_GRAPHICS_CONTEXT, ex.getMessage());
        }
        for (int i = 0; i < toMap.length; i++)
        {
            final int status = mapOne(function, gl, toMap[i], stream);
            if (status != SUCCESS)
            {
                for (int j = 0; j < i; j++)
                {
                    toMap[j].mapped = false;
                }
                return status;
            }
        }
        return SUCCESS;
    }

    /**
     * Unmaps every resource (each must be mapped), copying back what CUDA may have written; the first failure is
     * answered, and every mapping ends all the same.
     */
    public synchronized int unmap(final String function, final long[] ids, final Object stream)
    {
        final Resource[] toUnmap = new Resource[ids.length];
        for (int i = 0; i < ids.length; i++)
        {
            final Resource resource = resources.get(ids[i]);
            if (resource == null)
            {
                return unknown(function, ids[i]);
            }
            if (!resource.mapped)
            {
                return fail(function, NOT_MAPPED, "resource " + i + " (GL buffer " + resource.buffer +
                    ") is not mapped");
            }
            for (int j = 0; j < i; j++)
            {
                if (toUnmap[j] == resource)
                {
                    return fail(function, INVALID_VALUE, "resources " + j + " and " + i + " are the same");
                }
            }
            toUnmap[i] = resource;
        }
        int first = SUCCESS;
        for (final Resource resource : toUnmap)
        {
            final int status = unmapOne(function, resource, stream);
            if (first == SUCCESS)
            {
                first = status;
            }
        }
        return first;
    }

    /**
     * @param addressAndSize where the mapped device address and the size go.
     */
    public synchronized int mappedPointer(final String function, final long id, final long[] addressAndSize)
    {
        final Resource resource = resources.get(id);
        if (resource == null)
        {
            return unknown(function, id);
        }
        if (!resource.mapped)
        {
            return fail(function, NOT_MAPPED, "the resource (GL buffer " + resource.buffer + ") is not mapped");
        }
        addressAndSize[0] = resource.address;
        addressAndSize[1] = resource.size;
        return SUCCESS;
    }

    /**
     * SubResourceGetMappedArray and GetMappedMipmappedArray: only GL images map as arrays, and gpurelay registers
     * buffers only, so a mapped resource answers NOT_MAPPED_AS_ARRAY, as CUDA answers for a mapped buffer.
     */
    public synchronized int mappedArray(final String function, final long id)
    {
        final Resource resource = resources.get(id);
        if (resource == null)
        {
            return unknown(function, id);
        }
        if (!resource.mapped)
        {
            return fail(function, NOT_MAPPED, "the resource (GL buffer " + resource.buffer + ") is not mapped");
        }
        return fail(function, NOT_MAPPED_AS_ARRAY, "the resource is GL buffer " + resource.buffer + ", which maps " +
            "as a pointer (GetMappedPointer), not as an array");
    }

    /**
     * @return whether the id is of a registered resource.
     */
    public synchronized boolean isRegistered(final long id)
    {
        return resources.containsKey(id);
    }

    // The legacy buffer-object functions, keyed by the GL buffer's name.

    /**
     * cudaGLMapBufferObject / cuGLMapBufferObject and their Async forms.
     */
    public synchronized int mapBufferObject(
        final String function, final int buffer, final Object stream, final long[] addressAndSize)
    {
        Resource resource = bufferObjects.get(buffer);
        if (resource != null && resource.mapped)
        {
            return fail(function, MAP_FAILED, "GL buffer " + buffer + " is already mapped");
        }
        if (resource == null)
        {
            final int status = checkBuffer(function, buffer);
            if (status != SUCCESS)
            {
                return status;
            }
            resource = new Resource(0, buffer, FLAGS_NONE);
            bufferObjects.put(buffer, resource);
        }
        final GlAccess gl;
        try
        {
            gl = glSource.get();
        }
        catch (final GlUnavailableException ex)
        {
            return fail(function, INVALID_GRAPHICS_CONTEXT, ex.getMessage());
        }
        final int status = mapOne(function, gl, resource, stream);
        if (status == SUCCESS)
        {
            addressAndSize[0] = resource.address;
            addressAndSize[1] = resource.size;
        }
        return status;
    }

    /**
     * cudaGLUnmapBufferObject / cuGLUnmapBufferObject and their Async forms.
     */
    public synchronized int unmapBufferObject(final String function, final int buffer, final Object stream)
    {
        final Resource resource = bufferObjects.get(buffer);
        if (resource == null || !resource.mapped)
        {
            return fail(function, UNMAP_FAILED, "GL buffer " + buffer + " is not mapped");
        }
        return unmapOne(function, resource, stream);
    }

    /**
     * cudaGLUnregisterBufferObject / cuGLUnregisterBufferObject: frees the buffer's device memory.
     */
    public synchronized int unregisterBufferObject(final String function, final int buffer)
    {
        final Resource resource = bufferObjects.get(buffer);
        if (resource == null)
        {
            return fail(function, INVALID_HANDLE, "GL buffer " + buffer + " is not registered (mapped or given map " +
                "flags) with CUDA");
        }
        if (resource.mapped)
        {
            return fail(function, ALREADY_MAPPED, "GL buffer " + buffer + " is mapped: unmap it before " +
                "unregistering it");
        }
        bufferObjects.remove(buffer);
        return release(function, resource);
    }

    /**
     * cudaGLSetBufferObjectMapFlags / cuGLSetBufferObjectMapFlags: registers the buffer if it is not yet.
     */
    public synchronized int setBufferObjectMapFlags(final String function, final int buffer, final int flags)
    {
        Resource resource = bufferObjects.get(buffer);
        if (resource == null)
        {
            final int status = checkBuffer(function, buffer);
            if (status != SUCCESS)
            {
                return status;
            }
            resource = new Resource(0, buffer, FLAGS_NONE);
            final int flagStatus = setFlags(function, resource, flags);
            if (flagStatus == SUCCESS)
            {
                bufferObjects.put(buffer, resource);
            }
            return flagStatus;
        }
        return setFlags(function, resource, flags);
    }

    private int setFlags(final String function, final Resource resource, final int flags)
    {
        if (flags != FLAGS_NONE && flags != READ_ONLY && flags != WRITE_DISCARD)
        {
            return fail(function, INVALID_VALUE, "map flags are NONE (0), READ_ONLY (1) or WRITE_DISCARD (2), not " +
                flags);
        }
        if (resource.mapped)
        {
            return fail(function, ALREADY_MAPPED, "GL buffer " + resource.buffer + " is mapped");
        }
        resource.mapFlags = flags;
        return SUCCESS;
    }

    private int checkBuffer(final String function, final int buffer)
    {
        final GlAccess gl;
        try
        {
            gl = glSource.get();
        }
        catch (final GlUnavailableException ex)
        {
            return fail(function, INVALID_GRAPHICS_CONTEXT, ex.getMessage());
        }
        try
        {
            if (buffer == 0 || !gl.isBuffer(buffer))
            {
                return fail(function, INVALID_VALUE, buffer + " is not a buffer object of the current GL context");
            }
        }
        catch (final GlCallException ex)
        {
            return fail(function, UNKNOWN, ex.getMessage());
        }
        return SUCCESS;
    }

    private int mapOne(final String function, final GlAccess gl, final Resource resource, final Object stream)
    {
        final long size;
        try
        {
            size = gl.bufferSize(resource.buffer);
        }
        catch (final GlCallException ex)
        {
            return fail(function, UNKNOWN, ex.getMessage());
        }
        if (size <= 0 || size > Integer.MAX_VALUE - 16)
        {
            return fail(function, MAP_FAILED, "GL buffer " + resource.buffer + " has " + size + " bytes: gpurelay " +
                "maps buffers of 1 byte to 2 GiB");
        }
        if (resource.address == 0 || resource.size != size)
        {
            if (resource.address != 0)
            {
                memory.free(resource.address);
                resource.address = 0;
            }
            final long[] address = new long[1];
            final int status = memory.allocate(size, address);
            if (status != SUCCESS)
            {
                return fail(function, status, "no device memory for GL buffer " + resource.buffer + "'s " + size +
                    " bytes");
            }
            resource.address = address[0];
            resource.size = size;
        }
        if ((resource.mapFlags & WRITE_DISCARD) == 0)
        {
            final byte[] bytes = new byte[(int)size];
            try
            {
                final ByteBuffer direct = ByteBuffer.allocateDirect((int)size);
                gl.readBuffer(resource.buffer, direct);
                direct.get(0, bytes);
            }
            catch (final GlCallException ex)
            {
                return fail(function, UNKNOWN, ex.getMessage());
            }
            final int status = memory.toDevice(resource.address, bytes, stream);
            if (status != SUCCESS)
            {
                return fail(function, status, "copying GL buffer " + resource.buffer + " to the device failed");
            }
        }
        resource.mapped = true;
        return SUCCESS;
    }

    private int unmapOne(final String function, final Resource resource, final Object stream)
    {
        resource.mapped = false;
        if ((resource.mapFlags & READ_ONLY) != 0)
        {
            return SUCCESS;
        }
        final byte[] bytes = new byte[(int)resource.size];
        final int status = memory.toHost(resource.address, bytes, stream);
        if (status != SUCCESS)
        {
            return fail(function, status, "copying the device's bytes back to GL buffer " + resource.buffer +
                " failed; the buffer keeps its bytes from before the map");
        }
        try
        {
            final GlAccess gl = glSource.get();
            final ByteBuffer direct = ByteBuffer.allocateDirect(bytes.length);
            direct.put(0, bytes);
            gl.writeBuffer(resource.buffer, direct);
        }
        catch (final GlUnavailableException ex)
        {
            return fail(function, INVALID_GRAPHICS_CONTEXT, ex.getMessage());
        }
        catch (final GlCallException ex)
        {
            return fail(function, UNKNOWN, ex.getMessage());
        }
        return SUCCESS;
    }

    /**
     * Unregistering succeeds once the registration has ended: device memory that cannot be freed (its context was
     * destroyed first, which freed it) is logged, not answered, since the program holds no handle to it.
     */
    private int release(final String function, final Resource resource)
    {
        if (resource.address != 0)
        {
            final int status = memory.free(resource.address);
            resource.address = 0;
            if (status != SUCCESS)
            {
                AgentLog.warn(function + ": freeing GL buffer " + resource.buffer + "'s device memory answered " +
                    statusNames.apply(status) + " (was its context destroyed first?); the resource is unregistered");
            }
        }
        return SUCCESS;
    }

    /**
     * Refuses an argument of the API's function: logs the reason with the status in the API's names.
     *
     * @return INVALID_VALUE.
     */
    public int invalidValue(final String function, final String reason)
    {
        return fail(function, INVALID_VALUE, reason);
    }

    private int unknown(final String function, final long id)
    {
        return fail(function, INVALID_HANDLE, "0x" + Long.toHexString(id) + " is not a registered graphics resource " +
            "of this process");
    }

    private int fail(final String function, final int status, final String reason)
    {
        AgentLog.warn(function + ": " + reason + "; returning " + statusNames.apply(status));
        return status;
    }
}
