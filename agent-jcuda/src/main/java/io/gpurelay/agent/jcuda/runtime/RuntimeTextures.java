package io.gpurelay.agent.jcuda.runtime;

import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HANDLE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_ARRAY;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_LINEAR;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_MIPMAPPED_ARRAY;
import static io.gpurelay.protocol.TextureDescriptors.TYPE_PITCH2D;

import io.gpurelay.agent.log.AgentLog;
import io.gpurelay.agent.cuda.runtime.RuntimeCalls;
import io.gpurelay.agent.jcuda.JCudaPointers;
import io.gpurelay.agent.jcuda.TextureCalls;
import io.gpurelay.protocol.Function;
import io.gpurelay.protocol.RuntimeStatus;
import jcuda.NativePointerObject;
import jcuda.Pointer;
import jcuda.runtime.cudaArray;
import jcuda.runtime.cudaArrayMemoryRequirements;
import jcuda.runtime.cudaArraySparseProperties;
import jcuda.runtime.cudaArraySparseProperties_tileExtent;
import jcuda.runtime.cudaChannelFormatDesc;
import jcuda.runtime.cudaMipmappedArray;
import jcuda.runtime.cudaResourceDesc;
import jcuda.runtime.cudaResourceViewDesc;
import jcuda.runtime.cudaSurfaceObject;
import jcuda.runtime.cudaTextureObject;

/**
 * The runtime's texture and surface objects and the array queries ({@link JCudaRuntimeRemote} delegates to these),
 * run by the executor as the driver's functions in the current device's primary context. A channel format travels as
 * the driver's format and channel count. JCuda 12.6 has no {@code cudaCreateTextureObject}; a runtime program gets
 * its texture objects from {@code cuTexObjectCreate}, whose values are the same.
 */
final class RuntimeTextures
{
    /** The runtime's functions run in the current device's primary context and set the thread's last error. */
    private static final TextureCalls.Sender SENDER =
        (function, args, results) -> RuntimeCalls.call(function, args, null, null, results);

    private RuntimeTextures()
    {
    }

    static int cudaCreateSurfaceObject(final cudaSurfaceObject pSurfObject, final cudaResourceDesc pResDesc)
    {
        final long[] args = new long[RESOURCE_VALUES];
        TextureCalls.resource(args, pResDesc.resType, 0);
        switch (pResDesc.resType)
        {
            case TYPE_ARRAY -> args[RESOURCE_HANDLE] = TextureCalls.handle(pResDesc.array_array);
            case TYPE_MIPMAPPED_ARRAY -> args[RESOURCE_HANDLE] = TextureCalls.handle(pResDesc.mipmap_mipmap);
            case TYPE_LINEAR, TYPE_PITCH2D ->
            {
                final boolean linear = pResDesc.resType == TYPE_LINEAR;
                final cudaChannelFormatDesc desc = linear ? pResDesc.linear_desc : pResDesc.pitch2D_desc;
                final int format = desc == null ? 0 : RuntimeArrays.format(desc);
                final int channels = desc == null ? 0 : RuntimeArrays.channels(desc);
                if (format == 0 || !RuntimeArrays.sameSizes(desc, channels))
                {
                    AgentLog.warn("cudaCreateSurfaceObject: the resource's channel format is not 1, 2 or 4 " +
                        "channels of one size of 8, 16 or 32 bits; returning cudaErrorInvalidValue");
                    return RuntimeCalls.record(RuntimeStatus.INVALID_VALUE);
                }
                TextureCalls.memoryResource(args, linear ? pResDesc.linear_devPtr : pResDesc.pitch2D_devPtr, format,
                    channels, linear ? pResDesc.linear_sizeInBytes : pResDesc.pitch2D_width,
                    linear ? 0 : pResDesc.pitch2D_height, linear ? 0 : pResDesc.pitch2D_pitchInBytes);
            }
            default ->
            {
                // The executor refuses the type, naming it.
            }
        }
        return TextureCalls.create(SENDER, Function.CUDA_CREATE_SURFACE_OBJECT, args, pSurfObject);
    }

    static int destroy(final NativePointerObject object, final boolean surface)
    {
        return TextureCalls.destroy(SENDER, Function.CUDA_TEX_SURF_OBJECT_DESTROY,
            surface ? "cudaDestroySurfaceObject" : "cudaDestroyTextureObject", object, surface);
    }

    static int getResourceDesc(final cudaResourceDesc pResDesc, final NativePointerObject object,
        final boolean surface)
    {
        return TextureCalls.resourceDesc(SENDER, Function.CUDA_TEX_SURF_OBJECT_GET_RESOURCE_DESC,
            surface ? "cudaGetSurfaceObjectResourceDesc" : "cudaGetTextureObjectResourceDesc", pResDesc, object,
            surface, new TextureCalls.ResourceFields()
            {
                public void type(final int type, final int flags)
                {
                    // cudaResourceDesc has no flags.
                    pResDesc.resType = type;
                }

                public void array(final long handle)
                {
                    pResDesc.array_array = TextureCalls.handle(new cudaArray(), handle);
                }

                public void mipmappedArray(final long handle)
                {
                    pResDesc.mipmap_mipmap = TextureCalls.handle(new cudaMipmappedArray(), handle);
                }

                public void linear(final long address, final int format, final int channels, final long sizeInBytes)
                {
                    pResDesc.linear_devPtr = devicePointer(address);
                    pResDesc.linear_desc = channelDesc(format, channels);
                    pResDesc.linear_sizeInBytes = sizeInBytes;
                }

                public void pitch2D(final long address, final int format, final int channels, final long width,
                    final long height, final long pitchInBytes)
                {
                    pResDesc.pitch2D_devPtr = devicePointer(address);
                    pResDesc.pitch2D_desc = channelDesc(format, channels);
                    pResDesc.pitch2D_width = width;
                    pResDesc.pitch2D_height = height;
                    pResDesc.pitch2D_pitchInBytes = pitchInBytes;
                }
            });
    }

    static int cudaGetTextureObjectResourceViewDesc(final cudaResourceViewDesc pResViewDesc,
        final cudaTextureObject texObject)
    {
        return TextureCalls.resourceViewDesc(SENDER, Function.CUDA_GET_TEXTURE_OBJECT_RESOURCE_VIEW_DESC,
            "cudaGetTextureObjectResourceViewDesc", pResViewDesc, texObject,
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

    static int sparseProperties(final cudaArraySparseProperties sparseProperties, final NativePointerObject array,
        final boolean mipmapped)
    {
        return TextureCalls.sparseProperties(SENDER, Function.CUDA_ARRAY_GET_SPARSE_PROPERTIES,
            mipmapped ? "cudaMipmappedArrayGetSparseProperties" : "cudaArrayGetSparseProperties", sparseProperties,
            array, mipmapped, (tileWidth, tileHeight, tileDepth, miptailFirstLevel, miptailSize, flags) ->
            {
                sparseProperties.tileExtent = new cudaArraySparseProperties_tileExtent();
                sparseProperties.tileExtent.width = tileWidth;
                sparseProperties.tileExtent.height = tileHeight;
                sparseProperties.tileExtent.depth = tileDepth;
                sparseProperties.miptailFirstLevel = miptailFirstLevel;
                sparseProperties.miptailSize = miptailSize;
                sparseProperties.flags = flags;
            });
    }

    static int memoryRequirements(final cudaArrayMemoryRequirements memoryRequirements,
        final NativePointerObject array, final int device, final boolean mipmapped)
    {
        return TextureCalls.memoryRequirements(SENDER, Function.CUDA_ARRAY_GET_MEMORY_REQUIREMENTS,
            mipmapped ? "cudaMipmappedArrayGetMemoryRequirements" : "cudaArrayGetMemoryRequirements",
            memoryRequirements, array, mipmapped, () -> device, (size, alignment) ->
            {
                memoryRequirements.size = size;
                memoryRequirements.alignment = alignment;
            });
    }

    static int cudaArrayGetPlane(final cudaArray pPlaneArray, final cudaArray hArray, final int planeIdx)
    {
        return TextureCalls.arrayGetPlane(SENDER, Function.CUDA_ARRAY_GET_PLANE, "cudaArrayGetPlane", pPlaneArray,
            hArray, planeIdx);
    }

    private static cudaChannelFormatDesc channelDesc(final int format, final int channels)
    {
        final cudaChannelFormatDesc desc = new cudaChannelFormatDesc();
        RuntimeArrays.channelDesc(desc, format, channels);
        return desc;
    }

    private static Pointer devicePointer(final long address)
    {
        final Pointer pointer = new Pointer();
        JCudaPointers.setAddress(pointer, address);
        return pointer;
    }
}
