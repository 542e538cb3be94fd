package io.gpurelay.executor.backend.gpu;

import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_CHANNELS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FLAGS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FORMAT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HANDLE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HEIGHT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_PITCH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_SIZE_OR_WIDTH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_TYPE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_ADDRESS_MODE;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_BORDER_COLOR;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_FILTER_MODE;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_FLAGS;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_MAX_ANISOTROPY;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_MAX_MIPMAP_LEVEL_CLAMP;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_MIN_MIPMAP_LEVEL_CLAMP;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_MIPMAP_FILTER_MODE;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_MIPMAP_LEVEL_BIAS;
import static io.gpurelay.protocol.TextureDescriptors.TEXTURE_VALUES;
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
import static org.bytedeco.cuda.global.cudart.CUDA_SUCCESS;
import static org.bytedeco.cuda.global.cudart.cuArrayGetMemoryRequirements;
import static org.bytedeco.cuda.global.cudart.cuArrayGetPlane;
import static org.bytedeco.cuda.global.cudart.cuArrayGetSparseProperties;
import static org.bytedeco.cuda.global.cudart.cuMipmappedArrayGetMemoryRequirements;
import static org.bytedeco.cuda.global.cudart.cuMipmappedArrayGetSparseProperties;
import static org.bytedeco.cuda.global.cudart.cuSurfObjectCreate;
import static org.bytedeco.cuda.global.cudart.cuSurfObjectDestroy;
import static org.bytedeco.cuda.global.cudart.cuSurfObjectGetResourceDesc;
import static org.bytedeco.cuda.global.cudart.cuTexObjectCreate;
import static org.bytedeco.cuda.global.cudart.cuTexObjectDestroy;
import static org.bytedeco.cuda.global.cudart.cuTexObjectGetResourceDesc;
import static org.bytedeco.cuda.global.cudart.cuTexObjectGetResourceViewDesc;
import static org.bytedeco.cuda.global.cudart.cuTexObjectGetTextureDesc;

import io.gpurelay.executor.backend.BackendArray;
import io.gpurelay.executor.backend.BackendContext;
import io.gpurelay.executor.backend.BackendTextures;
import io.gpurelay.executor.backend.CallResult;
import io.gpurelay.executor.backend.CudaError;
import io.gpurelay.executor.backend.TextureResource;
import org.bytedeco.cuda.cudart.CUDA_ARRAY_MEMORY_REQUIREMENTS_v1;
import org.bytedeco.cuda.cudart.CUDA_ARRAY_SPARSE_PROPERTIES_v1;
import org.bytedeco.cuda.cudart.CUDA_RESOURCE_DESC_v1;
import org.bytedeco.cuda.cudart.CUDA_RESOURCE_VIEW_DESC_v1;
import org.bytedeco.cuda.cudart.CUDA_TEXTURE_DESC_v1;
import org.bytedeco.cuda.cudart.CUarray_st;
import org.bytedeco.javacpp.Pointer;

/**
 * Texture and surface objects on the GPU: CUDA's own functions in the session's context, with the session's arrays
 * and, for linear and pitch2D memory, a range the session's allocations must hold. The object's value is CUDA's, so a
 * kernel of the session reads it as it would locally; it indexes the context's own table, and the session's contexts
 * are its own. The array queries run CUDA's functions on the session's arrays.
 */
final class GpuTextures implements BackendTextures
{
    /** No CUresourceViewFormat: what a view descriptor CUDA did not write holds. */
    private static final int NOT_WRITTEN = -1;

    private final GpuBackendSession session;
    private final long[] objectOut = new long[1];

    GpuTextures(final GpuBackendSession session)
    {
        this.session = session;
    }

    public long createTextureObject(final BackendContext context, final TextureResource resource,
        final long[] texture, final long[] view, final CallResult result)
    {
        final String name = "cuTexObjectCreate";
        if (!holdsMemory(resource, name, result) || !session.makeCurrentFor((GpuContext)context, name, result))
        {
            return 0;
        }
        try (CUDA_RESOURCE_DESC_v1 nativeResource = resourceDescriptor(resource);
            CUDA_TEXTURE_DESC_v1 nativeTexture = new CUDA_TEXTURE_DESC_v1();
            CUDA_RESOURCE_VIEW_DESC_v1 nativeView = view == null ? null : new CUDA_RESOURCE_VIEW_DESC_v1())
        {
            Pointer.memset(nativeTexture, 0, nativeTexture.sizeof());
            for (int i = 0; i < 3; i++)
            {
                nativeTexture.addressMode(i, (int)texture[TEXTURE_ADDRESS_MODE + i]);
            }
            nativeTexture.filterMode((int)texture[TEXTURE_FILTER_MODE]).flags((int)texture[TEXTURE_FLAGS])
                .maxAnisotropy((int)texture[TEXTURE_MAX_ANISOTROPY])
                .mipmapFilterMode((int)texture[TEXTURE_MIPMAP_FILTER_MODE])
                .mipmapLevelBias(Float.intBitsToFloat((int)texture[TEXTURE_MIPMAP_LEVEL_BIAS]))
                .minMipmapLevelClamp(Float.intBitsToFloat((int)texture[TEXTURE_MIN_MIPMAP_LEVEL_CLAMP]))
                .maxMipmapLevelClamp(Float.intBitsToFloat((int)texture[TEXTURE_MAX_MIPMAP_LEVEL_CLAMP]));
            for (int i = 0; i < 4; i++)
            {
                nativeTexture.borderColor(i, Float.intBitsToFloat((int)texture[TEXTURE_BORDER_COLOR + i]));
            }
            if (nativeView != null)
            {
                Pointer.memset(nativeView, 0, nativeView.sizeof());
                nativeView.format((int)view[VIEW_FORMAT]).width(view[VIEW_WIDTH]).height(view[VIEW_HEIGHT])
                    .depth(view[VIEW_DEPTH]).firstMipmapLevel((int)view[VIEW_FIRST_MIPMAP_LEVEL])
                    .lastMipmapLevel((int)view[VIEW_LAST_MIPMAP_LEVEL]).firstLayer((int)view[VIEW_FIRST_LAYER])
                    .lastLayer((int)view[VIEW_LAST_LAYER]);
            }
            return GpuBackendSession.checkStatus(cuTexObjectCreate(objectOut, nativeResource, nativeTexture,
                nativeView), name, result) ? objectOut[0] : 0;
        }
    }

    public long createSurfaceObject(final BackendContext context, final TextureResource resource,
        final CallResult result)
    {
        final String name = result.name("cudaCreateSurfaceObject", "cuSurfObjectCreate");
        if (!holdsMemory(resource, name, result) || !session.makeCurrentFor((GpuContext)context, name, result))
        {
            return 0;
        }
        try (CUDA_RESOURCE_DESC_v1 nativeResource = resourceDescriptor(resource))
        {
            return GpuBackendSession.checkStatus(cuSurfObjectCreate(objectOut, nativeResource), name, result) ?
                objectOut[0] : 0;
        }
    }

    public void destroyObject(final BackendContext context, final long object, final boolean surface,
        final CallResult result)
    {
        final String name = surface ? result.name("cudaDestroySurfaceObject", "cuSurfObjectDestroy") :
            result.name("cudaDestroyTextureObject", "cuTexObjectDestroy");
        if (session.makeCurrentFor((GpuContext)context, name, result))
        {
            GpuBackendSession.checkStatus(surface ? cuSurfObjectDestroy(object) : cuTexObjectDestroy(object), name,
                result);
        }
    }

    public long[] resourceDescriptor(final BackendContext context, final long object, final boolean surface,
        final TextureResource made, final CallResult result)
    {
        final String name = surface ? result.name("cudaGetSurfaceObjectResourceDesc", "cuSurfObjectGetResourceDesc") :
            result.name("cudaGetTextureObjectResourceDesc", "cuTexObjectGetResourceDesc");
        if (!session.makeCurrentFor((GpuContext)context, name, result))
        {
            return null;
        }
        try (CUDA_RESOURCE_DESC_v1 answer = new CUDA_RESOURCE_DESC_v1())
        {
            Pointer.memset(answer, 0, answer.sizeof());
            if (!GpuBackendSession.checkStatus(surface ? cuSurfObjectGetResourceDesc(answer, object) :
                cuTexObjectGetResourceDesc(answer, object), name, result))
            {
                return null;
            }
            final long[] values = new long[RESOURCE_VALUES];
            values[RESOURCE_TYPE] = answer.resType();
            values[RESOURCE_FLAGS] = Integer.toUnsignedLong(answer.flags());
            switch (answer.resType())
            {
                case TYPE_ARRAY, TYPE_MIPMAPPED_ARRAY ->
                {
                    final long expected = made.array() != null ? GpuArrays.handle(made.array()).address() :
                        made.mipmappedLevels() != null ?
                            GpuArrays.mipmappedHandleOf(made.mipmappedLevels()[0]).address() : 0;
                    final Pointer answered = answer.resType() == TYPE_ARRAY ? answer.res_array_hArray() :
                        answer.res_mipmap_hMipmappedArray();
                    if (answered == null || answered.address() != expected)
                    {
                        result.fail(CudaError.UNKNOWN, name + ": CUDA describes another array than the one the " +
                            "object was made with");
                        return null;
                    }
                }
                case TYPE_LINEAR ->
                {
                    values[RESOURCE_HANDLE] = answer.res_linear_devPtr();
                    values[RESOURCE_FORMAT] = answer.res_linear_format();
                    values[RESOURCE_CHANNELS] = Integer.toUnsignedLong(answer.res_linear_numChannels());
                    values[RESOURCE_SIZE_OR_WIDTH] = answer.res_linear_sizeInBytes();
                }
                case TYPE_PITCH2D ->
                {
                    values[RESOURCE_HANDLE] = answer.res_pitch2D_devPtr();
                    values[RESOURCE_FORMAT] = answer.res_pitch2D_format();
                    values[RESOURCE_CHANNELS] = Integer.toUnsignedLong(answer.res_pitch2D_numChannels());
                    values[RESOURCE_SIZE_OR_WIDTH] = answer.res_pitch2D_width();
                    values[RESOURCE_HEIGHT] = answer.res_pitch2D_height();
                    values[RESOURCE_PITCH] = answer.res_pitch2D_pitchInBytes();
                }
                default ->
                {
                    result.fail(CudaError.UNKNOWN, name + ": CUDA answers resource type " + answer.resType());
                    return null;
                }
            }
            return values;
        }
    }

    public long[] textureDescriptor(final BackendContext context, final long object, final CallResult result)
    {
        final String name = "cuTexObjectGetTextureDesc";
        if (!session.makeCurrentFor((GpuContext)context, name, result))
        {
            return null;
        }
        try (CUDA_TEXTURE_DESC_v1 answer = new CUDA_TEXTURE_DESC_v1())
        {
            Pointer.memset(answer, 0, answer.sizeof());
            if (!GpuBackendSession.checkStatus(cuTexObjectGetTextureDesc(answer, object), name, result))
            {
                return null;
            }
            final long[] values = new long[TEXTURE_VALUES];
            for (int i = 0; i < 3; i++)
            {
                values[TEXTURE_ADDRESS_MODE + i] = answer.addressMode(i);
            }
            values[TEXTURE_FILTER_MODE] = answer.filterMode();
            values[TEXTURE_FLAGS] = Integer.toUnsignedLong(answer.flags());
            values[TEXTURE_MAX_ANISOTROPY] = Integer.toUnsignedLong(answer.maxAnisotropy());
            values[TEXTURE_MIPMAP_FILTER_MODE] = answer.mipmapFilterMode();
            values[TEXTURE_MIPMAP_LEVEL_BIAS] = Float.floatToRawIntBits(answer.mipmapLevelBias());
            values[TEXTURE_MIN_MIPMAP_LEVEL_CLAMP] = Float.floatToRawIntBits(answer.minMipmapLevelClamp());
            values[TEXTURE_MAX_MIPMAP_LEVEL_CLAMP] = Float.floatToRawIntBits(answer.maxMipmapLevelClamp());
            for (int i = 0; i < 4; i++)
            {
                values[TEXTURE_BORDER_COLOR + i] = Float.floatToRawIntBits(answer.borderColor(i));
            }
            return values;
        }
    }

    public long[] viewDescriptor(final BackendContext context, final long object, final CallResult result)
    {
        final String name = result.name("cudaGetTextureObjectResourceViewDesc", "cuTexObjectGetResourceViewDesc");
        if (!session.makeCurrentFor((GpuContext)context, name, result))
        {
            return null;
        }
        try (CUDA_RESOURCE_VIEW_DESC_v1 answer = new CUDA_RESOURCE_VIEW_DESC_v1())
        {
            // CUDA answers success and writes nothing for an object without a view (driver 580): a format it
            // never writes tells.
            Pointer.memset(answer, 0, answer.sizeof());
            answer.format(NOT_WRITTEN);
            if (!GpuBackendSession.checkStatus(cuTexObjectGetResourceViewDesc(answer, object), name, result))
            {
                return null;
            }
            final long[] values = new long[VIEW_REPLY_VALUES];
            if (answer.format() == NOT_WRITTEN)
            {
                return values;
            }
            values[VIEW_WRITTEN] = 1;
            values[VIEW_FORMAT] = answer.format();
            values[VIEW_WIDTH] = answer.width();
            values[VIEW_HEIGHT] = answer.height();
            values[VIEW_DEPTH] = answer.depth();
            values[VIEW_FIRST_MIPMAP_LEVEL] = Integer.toUnsignedLong(answer.firstMipmapLevel());
            values[VIEW_LAST_MIPMAP_LEVEL] = Integer.toUnsignedLong(answer.lastMipmapLevel());
            values[VIEW_FIRST_LAYER] = Integer.toUnsignedLong(answer.firstLayer());
            values[VIEW_LAST_LAYER] = Integer.toUnsignedLong(answer.lastLayer());
            return values;
        }
    }

    public void sparseProperties(final BackendArray array, final BackendArray[] mipmappedLevels,
        final CallResult result)
    {
        final String name = array != null ?
            result.name("cudaArrayGetSparseProperties", "cuArrayGetSparseProperties") :
            result.name("cudaMipmappedArrayGetSparseProperties", "cuMipmappedArrayGetSparseProperties");
        final BackendArray any = array != null ? array : mipmappedLevels[0];
        if (!session.makeCurrentFor((GpuContext)any.context(), name, result))
        {
            return;
        }
        try (CUDA_ARRAY_SPARSE_PROPERTIES_v1 answer = new CUDA_ARRAY_SPARSE_PROPERTIES_v1())
        {
            Pointer.memset(answer, 0, answer.sizeof());
            final int status = array != null ? cuArrayGetSparseProperties(answer, GpuArrays.handle(array)) :
                cuMipmappedArrayGetSparseProperties(answer, GpuArrays.mipmappedHandleOf(any));
            if (GpuBackendSession.checkStatus(status, name, result))
            {
                result.value(Integer.toUnsignedLong(answer.tileExtent_width()))
                    .value(Integer.toUnsignedLong(answer.tileExtent_height()))
                    .value(Integer.toUnsignedLong(answer.tileExtent_depth()))
                    .value(Integer.toUnsignedLong(answer.miptailFirstLevel())).value(answer.miptailSize())
                    .value(Integer.toUnsignedLong(answer.flags()));
            }
        }
    }

    public void memoryRequirements(final BackendArray array, final BackendArray[] mipmappedLevels, final int device,
        final CallResult result)
    {
        final String name = array != null ?
            result.name("cudaArrayGetMemoryRequirements", "cuArrayGetMemoryRequirements") :
            result.name("cudaMipmappedArrayGetMemoryRequirements", "cuMipmappedArrayGetMemoryRequirements");
        final BackendArray any = array != null ? array : mipmappedLevels[0];
        if (!session.makeCurrentFor((GpuContext)any.context(), name, result))
        {
            return;
        }
        try (CUDA_ARRAY_MEMORY_REQUIREMENTS_v1 answer = new CUDA_ARRAY_MEMORY_REQUIREMENTS_v1())
        {
            Pointer.memset(answer, 0, answer.sizeof());
            final int cudaDevice = session.cudaDevice(device);
            final int status = array != null ?
                cuArrayGetMemoryRequirements(answer, GpuArrays.handle(array), cudaDevice) :
                cuMipmappedArrayGetMemoryRequirements(answer, GpuArrays.mipmappedHandleOf(any), cudaDevice);
            if (GpuBackendSession.checkStatus(status, name, result))
            {
                result.value(answer.size()).value(answer.alignment());
            }
        }
    }

    public void plane(final BackendArray array, final int planeIndex, final CallResult result)
    {
        final String name = result.name("cudaArrayGetPlane", "cuArrayGetPlane");
        if (!session.makeCurrentFor((GpuContext)array.context(), name, result))
        {
            return;
        }
        final CUarray_st plane = new CUarray_st();
        final int status = cuArrayGetPlane(plane, GpuArrays.handle(array), planeIndex);
        if (status == CUDA_SUCCESS)
        {
            // A plane is an array the session would have to track and never free by itself; gpurelay makes no
            // planar arrays, so CUDA should never get here.
            result.fail(CudaError.NOT_SUPPORTED, name + ": CUDA names plane " + planeIndex + " of the array, and " +
                "gpurelay does not remote the planes of planar arrays");
            return;
        }
        GpuBackendSession.checkStatus(status, name, result);
    }

    /**
     * Linear and pitch2D memory must lie inside one allocation of the session for the bytes the texture covers.
     */
    private boolean holdsMemory(final TextureResource resource, final String name, final CallResult result)
    {
        if ((resource.type() == TYPE_LINEAR || resource.type() == TYPE_PITCH2D) &&
            !session.holds(resource.address(), resource.extent()))
        {
            result.fail(CudaError.INVALID_VALUE, name + ": [0x" + Long.toHexString(resource.address()) + ", +" +
                resource.extent() + ") is not inside one allocation of this session");
            return false;
        }
        return true;
    }

    private static CUDA_RESOURCE_DESC_v1 resourceDescriptor(final TextureResource resource)
    {
        final long[] values = resource.values();
        final CUDA_RESOURCE_DESC_v1 descriptor = new CUDA_RESOURCE_DESC_v1();
        Pointer.memset(descriptor, 0, descriptor.sizeof());
        descriptor.resType(resource.type()).flags((int)values[RESOURCE_FLAGS]);
        switch (resource.type())
        {
            case TYPE_ARRAY -> descriptor.res_array_hArray(GpuArrays.handle(resource.array()));
            case TYPE_MIPMAPPED_ARRAY ->
                descriptor.res_mipmap_hMipmappedArray(GpuArrays.mipmappedHandleOf(resource.mipmappedLevels()[0]));
            case TYPE_LINEAR -> descriptor.res_linear_devPtr(resource.address())
                .res_linear_format((int)values[RESOURCE_FORMAT]).res_linear_numChannels((int)values[RESOURCE_CHANNELS])
                .res_linear_sizeInBytes(values[RESOURCE_SIZE_OR_WIDTH]);
            default -> descriptor.res_pitch2D_devPtr(resource.address())
                .res_pitch2D_format((int)values[RESOURCE_FORMAT])
                .res_pitch2D_numChannels((int)values[RESOURCE_CHANNELS])
                .res_pitch2D_width(values[RESOURCE_SIZE_OR_WIDTH]).res_pitch2D_height(values[RESOURCE_HEIGHT])
                .res_pitch2D_pitchInBytes(values[RESOURCE_PITCH]);
        }
        return descriptor;
    }
}
