package io.gpurelay.executor.backend;

import io.gpurelay.protocol.TextureDescriptors;

/**
 * A session's texture and surface objects, and the queries of its arrays that describe sparse, deferred-mapping and
 * planar arrays, on a backend. The executor has checked every handle (live arrays of the session, in the call's
 * context) and that each object is one the session made in that context and has not destroyed; a backend checks
 * linear and pitch2D memory against the session's allocations and runs CUDA's own validation of the rest. Each method
 * reports through the result and never throws for bad input. Descriptors are values in the orders of
 * {@link TextureDescriptors}.
 */
public interface BackendTextures
{
    /**
     * {@code cuTexObjectCreate}.
     *
     * @param view the resource view, or null for none.
     * @return the object's value (CUDA's own on a GPU), meaningful only when {@code result} has not failed.
     */
    long createTextureObject(
        BackendContext context, TextureResource resource, long[] texture, long[] view, CallResult result);

    /**
     * {@code cuSurfObjectCreate}.
     *
     * @return the object's value, meaningful only when {@code result} has not failed.
     */
    long createSurfaceObject(BackendContext context, TextureResource resource, CallResult result);

    /**
     * Destroy a live object the session made in the context (the executor answers for any other value itself).
     */
    void destroyObject(BackendContext context, long object, boolean surface, CallResult result);

    /**
     * {@code cuTexObjectGetResourceDesc} or {@code cuSurfObjectGetResourceDesc}: CUDA's answer, in which an array or
     * mipmapped array must be the one the object was made with ({@code made}); its handle slot is left for the
     * executor to fill with the client's handle.
     *
     * @return the descriptor, or null when the call failed (the failure is in {@code result}).
     */
    long[] resourceDescriptor(
        BackendContext context, long object, boolean surface, TextureResource made, CallResult result);

    /**
     * @return {@code cuTexObjectGetTextureDesc}'s answer, or null when the call failed. CUDA does not report the
     *         border colour (driver 580 leaves it unwritten): it comes back as 0.
     */
    long[] textureDescriptor(BackendContext context, long object, CallResult result);

    /**
     * @return {@code cuTexObjectGetResourceViewDesc}'s answer, {@link TextureDescriptors#VIEW_REPLY_VALUES} values:
     *         the view and whether CUDA wrote one (it answers success and writes nothing for an object made without a
     *         view, or over linear or pitch2D memory); null when the call failed.
     */
    long[] viewDescriptor(BackendContext context, long object, CallResult result);

    /**
     * {@code cuArrayGetSparseProperties} of the array, or {@code cuMipmappedArrayGetSparseProperties} of the mipmapped
     * array whose levels are given. Values: tile width, height, depth, miptailFirstLevel, miptailSize, flags.
     */
    void sparseProperties(BackendArray array, BackendArray[] mipmappedLevels, CallResult result);

    /**
     * {@code cuArrayGetMemoryRequirements} or {@code cuMipmappedArrayGetMemoryRequirements} on the device. Values:
     * size, alignment.
     */
    void memoryRequirements(BackendArray array, BackendArray[] mipmappedLevels, int device, CallResult result);

    /**
     * {@code cuArrayGetPlane}. gpurelay makes no array of a planar format, so this answers CUDA's failure; should
     * CUDA ever name a plane, the call fails as not supported rather than hand out an array the session cannot track.
     */
    void plane(BackendArray array, int planeIndex, CallResult result);
}
