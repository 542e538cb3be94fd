package io.gpurelay.executor.dispatch;

import static io.gpurelay.protocol.TextureDescriptors.CREATE_TEXTURE;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_VIEW;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_VIEW_GIVEN;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_CHANNELS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FORMAT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HANDLE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HEIGHT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_PITCH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_SIZE_OR_WIDTH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_TYPE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_ARRAY;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_LINEAR;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_MIPMAPPED_ARRAY;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_PITCH2D;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_VALUES;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

import io.gpurelay.executor.resources.SessionResources.ContextEntry;
import io.gpurelay.executor.backend.ArrayDescriptor;
import io.gpurelay.executor.backend.BackendArray;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendTextures;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.TextureResource;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Texture and surface objects and the array queries ({@link Function} ids 700-719).
 *
 * <p>A kernel takes a texture or surface object as a plain 64-bit parameter, so the client holds CUDA's own value
 * (the emulator's: a value unique to the session). Such a value indexes a table of the context it was made in, and
 * every session has contexts of its own, so a value a client makes up reaches at most objects of its own contexts.
 * Here the executor keeps the objects the session made, per context, and the API functions take only those: the
 * queries refuse any other value before the backend sees it, destroy answers success for it and destroys nothing (as
 * CUDA does), and the session's end destroys what is left.
 * An object made in a context that was destroyed or reset since is gone with it, as in CUDA.
 *
 * <p>What an object reads is checked when it is made: an array or mipmapped array must be a live handle of the
 * session in the call's context, and linear or pitch2D memory's range (the descriptor's size, or
 * {@code pitch * (height - 1) + width * element size}) is handed to the backend, which checks it lies inside one
 * allocation of the session. The queries give back the client's own handles.
 */
final class TextureObjects
{
    /** More objects than any program keeps at once; it bounds what one session holds in the executor. */
    static final int MAX_OBJECTS = 1 << 20;
    /** Far above any width, height or pitch CUDA takes for a texture; it keeps the arithmetic exact. */
    private static final long MAX_EXTENT = 1L << 40;

    private final ArraysDispatcher arrays;
    private final BackendTextures backend;
    private final int deviceCount;
    private final Map<ContextEntry, ContextObjects> contexts = new IdentityHashMap<>();
    private int objectCount;

    TextureObjects(final ArraysDispatcher arrays, final BackendTextures backend, final int deviceCount)
    {
        this.arrays = arrays;
        this.backend = backend;
        this.deviceCount = deviceCount;
    }

    /**
     * @param context the context the call runs in, or null when there is none (the failure is in {@code result}).
     */
    void dispatch(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        if (context == null)
        {
            return;
        }
        switch (call.function())
        {
            case CU_TEX_OBJECT_CREATE -> createTexture(call, context, result);
            case CU_SURF_OBJECT_CREATE, CUDA_CREATE_SURFACE_OBJECT -> createSurface(call, context, result);
            case CU_TEX_SURF_OBJECT_DESTROY, CUDA_TEX_SURF_OBJECT_DESTROY -> destroy(call, context, result);
            case CU_TEX_SURF_OBJECT_GET_RESOURCE_DESC, CUDA_TEX_SURF_OBJECT_GET_RESOURCE_DESC ->
                resourceDescriptor(call, context, result);
            case CU_TEX_OBJECT_GET_TEXTURE_DESC ->
            {
                final TextureObject object = object(context, call.arg(0), false, "cuTexObjectGetTextureDesc", result);
                final long[] texture = object == null ? null :
                    backend.textureDescriptor(context.backend, object.value, result);
                values(texture, result);
            }
            case CU_TEX_OBJECT_GET_RESOURCE_VIEW_DESC, CUDA_GET_TEXTURE_OBJECT_RESOURCE_VIEW_DESC ->
            {
                final TextureObject object = object(context, call.arg(0), false,
                    result.name("cudaGetTextureObjectResourceViewDesc", "cuTexObjectGetResourceViewDesc"), result);
                final long[] view = object == null ? null :
                    backend.viewDescriptor(context.backend, object.value, result);
                values(view, result);
            }
            case CU_ARRAY_GET_SPARSE_PROPERTIES, CUDA_ARRAY_GET_SPARSE_PROPERTIES -> sparseProperties(call, result);
            case CU_ARRAY_GET_MEMORY_REQUIREMENTS, CUDA_ARRAY_GET_MEMORY_REQUIREMENTS ->
                memoryRequirements(call, result);
            case CU_ARRAY_GET_PLANE, CUDA_ARRAY_GET_PLANE ->
            {
                final String name = result.name("cudaArrayGetPlane", "cuArrayGetPlane");
                final BackendArray array = arrays.liveArray(call.arg(0), name, result);
                if (array != null)
                {
                    if (call.arg(1) != (int)call.arg(1) || call.arg(1) < 0)
                    {
                        result.fail(CudaError.INVALID_VALUE, name + ": plane " + call.arg(1) + " of an array " +
                            "with no planes");
                        return;
                    }
                    backend.plane(array, (int)call.arg(1), result);
                }
            }
            default -> CallDispatcher.notSupported(call.functionId(), call.function().name(), result);
        }
    }

    private void createTexture(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = "cuTexObjectCreate";
        final TextureResource resource = resource(call, context, name, result);
        if (resource == null || !admit(name, result))
        {
            return;
        }
        final long[] texture = arguments(call, CREATE_TEXTURE, TEXTURE_VALUES);
        final long viewGiven = call.arg(CREATE_VIEW_GIVEN);
        if (viewGiven != 0 && viewGiven != 1)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the view flag " + viewGiven + " is not 0 or 1");
            return;
        }
        final long[] view = viewGiven == 1 ? arguments(call, CREATE_VIEW, VIEW_VALUES) : null;
        final long value = backend.createTextureObject(context.backend, resource, texture, view, result);
        if (!result.failed())
        {
            add(context, new TextureObject(value, false, context.backend, resource, call.arg(RESOURCE_HANDLE)));
            result.value(value);
        }
    }

    private void createSurface(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final String name = result.name("cudaCreateSurfaceObject", "cuSurfObjectCreate");
        final TextureResource resource = resource(call, context, name, result);
        if (resource == null || !admit(name, result))
        {
            return;
        }
        final long value = backend.createSurfaceObject(context.backend, resource, result);
        if (!result.failed())
        {
            add(context, new TextureObject(value, true, context.backend, resource, call.arg(RESOURCE_HANDLE)));
            result.value(value);
        }
    }

    private boolean admit(final String name, final CallResult result)
    {
        sweep();
        if (objectCount >= MAX_OBJECTS)
        {
            result.fail(CudaError.OUT_OF_MEMORY, name + ": the session already holds " + MAX_OBJECTS +
                " texture and surface objects, the most the executor keeps for one session");
            return false;
        }
        return true;
    }

    private void destroy(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final boolean surface = call.arg(1) != 0;
        final ContextObjects objects = objectsOf(context);
        final TextureObject object = objects == null ? null : objects.objects.get(call.arg(0));
        if (object == null || object.surface != surface)
        {
            // CUDA answers success for a value that is no live object of that kind in the context, and destroys
            // nothing; so does the executor, without the backend seeing the value.
            return;
        }
        objects.objects.remove(object.value);
        objectCount--;
        backend.destroyObject(context.backend, object.value, surface, result);
    }

    private void resourceDescriptor(final ReceivedCall call, final ContextEntry context, final CallResult result)
    {
        final boolean surface = call.arg(1) != 0;
        final String name = surface ?
            result.name("cudaGetSurfaceObjectResourceDesc", "cuSurfObjectGetResourceDesc") :
            result.name("cudaGetTextureObjectResourceDesc", "cuTexObjectGetResourceDesc");
        final TextureObject object = object(context, call.arg(0), surface, name, result);
        if (object == null)
        {
            return;
        }
        final long[] values = backend.resourceDescriptor(context.backend, object.value, surface, object.resource,
            result);
        if (values != null)
        {
            final int type = (int)values[RESOURCE_TYPE];
            if (type == TYPE_ARRAY || type == TYPE_MIPMAPPED_ARRAY)
            {
                values[RESOURCE_HANDLE] = object.clientHandle;
            }
            values(values, result);
        }
    }

    private void sparseProperties(final ReceivedCall call, final CallResult result)
    {
        final boolean mipmapped = call.arg(1) != 0;
        final String name = mipmapped ?
            result.name("cudaMipmappedArrayGetSparseProperties", "cuMipmappedArrayGetSparseProperties") :
            result.name("cudaArrayGetSparseProperties", "cuArrayGetSparseProperties");
        if (mipmapped)
        {
            final BackendArray[] levels = arrays.liveMipmappedArray(call.arg(0), name, result);
            if (levels != null)
            {
                backend.sparseProperties(null, levels, result);
            }
            return;
        }
        final BackendArray array = arrays.liveArray(call.arg(0), name, result);
        if (array != null)
        {
            backend.sparseProperties(array, null, result);
        }
    }

    private void memoryRequirements(final ReceivedCall call, final CallResult result)
    {
        final boolean mipmapped = call.arg(1) != 0;
        final String name = mipmapped ?
            result.name("cudaMipmappedArrayGetMemoryRequirements", "cuMipmappedArrayGetMemoryRequirements") :
            result.name("cudaArrayGetMemoryRequirements", "cuArrayGetMemoryRequirements");
        final long device = call.arg(2);
        final BackendArray array = mipmapped ? null : arrays.liveArray(call.arg(0), name, result);
        final BackendArray[] levels = mipmapped ? arrays.liveMipmappedArray(call.arg(0), name, result) : null;
        if (array == null && levels == null)
        {
            return;
        }
        if (device < 0 || device >= deviceCount)
        {
            result.fail(CudaError.INVALID_DEVICE, name + ": device " + device + " does not exist: the executor has " +
                deviceCount + " device(s)");
            return;
        }
        backend.memoryRequirements(array, levels, (int)device, result);
    }

    /**
     * The resource a create call describes in its first {@link io.gpurelay.protocol.TextureDescriptors#RESOURCE_VALUES}
     * arguments, checked against the session's arrays and the call's context; null when it is none (the failure is
     * in {@code result}).
     */
    private TextureResource resource(
        final ReceivedCall call, final ContextEntry context, final String name, final CallResult result)
    {
        final long[] values = arguments(call, 0, RESOURCE_VALUES);
        final long type = values[RESOURCE_TYPE];
        if (type == TYPE_ARRAY)
        {
            final BackendArray array = arrays.liveArray(values[RESOURCE_HANDLE], name, result);
            return array != null && inContext(array, context, values[RESOURCE_HANDLE], name, result) ?
                new TextureResource(values, array, null, 0) : null;
        }
        if (type == TYPE_MIPMAPPED_ARRAY)
        {
            final BackendArray[] levels = arrays.liveMipmappedArray(values[RESOURCE_HANDLE], name, result);
            return levels != null && inContext(levels[0], context, values[RESOURCE_HANDLE], name, result) ?
                new TextureResource(values, null, levels, 0) : null;
        }
        if (type != TYPE_LINEAR && type != TYPE_PITCH2D)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": resource type " + type + " is not array (0), mipmapped " +
                "array (1), linear (2) or pitch2D (3)");
            return null;
        }
        final int format = (int)values[RESOURCE_FORMAT];
        final long channels = values[RESOURCE_CHANNELS];
        final int channelBytes = format == values[RESOURCE_FORMAT] ? ArrayDescriptor.channelBytes(format) : 0;
        if (channelBytes == 0 || (channels != 1 && channels != 2 && channels != 4))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": format 0x" + Long.toHexString(values[RESOURCE_FORMAT]) +
                " with " + channels + " channels is not a format of 1, 2 or 4 channels of 8, 16 or 32 bits");
            return null;
        }
        final long elementBytes = channelBytes * channels;
        final long extent;
        if (type == TYPE_LINEAR)
        {
            extent = values[RESOURCE_SIZE_OR_WIDTH];
            if (extent <= 0 || extent >= MAX_EXTENT)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": linear memory of " +
                    Long.toUnsignedString(extent) + " bytes");
                return null;
            }
        }
        else
        {
            final long width = values[RESOURCE_SIZE_OR_WIDTH];
            final long height = values[RESOURCE_HEIGHT];
            final long pitch = values[RESOURCE_PITCH];
            // CUDA takes a pitch narrower than a row; the rows then overlap, and the last one still ends
            // width * elementBytes after its start.
            if (width <= 0 || height <= 0 || pitch <= 0 || width >= MAX_EXTENT || height >= MAX_EXTENT ||
                pitch >= MAX_EXTENT)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": pitch2D memory of " + width + " x " + height +
                    " elements of " + elementBytes + " bytes with a pitch of " + pitch + " bytes");
                return null;
            }
            try
            {
                extent = Math.addExact(Math.multiplyExact(pitch, height - 1), width * elementBytes);
            }
            catch (final ArithmeticException ex)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": the pitch2D memory's extent overflows");
                return null;
            }
        }
        return new TextureResource(values, null, null, extent);
    }

    /**
     * An array of another context of the session: CUDA answers {@code CUDA_ERROR_PEER_ACCESS_NOT_ENABLED} (seen with
     * driver 580), and the executor does so before the backend sees the array.
     */
    private static boolean inContext(final BackendArray array, final ContextEntry context, final long handle,
        final String name, final CallResult result)
    {
        if (array.context() != context.backend)
        {
            result.fail(CudaError.of(DriverStatus.PEER_ACCESS_NOT_ENABLED, RuntimeStatus.PEER_ACCESS_NOT_ENABLED),
                name + ": array 0x" + Long.toHexString(handle) + " was made in another context than the current one");
            return false;
        }
        return true;
    }

    /**
     * The live object of the session with this value in the call's context, of the kind asked for; null when there
     * is none (the failure is in {@code result}).
     */
    private TextureObject object(final ContextEntry context, final long value, final boolean surface,
        final String name, final CallResult result)
    {
        final ContextObjects objects = objectsOf(context);
        final TextureObject object = objects == null ? null : objects.objects.get(value);
        if (object == null || object.surface != surface)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": 0x" + Long.toHexString(value) + " is not a " +
                (surface ? "surface" : "texture") + " object this session made in the current context (never " +
                "made, destroyed, or made in another context)");
            return null;
        }
        return object;
    }

    /**
     * The context's objects; those of an earlier backend context (the context was reset since) are gone.
     */
    private ContextObjects objectsOf(final ContextEntry context)
    {
        final ContextObjects objects = contexts.get(context);
        if (objects != null && objects.backend != context.backend)
        {
            objectCount -= objects.objects.size();
            contexts.remove(context);
            return null;
        }
        return objects;
    }

    private void add(final ContextEntry context, final TextureObject object)
    {
        ContextObjects objects = objectsOf(context);
        if (objects == null)
        {
            objects = new ContextObjects(context.backend);
            contexts.put(context, objects);
        }
        if (objects.objects.put(object.value, object) == null)
        {
            objectCount++;
        }
    }

    /**
     * Forget the objects of contexts destroyed or reset since they were made: CUDA destroyed them with the context.
     */
    private void sweep()
    {
        final Iterator<Map.Entry<ContextEntry, ContextObjects>> entries = contexts.entrySet().iterator();
        while (entries.hasNext())
        {
            final Map.Entry<ContextEntry, ContextObjects> entry = entries.next();
            if (entry.getValue().backend != entry.getKey().backend)
            {
                objectCount -= entry.getValue().objects.size();
                entries.remove();
            }
        }
    }

    /**
     * Destroy every object the session still holds, in contexts that still exist; called as the session closes,
     * before its contexts go.
     */
    void close()
    {
        sweep();
        final CallResult ignored = new CallResult();
        final List<ContextObjects> all = new ArrayList<>(contexts.values());
        contexts.clear();
        objectCount = 0;
        for (final ContextObjects objects : all)
        {
            for (final TextureObject object : objects.objects.values())
            {
                ignored.reset();
                backend.destroyObject(objects.backend, object.value, object.surface, ignored);
            }
        }
    }

    private static long[] arguments(final ReceivedCall call, final int first, final int count)
    {
        final long[] values = new long[count];
        for (int i = 0; i < count; i++)
        {
            values[i] = call.arg(first + i);
        }
        return values;
    }

    private static void values(final long[] values, final CallResult result)
    {
        if (values != null && !result.failed())
        {
            for (final long value : values)
            {
                result.value(value);
            }
        }
    }

    /**
     * The objects of one context, made while its backend context was {@code backend}.
     */
    private static final class ContextObjects
    {
        final BackendContext backend;
        final Long2ObjectHashMap<TextureObject> objects = new Long2ObjectHashMap<>();

        ContextObjects(final BackendContext backend)
        {
            this.backend = backend;
        }
    }

    /**
     * @param clientHandle the array or mipmapped array handle the client made the object with (0 for memory).
     */
    private record TextureObject(long value, boolean surface, BackendContext context, TextureResource resource,
        long clientHandle)
    {
    }
}
