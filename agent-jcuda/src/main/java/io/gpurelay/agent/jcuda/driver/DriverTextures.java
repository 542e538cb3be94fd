package io.gpurelay.agent.jcuda.driver;

import static io.gpurelay.agent.jcuda.TextureCalls.requireNonNull;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_ARGUMENTS;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_TEXTURE;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_VIEW;
import static io.gpurelay.protocol.TextureDescriptors.CREATE_VIEW_GIVEN;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HANDLE;
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
import static io.gpurelay.protocol.TextureDescriptors.VIEW_WIDTH;

import io.gpurelay.agent.cuda.driver.DriverCalls;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.TextureCalls;
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
    /** The driver's functions run in the calling thread's context. */
    private static final TextureCalls.Sender SENDER =
        (function, args, results) -> DriverCalls.inContext(function, args, null, null, results);

    private DriverTextures()
    {
    }

    static int cuTexObjectCreate(final CUtexObject pTexObject, final CUDA_RESOURCE_DESC pResDesc,
        final CUDA_TEXTURE_DESC pTexDesc, final CUDA_RESOURCE_VIEW_DESC pResViewDesc)
    {
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
        return TextureCalls.create(SENDER, Function.CU_TEX_OBJECT_CREATE, args, pTexObject);
    }

    static int cuSurfObjectCreate(final CUsurfObject pSurfObject, final CUDA_RESOURCE_DESC pResDesc)
    {
        final long[] args = new long[RESOURCE_VALUES];
        resource(pResDesc, args);
        return TextureCalls.create(SENDER, Function.CU_SURF_OBJECT_CREATE, args, pSurfObject);
    }

    static int destroy(final NativePointerObject object, final boolean surface)
    {
        return TextureCalls.destroy(SENDER, Function.CU_TEX_SURF_OBJECT_DESTROY,
            surface ? "cuSurfObjectDestroy" : "cuTexObjectDestroy", object, surface);
    }

    static int getResourceDesc(final CUDA_RESOURCE_DESC pResDesc, final NativePointerObject object,
        final boolean surface)
    {
        return TextureCalls.resourceDesc(SENDER, Function.CU_TEX_SURF_OBJECT_GET_RESOURCE_DESC,
            surface ? "cuSurfObjectGetResourceDesc" : "cuTexObjectGetResourceDesc", pResDesc, object, surface,
            new TextureCalls.ResourceFields()
            {
                public void type(final int type, final int flags)
                {
                    pResDesc.resType = type;
                    pResDesc.flags = flags;
                }

                public void array(final long handle)
                {
                    pResDesc.array_hArray = TextureCalls.handle(new CUarray(), handle);
                }

                public void mipmappedArray(final long handle)
                {
                    pResDesc.mipmap_hMipmappedArray = TextureCalls.handle(new CUmipmappedArray(), handle);
                }

                public void linear(final long address, final int format, final int channels, final long sizeInBytes)
                {
                    pResDesc.linear_devPtr = TextureCalls.handle(new CUdeviceptr(), address);
                    pResDesc.linear_format = format;
                    pResDesc.linear_numChannels = channels;
                    pResDesc.linear_sizeInBytes = sizeInBytes;
                }

                public void pitch2D(final long address, final int format, final int channels, final long width,
                    final long height, final long pitchInBytes)
                {
                    pResDesc.pitch2D_devPtr = TextureCalls.handle(new CUdeviceptr(), address);
                    pResDesc.pitch2D_format = format;
                    pResDesc.pitch2D_numChannels = channels;
                    pResDesc.pitch2D_width = width;
                    pResDesc.pitch2D_height = height;
                    pResDesc.pitch2D_pitchInBytes = pitchInBytes;
                }
            });
    }

    static int cuTexObjectGetTextureDesc(final CUDA_TEXTURE_DESC pTexDesc, final CUtexObject texObject)
    {
        return TextureCalls.query(SENDER, Function.CU_TEX_OBJECT_GET_TEXTURE_DESC,
            new long[]{ JCudaPointers.nativePointer(texObject) }, TEXTURE_VALUES, values ->
            {
                pTexDesc.addressMode = new int[]{ (int)values[TEXTURE_ADDRESS_MODE],
                    (int)values[TEXTURE_ADDRESS_MODE + 1], (int)values[TEXTURE_ADDRESS_MODE + 2] };
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
            });
    }

    static int cuTexObjectGetResourceViewDesc(final CUDA_RESOURCE_VIEW_DESC pResViewDesc, final CUtexObject texObject)
    {
        return TextureCalls.resourceViewDesc(SENDER, Function.CU_TEX_OBJECT_GET_RESOURCE_VIEW_DESC,
            "cuTexObjectGetResourceViewDesc", pResViewDesc, texObject,
            (format, width, height, depth, firstMipmapLevel, lastMipmapLevel, firstLayer, lastLayer) ->
            {
                pResViewDesc.format = format;
                pResViewDesc.width = width;
                pResViewDesc.height = height;
                pResViewDesc.depth = depth;
                pResViewDesc.firstMipmapLevel = firstMipmapLevel;
                pResViewDesc.lastMipmapLevel = lastMipmapLevel;
                pResViewDesc.firstLayer = firstLayer;
                pResViewDesc.lastLayer = lastLayer;
            });
    }

    static int sparseProperties(final CUDA_ARRAY_SPARSE_PROPERTIES sparseProperties,
        final NativePointerObject array, final boolean mipmapped)
    {
        return TextureCalls.sparseProperties(SENDER, Function.CU_ARRAY_GET_SPARSE_PROPERTIES,
            mipmapped ? "cuMipmappedArrayGetSparseProperties" : "cuArrayGetSparseProperties", sparseProperties, array,
            mipmapped, (tileWidth, tileHeight, tileDepth, miptailFirstLevel, miptailSize, flags) ->
            {
                sparseProperties.tileExtent = new CUDA_ARRAY_SPARSE_PROPERTIES_tileExtent();
                sparseProperties.tileExtent.width = tileWidth;
                sparseProperties.tileExtent.height = tileHeight;
                sparseProperties.tileExtent.depth = tileDepth;
                sparseProperties.miptailFirstLevel = miptailFirstLevel;
                sparseProperties.miptailSize = miptailSize;
                sparseProperties.flags = flags;
            });
    }

    static int memoryRequirements(final CUDA_ARRAY_MEMORY_REQUIREMENTS memoryRequirements,
        final NativePointerObject array, final CUdevice device, final boolean mipmapped)
    {
        final String function = mipmapped ? "cuMipmappedArrayGetMemoryRequirements" : "cuArrayGetMemoryRequirements";
        return TextureCalls.memoryRequirements(SENDER, Function.CU_ARRAY_GET_MEMORY_REQUIREMENTS, function,
            memoryRequirements, array, mipmapped, () ->
            {
                requireNonNull(device, "device", function);
                return JCudaPointers.nativePointer(device);
            }, (size, alignment) ->
            {
                memoryRequirements.size = size;
                memoryRequirements.alignment = alignment;
            });
    }

    static int cuArrayGetPlane(final CUarray pPlaneArray, final CUarray hArray, final int planeIdx)
    {
        return TextureCalls.arrayGetPlane(SENDER, Function.CU_ARRAY_GET_PLANE, "cuArrayGetPlane", pPlaneArray, hArray,
            planeIdx);
    }

    /**
     * The resource descriptor's members of its type, as arguments 0 to 7.
     */
    private static void resource(final CUDA_RESOURCE_DESC descriptor, final long[] args)
    {
        TextureCalls.resource(args, descriptor.resType, descriptor.flags);
        switch (descriptor.resType)
        {
            case TYPE_ARRAY -> args[RESOURCE_HANDLE] = TextureCalls.handle(descriptor.array_hArray);
            case TYPE_MIPMAPPED_ARRAY -> args[RESOURCE_HANDLE] = TextureCalls.handle(descriptor.mipmap_hMipmappedArray);
            case TYPE_LINEAR -> TextureCalls.memoryResource(args, descriptor.linear_devPtr, descriptor.linear_format,
                descriptor.linear_numChannels, descriptor.linear_sizeInBytes, 0, 0);
            case TYPE_PITCH2D -> TextureCalls.memoryResource(args, descriptor.pitch2D_devPtr,
                descriptor.pitch2D_format, descriptor.pitch2D_numChannels, descriptor.pitch2D_width,
                descriptor.pitch2D_height, descriptor.pitch2D_pitchInBytes);
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
}
