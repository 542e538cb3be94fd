package io.gpurelay.executor.backend.emulated;

import static io.gpurelay.protocol.TextureDescriptors.FLAG_DISABLE_TRILINEAR_OPTIMIZATION;
import static io.gpurelay.protocol.TextureDescriptors.FLAG_NORMALIZED_COORDINATES;
import static io.gpurelay.protocol.TextureDescriptors.FLAG_READ_AS_INTEGER;
import static io.gpurelay.protocol.TextureDescriptors.FLAG_SEAMLESS_CUBEMAP;
import static io.gpurelay.protocol.TextureDescriptors.FLAG_SRGB;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_CHANNELS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FLAGS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FORMAT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HEIGHT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_PITCH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_SIZE_OR_WIDTH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_TYPE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_ADDRESS_MODE;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_BORDER_COLOR;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_FILTER_MODE;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_FLAGS;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_MIPMAP_FILTER_MODE;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_ARRAY;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_LINEAR;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_MIPMAPPED_ARRAY;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_PITCH2D;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_DEPTH;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_FIRST_LAYER;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_FIRST_MIPMAP_LEVEL;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_FORMAT;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_HEIGHT;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_LAST_LAYER;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_LAST_MIPMAP_LEVEL;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_REPLY_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_WIDTH;
import static io.gpurelay.protocol.TextureDescriptors.VIEW_WRITTEN;

import io.gpurelay.emulator.memory.DeviceMemory;
import io.gpurelay.executor.backend.ArrayDescriptor;
import io.gpurelay.executor.backend.BackendArray;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendTextures;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.TextureResource;
import org.agrona.collections.Long2ObjectHashMap;

/**
 * Texture and surface objects on the emulator: made, kept, described and destroyed as CUDA does, with CUDA's checks
 * of the descriptors (as documented for {@code cuTexObjectCreate} and {@code cuSurfObjectCreate}, with the limits the
 * emulated device reports, and as driver 580 on an H100 answered where it differs from the documentation: a surface
 * of any array, a view of linear memory taken and ignored, a view query of an object without one answered with
 * success and nothing written, no border colour reported), each object a value unique to the session. The
 * emulator's PTX has no texture or surface instructions, so no kernel it runs reads one. Arrays are never sparse,
 * deferred-mapping or planar here (gpurelay makes none), so their sparse properties, memory requirements and planes
 * are CUDA's answer for such arrays: {@code CUDA_ERROR_INVALID_VALUE}.
 */
final class EmulatedTextures implements BackendTextures
{
    /**
     * The alignment a linear or pitch2D texture's address must have. The emulated device reports CUDA's usual 512
     * bytes as {@code CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT}, but its allocations are aligned to 256 bytes only
     * (all CUDA promises), so it takes any address an allocation of its can start at.
     */
    static final long TEXTURE_ALIGNMENT = DeviceMemory.ALIGNMENT;
    /** {@code CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT} of the emulated device. */
    static final long TEXTURE_PITCH_ALIGNMENT = 32;
    private static final long MAX_TEXTURE1D_LINEAR = 268_435_456;
    private static final long MAX_TEXTURE2D_LINEAR_WIDTH = 131_072;
    private static final long MAX_TEXTURE2D_LINEAR_HEIGHT = 65_000;
    private static final long MAX_TEXTURE2D_LINEAR_PITCH = 2_097_120;
    private static final long TEXTURE_FLAGS_KNOWN = FLAG_READ_AS_INTEGER | FLAG_NORMALIZED_COORDINATES | FLAG_SRGB |
        FLAG_DISABLE_TRILINEAR_OPTIMIZATION | FLAG_SEAMLESS_CUBEMAP;
    private static final int LAST_PLAIN_VIEW_FORMAT = 0x18;
    private static final int LAST_VIEW_FORMAT = 0x22;

    private final EmulatedBackendSession session;
    private final Long2ObjectHashMap<EmulatedObject> objects = new Long2ObjectHashMap<>();
    private long lastValue;

    EmulatedTextures(final EmulatedBackendSession session)
    {
        this.session = session;
    }

    public long createTextureObject(final BackendContext context, final TextureResource resource,
        final long[] texture, final long[] view, final CallResult result)
    {
        final String name = "cuTexObjectCreate";
        if (!checkResource(context, resource, name, result) || !checkTexture(texture, name, result) ||
            (view != null && !checkView(resource, view, name, result)))
        {
            return 0;
        }
        // CUDA keeps no view of linear or pitch2D memory: it takes one and reports none.
        final boolean keepsView = view != null && resource.type() != TYPE_LINEAR && resource.type() != TYPE_PITCH2D;
        final long[] described = texture.clone();
        // Nor does it report the border colour.
        java.util.Arrays.fill(described, TEXTURE_BORDER_COLOR, TEXTURE_BORDER_COLOR + 4, 0);
        return add(new EmulatedObject(context, false, resource, described, keepsView ? view.clone() : null));
    }

    public long createSurfaceObject(final BackendContext context, final TextureResource resource,
        final CallResult result)
    {
        final String name = result.name("cudaCreateSurfaceObject", "cuSurfObjectCreate");
        if (resource.type() != TYPE_ARRAY)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": a surface reads a CUDA array (resource type 0), not " +
                "resource type " + resource.type());
            return 0;
        }
        // CUDA (driver 580) makes a surface of an array made without CUDA_ARRAY3D_SURFACE_LDST too.
        if (!checkResource(context, resource, name, result))
        {
            return 0;
        }
        return add(new EmulatedObject(context, true, resource, null, null));
    }

    public void destroyObject(final BackendContext context, final long object, final boolean surface,
        final CallResult result)
    {
        if (object(context, object, surface, result) != null)
        {
            objects.remove(object);
        }
    }

    public long[] resourceDescriptor(final BackendContext context, final long object, final boolean surface,
        final TextureResource made, final CallResult result)
    {
        final EmulatedObject emulated = object(context, object, surface, result);
        if (emulated == null)
        {
            return null;
        }
        final long[] values = new long[RESOURCE_VALUES];
        final long[] given = emulated.resource.values();
        values[RESOURCE_TYPE] = given[RESOURCE_TYPE];
        values[RESOURCE_FLAGS] = given[RESOURCE_FLAGS];
        if (emulated.resource.type() >= TYPE_LINEAR)
        {
            System.arraycopy(given, 2, values, 2, RESOURCE_VALUES - 2);
            if (emulated.resource.type() == TYPE_LINEAR)
            {
                values[RESOURCE_HEIGHT] = 0;
                values[RESOURCE_PITCH] = 0;
            }
        }
        return values;
    }

    public long[] textureDescriptor(final BackendContext context, final long object, final CallResult result)
    {
        final EmulatedObject emulated = object(context, object, false, result);
        return emulated == null ? null : emulated.texture.clone();
    }

    public long[] viewDescriptor(final BackendContext context, final long object, final CallResult result)
    {
        final EmulatedObject emulated = object(context, object, false, result);
        if (emulated == null)
        {
            return null;
        }
        final long[] values = new long[VIEW_REPLY_VALUES];
        if (emulated.view != null)
        {
            System.arraycopy(emulated.view, 0, values, 0, emulated.view.length);
            values[VIEW_WRITTEN] = 1;
        }
        return values;
    }

    public void sparseProperties(final BackendArray array, final BackendArray[] mipmappedLevels,
        final CallResult result)
    {
        result.fail(CudaError.INVALID_VALUE, (array != null ?
            result.name("cudaArrayGetSparseProperties", "cuArrayGetSparseProperties") :
            result.name("cudaMipmappedArrayGetSparseProperties", "cuMipmappedArrayGetSparseProperties")) +
            ": the array was not made with CUDA_ARRAY3D_SPARSE");
    }

    public void memoryRequirements(final BackendArray array, final BackendArray[] mipmappedLevels, final int device,
        final CallResult result)
    {
        result.fail(CudaError.INVALID_VALUE, (array != null ?
            result.name("cudaArrayGetMemoryRequirements", "cuArrayGetMemoryRequirements") :
            result.name("cudaMipmappedArrayGetMemoryRequirements", "cuMipmappedArrayGetMemoryRequirements")) +
            ": the array was not made with CUDA_ARRAY3D_DEFERRED_MAPPING");
    }

    public void plane(final BackendArray array, final int planeIndex, final CallResult result)
    {
        result.fail(CudaError.INVALID_VALUE, result.name("cudaArrayGetPlane", "cuArrayGetPlane") + ": plane " +
            planeIndex + " of an array whose format (0x" + Integer.toHexString(array.descriptor().format()) +
            ") is not multi-planar");
    }

    /**
     * CUDA destroys a context's objects with it.
     */
    void contextDestroyed(final BackendContext context)
    {
        objects.values().removeIf(object -> object.context == context);
    }

    void close()
    {
        objects.clear();
    }

    private long add(final EmulatedObject object)
    {
        lastValue++;
        objects.put(lastValue, object);
        return lastValue;
    }

    private EmulatedObject object(final BackendContext context, final long value, final boolean surface,
        final CallResult result)
    {
        final EmulatedObject object = objects.get(value);
        if (object == null || object.context != context || object.surface != surface)
        {
            result.fail(CudaError.INVALID_VALUE, "0x" + Long.toHexString(value) + " is not a live " +
                (surface ? "surface" : "texture") + " object of the context");
            return null;
        }
        return object;
    }

    private boolean checkResource(final BackendContext context, final TextureResource resource, final String name,
        final CallResult result)
    {
        final long[] values = resource.values();
        if (values[RESOURCE_FLAGS] != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the resource descriptor's flags (0x" +
                Long.toHexString(values[RESOURCE_FLAGS]) + ") must be 0");
            return false;
        }
        if (resource.type() == TYPE_ARRAY || resource.type() == TYPE_MIPMAPPED_ARRAY)
        {
            return true;
        }
        final long address = resource.address();
        final long elementBytes = ArrayDescriptor.channelBytes((int)values[RESOURCE_FORMAT]) *
            values[RESOURCE_CHANNELS];
        if (address % TEXTURE_ALIGNMENT != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the device address 0x" + Long.toHexString(address) +
                " is not aligned to " + TEXTURE_ALIGNMENT + " bytes");
            return false;
        }
        if (resource.type() == TYPE_LINEAR)
        {
            if (values[RESOURCE_SIZE_OR_WIDTH] / elementBytes > MAX_TEXTURE1D_LINEAR)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": " + values[RESOURCE_SIZE_OR_WIDTH] / elementBytes +
                    " elements exceed CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH (" + MAX_TEXTURE1D_LINEAR +
                    ")");
                return false;
            }
        }
        else if (values[RESOURCE_SIZE_OR_WIDTH] > MAX_TEXTURE2D_LINEAR_WIDTH ||
            values[RESOURCE_HEIGHT] > MAX_TEXTURE2D_LINEAR_HEIGHT ||
            values[RESOURCE_PITCH] > MAX_TEXTURE2D_LINEAR_PITCH ||
            values[RESOURCE_PITCH] % TEXTURE_PITCH_ALIGNMENT != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": pitch2D memory of " + values[RESOURCE_SIZE_OR_WIDTH] +
                " x " + values[RESOURCE_HEIGHT] + " elements with a pitch of " + values[RESOURCE_PITCH] + " bytes " +
                "exceeds the device's 2D linear texture limits (" + MAX_TEXTURE2D_LINEAR_WIDTH + " x " +
                MAX_TEXTURE2D_LINEAR_HEIGHT + ", pitch " + MAX_TEXTURE2D_LINEAR_PITCH + ") or is not a multiple " +
                "of CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT (" + TEXTURE_PITCH_ALIGNMENT + " bytes)");
            return false;
        }
        final int device = ((EmulatedContext)context).device();
        if (session.memoryOf(device).find(address, resource.extent(), session.ownerOf(device)) == null)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": " + EmulatedBackendSession.rangeText(address,
                resource.extent()) + " is not inside one allocation of this session on device " + device);
            return false;
        }
        return true;
    }

    private static boolean checkTexture(final long[] texture, final String name, final CallResult result)
    {
        for (int i = 0; i < 3; i++)
        {
            if (texture[TEXTURE_ADDRESS_MODE + i] < 0 || texture[TEXTURE_ADDRESS_MODE + i] > 3)
            {
                result.fail(CudaError.INVALID_VALUE, name + ": address mode " + texture[TEXTURE_ADDRESS_MODE + i] +
                    " is not wrap (0), clamp (1), mirror (2) or border (3)");
                return false;
            }
        }
        if (texture[TEXTURE_FILTER_MODE] < 0 || texture[TEXTURE_FILTER_MODE] > 1 ||
            texture[TEXTURE_MIPMAP_FILTER_MODE] < 0 || texture[TEXTURE_MIPMAP_FILTER_MODE] > 1)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": filter modes " + texture[TEXTURE_FILTER_MODE] + " and " +
                texture[TEXTURE_MIPMAP_FILTER_MODE] + " are not point (0) or linear (1)");
            return false;
        }
        if ((texture[TEXTURE_FLAGS] & ~TEXTURE_FLAGS_KNOWN) != 0)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": texture flags 0x" +
                Long.toHexString(texture[TEXTURE_FLAGS]) + " are not CU_TRSF_* flags");
            return false;
        }
        return true;
    }

    /**
     * A view keeps a plain array's extent and names levels and layers the resource has; block-compressed views are
     * the emulator's gap.
     */
    private static boolean checkView(final TextureResource resource, final long[] view, final String name,
        final CallResult result)
    {
        if (resource.type() != TYPE_ARRAY && resource.type() != TYPE_MIPMAPPED_ARRAY)
        {
            // CUDA takes a view of linear or pitch2D memory and ignores it.
            return true;
        }
        final BackendArray array = resource.array() != null ? resource.array() : resource.mipmappedLevels()[0];
        final ArrayDescriptor descriptor = array.descriptor();
        final long format = view[VIEW_FORMAT];
        if (format > LAST_PLAIN_VIEW_FORMAT && format <= LAST_VIEW_FORMAT)
        {
            result.fail(CudaError.NOT_SUPPORTED, name + ": block-compressed resource views are not supported on " +
                "the emulator");
            return false;
        }
        final int levels = resource.mipmappedLevels() == null ? 1 : resource.mipmappedLevels().length;
        final boolean layered = (descriptor.flags() & ArrayDescriptor.LAYERED) != 0;
        final long layers = layered ? descriptor.depth() : 1;
        // A view names its format: CU_RES_VIEW_FORMAT_NONE is refused (driver 580).
        final boolean fits = format > 0 && format <= LAST_PLAIN_VIEW_FORMAT &&
            viewElementBytes((int)format) == descriptor.elementBytes() &&
            view[VIEW_WIDTH] == descriptor.width() && view[VIEW_HEIGHT] == descriptor.height() &&
            view[VIEW_DEPTH] == descriptor.depth() && view[VIEW_FIRST_MIPMAP_LEVEL] >= 0 &&
            view[VIEW_FIRST_MIPMAP_LEVEL] <= view[VIEW_LAST_MIPMAP_LEVEL] && view[VIEW_LAST_MIPMAP_LEVEL] < levels &&
            view[VIEW_FIRST_LAYER] >= 0 && view[VIEW_FIRST_LAYER] <= view[VIEW_LAST_LAYER] &&
            view[VIEW_LAST_LAYER] < layers;
        if (!fits)
        {
            result.fail(CudaError.INVALID_VALUE, name + ": the resource view (format 0x" + Long.toHexString(format) +
                ", " + view[VIEW_WIDTH] + " x " + view[VIEW_HEIGHT] + " x " + view[VIEW_DEPTH] + ", levels " +
                view[VIEW_FIRST_MIPMAP_LEVEL] + " to " + view[VIEW_LAST_MIPMAP_LEVEL] + ", layers " +
                view[VIEW_FIRST_LAYER] + " to " + view[VIEW_LAST_LAYER] + ") does not fit the resource of " +
                descriptor.width() + " x " + descriptor.height() + " x " + descriptor.depth() + " elements of " +
                descriptor.elementBytes() + " bytes, " + levels + " level(s), " + layers + " layer(s)");
            return false;
        }
        return true;
    }

    /**
     * The element size of a plain CUresourceViewFormat (1 to 0x18): 1, 2 or 4 channels of 8, 16 or 32 bits.
     */
    private static int viewElementBytes(final int format)
    {
        final int channels = new int[]{ 1, 2, 4 }[(format - 1) % 3];
        final int group = (format - 1) / 3;
        final int channelBytes = switch (group)
        {
            case 0, 1 -> 1;
            case 2, 3, 6 -> 2;
            default -> 4;
        };
        return channels * channelBytes;
    }

    /**
     * @param texture the texture description (null for a surface).
     * @param view    the resource view (null for none).
     */
    private record EmulatedObject(BackendContext context, boolean surface, TextureResource resource, long[] texture,
        long[] view)
    {
    }
}
