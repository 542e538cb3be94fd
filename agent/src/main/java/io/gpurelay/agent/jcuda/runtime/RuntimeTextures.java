package io.gpurelay.agent.jcuda.runtime;

import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_CHANNELS;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_FORMAT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HANDLE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_HEIGHT;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_PITCH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_SIZE_OR_WIDTH;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_TYPE;
import static io.gpurelay.protocol.TextureDescriptors.RESOURCE_VALUES;
import static io.gpurelay.protocol.TextureDescriptors.SPARSE_PROPERTIES_VALUES;
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

import io.gpurelay.agent.AgentLog;
import io.gpurelay.agent.jcuda.JCudaPointers;
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
    private RuntimeTextures()
    {
    }

    static int cudaCreateSurfaceObject(final cudaSurfaceObject pSurfObject, final cudaResourceDesc pResDesc)
    {
        requireNonNull(pSurfObject, "pSurfObject", "cudaCreateSurfaceObject");
        requireNonNull(pResDesc, "pResDesc", "cudaCreateSurfaceObject");
        final long[] args = new long[RESOURCE_VALUES];
        args[RESOURCE_TYPE] = Integer.toUnsignedLong(pResDesc.resType);
        switch (pResDesc.resType)
        {
            case TYPE_ARRAY -> args[RESOURCE_HANDLE] = handle(pResDesc.array_array);
            case TYPE_MIPMAPPED_ARRAY -> args[RESOURCE_HANDLE] = handle(pResDesc.mipmap_mipmap);
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
                final Pointer pointer = linear ? pResDesc.linear_devPtr : pResDesc.pitch2D_devPtr;
                args[RESOURCE_HANDLE] = pointer == null ? 0 : JCudaPointers.address(pointer);
                args[RESOURCE_FORMAT] = format;
                args[RESOURCE_CHANNELS] = channels;
                args[RESOURCE_SIZE_OR_WIDTH] = linear ? pResDesc.linear_sizeInBytes : pResDesc.pitch2D_width;
                args[RESOURCE_HEIGHT] = linear ? 0 : pResDesc.pitch2D_height;
                args[RESOURCE_PITCH] = linear ? 0 : pResDesc.pitch2D_pitchInBytes;
            }
            default ->
            {
                // The executor refuses the type, naming it.
            }
        }
        final long[] results = new long[1];
        final int status = RuntimeCalls.call(Function.CUDA_CREATE_SURFACE_OBJECT, args, null, null, results);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(pSurfObject, results[0]);
        }
        return status;
    }

    static int destroy(final NativePointerObject object, final boolean surface)
    {
        requireNonNull(object, surface ? "surfObject" : "texObject",
            surface ? "cudaDestroySurfaceObject" : "cudaDestroyTextureObject");
        return RuntimeCalls.call(Function.CUDA_TEX_SURF_OBJECT_DESTROY,
            new long[]{ JCudaPointers.nativePointer(object), surface ? 1 : 0 }, null, null, null);
    }

    static int getResourceDesc(final cudaResourceDesc pResDesc, final NativePointerObject object,
        final boolean surface)
    {
        final String function = surface ? "cudaGetSurfaceObjectResourceDesc" : "cudaGetTextureObjectResourceDesc";
        requireNonNull(pResDesc, "pResDesc", function);
        requireNonNull(object, surface ? "surfObject" : "texObject", function);
        final long[] values = new long[RESOURCE_VALUES];
        final int status = RuntimeCalls.call(Function.CUDA_TEX_SURF_OBJECT_GET_RESOURCE_DESC,
            new long[]{ JCudaPointers.nativePointer(object), surface ? 1 : 0 }, null, null, values);
        if (status == RuntimeStatus.SUCCESS)
        {
            pResDesc.resType = (int)values[RESOURCE_TYPE];
            switch ((int)values[RESOURCE_TYPE])
            {
                case TYPE_ARRAY -> pResDesc.array_array = handle(new cudaArray(), values[RESOURCE_HANDLE]);
                case TYPE_MIPMAPPED_ARRAY ->
                    pResDesc.mipmap_mipmap = handle(new cudaMipmappedArray(), values[RESOURCE_HANDLE]);
                case TYPE_LINEAR ->
                {
                    pResDesc.linear_devPtr = address(values[RESOURCE_HANDLE]);
                    pResDesc.linear_desc = channelDesc(values);
                    pResDesc.linear_sizeInBytes = values[RESOURCE_SIZE_OR_WIDTH];
                }
                case TYPE_PITCH2D ->
                {
                    pResDesc.pitch2D_devPtr = address(values[RESOURCE_HANDLE]);
                    pResDesc.pitch2D_desc = channelDesc(values);
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

    static int cudaGetTextureObjectResourceViewDesc(final cudaResourceViewDesc pResViewDesc,
        final cudaTextureObject texObject)
    {
        requireNonNull(pResViewDesc, "pResViewDesc", "cudaGetTextureObjectResourceViewDesc");
        requireNonNull(texObject, "texObject", "cudaGetTextureObjectResourceViewDesc");
        final long[] values = new long[VIEW_REPLY_VALUES];
        final int status = RuntimeCalls.call(Function.CUDA_GET_TEXTURE_OBJECT_RESOURCE_VIEW_DESC,
            new long[]{ JCudaPointers.nativePointer(texObject) }, null, null, values);
        // CUDA answers success and leaves the descriptor as it was for an object that has no view.
        if (status == RuntimeStatus.SUCCESS && values[VIEW_WRITTEN] != 0)
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

    static int sparseProperties(final cudaArraySparseProperties sparseProperties, final NativePointerObject array,
        final boolean mipmapped)
    {
        final String function = mipmapped ? "cudaMipmappedArrayGetSparseProperties" : "cudaArrayGetSparseProperties";
        requireNonNull(sparseProperties, "sparseProperties", function);
        requireNonNull(array, mipmapped ? "mipmap" : "array", function);
        final long[] values = new long[SPARSE_PROPERTIES_VALUES];
        final int status = RuntimeCalls.call(Function.CUDA_ARRAY_GET_SPARSE_PROPERTIES,
            new long[]{ JCudaPointers.nativePointer(array), mipmapped ? 1 : 0 }, null, null, values);
        if (status == RuntimeStatus.SUCCESS)
        {
            sparseProperties.tileExtent = new cudaArraySparseProperties_tileExtent();
            sparseProperties.tileExtent.width = (int)values[0];
            sparseProperties.tileExtent.height = (int)values[1];
            sparseProperties.tileExtent.depth = (int)values[2];
            sparseProperties.miptailFirstLevel = (int)values[3];
            sparseProperties.miptailSize = values[4];
            sparseProperties.flags = (int)values[5];
        }
        return status;
    }

    static int memoryRequirements(final cudaArrayMemoryRequirements memoryRequirements,
        final NativePointerObject array, final int device, final boolean mipmapped)
    {
        final String function = mipmapped ? "cudaMipmappedArrayGetMemoryRequirements" :
            "cudaArrayGetMemoryRequirements";
        requireNonNull(memoryRequirements, "memoryRequirements", function);
        requireNonNull(array, mipmapped ? "mipmap" : "array", function);
        final long[] values = new long[2];
        final int status = RuntimeCalls.call(Function.CUDA_ARRAY_GET_MEMORY_REQUIREMENTS,
            new long[]{ JCudaPointers.nativePointer(array), mipmapped ? 1 : 0, device }, null, null, values);
        if (status == RuntimeStatus.SUCCESS)
        {
            memoryRequirements.size = values[0];
            memoryRequirements.alignment = values[1];
        }
        return status;
    }

    static int cudaArrayGetPlane(final cudaArray pPlaneArray, final cudaArray hArray, final int planeIdx)
    {
        requireNonNull(pPlaneArray, "pPlaneArray", "cudaArrayGetPlane");
        requireNonNull(hArray, "hArray", "cudaArrayGetPlane");
        final long[] values = new long[1];
        final int status = RuntimeCalls.call(Function.CUDA_ARRAY_GET_PLANE,
            new long[]{ JCudaPointers.nativePointer(hArray), Integer.toUnsignedLong(planeIdx) }, null, null, values);
        if (status == RuntimeStatus.SUCCESS)
        {
            JCudaPointers.setNativePointer(pPlaneArray, values[0]);
        }
        return status;
    }

    private static cudaChannelFormatDesc channelDesc(final long[] values)
    {
        final cudaChannelFormatDesc desc = new cudaChannelFormatDesc();
        RuntimeArrays.channelDesc(desc, (int)values[RESOURCE_FORMAT], (int)values[RESOURCE_CHANNELS]);
        return desc;
    }

    private static Pointer address(final long address)
    {
        final Pointer pointer = new Pointer();
        JCudaPointers.setAddress(pointer, address);
        return pointer;
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
