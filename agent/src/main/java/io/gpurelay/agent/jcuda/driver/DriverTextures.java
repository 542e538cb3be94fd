package io.gpurelay.agent.jcuda.driver;

import static io.gpurelay.protocol.TextureDescriptors.CREATE_ARGUMENTS;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_TEXTURE;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_VIEW;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_VIEW_GIVEN;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_CHANNELS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FLAGS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FORMAT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HANDLE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HEIGHT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_PITCH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_SIZE_OR_WIDTH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_TYPE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.SPARSE_PROPERTIES_VALUES;
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

import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.protocol.DriverStatus;
import io.gpurelay.protocol.Function;
import jcuda.NativePointerObject;
import jcuda.driver.CUDA_ARRAY_MEMORY_REQUIREMENTS;
import jcuda.driver.CUDA_ARRAY_SPARSE_PROPERTIES;
import jcuda.driver.CUDA_ARRAY_SPARSE_PROPERTIES_tileExtent;
import jcuda.driver.CUDA_RESOURCE_DESC;
import jcuda.driver.CUDA_RESOURCE_VIEW_DESC;
import jcuda.driver.CUDA_TEXTURE_DESC;
import jcuda.driver.CUarray;
import jcuda.driver.CUdevice;
import jcuda.driver.CUdeviceptr;
import jcuda.driver.CUmipmappedArray;
import jcuda.driver.CUsurfObject;
import jcuda.driver.CUtexObject;

/**
 * The driver's texture and surface objects and the array queries ({@link JCudaDriverRemote} delegates to these).
 * An object is CUDA's own 64-bit value in the {@link CUtexObject} / {@link CUsurfObject}, so a kernel takes it as
 * {@code Pointer.to(texObject)} as it does locally; arrays are the executor's handles, given back as the client knows
 * them by the queries.
 */
final class DriverTextures
{
    private DriverTextures()
    {
    }

    static int cuTexObjectCreate(final CUtexObject pTexObject, final CUDA_RESOURCE_DESC pResDesc,
        final CUDA_TEXTURE_DESC pTexDesc, final CUDA_RESOURCE_VIEW_DESC pResViewDesc)
    {
        requireNonNull(pTexObject, "pTexObject", "cuTexObjectCreate");
        requireNonNull(pResDesc, "pResDesc", "cuTexObjectCreate");
        requireNonNull(pTexDesc, "pTexDesc", "cuTexObjectCreate");
        final long[] args = new long[CREATE_ARGUMENTS];
        resource(pResDesc, args);
        texture(pTexDesc, args);
        if (pResViewDesc != null)
        {
            args[CREATE_VIEW_GIVEN] = 1;
            args[CREATE_VIEW + VIEW_FORMAT] = Integer.toUnsignedLong(pResViewDesc.format);
            args[CREATE_VIEW + VIEW_WIDTH] = pResViewDesc.width;
            args[CREATE_VIEW + VIEW_HEIGHT] = pResViewDesc.height;
            args[CREATE_VIEW + VIEW_DEPTH] = pResViewDesc.depth;
            args[CREATE_VIEW + VIEW_FIRST_MIPMAP_LEVEL] = Integer.toUnsignedLong(pResViewDesc.firstMipmapLevel);
            args[CREATE_VIEW + VIEW_LAST_MIPMAP_LEVEL] = Integer.toUnsignedLong(pResViewDesc.lastMipmapLevel);
            args[CREATE_VIEW + VIEW_FIRST_LAYER] = Integer.toUnsignedLong(pResViewDesc.firstLayer);
            args[CREATE_VIEW + VIEW_LAST_LAYER] = Integer.toUnsignedLong(pResViewDesc.lastLayer);
        }
        return create(Function.CU_TEX_OBJECT_CREATE, pTexObject, args);
    }

    static int cuSurfObjectCreate(final CUsurfObject pSurfObject, final CUDA_RESOURCE_DESC pResDesc)
    {
        requireNonNull(pSurfObject, "pSurfObject", "cuSurfObjectCreate");
        requireNonNull(pResDesc, "pResDesc", "cuSurfObjectCreate");
        final long[] args = new long[RESOURCE_VALUES];
        resource(pResDesc, args);
        return create(Function.CU_SURF_OBJECT_CREATE, pSurfObject, args);
    }

    static int destroy(final NativePointerObject object, final boolean surface)
    {
        requireNonNull(object, surface ? "surfObject" : "texObject",
            surface ? "cuSurfObjectDestroy" : "cuTexObjectDestroy");
        return DriverCalls.inContext(Function.CU_TEX_SURF_OBJECT_DESTROY,
            new long[]{ JCudaPointers.nativePointer(object), surface ? 1 : 0 }, null, null, null);
    }

    static int getResourceDesc(final CUDA_RESOURCE_DESC pResDesc, final NativePointerObject object,
        final boolean surface)
    {
        final String function = surface ? "cuSurfObjectGetResourceDesc" : "cuTexObjectGetResourceDesc";
        requireNonNull(pResDesc, "pResDesc", function);
        requireNonNull(object, surface ? "surfObject" : "texObject", function);
        final long[] values = new long[RESOURCE_VALUES];
        final int status = DriverCalls.inContext(Function.CU_TEX_SURF_OBJECT_GET_RESOURCE_DESC,
            new long[]{ JCudaPointers.nativePointer(object), surface ? 1 : 0 }, null, null, values);
        if (status == DriverStatus.SUCCESS)
        {
            pResDesc.resType = (int)values[RESOURCE_TYPE];
            pResDesc.flags = (int)values[RESOURCE_FLAGS];
            switch ((int)values[RESOURCE_TYPE])
            {
                case TYPE_ARRAY -> pResDesc.array_hArray = handle(new CUarray(), values[RESOURCE_HANDLE]);
                case TYPE_MIPMAPPED_ARRAY ->
                    pResDesc.mipmap_hMipmappedArray = handle(new CUmipmappedArray(), values[RESOURCE_HANDLE]);
                case TYPE_LINEAR ->
                {
                    pResDesc.linear_devPtr = handle(new CUdeviceptr(), values[RESOURCE_HANDLE]);
                    pResDesc.linear_format = (int)values[RESOURCE_FORMAT];
                    pResDesc.linear_numChannels = (int)values[RESOURCE_CHANNELS];
                    pResDesc.linear_sizeInBytes = values[RESOURCE_SIZE_OR_WIDTH];
                }
                case TYPE_PITCH2D ->
                {
                    pResDesc.pitch2D_devPtr = handle(new CUdeviceptr(), values[RESOURCE_HANDLE]);
                    pResDesc.pitch2D_format = (int)values[RESOURCE_FORMAT];
                    pResDesc.pitch2D_numChannels = (int)values[RESOURCE_CHANNELS];
                    pResDesc.pitch2D_width = values[RESOURCE_SIZE_OR_WIDTH];
                    pResDesc.pitch2D_height = values[RESOURCE_HEIGHT];
                    pResDesc.pitch2D_pitchInBytes = values[RESOURCE_PITCH];
                }
                default ->
                {
                }
            }
        }
        return status;
    }

    static int cuTexObjectGetTextureDesc(final CUDA_TEXTURE_DESC pTexDesc, final CUtexObject texObject)
    {
        requireNonNull(pTexDesc, "pTexDesc", "cuTexObjectGetTextureDesc");
        requireNonNull(texObject, "texObject", "cuTexObjectGetTextureDesc");
        final long[] values = new long[TEXTURE_VALUES];
        final int status = DriverCalls.inContext(Function.CU_TEX_OBJECT_GET_TEXTURE_DESC,
            new long[]{ JCudaPointers.nativePointer(texObject) }, null, null, values);
        if (status == DriverStatus.SUCCESS)
        {
            pTexDesc.addressMode = new int[]{ (int)values[TEXTURE_ADDRESS_MODE], (int)values[TEXTURE_ADDRESS_MODE + 1],
                (int)values[TEXTURE_ADDRESS_MODE + 2] };
            pTexDesc.filterMode = (int)values[TEXTURE_FILTER_MODE];
            pTexDesc.flags = (int)values[TEXTURE_FLAGS];
            pTexDesc.maxAnisotropy = (int)values[TEXTURE_MAX_ANISOTROPY];
            pTexDesc.mipmapFilterMode = (int)values[TEXTURE_MIPMAP_FILTER_MODE];
            pTexDesc.mipmapLevelBias = Float.intBitsToFloat((int)values[TEXTURE_MIPMAP_LEVEL_BIAS]);
            pTexDesc.minMipmapLevelClamp = Float.intBitsToFloat((int)values[TEXTURE_MIN_MIPMAP_LEVEL_CLAMP]);
            pTexDesc.maxMipmapLevelClamp = Float.intBitsToFloat((int)values[TEXTURE_MAX_MIPMAP_LEVEL_CLAMP]);
            pTexDesc.borderColor = new float[4];
            for (int i = 0; i < 4; i++)
            {
                pTexDesc.borderColor[i] = Float.intBitsToFloat((int)values[TEXTURE_BORDER_COLOR + i]);
            }
        }
        return status;
    }

    static int cuTexObjectGetResourceViewDesc(final CUDA_RESOURCE_VIEW_DESC pResViewDesc, final CUtexObject texObject)
    {
        requireNonNull(pResViewDesc, "pResViewDesc", "cuTexObjectGetResourceViewDesc");
        requireNonNull(texObject, "texObject", "cuTexObjectGetResourceViewDesc");
        final long[] values = new long[VIEW_REPLY_VALUES];
        final int status = DriverCalls.inContext(Function.CU_TEX_OBJECT_GET_RESOURCE_VIEW_DESC,
            new long[]{ JCudaPointers.nativePointer(texObject) }, null, null, values);
        // CUDA answers success and leaves the descriptor as it was for an object that has no view.
        if (status == DriverStatus.SUCCESS && values[VIEW_WRITTEN] != 0)
        {
            pResViewDesc.format = (int)values[VIEW_FORMAT];
            pResViewDesc.width = values[VIEW_WIDTH];
            pResViewDesc.height = values[VIEW_HEIGHT];
            pResViewDesc.depth = values[VIEW_DEPTH];
            pResViewDesc.firstMipmapLevel = (int)values[VIEW_FIRST_MIPMAP_LEVEL];
            pResViewDesc.lastMipmapLevel = (int)values[VIEW_LAST_MIPMAP_LEVEL];
            pResViewDesc.firstLayer = (int)values[VIEW_FIRST_LAYER];
            pResViewDesc.lastLayer = (int)values[VIEW_LAST_LAYER];
        }
        return status;
    }

    static int sparseProperties(final CUDA_ARRAY_SPARSE_PROPERTIES sparseProperties,
        final NativePointerObject array, final boolean mipmapped)
    {
        final String function = mipmapped ? "cuMipmappedArrayGetSparseProperties" : "cuArrayGetSparseProperties";
        requireNonNull(sparseProperties, "sparseProperties", function);
        requireNonNull(array, mipmapped ? "mipmap" : "array", function);
        final long[] values = new long[SPARSE_PROPERTIES_VALUES];
        final int status = DriverCalls.inContext(Function.CU_ARRAY_GET_SPARSE_PROPERTIES,
            new long[]{ JCudaPointers.nativePointer(array), mipmapped ? 1 : 0 }, null, null, values);
        if (status == DriverStatus.SUCCESS)
        {
            sparseProperties.tileExtent = new CUDA_ARRAY_SPARSE_PROPERTIES_tileExtent();
            sparseProperties.tileExtent.width = (int)values[0];
            sparseProperties.tileExtent.height = (int)values[1];
            sparseProperties.tileExtent.depth = (int)values[2];
            sparseProperties.miptailFirstLevel = (int)values[3];
            sparseProperties.miptailSize = values[4];
            sparseProperties.flags = (int)values[5];
        }
        return status;
    }

    static int memoryRequirements(final CUDA_ARRAY_MEMORY_REQUIREMENTS memoryRequirements,
        final NativePointerObject array, final CUdevice device, final boolean mipmapped)
    {
        final String function = mipmapped ? "cuMipmappedArrayGetMemoryRequirements" : "cuArrayGetMemoryRequirements";
        requireNonNull(memoryRequirements, "memoryRequirements", function);
        requireNonNull(array, mipmapped ? "mipmap" : "array", function);
        requireNonNull(device, "device", function);
        final long[] values = new long[2];
        final int status = DriverCalls.inContext(Function.CU_ARRAY_GET_MEMORY_REQUIREMENTS, new long[]{
            JCudaPointers.nativePointer(array), mipmapped ? 1 : 0, JCudaPointers.nativePointer(device) }, null, null,
            values);
        if (status == DriverStatus.SUCCESS)
        {
            memoryRequirements.size = values[0];
            memoryRequirements.alignment = values[1];
        }
        return status;
    }

    static int cuArrayGetPlane(final CUarray pPlaneArray, final CUarray hArray, final int planeIdx)
    {
        requireNonNull(pPlaneArray, "pPlaneArray", "cuArrayGetPlane");
        requireNonNull(hArray, "hArray", "cuArrayGetPlane");
        final long[] values = new long[1];
        final int status = DriverCalls.inContext(Function.CU_ARRAY_GET_PLANE,
            new long[]{ JCudaPointers.nativePointer(hArray), Integer.toUnsignedLong(planeIdx) }, null, null, values);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(pPlaneArray, values[0]);
        }
        return status;
    }

    private static int create(final Function function, final NativePointerObject object, final long[] args)
    {
        final long[] results = new long[1];
        final int status = DriverCalls.inContext(function, args, null, null, results);
        if (status == DriverStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(object, results[0]);
        }
        return status;
    }

    /**
     * The resource descriptor's members of its type, as arguments 0 to 7.
     */
    private static void resource(final CUDA_RESOURCE_DESC descriptor, final long[] args)
    {
        args[RESOURCE_TYPE] = Integer.toUnsignedLong(descriptor.resType);
        args[RESOURCE_FLAGS] = Integer.toUnsignedLong(descriptor.flags);
        switch (descriptor.resType)
        {
            case TYPE_ARRAY -> args[RESOURCE_HANDLE] = handle(descriptor.array_hArray);
            case TYPE_MIPMAPPED_ARRAY -> args[RESOURCE_HANDLE] = handle(descriptor.mipmap_hMipmappedArray);
            case TYPE_LINEAR ->
            {
                args[RESOURCE_HANDLE] = descriptor.linear_devPtr == null ? 0 :
                    JCudaPointers.address(descriptor.linear_devPtr);
                args[RESOURCE_FORMAT] = Integer.toUnsignedLong(descriptor.linear_format);
                args[RESOURCE_CHANNELS] = Integer.toUnsignedLong(descriptor.linear_numChannels);
                args[RESOURCE_SIZE_OR_WIDTH] = descriptor.linear_sizeInBytes;
            }
            case TYPE_PITCH2D ->
            {
                args[RESOURCE_HANDLE] = descriptor.pitch2D_devPtr == null ? 0 :
                    JCudaPointers.address(descriptor.pitch2D_devPtr);
                args[RESOURCE_FORMAT] = Integer.toUnsignedLong(descriptor.pitch2D_format);
                args[RESOURCE_CHANNELS] = Integer.toUnsignedLong(descriptor.pitch2D_numChannels);
                args[RESOURCE_SIZE_OR_WIDTH] = descriptor.pitch2D_width;
                args[RESOURCE_HEIGHT] = descriptor.pitch2D_height;
                args[RESOURCE_PITCH] = descriptor.pitch2D_pitchInBytes;
            }
            default ->
            {
                // The executor refuses the type, naming it.
            }
        }
    }

    private static void texture(final CUDA_TEXTURE_DESC descriptor, final long[] args)
    {
        for (int i = 0; i < 3; i++)
        {
            args[CREATE_TEXTURE + TEXTURE_ADDRESS_MODE + i] = descriptor.addressMode != null &&
                i < descriptor.addressMode.length ? descriptor.addressMode[i] : 0;
        }
        args[CREATE_TEXTURE + TEXTURE_FILTER_MODE] = descriptor.filterMode;
        args[CREATE_TEXTURE + TEXTURE_FLAGS] = Integer.toUnsignedLong(descriptor.flags);
        args[CREATE_TEXTURE + TEXTURE_MAX_ANISOTROPY] = Integer.toUnsignedLong(descriptor.maxAnisotropy);
        args[CREATE_TEXTURE + TEXTURE_MIPMAP_FILTER_MODE] = descriptor.mipmapFilterMode;
        args[CREATE_TEXTURE + TEXTURE_MIPMAP_LEVEL_BIAS] = Float.floatToRawIntBits(descriptor.mipmapLevelBias);
        args[CREATE_TEXTURE + TEXTURE_MIN_MIPMAP_LEVEL_CLAMP] =
            Float.floatToRawIntBits(descriptor.minMipmapLevelClamp);
        args[CREATE_TEXTURE + TEXTURE_MAX_MIPMAP_LEVEL_CLAMP] =
            Float.floatToRawIntBits(descriptor.maxMipmapLevelClamp);
        for (int i = 0; i < 4; i++)
        {
            args[CREATE_TEXTURE + TEXTURE_BORDER_COLOR + i] = descriptor.borderColor != null &&
                i < descriptor.borderColor.length ? Float.floatToRawIntBits(descriptor.borderColor[i]) : 0;
        }
    }

    private static long handle(final NativePointerObject object)
    {
        return object == null ? 0 : JCudaPointers.nativePointer(object);
    }

    private static <T extends NativePointerObject> T handle(final T object, final long value)
    {
        JCudaPointers.setNativePointer(object, value);
        return object;
    }

    private static void requireNonNull(final Object argument, final String name, final String function)
    {
        if (argument == null)
        {
            throw new NullPointerException("Parameter '" + name + "' is null for " + function);
        }
    }
}
